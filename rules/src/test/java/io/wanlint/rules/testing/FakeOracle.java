package io.wanlint.rules.testing;

import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.CostAdjustment;
import io.wanlint.analyzer.api.CostTable;
import io.wanlint.analyzer.api.CrossingCall;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.rules.api.RoundTripOracle;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * A hand-written cost function with the default costs of docs/cost-model.md §Cost table, for rule tests: every call that
 * crosses sites costs its unit cost times {@code n} per enclosing loop, summed over every path from
 * the entry point; calls cached once cost nothing; the adjustment sees every call.
 */
public final class FakeOracle implements RoundTripOracle {
    private final String name;
    private final ComponentModel model;
    private final CallGraph graph;
    private final Function<Component, String> placement;

    private FakeOracle(String name, AnalysisResult analysis, Function<Component, String> placement) {
        this.name = name;
        this.model = analysis.model();
        this.graph = analysis.callGraph();
        this.placement = placement;
    }

    /** Web components and stateful beans at {@code edge}; the rest, the database and the broker at {@code main}. */
    public static FakeOracle edge(AnalysisResult analysis) {
        return new FakeOracle("edge", analysis, c -> c.kind().isWeb() || c.kind() == ComponentKind.STATEFUL_SESSION
                || c.kind() == ComponentKind.PLAIN ? "edge" : "main");
    }

    /** Everything at {@code main}. */
    public static FakeOracle centralized(AnalysisResult analysis) {
        return new FakeOracle("centralized", analysis, c -> "main");
    }

    @Override public String topologyName() { return name; }

    @Override public String siteOf(Component component) { return placement.apply(component); }

    @Override public String databaseSite() { return "main"; }

    @Override public String brokerSite() { return "main"; }

    @Override public CostTable costs() { return CostTable.DEFAULTS; }

    @Override public EntryPointCost estimate(EntryPoint ep, CostAdjustment adjustment) {
        List<CrossingCall> crossings = new ArrayList<>();
        String site = site(ep.component());
        RoundTrips total = walk(ep, ep.method(), ep.component(), 0, adjustment, new HashSet<>(), crossings);
        return new EntryPointCost(ep, site, total, crossings);
    }

    private RoundTrips walk(EntryPoint ep, MethodRef m, String component, int depth, CostAdjustment adj,
                            Set<MethodRef> onPath, List<CrossingCall> crossings) {
        if (!onPath.add(m)) return RoundTrips.ZERO;
        String here = graph.node(m).map(MethodNode::component).orElse(component);
        RoundTrips sum = RoundTrips.ZERO;
        for (CallEdge e : graph.outgoing(m)) {
            int d = depth + e.loopDepth();
            String from = site(here);
            String to = targetSite(e, here);
            int standard = e.cachedOnce() || from.equals(to) ? 0 : unitCost(e);
            int cost = adj.unitCost(ep, e, standard);
            if (cost > 0) {
                RoundTrips c = RoundTrips.term(cost, d);
                crossings.add(new CrossingCall(e, from, to, cost, c, e.op().name()));
                sum = sum.plus(c);
            }
            if (e.kind() == EdgeKind.LOCAL || e.kind().isEjb()) {
                String next = e.kind().isEjb() && e.targetComponent() != null ? e.targetComponent() : here;
                sum = sum.plus(walk(ep, e.to(), next, d, adj, onPath, crossings));
            }
        }
        onPath.remove(m);
        return sum;
    }

    private String site(String component) {
        return component == null ? "edge" : model.byName(component).map(placement).orElse("edge");
    }

    private String targetSite(CallEdge e, String caller) {
        return switch (e.kind()) {
            case REMOTE_EJB, LOCAL_EJB, JNDI_LOOKUP -> e.targetComponent() == null ? site(caller) : site(e.targetComponent());
            case JDBC, JPA -> databaseSite();
            case JMS_SEND -> brokerSite();
            case HTTP_EXTERNAL, SOCKET, MAIL, RMI -> "external";
            case LOCAL -> site(caller);
        };
    }

    private static int unitCost(CallEdge e) {
        CostTable t = CostTable.DEFAULTS;
        return switch (e.op()) {
            case LOOKUP -> t.jndiLookup();
            case HOME_CREATE, HOME_FIND, HOME_REMOVE, HOME_METHOD -> t.homeOperation();
            case BUSINESS_METHOD, ENTITY_UPDATE, INVOKE, ENTITY_GET, ENTITY_SET, REMOVE -> e.kind() == EdgeKind.LOCAL ? 0 : t.remoteEjbCall();
            case JDBC_CONNECTION_POOL -> t.jdbcPooledConnection();
            case JDBC_CONNECTION_DRIVER_MANAGER -> t.jdbcDriverManagerConnection();
            case JDBC_PREPARE -> 0;
            case JDBC_EXECUTE -> t.jdbcStatement();
            case JDBC_RESULT_NEXT -> t.jdbcResultSetBatch();
            case JDBC_COMMIT, JDBC_ROLLBACK -> t.jdbcCommit();
            case JPA_FIND, JPA_QUERY, JPA_BULK_UPDATE, JPA_PERSIST, JPA_MERGE, JPA_REMOVE, JPA_FLUSH -> t.jpaOperation();
            case JMS_SEND -> t.jmsSend();
            case HTTP_REQUEST, SOAP_CALL -> t.outboundHttp();
            case SOCKET_IO, MAIL_SEND, RMI_CALL -> t.externalRequest();
            case TX_BEGIN, TX_COMMIT, TX_ROLLBACK, CONTAINER_CALLBACK -> 0;
        };
    }
}
