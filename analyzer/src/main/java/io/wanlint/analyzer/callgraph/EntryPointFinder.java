package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.nodeTypes.NodeWithAnnotations;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MemberValuePair;
import com.github.javaparser.ast.expr.NormalAnnotationExpr;
import com.github.javaparser.ast.expr.SingleMemberAnnotationExpr;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.callgraph.AppTypes.MethodInfo;
import io.wanlint.analyzer.callgraph.AppTypes.TypeInfo;
import io.wanlint.analyzer.ingest.JspUnit;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Finds where requests enter the application: servlet and filter service methods, JSP pages, MDB
 * {@code onMessage}, EJB timers, JAX-RS resource methods, and the business methods of remote
 * session beans that no application code calls (so only outside clients can).
 *
 * <p>Ids: the first URL pattern for servlets, filters and JSPs ({@code Class#method} when
 * unmapped), with {@code " [POST]"} and the like for the other HTTP methods of a servlet that has several;
 * the resource path for JAX-RS ({@code " [POST]"} for non-GET verbs); {@code Class#method} for
 * the rest. Ids are made unique with a numeric suffix.
 */
final class EntryPointFinder {
    private static final List<String> SERVLET_METHODS = List.of("service", "doGet", "doPost", "doPut", "doDelete",
            "doHead", "doOptions");
    private static final Set<String> HTTP_VERBS = Set.of("GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", "PATCH");
    private static final Set<String> LIFECYCLE = Set.of("ejbCreate", "ejbRemove", "ejbActivate", "ejbPassivate",
            "setSessionContext", "ejbLoad", "ejbStore", "setEntityContext", "unsetEntityContext", "ejbPostCreate",
            "<init>", "<clinit>");

    private final AppTypes types;
    private final ComponentModel model;
    private final List<JspUnit> jsps;
    private final Map<String, Component> jspComponents;
    private final Set<String> usedIds = new HashSet<>();
    private Set<MethodRef> calledThroughViews;

    EntryPointFinder(AppTypes types, ComponentModel model, List<JspUnit> jsps, Map<String, Component> jspComponents) {
        this.types = types;
        this.model = model;
        this.jsps = jsps;
        this.jspComponents = jspComponents;
    }

    void addTo(MutableCallGraph graph) {
        for (Component c : model.components()) {
            Optional<TypeInfo> t = types.type(c.className());
            switch (c.kind()) {
                case SERVLET -> t.ifPresent(ti -> servlet(c, ti, graph));
                case FILTER -> t.flatMap(ti -> types.concreteInClassChain(ti, "doFilter", 3)).ifPresent(m ->
                        add(graph, pattern(c).orElse(shortId(c, "doFilter")), EntryPoint.Kind.FILTER, m.ref, c));
                case MESSAGE_DRIVEN -> t.flatMap(ti -> types.concreteInClassChain(ti, "onMessage", 1)).ifPresent(m ->
                        add(graph, shortId(c, "onMessage"), EntryPoint.Kind.MESSAGE_DRIVEN, m.ref, c));
                default -> { }
            }
            if (c.kind().isEjb()) t.ifPresent(ti -> timers(c, ti, graph));
            if (c.kind().isSession() && c.interfaces().hasRemoteView()) t.ifPresent(ti -> remoteFacade(c, ti, graph));
        }
        for (JspUnit j : jsps) {
            Component c = jspComponents.get(j.pagePath());
            String id = c != null && !c.urlPatterns().isEmpty() ? c.urlPatterns().get(0) : j.pagePath();
            add(graph, id, EntryPoint.Kind.JSP, SourceCallGraphBuilder.jspService(j, types), c == null ? j.pagePath() : c.name());
        }
        for (TypeInfo t : types.all()) jaxRs(t, graph);
    }

    private void servlet(Component c, TypeInfo t, MutableCallGraph graph) {
        Optional<String> pattern = pattern(c);
        List<MethodInfo> handlers = new ArrayList<>();
        for (String method : SERVLET_METHODS) {
            Optional<MethodInfo> m = types.concreteInClassChain(t, method, 2);
            if (m.isPresent() && ServletEntryIds.isHandlerSignature(m.get().ref)) handlers.add(m.get());
        }
        List<String> ids = ServletEntryIds.of(pattern, t.fqn, handlers.stream().map(h -> h.ref.name()).toList());
        for (int i = 0; i < handlers.size(); i++) {
            add(graph, ids.get(i), EntryPoint.Kind.SERVLET, handlers.get(i).ref, c.name());
        }
    }

    private void timers(Component c, TypeInfo t, MutableCallGraph graph) {
        types.concreteInClassChain(t, "ejbTimeout", 1).ifPresent(m ->
                add(graph, shortId(c, "ejbTimeout"), EntryPoint.Kind.TIMER, m.ref, c));
        for (MethodInfo m : t.methods) {
            if (m.implicit) continue;
            boolean timer = m.annotations.stream()
                    .anyMatch(n -> n.endsWith("Timeout") || n.endsWith("Schedule") || n.endsWith("Schedules"));
            if (timer && !m.ref.name().equals("ejbTimeout")) add(graph, shortId(c, m.ref.name()), EntryPoint.Kind.TIMER, m.ref, c);
        }
    }

    /** Remote business methods of a session bean that no application code invokes through a view. */
    private void remoteFacade(Component c, TypeInfo bean, MutableCallGraph graph) {
        if (calledThroughViews == null) {
            calledThroughViews = new HashSet<>();
            for (CallEdge e : graph.edges()) if (e.kind().isEjb()) calledThroughViews.add(e.to());
        }
        Set<MethodRef> called = calledThroughViews;
        Set<String> remoteNames = new LinkedHashSet<>();
        List<String> views = new ArrayList<>(c.interfaces().remoteBusiness());
        if (c.interfaces().remote() != null) views.add(c.interfaces().remote());
        boolean viewsKnown = false;
        for (String v : views) {
            Optional<TypeInfo> vt = types.type(v);
            if (vt.isEmpty()) continue;
            viewsKnown = true;
            for (String s : types.selfAndAncestors(v)) types.type(s).ifPresent(ti -> ti.methods.forEach(m -> remoteNames.add(m.ref.name())));
        }
        for (MethodInfo m : bean.methods) {
            if (m.implicit || m.isAbstract || m.isStatic || !m.isPublic || LIFECYCLE.contains(m.ref.name())) continue;
            if (m.ref.name().startsWith("ejb")) continue;
            if (viewsKnown && !remoteNames.contains(m.ref.name())) continue;
            if (called.contains(m.ref)) continue;
            add(graph, shortId(c, m.ref.name()), EntryPoint.Kind.REMOTE_FACADE, m.ref, c);
        }
    }

    private void jaxRs(TypeInfo t, MutableCallGraph graph) {
        Optional<String> classPath = Optional.ofNullable(t.path);
        Component c = model.byClass(t.fqn).orElse(null);
        if (classPath.isEmpty() && (c == null || c.kind() != ComponentKind.JAX_RS_RESOURCE)) return;
        for (MethodInfo m : t.methods) {
            if (m.implicit) continue;
            Optional<String> verb = m.annotations.stream()
                    .map(n -> n.substring(n.lastIndexOf('.') + 1)).filter(HTTP_VERBS::contains).findFirst();
            if (verb.isEmpty()) continue;
            String path = join(classPath.orElse(""), Optional.ofNullable(m.path).orElse(""));
            String id = verb.get().equals("GET") ? path : path + " [" + verb.get() + "]";
            add(graph, id, EntryPoint.Kind.JAX_RS, m.ref, c == null ? t.simpleName() : c.name());
        }
    }

    static Optional<String> pathOf(NodeWithAnnotations<?> d) {
        for (AnnotationExpr a : d.getAnnotations()) {
            if (!a.getNameAsString().equals("Path") && !a.getNameAsString().endsWith(".Path")) continue;
            Expression v = null;
            if (a instanceof SingleMemberAnnotationExpr s) v = s.getMemberValue();
            if (a instanceof NormalAnnotationExpr n) {
                for (MemberValuePair p : n.getPairs()) if (p.getNameAsString().equals("value")) v = p.getValue();
            }
            if (v != null && v.isStringLiteralExpr()) return Optional.of(v.asStringLiteralExpr().asString());
        }
        return Optional.empty();
    }

    private static String join(String a, String b) {
        String s = ("/" + a + "/" + b).replaceAll("/+", "/");
        return s.length() > 1 && s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
    }

    private static Optional<String> pattern(Component c) {
        return c.urlPatterns().isEmpty() ? Optional.empty() : Optional.of(c.urlPatterns().get(0));
    }

    private static String shortId(Component c, String method) { return c.className() + "#" + method; }

    private void add(MutableCallGraph graph, String id, EntryPoint.Kind kind, MethodRef method, Component c) {
        add(graph, id, kind, method, c.name());
    }

    private void add(MutableCallGraph graph, String id, EntryPoint.Kind kind, MethodRef method, String component) {
        String unique = id;
        for (int i = 2; !usedIds.add(unique); i++) unique = id + " (" + i + ")";
        graph.addEntryPoint(new EntryPoint(unique, kind, method, component));
    }
}
