package io.wanlint.cli;

import io.wanlint.engine.Workbench;
import io.wanlint.engine.CostView;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.ConfigurationException;
import io.wanlint.analyzer.api.CostTable;
import io.wanlint.analyzer.api.CrossingCall;
import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EjbInterfaces;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.PhaseTiming;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.api.Tier;
import io.wanlint.analyzer.api.Topology;
import io.wanlint.analyzer.api.TransactionScopes;
import io.wanlint.analyzer.api.TransactionType;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A workbench that returns a hand-built analysis (a catalog servlet at the edge calling a remote
 * catalog façade that runs JDBC), so the CLI is tested without the analyzer.
 */
final class FakeWorkbench implements Workbench {
    static final MethodRef DO_GET = MethodRef.of("com.shop.web.CatalogServlet", "doGet");
    static final MethodRef LIST = MethodRef.of("com.shop.ejb.Catalog", "listProducts");
    static final MethodRef BEAN_LIST = MethodRef.of("com.shop.ejb.CatalogBean", "listProducts");
    static final MethodRef EXECUTE = MethodRef.of("java.sql.PreparedStatement", "executeQuery");
    static final CallEdge REMOTE = new CallEdge(DO_GET, LIST, EdgeKind.REMOTE_EJB, CallOp.BUSINESS_METHOD,
            new SourceLocation("src/com/shop/web/CatalogServlet.java", 20), 0, "Catalog", false, false);
    static final CallEdge DISPATCH = new CallEdge(LIST, BEAN_LIST, EdgeKind.LOCAL, CallOp.INVOKE,
            SourceLocation.UNKNOWN, 0, "Catalog", false, false);
    static final CallEdge JDBC = new CallEdge(BEAN_LIST, EXECUTE, EdgeKind.JDBC, CallOp.JDBC_EXECUTE,
            new SourceLocation("src/com/shop/ejb/CatalogBean.java", 33), 0, null, false, false);
    static final EntryPoint CATALOG = new EntryPoint("/catalog", EntryPoint.Kind.SERVLET, DO_GET, "Catalog servlet");

    private final List<Diagnostic> diagnostics = new ArrayList<>();
    private Supplier<AnalysisResult> analysis = this::sample;
    private RuntimeException topologyFailure;
    AnalysisRequest lastRequest;

    FakeWorkbench withDiagnostics(int count) {
        for (int i = 1; i <= count; i++) diagnostics.add(Diagnostic.warning("src/Broken" + i + ".java", i, "';' expected"));
        return this;
    }

    FakeWorkbench failingAnalysis(RuntimeException e) {
        analysis = () -> { throw e; };
        return this;
    }

    FakeWorkbench failingTopology(RuntimeException e) {
        topologyFailure = e;
        return this;
    }

    FakeWorkbench analysingNothing() {
        analysis = () -> new AnalysisResult(List.of(), ComponentModel.EMPTY, graph(List.of(), List.of()), null,
                List.of(), List.of());
        return this;
    }

    @Override public Topology topology(String presetOrFile) {
        if (topologyFailure != null) throw topologyFailure;
        if (!presetOrFile.equals("edge") && !presetOrFile.equals("centralized")) {
            throw new ConfigurationException("unknown topology '" + presetOrFile + "'");
        }
        return new Topology(presetOrFile, List.of(), "main", "client", "main", "main", "external", 100, Map.of(),
                CostTable.DEFAULTS);
    }

    @Override public AnalysisResult analyze(AnalysisRequest request) {
        lastRequest = request;
        return analysis.get();
    }

    @Override public CostView costs(AnalysisResult result, Topology topology) {
        boolean edge = topology.name().equals("edge");
        return new CostView() {
            @Override public String siteOf(Component c) { return edge && c.tier() == Tier.WEB ? "edge" : "main"; }

            @Override public List<EntryPointCost> estimateAll() {
                return List.of(new EntryPointCost(CATALOG, edge ? "edge" : "main", RoundTrips.of(edge ? 1 : 2),
                        List.of(new CrossingCall(REMOTE, "edge", "main", 1, RoundTrips.of(1), "remote EJB business method"))));
            }

            @Override public double latencyMs(EntryPointCost cost) { return cost.roundTrips().value() * 200.0; }
        };
    }

    private AnalysisResult sample() {
        Component servlet = Component.simple("Catalog servlet", ComponentKind.SERVLET, "com.shop.web.CatalogServlet",
                List.of("/catalog"), List.of());
        Component facade = new Component("Catalog", ComponentKind.STATELESS_SESSION, Tier.EJB, "com.shop.ejb.CatalogBean",
                new EjbInterfaces("com.shop.ejb.CatalogHome", "com.shop.ejb.Catalog", null, null, List.of(), List.of(), false),
                null, TransactionType.CONTAINER, null, null, null, null, null, null, null, null, null, false, null);
        List<MethodNode> nodes = List.of(new MethodNode(DO_GET, "Catalog servlet", null),
                new MethodNode(BEAN_LIST, "Catalog", null));
        return new AnalysisResult(List.of(), new ComponentModel(List.of(servlet, facade)),
                graph(nodes, List.of(REMOTE, DISPATCH, JDBC)), noTransactions(), diagnostics,
                List.of(new PhaseTiming("ingest", 5), new PhaseTiming("call graph", 7)));
    }

    private static TransactionScopes noTransactions() {
        return new TransactionScopes() {
            @Override public Set<io.wanlint.analyzer.api.TransactionContext> contextsOf(EntryPoint ep, CallEdge e) { return Set.of(); }

            @Override public boolean everInTransaction(CallEdge e) { return e.equals(JDBC); }

            @Override public Set<io.wanlint.analyzer.api.TransactionContext> contextsOfMethod(EntryPoint ep, MethodRef m) {
                return Set.of();
            }
        };
    }

    private static CallGraph graph(List<MethodNode> nodes, List<CallEdge> edges) {
        return new CallGraph() {
            @Override public Collection<MethodNode> nodes() { return nodes; }

            @Override public Optional<MethodNode> node(MethodRef m) { return nodes.stream().filter(n -> n.ref().equals(m)).findFirst(); }

            @Override public List<CallEdge> edges() { return edges; }

            @Override public List<CallEdge> outgoing(MethodRef m) { return edges.stream().filter(e -> e.from().equals(m)).toList(); }

            @Override public List<CallEdge> incoming(MethodRef m) { return edges.stream().filter(e -> e.to().equals(m)).toList(); }

            @Override public List<EntryPoint> entryPoints() { return nodes.isEmpty() ? List.of() : List.of(CATALOG); }
        };
    }
}
