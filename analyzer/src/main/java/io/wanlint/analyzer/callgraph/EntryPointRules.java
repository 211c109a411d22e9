package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.WebAction;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Where requests enter the application, by the same rules for both call-graph front ends: servlet
 * and filter service methods, MDB {@code onMessage}, EJB timers ({@code ejbTimeout},
 * {@code @Timeout}, {@code @Schedule}, {@code @Schedules}), JAX-RS resource methods, and every
 * business method of a session bean's remote views (outside clients can call them, whatever the
 * application itself calls). Read through the front end's {@link ProgramView} ({@code T} a type, {@code M} a
 * method), so both front ends find the same entry points; the source front end adds JSP pages.
 *
 * <p>Ids: the first URL pattern for servlets, filters and JSPs ({@code Class#method} when
 * unmapped), with {@code " [POST]"} and the like for the other HTTP methods of a servlet that has
 * several, and {@code "GET, POST /x"} for handlers that only delegate to one another or to the same
 * method (one request, whatever its verb); the resource path for JAX-RS ({@code " [POST]"} for non-GET verbs); {@code Class#method}
 * for the rest. Ids are made unique with a numeric suffix.
 */
final class EntryPointRules<T, M> {
    private static final List<String> SERVLET_METHODS = List.of("service", "doGet", "doPost", "doPut", "doDelete",
            "doHead", "doOptions");
    private static final Set<String> HTTP_VERBS = Set.of("GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", "PATCH");
    /** Simple names of the annotations that make a method an EJB timer callback ({@code @AccessTimeout} does not). */
    private static final Set<String> TIMER_ANNOTATIONS = Set.of("Timeout", "Schedule", "Schedules");
    private static final Set<String> LIFECYCLE = Set.of("ejbCreate", "ejbRemove", "ejbActivate", "ejbPassivate",
            "setSessionContext", "ejbLoad", "ejbStore", "setEntityContext", "unsetEntityContext", "ejbPostCreate",
            "<init>", "<clinit>");

    /** Simple names of the annotations that make a class a JAX-WS endpoint (or its interface). */
    static final Set<String> WEB_SERVICE_ANNOTATIONS = Set.of("WebService", "WebServiceProvider");
    /** A session bean endpoint has the entry points of its bean kind, even where no descriptor declares it. */
    static final Set<String> SESSION_BEAN_ANNOTATIONS = Set.of("Stateless", "Stateful", "Singleton");
    /** Container callbacks of an endpoint instance, not operations. */
    private static final Set<String> WEB_SERVICE_CALLBACKS = Set.of("PostConstruct", "PreDestroy");

    private final ProgramView<T, M> view;
    private final ComponentModel model;
    private final List<Page> pages;
    private final Set<String> usedIds = new HashSet<>();
    /** Remote business methods whose ids come after every other entry point's ({@link #remoteFacade}). */
    private final List<EntryPoint> later = new ArrayList<>();
    private Set<MethodRef> calledThroughViews;
    /** The graph's calls by caller, for telling a handler that only delegates to another. */
    private Map<MethodRef, List<CallEdge>> outgoing;

    /**
     * @param view  the front end's types
     * @param model the components
     * @param pages the JSP pages' entry points (source front end only: pages are not compiled), added
     *              after the components'
     */
    EntryPointRules(ProgramView<T, M> view, ComponentModel model, List<Page> pages) {
        this.view = view;
        this.model = model;
        this.pages = List.copyOf(pages);
    }

    /** A JSP page's entry point: its id (first URL pattern or path), its service method and component. */
    record Page(String id, MethodRef service, String component) {}

    // ---- the front end's program view ----

    private Optional<T> type(String name) { return view.type(name); }

    private Iterable<T> allTypes() { return view.allTypes(); }

    private String name(T type) { return view.name(type); }

    private String simpleName(T type) { return view.simpleName(type); }

    private Optional<String> typePath(T type) { return view.typePath(type); }

    private boolean webServiceEndpoint(T type) { return view.webServiceEndpoint(type); }

    private List<M> methods(T type) { return view.methods(type); }

    private Optional<M> concreteInClassChain(T type, String method, int arity) {
        return view.concreteInClassChain(type, method, arity);
    }

    private Optional<T> superclass(T type) { return view.superclass(type); }

    private List<String> selfAndAncestors(String name) { return view.selfAndAncestors(name); }

    private MethodRef ref(M method) { return view.ref(method); }

    /** Made by the compiler (default constructors, bridges, accessors): never an entry point. */
    private boolean compilerMade(M method) { return view.compilerMade(method); }

    private boolean isAbstract(M method) { return view.isAbstract(method); }

    private boolean isStatic(M method) { return view.isStatic(method); }

    private boolean isPublic(M method) { return view.isPublic(method); }

    /** Whether the method carries an annotation with one of these simple names. */
    private boolean annotated(M method, Set<String> simpleNames) { return firstAnnotation(method, simpleNames).isPresent(); }

    /** The first of these simple names among the method's annotations, in their order. */
    private Optional<String> firstAnnotation(M method, Set<String> simpleNames) {
        for (String a : view.annotationNames(method)) {
            String n = simple(a);
            if (simpleNames.contains(n)) return Optional.of(n);
        }
        return Optional.empty();
    }

    private Optional<String> methodPath(M method) { return view.methodPath(method); }

    // ---- the rules ----

    final void addTo(MutableCallGraph graph) {
        for (Component c : model.components()) {
            Optional<T> t = type(c.className());
            switch (c.kind()) {
                case SERVLET -> t.ifPresent(ti -> servlet(c, ti, graph));
                case FILTER -> t.flatMap(ti -> concreteInClassChain(ti, "doFilter", 3)).ifPresent(m ->
                        add(graph, pattern(c).orElse(shortId(c, "doFilter")), EntryPoint.Kind.FILTER, ref(m), c.name()));
                case MESSAGE_DRIVEN -> t.flatMap(ti -> concreteInClassChain(ti, "onMessage", 1)).ifPresent(m ->
                        add(graph, shortId(c, "onMessage"), EntryPoint.Kind.MESSAGE_DRIVEN, ref(m), c.name()));
                default -> { }
            }
            if (!c.webActions().isEmpty()) t.ifPresent(ti -> webActions(c, ti, graph));
            if (c.kind().isEjb()) t.ifPresent(ti -> timers(c, ti, graph));
            if (c.kind().isSession() && c.interfaces().hasRemoteView()) t.ifPresent(ti -> remoteFacade(c, ti, graph));
        }
        for (Page p : pages) add(graph, p.id(), EntryPoint.Kind.JSP, p.service(), p.component());
        for (T t : allTypes()) jaxRs(t, graph);
        for (T t : allTypes()) jaxWs(t, graph);
        addLater(graph);
    }

    private void servlet(Component c, T t, MutableCallGraph graph) {
        List<MethodRef> handlers = new ArrayList<>();
        for (String method : SERVLET_METHODS) {
            concreteInClassChain(t, method, 2).map(this::ref).filter(ServletEntryIds::isHandlerSignature).ifPresent(handlers::add);
        }
        List<String> ids = ServletEntryIds.of(pattern(c), name(t), handlers.stream().map(MethodRef::name).toList());
        if (outgoing == null) {
            outgoing = new HashMap<>();
            for (CallEdge e : graph.edges()) outgoing.computeIfAbsent(e.from(), k -> new ArrayList<>()).add(e);
        }
        for (ServletEntryIds.Twins twins : ServletEntryIds.twins(handlers, ids, outgoing)) {
            add(graph, twins.id(), EntryPoint.Kind.SERVLET, twins.method(), c.name());
        }
    }

    /** Simple names of Struts 1's dispatch actions, which run the method a request parameter or the mapping names. */
    private static final Set<String> STRUTS_DISPATCH = Set.of("DispatchAction", "LookupDispatchAction",
            "MappingDispatchAction", "EventDispatchAction", "DownloadAction");

    /**
     * The requests a web framework hands to the component's class ({@link WebAction}): a Struts 1
     * action runs {@code execute} (Struts 1.0: {@code perform}) with four parameters, a
     * {@code DispatchAction} any of its public four-parameter methods (one entry point each, by the
     * request parameter the mapping names), a {@code MappingDispatchAction} the method its mapping's
     * parameter names; a WebWork/Struts 2 action its mapping's method or {@code execute()} (WebWork
     * 1: {@code doExecute()} behind the framework's {@code execute()}); a JSF reference the action
     * method of that name, else the property's getter.
     */
    private void webActions(Component c, T t, MutableCallGraph graph) {
        Set<MethodRef> taken = new HashSet<>();
        for (WebAction a : c.webActions()) {
            switch (a.framework()) {
                case STRUTS1 -> struts(c, t, a, taken, graph);
                case XWORK -> {
                    Optional<M> m = a.method() != null ? concreteInClassChain(t, a.method(), 0)
                            : concreteInClassChain(t, "execute", 0).or(() -> concreteInClassChain(t, "doExecute", 0));
                    m.ifPresent(mi -> add(graph, a.id(), EntryPoint.Kind.WEB_ACTION, ref(mi), c.name()));
                }
                case JSF -> jsfMember(t, a.method()).filter(m -> taken.add(ref(m))).ifPresent(m ->
                        add(graph, a.id(), EntryPoint.Kind.JSF, ref(m), c.name()));
            }
        }
    }

    private void struts(Component c, T t, WebAction a, Set<MethodRef> taken, MutableCallGraph graph) {
        String dispatch = null;
        for (String s : selfAndAncestors(name(t))) {
            if (s.startsWith("org.apache.struts.actions.") && STRUTS_DISPATCH.contains(simple(s))) dispatch = simple(s);
        }
        if (dispatch != null && !dispatch.equals("DownloadAction")) {
            if (dispatch.equals("MappingDispatchAction") && a.parameter() != null) {
                concreteInClassChain(t, a.parameter(), 4).ifPresent(m ->
                        add(graph, a.id(), EntryPoint.Kind.WEB_ACTION, ref(m), c.name()));
                return;
            }
            // One entry point per method the request parameter can name; execute is the framework's dispatcher.
            for (T k = t; k != null; k = superclass(k).orElse(null)) {
                for (M m : methods(k)) {
                    String n = ref(m).name();
                    if (compilerMade(m) || isAbstract(m) || isStatic(m) || !isPublic(m) || ref(m).parameterTypes().size() != 4
                            || n.equals("execute") || n.equals("perform")) continue;
                    if (!simple(ref(m).parameterTypes().get(0)).equals("ActionMapping")) continue;
                    if (taken.add(ref(m))) {
                        String param = a.parameter() == null ? "method" : a.parameter();
                        add(graph, a.id() + "?" + param + "=" + n, EntryPoint.Kind.WEB_ACTION, ref(m), c.name());
                    }
                }
            }
            return;
        }
        concreteInClassChain(t, "execute", 4).or(() -> concreteInClassChain(t, "perform", 4)).ifPresent(m ->
                add(graph, a.id(), EntryPoint.Kind.WEB_ACTION, ref(m), c.name()));
    }

    /** A JSF expression's member: the method of that name (an action, 0 or 1 parameters), else its getter. */
    private Optional<M> jsfMember(T t, String member) {
        String cap = member.isEmpty() ? member : Character.toUpperCase(member.charAt(0)) + member.substring(1);
        return concreteInClassChain(t, member, 0).or(() -> concreteInClassChain(t, member, 1))
                .or(() -> concreteInClassChain(t, "get" + cap, 0)).or(() -> concreteInClassChain(t, "is" + cap, 0));
    }

    private void timers(Component c, T t, MutableCallGraph graph) {
        concreteInClassChain(t, "ejbTimeout", 1).ifPresent(m ->
                add(graph, shortId(c, "ejbTimeout"), EntryPoint.Kind.TIMER, ref(m), c.name()));
        for (M m : methods(t)) {
            if (compilerMade(m) || ref(m).name().equals("ejbTimeout")) continue;
            if (annotated(m, TIMER_ANNOTATIONS)) add(graph, shortId(c, ref(m).name()), EntryPoint.Kind.TIMER, ref(m), c.name());
        }
    }

    /**
     * Every business method of a session bean's remote views is an entry point: the methods the
     * views (EJB 2 remote interface, EJB 3 remote business interfaces) declare or inherit from
     * super-interfaces, implemented in the bean class or a superclass of it. Remote clients outside
     * the application can call each of them, so one the application also calls itself stays an
     * entry point; local-only business methods are not. One entry point per bean method, however
     * many views declare it.
     *
     * <p>Ids: the entry points this rule made before it took in inherited methods and methods the
     * application calls (those the bean declares and no call through a view reaches) are added
     * now, in declaration order, so that they keep their ids — baselines and fingerprints hold them;
     * the others wait for {@link #addLater}, after every other entry point, and so take the
     * numbered ids when a name repeats.
     */
    private void remoteFacade(Component c, T bean, MutableCallGraph graph) {
        if (calledThroughViews == null) {
            calledThroughViews = new HashSet<>();
            for (CallEdge e : graph.edges()) if (e.kind().isEjb()) calledThroughViews.add(e.to());
        }
        List<String> views = new ArrayList<>(c.interfaces().remoteBusiness());
        if (c.interfaces().remote() != null) views.add(c.interfaces().remote());
        Set<MethodRef> business = new LinkedHashSet<>();
        boolean viewsKnown = false;
        for (String v : views) {
            if (type(v).isEmpty()) continue;
            viewsKnown = true;
            for (String s : selfAndAncestors(v)) {
                // EJBObject's own methods (remove, getHandle, …) are the container's, not the bean's.
                if (s.startsWith("javax.ejb.") || s.startsWith("jakarta.ejb.")) continue;
                type(s).ifPresent(ti -> methods(ti).forEach(m -> {
                    if (!isStatic(m) && !compilerMade(m)) business.add(ref(m));
                }));
            }
        }
        Set<MethodRef> implementing = new HashSet<>();
        for (MethodRef b : business) implementation(bean, b).ifPresent(m -> implementing.add(ref(m)));
        Set<MethodRef> added = new HashSet<>();
        for (M m : methods(bean)) {
            if (!businessCandidate(m)) continue;
            if (viewsKnown && !implementing.contains(ref(m))) {
                // An overload no remote view declares (getX(int) on the local view beside the remote
                // getX(String, String)) was an entry point when names alone decided: it is none now,
                // but keeps its id from the overloads that follow, so that theirs stay what they were.
                if (business.stream().anyMatch(b -> b.name().equals(ref(m).name())) && !calledThroughViews.contains(ref(m))) {
                    reserve(shortId(c, ref(m).name()));
                }
                continue;
            }
            if (!added.add(ref(m))) continue;
            EntryPoint e = new EntryPoint(shortId(c, ref(m).name()), EntryPoint.Kind.REMOTE_FACADE, ref(m), c.name());
            if (calledThroughViews.contains(ref(m))) later.add(e);
            else add(graph, e.id(), e.kind(), e.method(), e.component());
        }
        for (MethodRef b : business) {
            implementation(bean, b).filter(this::businessCandidate).filter(m -> added.add(ref(m))).ifPresent(m ->
                    later.add(new EntryPoint(shortId(c, b.name()), EntryPoint.Kind.REMOTE_FACADE, ref(m), c.name())));
        }
    }

    private void addLater(MutableCallGraph graph) {
        for (EntryPoint e : later) add(graph, e.id(), e.kind(), e.method(), e.component());
        later.clear();
    }

    private boolean businessCandidate(M m) {
        String name = ref(m).name();
        return !compilerMade(m) && !isAbstract(m) && !isStatic(m) && isPublic(m) && !LIFECYCLE.contains(name)
                && !name.startsWith("ejb");
    }

    /**
     * The bean method a view method runs: the nearest concrete one up the bean's superclass chain
     * with the same parameter types, or else with the same name and arity (a generic superclass
     * method, {@code AbstractFacade<T>.create(T)}, erases to other types than the view's).
     */
    private Optional<M> implementation(T bean, MethodRef viewMethod) {
        M byArity = null;
        T t = bean;
        for (int guard = 0; t != null && guard < 50; guard++) {
            for (M m : methods(t)) {
                if (isAbstract(m) || compilerMade(m) || !sameNameAndArity(ref(m), viewMethod)) continue;
                if (ref(m).parameterTypes().equals(viewMethod.parameterTypes())) return Optional.of(m);
                if (byArity == null) byArity = m;
            }
            t = superclass(t).orElse(null);
        }
        return Optional.ofNullable(byArity);
    }

    private static boolean sameNameAndArity(MethodRef a, MethodRef b) {
        return a.name().equals(b.name()) && a.parameterTypes().size() == b.parameterTypes().size();
    }

    private void jaxRs(T t, MutableCallGraph graph) {
        Optional<String> classPath = typePath(t);
        Component c = model.byClass(name(t)).orElse(null);
        if (classPath.isEmpty() && (c == null || c.kind() != ComponentKind.JAX_RS_RESOURCE)) return;
        for (M m : methods(t)) {
            if (compilerMade(m)) continue;
            Optional<String> verb = firstAnnotation(m, HTTP_VERBS);
            if (verb.isEmpty()) continue;
            String path = join(classPath.orElse(""), methodPath(m).orElse(""));
            String id = verb.get().equals("GET") ? path : path + " [" + verb.get() + "]";
            add(graph, id, EntryPoint.Kind.JAX_RS, ref(m), c == null ? simpleName(t) : c.name());
        }
    }

    /**
     * A POJO JAX-WS endpoint (issue 19 item 10): deployed in a WAR as a servlet, it runs one public
     * method per SOAP request, like a JAX-RS resource method. An endpoint that is an EJB has the
     * entry points of its bean kind instead.
     */
    private void jaxWs(T t, MutableCallGraph graph) {
        if (!webServiceEndpoint(t)) return;
        Component c = model.byClass(name(t)).orElse(null);
        if (c != null && c.kind().isEjb()) return;
        for (M m : methods(t)) {
            String name = ref(m).name();
            if (compilerMade(m) || isAbstract(m) || isStatic(m) || !isPublic(m) || LIFECYCLE.contains(name)) continue;
            if (annotated(m, WEB_SERVICE_CALLBACKS)) continue;
            add(graph, name(t) + "#" + name, EntryPoint.Kind.JAX_WS, ref(m), c == null ? simpleName(t) : c.name());
        }
    }

    private static String join(String a, String b) {
        String s = ("/" + a + "/" + b).replaceAll("/+", "/");
        return s.length() > 1 && s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
    }

    static Optional<String> pattern(Component c) {
        return c.urlPatterns().isEmpty() ? Optional.empty() : Optional.of(c.urlPatterns().get(0));
    }

    private static String shortId(Component c, String method) { return c.className() + "#" + method; }

    /** The simple name of an annotation as written or as a binary name ({@code javax.ejb.Schedule}, {@code Outer$Inner}). */
    static String simple(String name) {
        String s = name.substring(name.lastIndexOf('.') + 1);
        return s.substring(s.lastIndexOf('$') + 1);
    }

    private void add(MutableCallGraph graph, String id, EntryPoint.Kind kind, MethodRef method, String component) {
        graph.addEntryPoint(new EntryPoint(reserve(id), kind, method, component));
    }

    /** The id made unique with a numeric suffix, now taken. */
    private String reserve(String id) {
        String unique = id;
        for (int i = 2; !usedIds.add(unique); i++) unique = id + " (" + i + ")";
        return unique;
    }
}
