package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.Diagnostic;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which application classes can have instances at run time, for dispatching calls only to what can
 * run (rapid type analysis): a class is instantiated when the application creates it ({@code new X()}
 * anywhere, a JSP {@code useBean}), when a container or framework does (a component of the model, a
 * JAX-WS or JAX-RS endpoint, a class with a framework supertype, a class the deployment names in a
 * descriptor), or when code loads it by a name the analysis can read ({@code Class.forName} of a
 * constant, of an {@code env-entry} value looked up by a constant JNDI name, or of a properties-file
 * value read by a constant key). Reflection whose
 * class name cannot be read makes every implementation of the type it is cast to possible (and
 * everything possible when the result is not cast): the dispatch then keeps them all, and a
 * diagnostic says so.
 *
 * <p>Both front ends report what they see as {@link Facts}; {@link VirtualDispatch} asks
 * {@link #mayRun}.
 */
final class Instantiation {

    /** Where the name of a class loaded by reflection comes from. */
    sealed interface LoadedName permits Constant, EnvEntry, Property, Unknown {}

    /** A constant class name ({@code Class.forName("a.B")}). */
    record Constant(String className) implements LoadedName {}

    /** The value of an env-entry looked up by a constant JNDI name. */
    record EnvEntry(String jndiName) implements LoadedName {}

    /** The value of a properties-file key read by a constant key ({@code props.getProperty("dao.class")}). */
    record Property(String key) implements LoadedName {}

    /** A name the analysis cannot read. */
    record Unknown() implements LoadedName {}

    /**
     * One reflective creation ({@code Class.forName(n).newInstance()}, {@code getConstructor(…).newInstance(…)}).
     *
     * @param castTo the type its result is cast to, or null when it is not cast
     * @param name   where the class name comes from
     */
    record Reflective(String castTo, LoadedName name) {}

    /** Marks "every type" in {@link Facts#open()}: a reflective creation whose result is not cast. */
    static final String ANY_TYPE = "*";

    /**
     * What a front end saw, with reflective names already resolved against the deployment.
     *
     * @param created      class names created in code or loaded by a readable name
     * @param open         types whose implementations reflection may create unseen ({@link #ANY_TYPE}: all)
     * @param deployedName the classes loaded by a name the deployment gives (an env-entry, a property), each
     *                     with the type its instance is cast to ({@link #ANY_TYPE} when not cast)
     */
    record Facts(Set<String> created, Set<String> open, java.util.Map<String, String> deployedName) {
        Facts {
            created = Set.copyOf(created);
            open = Set.copyOf(open);
            deployedName = deployedName == null ? java.util.Map.of() : java.util.Map.copyOf(deployedName);
        }

        /** Facts without names the deployment gives (an incremental run, which keeps the previous run's unseen code). */
        Facts(Set<String> created, Set<String> open) {
            this(created, open, java.util.Map.of());
        }

        static final Facts NONE = new Facts(Set.of(), Set.of());

        /** The facts of {@code created} classes and {@code reflective} creations, names read from {@code names}. */
        static Facts of(Set<String> created, List<Reflective> reflective, DeploymentNames names) {
            Set<String> all = new TreeSet<>(created);
            Set<String> open = new TreeSet<>();
            java.util.Map<String, String> deployed = new java.util.TreeMap<>();
            for (Reflective r : reflective) {
                List<String> loaded = null;
                if (r.name() instanceof Constant c) loaded = List.of(c.className());
                else if (r.name() instanceof EnvEntry e) loaded = names.envEntry(e.jndiName()).orElse(null);
                else if (r.name() instanceof Property p) loaded = names.property(p.key()).orElse(null);
                if (loaded == null) open.add(r.castTo() == null ? ANY_TYPE : r.castTo());
                else all.addAll(loaded);
                if (loaded != null && !(r.name() instanceof Constant)) {
                    for (String l : loaded) deployed.putIfAbsent(l, r.castTo() == null ? ANY_TYPE : r.castTo());
                }
            }
            return new Facts(all, open, deployed);
        }
    }

    /** Framework packages whose types a container or framework instantiates subclasses of. */
    private static final List<String> NOT_FRAMEWORK = List.of("java.");

    private final Facts facts;
    private final ComponentModel model;
    private final DeploymentNames names;

    Instantiation(Facts facts, ComponentModel model, DeploymentNames names) {
        this.facts = facts;
        this.model = model;
        this.names = names;
    }

    Facts facts() { return facts; }

    /** Answers by class name: dispatch asks about the same classes for every call on their supertypes. */
    private final java.util.Map<String, Boolean> answers = new java.util.concurrent.ConcurrentHashMap<>();

    /** Whether instances of {@code type} (a concrete application class) can exist at run time. */
    <T, M> boolean mayRun(ProgramView<T, M> view, T type) {
        String name = view.name(type);
        Boolean known = answers.get(name);
        if (known != null) return known;
        boolean answer = decide(view, type, name);
        answers.put(name, answer);
        return answer;
    }

    private <T, M> boolean decide(ProgramView<T, M> view, T type, String name) {
        if (facts.created().contains(name) || names.names(name) || inModel(name)) return true;
        if (view.webServiceEndpoint(type) || view.typePath(type).isPresent()) return true;
        if (facts.open().contains(ANY_TYPE)) return true;
        for (String s : view.selfAndAncestors(name)) {
            if (facts.open().contains(s)) return true;
            // A framework's own type (a servlet, a tag, a Struts action, a listener): the framework makes it.
            if (!view.isApplicationType(s) && !s.equals(name) && NOT_FRAMEWORK.stream().noneMatch(s::startsWith)) return true;
        }
        return false;
    }

    /** A component the container makes (not a DAO or helper class, which application code makes with {@code new}). */
    private boolean inModel(String name) {
        Optional<io.wanlint.analyzer.api.Component> c = model.byClass(name);
        if (c.isEmpty() && name.indexOf('$') >= 0) c = model.byClass(name.replace('$', '.'));
        return c.isPresent() && EeSemantics.containerKeepsInstance(c.get());
    }

    /**
     * The code that runs unseen ({@link io.wanlint.analyzer.api.UnseenCode}) and was written for this
     * application: objects created by reflection and cast to an application type (they implement the
     * application's own interface, a plug-in), from a name the analysis cannot read or from a name the
     * deployment gives that is no application class. A JDBC driver or a parser loaded by name is cast
     * to a library type, or not at all, and calls no bean. {@code isApplicationType} says which types
     * are the application's.
     */
    List<io.wanlint.analyzer.api.UnseenCode> unseenCode(java.util.function.Predicate<String> isApplicationType) {
        java.util.function.Predicate<String> app = t -> isApplicationType.test(t) || isApplicationType.test(t.replace('$', '.'));
        Set<io.wanlint.analyzer.api.UnseenCode> out = new TreeSet<>();
        for (String t : facts.open()) {
            if (app.test(t)) out.add(new io.wanlint.analyzer.api.UnseenCode(io.wanlint.analyzer.api.UnseenCode.Kind.UNREADABLE_NAME, t));
        }
        facts.deployedName().forEach((c, castTo) -> {
            if (!app.test(c) && app.test(castTo)) {
                out.add(new io.wanlint.analyzer.api.UnseenCode(io.wanlint.analyzer.api.UnseenCode.Kind.CLASS_OUTSIDE_APPLICATION, c));
            }
        });
        return List.copyOf(out);
    }

    /** One diagnostic naming the types whose implementations reflection creates from names the analysis cannot read. */
    Optional<Diagnostic> diagnostic() {
        if (facts.open().isEmpty()) return Optional.empty();
        List<String> open = new ArrayList<>(new TreeSet<>(facts.open())); // Set.copyOf has no stable order
        String which = open.contains(ANY_TYPE) ? "classes created by reflection and not cast: every application class"
                : String.join(", ", open.subList(0, Math.min(5, open.size()))) + (open.size() > 5 ? ", …" : "");
        return Optional.of(Diagnostic.info("", 0, String.format("%d type(s) have implementations created by reflection "
                + "from class names the analysis cannot read (%s); calls on them dispatch to every implementation",
                open.size(), which)));
    }
}
