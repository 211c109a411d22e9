package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.callgraph.BytecodeTypes.ClassInfo;
import io.wanlint.analyzer.callgraph.BytecodeTypes.MethodInfo;
import sootup.java.core.AnnotationUsage;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The entry points of an application read from class files, with the same rules and ids as the
 * source front end's {@link EntryPointFinder}: servlet and filter service methods, MDB
 * {@code onMessage}, EJB timers ({@code ejbTimeout}, {@code @Timeout}, {@code @Schedule}), JAX-RS
 * resource methods, and remote business methods of session beans that no application code calls.
 * Annotations come from the class files (their retention is runtime for all of these). JSP pages
 * are entry points of the source front end only (their synthetic classes are built from the pages).
 */
final class BytecodeEntryPoints {
    private static final List<String> SERVLET_METHODS = List.of("service", "doGet", "doPost", "doPut", "doDelete",
            "doHead", "doOptions");
    private static final Set<String> HTTP_VERBS = Set.of("GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", "PATCH");
    private static final Set<String> LIFECYCLE = Set.of("ejbCreate", "ejbRemove", "ejbActivate", "ejbPassivate",
            "setSessionContext", "ejbLoad", "ejbStore", "setEntityContext", "unsetEntityContext", "ejbPostCreate",
            "<init>", "<clinit>");

    private final BytecodeTypes types;
    private final ComponentModel model;
    private final Set<String> usedIds = new HashSet<>();
    private Set<MethodRef> calledThroughViews;

    BytecodeEntryPoints(BytecodeTypes types, ComponentModel model) {
        this.types = types;
        this.model = model;
    }

    void addTo(MutableCallGraph graph) {
        for (Component c : model.components()) {
            Optional<ClassInfo> t = types.type(c.className());
            switch (c.kind()) {
                case SERVLET -> t.ifPresent(ti -> servlet(c, ti, graph));
                case FILTER -> t.flatMap(ti -> types.concreteInClassChain(ti, "doFilter", 3)).ifPresent(m ->
                        add(graph, pattern(c).orElse(shortId(c, "doFilter")), EntryPoint.Kind.FILTER, m.ref, c.name()));
                case MESSAGE_DRIVEN -> t.flatMap(ti -> types.concreteInClassChain(ti, "onMessage", 1)).ifPresent(m ->
                        add(graph, shortId(c, "onMessage"), EntryPoint.Kind.MESSAGE_DRIVEN, m.ref, c.name()));
                default -> { }
            }
            if (c.kind().isEjb()) t.ifPresent(ti -> timers(c, ti, graph));
            if (c.kind().isSession() && c.interfaces().hasRemoteView()) t.ifPresent(ti -> remoteFacade(c, ti, graph));
        }
        for (ClassInfo t : types.all()) jaxRs(t, graph);
    }

    private void servlet(Component c, ClassInfo t, MutableCallGraph graph) {
        Optional<String> pattern = pattern(c);
        List<MethodInfo> handlers = new ArrayList<>();
        for (String method : SERVLET_METHODS) {
            Optional<MethodInfo> m = types.concreteInClassChain(t, method, 2);
            if (m.isPresent() && ServletEntryIds.isHandlerSignature(m.get().ref)) handlers.add(m.get());
        }
        List<String> ids = ServletEntryIds.of(pattern, t.name, handlers.stream().map(h -> h.ref.name()).toList());
        for (int i = 0; i < handlers.size(); i++) {
            add(graph, ids.get(i), EntryPoint.Kind.SERVLET, handlers.get(i).ref, c.name());
        }
    }

    private void timers(Component c, ClassInfo t, MutableCallGraph graph) {
        types.concreteInClassChain(t, "ejbTimeout", 1).ifPresent(m ->
                add(graph, shortId(c, "ejbTimeout"), EntryPoint.Kind.TIMER, m.ref, c.name()));
        for (MethodInfo m : t.methods) {
            if (m.synthetic || m.ref.name().equals("ejbTimeout")) continue;
            if (annotated(m.annotations(), n -> n.equals("Timeout") || n.equals("Schedule") || n.equals("Schedules"))) {
                add(graph, shortId(c, m.ref.name()), EntryPoint.Kind.TIMER, m.ref, c.name());
            }
        }
    }

    /** Remote business methods of a session bean that no application code invokes through a view. */
    private void remoteFacade(Component c, ClassInfo bean, MutableCallGraph graph) {
        if (calledThroughViews == null) {
            calledThroughViews = new HashSet<>();
            for (CallEdge e : graph.edges()) if (e.kind().isEjb()) calledThroughViews.add(e.to());
        }
        Set<String> remoteNames = new LinkedHashSet<>();
        List<String> views = new ArrayList<>(c.interfaces().remoteBusiness());
        if (c.interfaces().remote() != null) views.add(c.interfaces().remote());
        boolean viewsKnown = false;
        for (String v : views) {
            if (types.type(v).isEmpty()) continue;
            viewsKnown = true;
            for (String s : types.selfAndAncestors(v)) types.type(s).ifPresent(ti -> ti.methods.forEach(m -> remoteNames.add(m.ref.name())));
        }
        for (MethodInfo m : bean.methods) {
            if (m.synthetic || m.isAbstract || m.isStatic || !m.isPublic || LIFECYCLE.contains(m.ref.name())) continue;
            if (m.ref.name().startsWith("ejb")) continue;
            if (viewsKnown && !remoteNames.contains(m.ref.name())) continue;
            if (calledThroughViews.contains(m.ref)) continue;
            add(graph, shortId(c, m.ref.name()), EntryPoint.Kind.REMOTE_FACADE, m.ref, c.name());
        }
    }

    private void jaxRs(ClassInfo t, MutableCallGraph graph) {
        Optional<String> classPath = pathOf(t.annotations());
        Component c = model.byClass(t.name).orElse(null);
        if (classPath.isEmpty() && (c == null || c.kind() != ComponentKind.JAX_RS_RESOURCE)) return;
        for (MethodInfo m : t.methods) {
            if (m.synthetic) continue;
            Optional<String> verb = Optional.empty();
            for (AnnotationUsage a : m.annotations()) {
                String n = simple(a.getAnnotation().getFullyQualifiedName());
                if (HTTP_VERBS.contains(n)) verb = Optional.of(n);
            }
            if (verb.isEmpty()) continue;
            String path = join(classPath.orElse(""), pathOf(m.annotations()).orElse(""));
            String id = verb.get().equals("GET") ? path : path + " [" + verb.get() + "]";
            add(graph, id, EntryPoint.Kind.JAX_RS, m.ref, c == null ? simple(t.name) : c.name());
        }
    }

    private static Optional<String> pathOf(Iterable<AnnotationUsage> annotations) {
        for (AnnotationUsage a : annotations) {
            if (!simple(a.getAnnotation().getFullyQualifiedName()).equals("Path")) continue;
            Object v = a.getValues().get("value");
            if (v != null) return Optional.of(unquote(v.toString()));
        }
        return Optional.empty();
    }

    /** SootUp renders string annotation values as constants, which print with quotes. */
    private static String unquote(String s) {
        return s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"") ? s.substring(1, s.length() - 1) : s;
    }

    private static boolean annotated(Iterable<AnnotationUsage> annotations, java.util.function.Predicate<String> simpleName) {
        for (AnnotationUsage a : annotations) if (simpleName.test(simple(a.getAnnotation().getFullyQualifiedName()))) return true;
        return false;
    }

    private static String join(String a, String b) {
        String s = ("/" + a + "/" + b).replaceAll("/+", "/");
        return s.length() > 1 && s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
    }

    private static Optional<String> pattern(Component c) {
        return c.urlPatterns().isEmpty() ? Optional.empty() : Optional.of(c.urlPatterns().get(0));
    }

    private static String shortId(Component c, String method) { return c.className() + "#" + method; }

    private static String simple(String fqn) {
        String s = fqn.substring(fqn.lastIndexOf('.') + 1);
        return s.substring(s.lastIndexOf('$') + 1);
    }

    private void add(MutableCallGraph graph, String id, EntryPoint.Kind kind, MethodRef method, String component) {
        String unique = id;
        for (int i = 2; !usedIds.add(unique); i++) unique = id + " (" + i + ")";
        graph.addEntryPoint(new EntryPoint(unique, kind, method, component));
    }
}
