package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.Receiver;
import io.wanlint.analyzer.callgraph.ApiCallClassifier.Classification;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * The one place call sites become call-graph edges, for both front ends ({@link CallSite} records
 * over their {@link ProgramView}): EJB views as a container dispatches them ({@link EjbViews},
 * {@link ContainerDispatch}), API calls through {@link ApiCallClassifier} (JNDI names resolved to
 * beans, URL connections by protocol), {@code java.rmi.Remote} stubs as RMI or SOAP, and calls of
 * application methods by {@link VirtualDispatch} over what is instantiated. A call the object makes on
 * itself (on {@code this}, {@code super}, a static or a private method) is a plain Java call: no
 * container proxy stands between caller and callee, so it is never an EJB or stub call.
 *
 * @param <T> the front end's type
 * @param <M> the front end's method
 */
final class CallSiteAssembler<T, M> {

    /** How deep compiler-made forwarders and nested lambdas are followed. */
    static final int MAX_FORWARDING = 4;

    /** Whether a call of an entity (bean or JPA) method changes its persistent state. */
    @FunctionalInterface
    interface EntityWrites {
        boolean changesState(String beanClass, CallSite site);
    }

    /**
     * The calls a compiler-made method (bridge, accessor) makes in place of the call that reached it;
     * empty when {@code target} is a method of its own (a graph node).
     */
    @FunctionalInterface
    interface Forwarders<M> {
        Optional<List<CallSite>> callsOf(M target, CallSite at);

        static <M> Forwarders<M> none() { return (m, at) -> Optional.empty(); }
    }

    private final ProgramView<T, M> view;
    private final ComponentModel model;
    private final JndiNames jndi;
    private final VirtualDispatch<T, M> dispatch;
    private final ContainerDispatch<T, M> container;
    private final EntityWrites entityWrites;
    private final Forwarders<M> forwarders;
    private final Function<String, Optional<Class<?>>> libraryClass;
    private final UnaryOperator<String> binaryName;
    private final ApiCallClassifier classifier = ApiCallClassifier.standard();
    private final java.util.Map<String, MethodRef> apiRefs = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * @param libraryClass loads a library type from the analyzer's class path (for the parameter types of API refs)
     * @param binaryName   the binary name ({@code Outer$Inner}) of a type as the front end names it
     */
    CallSiteAssembler(ProgramView<T, M> view, ComponentModel model, Instantiation instantiation, EntityWrites entityWrites,
                      Forwarders<M> forwarders, Function<String, Optional<Class<?>>> libraryClass,
                      UnaryOperator<String> binaryName) {
        this.view = view;
        this.model = model;
        this.jndi = new JndiNames(null, model);
        this.dispatch = new VirtualDispatch<>(view, t -> instantiation.mayRun(view, t));
        this.container = new ContainerDispatch<>(view);
        this.entityWrites = entityWrites;
        this.forwarders = forwarders;
        this.libraryClass = libraryClass;
        this.binaryName = binaryName;
    }

    /** The edges of one call site, in the order the calls run. */
    List<CallEdge> edges(CallSite site) {
        return switch (site.kind()) {
            case CALL -> call(site);
            case METHOD_REFERENCE -> view.type(site.receiverType()).map(t -> appCall(site, t, false)).orElse(List.of());
            case CONSTRUCTION -> construction(site);
        };
    }

    private List<CallEdge> call(CallSite s) {
        String t = s.receiverType();
        String name = s.callee().name();
        List<String> lineage = view.selfAndAncestors(t);
        boolean local = isSelfCall(s);

        if (!local) {
            Optional<List<CallEdge>> ejb = ejbCall(s, lineage);
            if (ejb.isPresent()) return ejb.get();
        }
        Optional<Classification> api = classifier.classifyAny(lineage, name, s.callee().arity());
        if (api.isPresent() && UrlProtocols.isUrlConnection(t) && api.get().op() == CallOp.HTTP_REQUEST) {
            return urlConnection(s, api.get());
        }
        if (api.isPresent()) return List.of(apiEdge(s, api.get()));
        Optional<T> receiver = view.type(t);
        if (local) return receiver.map(r -> appCall(s, r, true)).orElse(List.of());

        if (lineage.contains("java.rmi.Remote") && !implementedInApplication(t, s)) {
            Classification stub = classifier.remoteStubCall(s.syntax().webServicePort(t));
            return List.of(edge(s, interfaceMethod(s), stub.kind(), stub.op(), null));
        }
        if (receiver.isEmpty()) return List.of();
        if (view.isInterface(receiver.get())) {
            Optional<List<CallEdge>> parent = parentInterfaceCall(s);
            if (parent.isPresent()) return parent.get();
        }
        return appCall(s, receiver.get(), true);
    }

    /**
     * A call the object makes on itself ({@code this.m()}, {@code m()}, {@code super.m()}), a static
     * call, or a call of a private method: a plain Java call inside the instance.
     */
    private boolean isSelfCall(CallSite s) {
        if (s.form() != ReceiverForm.VALUE) return true;
        return view.type(s.receiverType()).flatMap(t -> view.declaration(t, s.callee())).map(view::isPrivate).orElse(false);
    }

    // ---------------------------------------------------------------- application calls

    /**
     * The application methods a call runs. A JPA entity's own method that changes its state
     * ({@code player.dropTeam(team)}), called from another class, is an update of the entity, as for
     * entity beans; setters stay plain calls (the cost model charges them as dirty fields by name,
     * WAN005 counts them after a find or query), and so do getters (a lazily initialised collection
     * is no write, as the write rule reads it), unless their code changes the state ({@code getNextId()}
     * counting up a field). A method reference handed over ({@code forEach(Item::touch)}) stays a plain call.
     */
    private List<CallEdge> appCall(CallSite s, T receiver, boolean mayUpdate) {
        String type = s.receiverType();
        String name = s.callee().name();
        Optional<Component> jpaEntity = model.byClass(type).filter(c -> c.kind() == ComponentKind.JPA_ENTITY);
        boolean update = mayUpdate && jpaEntity.isPresent() && !name.startsWith("set")
                && !s.callerClass().equals(type) && entityWrites.changesState(type, s);
        List<CallEdge> out = new ArrayList<>();
        Receiver on = null;
        for (M m : dispatch.targets(receiver, s.callee(), s.form())) {
            Optional<List<CallSite>> forwarded = forwarders.callsOf(m, s);
            if (forwarded.isPresent()) {
                if (s.forwardedDepth() >= MAX_FORWARDING) continue;
                for (CallSite inner : forwarded.get()) out.addAll(edges(inner.at(s)));
                continue;
            }
            if (on == null) on = receiverOf(s, receiver);
            if (update) {
                out.add(edge(s, view.ref(m), EdgeKind.LOCAL, CallOp.ENTITY_UPDATE, jpaEntity.get().name()).withReceiver(on));
            } else {
                out.add(edge(s, view.ref(m), EdgeKind.LOCAL, CallOp.INVOKE, null).withReceiver(on));
            }
        }
        return out;
    }

    /** Per (type, callee): what a call on {@code this} of that type runs per concrete subclass, shared by its sites. */
    private final java.util.Map<List<Object>, Receiver> ownDispatch = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * What an application call tells about its callee's object: a call on {@code this} (or {@code super})
     * runs on the caller's object, with the override each concrete subclass runs instead of the edge's
     * target; a call on a value whose static type is a concrete class without application subclasses
     * (final or a leaf) runs on an instance of exactly that class; a static call on none.
     */
    private Receiver receiverOf(CallSite s, T receiver) {
        if (s.callee().name().equals("<init>")) {
            return s.kind() == CallSite.Kind.CONSTRUCTION && s.form() == ReceiverForm.SUPER ? Receiver.Own.PLAIN : Receiver.UNKNOWN;
        }
        return switch (s.form()) {
            case STATIC -> Receiver.UNKNOWN;
            case SUPER -> Receiver.Own.PLAIN;
            case THIS -> ownDispatch.computeIfAbsent(List.of(view.name(receiver), s.callee()), k -> overridesOf(receiver, s.callee()));
            case VALUE -> exactClass(receiver).<Receiver>map(Receiver.Exact::new).orElse(Receiver.UNKNOWN);
        };
    }

    /** The class every instance of {@code type} has: a concrete application class that no application class extends. */
    private Optional<String> exactClass(T type) {
        if (view.isAbstractType(type) || view.isInterface(type)) return Optional.empty();
        if (view.isFinalType(type) || view.subtypes(view.name(type)).isEmpty()) return Optional.of(view.name(type));
        return Optional.empty();
    }

    /**
     * For a call of {@code callee} on {@code this} in {@code type}: the concrete subclasses whose own
     * override (the most-derived implementation along their superclass chain) differs from what
     * {@code type} itself declares or inherits, with that override.
     */
    private Receiver overridesOf(T type, ProgramView.Callee callee) {
        Optional<M> declared = view.declaration(type, callee);
        if (declared.isEmpty()) return Receiver.Own.PLAIN;
        M decl = declared.get();
        if (view.isStatic(decl) || view.isPrivate(decl) || view.isFinalType(type)) return Receiver.Own.PLAIN;
        Optional<M> own = view.implementation(type, callee);
        java.util.Map<String, MethodRef> overrides = new java.util.HashMap<>();
        for (T sub : view.subtypes(view.name(type))) {
            if (view.isInterface(sub) || view.isAbstractType(sub)) continue;
            Optional<M> impl = view.implementation(sub, callee).filter(m -> view.overrides(m, decl));
            if (impl.isPresent() && !impl.equals(own) && !view.isAbstract(impl.get())) overrides.put(view.name(sub), view.ref(impl.get()));
        }
        return overrides.isEmpty() ? Receiver.Own.PLAIN : new Receiver.Own(overrides);
    }

    /** {@code new X(…)}, {@code this(…)}, {@code super(…)}: the class's own constructor, or a classified library one. */
    private List<CallEdge> construction(CallSite s) {
        Optional<T> app = view.type(s.receiverType());
        if (app.isPresent()) {
            // new X(…) makes an X; this(…) and super(…) go on building the caller's own object.
            Receiver on = s.form() == ReceiverForm.SUPER ? Receiver.Own.PLAIN : new Receiver.Exact(view.name(app.get()));
            return view.declaration(app.get(), s.callee()).filter(m -> view.owner(m).equals(app.get()))
                    .map(m -> List.of(edge(s, view.ref(m), EdgeKind.LOCAL, CallOp.INVOKE, null).withReceiver(on))).orElse(List.of());
        }
        return classifier.classifyAny(view.selfAndAncestors(s.receiverType()), "<init>", s.callee().arity())
                .map(c -> List.of(edge(s, apiRef(s), c.kind(), c.op(), null)))
                .orElse(List.of());
    }

    // ---------------------------------------------------------------- EJB views

    private Optional<List<CallEdge>> ejbCall(CallSite s, List<String> lineage) {
        String name = s.callee().name();
        Optional<EjbViews.ViewCall> found = EjbViews.of(model, s.receiverType(), lineage, name, s.callerClass());
        if (found.isEmpty()) return Optional.empty();
        EjbViews.ViewCall v = found.get();
        if (v.bean() == null) return Optional.of(List.of(edge(s, interfaceMethod(s), v.kind(), v.op(), null)));
        CallOp op = v.op();
        // A business method whose code changes the bean's state is an update of the entity, and so is a
        // method named like a getter that does (getNextId() counting up a field).
        if (v.entity() && (op == CallOp.BUSINESS_METHOD || op == CallOp.ENTITY_GET)
                && entityWrites.changesState(v.bean().className(), s)) {
            op = CallOp.ENTITY_UPDATE;
        }
        MethodRef target = container.beanMethod(v.bean(), s.callee(), v.home(), op).orElseGet(() -> interfaceMethod(s));
        // The container runs the call on an instance of the bean class, whatever superclass declares the method.
        return Optional.of(List.of(edge(s, target, v.kind(), op, v.bean().name()).withReceiver(new Receiver.Exact(v.bean().className()))));
    }

    /** {@link EjbViews#throughParentInterface}: a call on an interface only session beans' views extend. */
    private Optional<List<CallEdge>> parentInterfaceCall(CallSite s) {
        String type = s.receiverType();
        List<String> implementations = container.concreteImplementations(type);
        List<EjbViews.ViewCall> views = EjbViews.throughParentInterface(model, type, s.callee().name(), implementations,
                s.callerClass(), view::selfAndAncestors);
        if (views.isEmpty()) return Optional.empty();
        List<CallEdge> out = new ArrayList<>();
        for (EjbViews.ViewCall v : views) {
            MethodRef target = container.beanMethod(v.bean(), s.callee(), false, v.op()).orElseGet(() -> interfaceMethod(s));
            out.add(edge(s, target, v.kind(), v.op(), v.bean().name()).withReceiver(new Receiver.Exact(v.bean().className())));
        }
        return Optional.of(out);
    }

    /** The declaration the call names (the graph node when no bean or application code runs for it). */
    private MethodRef interfaceMethod(CallSite s) {
        Optional<MethodRef> declared = view.type(s.receiverType()).flatMap(t -> view.declaration(t, s.callee())).map(view::ref);
        if (declared.isPresent()) return declared.get();
        return s.declared() != null ? s.declared() : apiRef(s);
    }

    /**
     * An interface extending {@code java.rmi.Remote} (or a class implementing one) that a concrete
     * application class implements is no external RMI server: the object is the application's own,
     * and the call dispatches to its code. A JAX-RPC/JAX-WS port stays a SOAP call, since its stub
     * talks HTTP even to an endpoint of the same application.
     */
    private boolean implementedInApplication(String type, CallSite s) {
        Optional<T> t = view.type(type);
        if (t.isEmpty()) return false;
        boolean implemented = !view.isAbstractType(t.get()) || view.subtypes(type).stream().anyMatch(x -> !view.isAbstractType(x));
        return implemented && !s.syntax().webServicePort(type);
    }

    // ---------------------------------------------------------------- API calls

    private CallEdge apiEdge(CallSite s, Classification c) {
        String target = null;
        if (c.kind() == EdgeKind.JNDI_LOOKUP && s.callee().arity() >= 1) {
            target = s.syntax().constantString(0).flatMap(n -> jndi.resolve(n, s.component())).map(Component::name).orElse(null);
        } else if (c.kind() == EdgeKind.JPA) {
            target = s.syntax().jpaEntity(c.op()).flatMap(this::entityNamed).orElse(null);
            if (c.op() == CallOp.JPA_FIND && s.syntax().passesLockMode()) {
                return edge(s, lockingOverload(s), c.kind(), c.op(), target);
            }
        }
        return edge(s, apiRef(s), c.kind(), c.op(), target);
    }

    /** The entity component a front end named, by component name or by class. */
    private Optional<String> entityNamed(String nameOrClass) {
        return model.byName(nameOrClass).or(() -> model.byClass(nameOrClass)).filter(e -> e.kind().isEntity()).map(Component::name);
    }

    /**
     * {@code em.find(Item.class, id, LockModeType.PESSIMISTIC_WRITE)}: the overload taking the lock
     * mode, named with its parameter types (by arity alone it is ambiguous with the one taking hints),
     * so that the edge says the read locks ({@link CallEdge#locksForUpdate()}).
     */
    private MethodRef lockingOverload(CallSite s) {
        MethodRef byArity = apiRef(s);
        if (byArity.parameterTypes().stream().anyMatch(p -> p.endsWith(".LockModeType"))) return byArity;
        Optional<Class<?>> c = libraryClass.apply(s.receiverType());
        if (c.isPresent()) {
            try {
                for (var m : c.get().getMethods()) {
                    if (m.getName().equals(s.callee().name()) && m.getParameterCount() == s.callee().arity()
                            && java.util.Arrays.stream(m.getParameterTypes()).anyMatch(p -> p.getSimpleName().equals("LockModeType"))) {
                        return new MethodRef(binaryName.apply(s.receiverType()), s.callee().name(), names(m.getParameterTypes()));
                    }
                }
            } catch (LinkageError ignored) {
                // A class whose dependencies are missing: keep the reference by arity.
            }
        }
        return byArity;
    }

    /**
     * {@code url.openStream()}/{@code openConnection()}/{@code getContent()}: an outbound HTTP call only
     * when the URL's protocol leaves the machine. A {@code file:}/{@code jar:} URL or a class-path
     * resource makes no edge; a URL whose protocol is no constant keeps the HTTP edge, marked
     * {@link UrlProtocols#UNKNOWN_PROTOCOL} so that the finding says so.
     */
    private List<CallEdge> urlConnection(CallSite s, Classification c) {
        return switch (s.syntax().urlReach()) {
            case LOCAL -> List.of();
            case NETWORK -> List.of(apiEdge(s, c));
            case UNKNOWN -> List.of(edge(s, apiRef(s), c.kind(), c.op(), UrlProtocols.UNKNOWN_PROTOCOL));
        };
    }

    /**
     * A method of a library type, spelt the same by both front ends: parameter types only when the
     * name and arity pick one public overload of the type on the analyzer's class path
     * ({@code Context.lookup(String)} and {@code lookup(Name)} both take one argument, so neither
     * front end names the parameter type).
     */
    private MethodRef apiRef(CallSite s) {
        return libraryRef(s.receiverType(), s.callee().name(), s.callee().arity());
    }

    /** {@link #apiRef}: a library method by type, name and arity. */
    MethodRef libraryRef(String type, String name, int argc) {
        return apiRefs.computeIfAbsent(type + '#' + name + '/' + argc, k -> {
            Optional<Class<?>> c = libraryClass.apply(type);
            List<String> params = List.of();
            if (c.isPresent()) {
                try {
                    LinkedHashSet<List<String>> candidates = new LinkedHashSet<>();
                    if (name.equals("<init>")) {
                        for (var ctor : c.get().getConstructors()) {
                            if (ctor.getParameterCount() == argc) candidates.add(names(ctor.getParameterTypes()));
                        }
                    } else {
                        for (var m : c.get().getMethods()) {
                            if (m.getName().equals(name) && m.getParameterCount() == argc) candidates.add(names(m.getParameterTypes()));
                        }
                    }
                    if (candidates.size() == 1) params = candidates.iterator().next();
                } catch (LinkageError ignored) {
                    // A class whose dependencies are missing: keep the reference without parameter types.
                }
            }
            return new MethodRef(binaryName.apply(type), name, params);
        });
    }

    private static List<String> names(Class<?>[] classes) {
        List<String> out = new ArrayList<>();
        for (Class<?> k : classes) out.add(k.getTypeName());
        return out;
    }

    /** The edge of a call site to {@code to}: the one place a call site's place and shape become an edge's. */
    static CallEdge edge(CallSite s, MethodRef to, EdgeKind kind, CallOp op, String targetComponent) {
        return new CallEdge(s.from(), to, kind, op, s.location(), s.loopDepth(), targetComponent, s.once(), false, s.branches());
    }
}
