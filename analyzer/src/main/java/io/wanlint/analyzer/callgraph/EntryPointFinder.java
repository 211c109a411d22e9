package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MemberValuePair;
import com.github.javaparser.ast.expr.NormalAnnotationExpr;
import com.github.javaparser.ast.expr.SingleMemberAnnotationExpr;
import com.github.javaparser.ast.nodeTypes.NodeWithAnnotations;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.callgraph.AppTypes.MethodInfo;
import io.wanlint.analyzer.callgraph.AppTypes.TypeInfo;
import io.wanlint.analyzer.ingest.JspUnit;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The entry points of the source front end ({@link EntryPointRules}) read from its type index —
 * facts only, no syntax trees, so an incremental update finds them without parsing — plus one per
 * JSP page, named by the page's first URL pattern or its path.
 */
final class EntryPointFinder extends EntryPointRules<TypeInfo, MethodInfo> {
    private final AppTypes types;
    private final List<JspUnit> jsps;
    private final Map<String, Component> jspComponents;

    EntryPointFinder(AppTypes types, ComponentModel model, List<JspUnit> jsps, Map<String, Component> jspComponents) {
        super(model);
        this.types = types;
        this.jsps = jsps;
        this.jspComponents = jspComponents;
    }

    @Override void addOwn(MutableCallGraph graph) {
        // A page at the same path twice (the source page and its copy in a built WAR next to it) is
        // one node of the graph: one entry point, not "/page.jsp (2)".
        Set<MethodRef> pages = new java.util.HashSet<>();
        for (JspUnit j : jsps) {
            Component c = jspComponents.get(j.pagePath());
            String id = c != null && !c.urlPatterns().isEmpty() ? c.urlPatterns().get(0) : j.pagePath();
            MethodRef service = SourceCallGraphBuilder.jspService(j, types);
            if (!pages.add(service)) continue;
            add(graph, id, EntryPoint.Kind.JSP, service, c == null ? j.pagePath() : c.name());
        }
    }

    @Override Optional<TypeInfo> type(String name) { return types.type(name); }

    @Override Iterable<TypeInfo> allTypes() { return types.all(); }

    @Override String name(TypeInfo type) { return type.fqn; }

    @Override String simpleName(TypeInfo type) { return type.simpleName(); }

    @Override Optional<String> typePath(TypeInfo type) { return Optional.ofNullable(type.path); }

    @Override boolean webServiceEndpoint(TypeInfo type) { return type.webService && !type.isAbstract; }

    @Override List<MethodInfo> methods(TypeInfo type) { return type.methods; }

    @Override Optional<MethodInfo> concreteInClassChain(TypeInfo type, String method, int arity) {
        return types.concreteInClassChain(type, method, arity);
    }

    @Override Optional<TypeInfo> superclass(TypeInfo type) { return types.type(type.superclass); }

    @Override List<String> selfAndAncestors(String name) { return types.selfAndAncestors(name); }

    @Override MethodRef ref(MethodInfo method) { return method.ref; }

    @Override boolean compilerMade(MethodInfo method) { return method.implicit; }

    @Override boolean isAbstract(MethodInfo method) { return method.isAbstract; }

    @Override boolean isStatic(MethodInfo method) { return method.isStatic; }

    @Override boolean isPublic(MethodInfo method) { return method.isPublic; }

    @Override boolean annotated(MethodInfo method, Set<String> simpleNames) {
        return firstAnnotation(method, simpleNames).isPresent();
    }

    @Override Optional<String> firstAnnotation(MethodInfo method, Set<String> simpleNames) {
        // Names as written: `Schedule` or `javax.ejb.Schedule`.
        return method.annotations.stream().map(EntryPointRules::simple).filter(simpleNames::contains).findFirst();
    }

    @Override Optional<String> methodPath(MethodInfo method) { return Optional.ofNullable(method.path); }

    /** The value of a JAX-RS {@code @Path} annotation on a declaration, when it is a string literal. */
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
}
