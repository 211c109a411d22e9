package io.wanlint.report.api;

import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.CrossingCall;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.SourceLocation;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A generated application of {@code modules × 15} components, shaped like the big ones of the
 * corpus: per module {@code m}, 3 servlets (package {@code com.gen.m<m>.web}, site edge) that each
 * look up and call 2 of the module's 6 stateless façades remotely (package {@code com.gen.m<m>.ejb},
 * site main; the second call in a loop); each façade calls 1 of the module's 5 container-managed
 * entities through its local view (package {@code com.gen.m<m>.entity}) and a shared helper class
 * of the module placed at the edge (a plain in-process call, {@code com.gen.m<m>.util}). Each
 * servlet also calls the next module's first façade, so modules are linked in a chain. Every
 * component is declared in {@code module<m>/src/...}.
 */
final class GeneratedApplication {
    static final int PER_MODULE = 15;

    final ComponentModel model;
    final List<CallEdge> edges = new ArrayList<>();
    final List<EntryPoint> entryPoints = new ArrayList<>();
    final List<EntryPointCost> costs = new ArrayList<>();
    final Map<String, String> sites = new LinkedHashMap<>();
    private final List<MethodNode> nodes = new ArrayList<>();

    GeneratedApplication(int modules) {
        List<Component> components = new ArrayList<>();
        for (int m = 0; m < modules; m++) {
            String pkg = "com.gen.m" + m;
            SourceLocation ejbJar = new SourceLocation("module" + m + "/src/main/resources/META-INF/ejb-jar.xml", 1);
            SourceLocation webXml = new SourceLocation("module" + m + "/src/main/webapp/WEB-INF/web.xml", 1);
            components.add(component("Helper" + m, ComponentKind.PLAIN, pkg + ".util.Helper" + m,
                    new SourceLocation("module" + m + "/src/main/java/com/gen/m" + m + "/util/Helper" + m + ".java", 1), "edge"));
            for (int e = 0; e < 5; e++) {
                components.add(component("Entity" + m + "x" + e, ComponentKind.ENTITY_CMP, pkg + ".entity.Entity" + m + "x" + e + "Bean",
                        ejbJar, "main"));
            }
            for (int f = 0; f < 6; f++) {
                components.add(component("Facade" + m + "x" + f, ComponentKind.STATELESS_SESSION, pkg + ".ejb.Facade" + m + "x" + f + "Bean",
                        ejbJar, "main"));
            }
            for (int s = 0; s < 3; s++) {
                components.add(component("Servlet" + m + "x" + s, ComponentKind.SERVLET, pkg + ".web.Servlet" + m + "x" + s,
                        webXml, "edge"));
            }
        }
        model = new ComponentModel(components);
        for (int m = 0; m < modules; m++) {
            for (int f = 0; f < 6; f++) {
                MethodRef bean = method("com.gen.m" + m + ".ejb.Facade" + m + "x" + f + "Bean", "serve");
                nodes.add(new MethodNode(bean, "Facade" + m + "x" + f, SourceLocation.UNKNOWN));
                int e = f % 5;
                edges.add(edge(bean, method("com.gen.m" + m + ".entity.Entity" + m + "x" + e + "Local", "getValue"),
                        EdgeKind.LOCAL_EJB, CallOp.ENTITY_GET, "Entity" + m + "x" + e, 0));
                edges.add(edge(bean, method("com.gen.m" + m + ".util.Helper" + m, "format"), EdgeKind.LOCAL, CallOp.INVOKE,
                        "Helper" + m, 0));
            }
            for (int s = 0; s < 3; s++) {
                String servlet = "Servlet" + m + "x" + s;
                MethodRef doGet = method("com.gen.m" + m + ".web." + servlet, "doGet");
                nodes.add(new MethodNode(doGet, servlet, SourceLocation.UNKNOWN));
                EntryPoint ep = new EntryPoint("/" + servlet, EntryPoint.Kind.SERVLET, doGet, servlet);
                entryPoints.add(ep);
                List<CrossingCall> crossings = new ArrayList<>();
                for (int k = 0; k < 2; k++) {
                    int f = (2 * s + k) % 6;
                    CallEdge lookup = edge(doGet, method("javax.naming.Context", "lookup"), EdgeKind.JNDI_LOOKUP,
                            CallOp.LOOKUP, "Facade" + m + "x" + f, 0);
                    CallEdge call = edge(doGet, method("com.gen.m" + m + ".ejb.Facade" + m + "x" + f, "serve"),
                            EdgeKind.REMOTE_EJB, CallOp.BUSINESS_METHOD, "Facade" + m + "x" + f, k);
                    edges.add(lookup);
                    edges.add(call);
                    crossings.add(new CrossingCall(lookup, "edge", "main", 1, RoundTrips.of(1), "JNDI lookup"));
                    crossings.add(new CrossingCall(call, "edge", "main", 1, RoundTrips.term(1, k), "remote EJB business method"));
                }
                int next = (m + 1) % modules;
                CallEdge chain = edge(doGet, method("com.gen.m" + next + ".ejb.Facade" + next + "x0", "serve"),
                        EdgeKind.REMOTE_EJB, CallOp.BUSINESS_METHOD, "Facade" + next + "x0", 0);
                edges.add(chain);
                crossings.add(new CrossingCall(chain, "edge", "main", 1, RoundTrips.of(1), "remote EJB business method"));
                costs.add(new EntryPointCost(ep, "edge", RoundTrips.ZERO, crossings));
            }
        }
    }

    private Component component(String name, ComponentKind kind, String className, SourceLocation declared, String site) {
        sites.put(name, site);
        return Component.simple(name, kind, className, List.of(), List.of(declared));
    }

    private static MethodRef method(String cls, String name) { return MethodRef.of(cls, name); }

    private static CallEdge edge(MethodRef from, MethodRef to, EdgeKind kind, CallOp op, String target, int loopDepth) {
        return new CallEdge(from, to, kind, op, new SourceLocation("Gen.java", 1), loopDepth, target, false, false);
    }

    Sites sites() { return new Sites(sites, "main", "main", "external"); }

    AnalysisResult result() {
        Map<MethodRef, List<CallEdge>> out = new HashMap<>(), in = new HashMap<>();
        for (CallEdge e : edges) {
            out.computeIfAbsent(e.from(), k -> new ArrayList<>()).add(e);
            in.computeIfAbsent(e.to(), k -> new ArrayList<>()).add(e);
        }
        CallGraph graph = new CallGraph() {
            @Override public Collection<MethodNode> nodes() { return nodes; }

            @Override public Optional<MethodNode> node(MethodRef m) {
                return nodes.stream().filter(n -> n.ref().equals(m)).findFirst();
            }

            @Override public List<CallEdge> edges() { return edges; }

            @Override public List<CallEdge> outgoing(MethodRef m) { return out.getOrDefault(m, List.of()); }

            @Override public List<CallEdge> incoming(MethodRef m) { return in.getOrDefault(m, List.of()); }

            @Override public List<EntryPoint> entryPoints() { return entryPoints; }
        };
        return new AnalysisResult(List.of(), model, graph, null, List.of(), List.of());
    }

    ComponentGraph graph() { return ComponentGraph.of(result(), sites(), costs); }
}
