package io.wanlint.analyzer.cost;

import static io.wanlint.analyzer.api.CallOp.BUSINESS_METHOD;
import static io.wanlint.analyzer.api.CallOp.ENTITY_GET;
import static io.wanlint.analyzer.api.CallOp.ENTITY_UPDATE;
import static io.wanlint.analyzer.api.CallOp.HOME_CREATE;
import static io.wanlint.analyzer.api.CallOp.HOME_FIND;
import static io.wanlint.analyzer.api.EdgeKind.LOCAL_EJB;
import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.CrossingCall;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.Topologies;
import io.wanlint.analyzer.api.TransactionContext;
import io.wanlint.analyzer.api.TransactionScopes;
import io.wanlint.analyzer.api.WanCostModel;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The {@code edge-cache} preset's charges ({@link EdgeCacheCharges}) on hand-built graphs. */
class EdgeCacheChargesTest {
    /** Methods listed run in the transaction {@code starter} began; others in none. */
    private record FixedTransactions(MethodRef starter, Set<MethodRef> inside) implements TransactionScopes {
        @Override public Set<TransactionContext> contextsOf(EntryPoint ep, CallEdge edge) { return contextsOfMethod(ep, edge.to()); }

        @Override public boolean everInTransaction(CallEdge edge) { return inside.contains(edge.to()); }

        @Override public Set<TransactionContext> contextsOfMethod(EntryPoint ep, MethodRef method) {
            return Set.of(inside.contains(method) ? new TransactionContext(true, starter, "Required") : TransactionContext.NONE);
        }
    }

    private static final ComponentModel BANK = new ComponentModel(List.of(
            Apps.web("Teller", ComponentKind.SERVLET, "bank.web.TellerServlet"),
            Apps.ejb("TellerFacade", ComponentKind.STATELESS_SESSION, "bank.TellerBean"),
            Apps.ejb("Account", ComponentKind.ENTITY_CMP, "bank.AccountBean"),
            Apps.ejb("Rate", ComponentKind.ENTITY_CMP, "bank.RateBean")));

    private static final MethodRef PAY_ALL = TestCallGraph.m("bank.TellerBean#payInterest");

    /** In one transaction: accounts by key in a loop (each read and credited), the rate read once, a receipt created. */
    private static final TestCallGraph INTEREST = TestCallGraph.builder()
            .entry("/interest", EntryPoint.Kind.SERVLET, "bank.web.TellerServlet#doPost", "Teller")
            .call("bank.web.TellerServlet#doPost", "bank.TellerBean#payInterest", LOCAL_EJB, BUSINESS_METHOD, "TellerFacade")
            .call("bank.TellerBean#payInterest", "bank.RateBean#ejbFindByPrimaryKey", LOCAL_EJB, HOME_FIND, "Rate")
            .call("bank.TellerBean#payInterest", "bank.RateBean#getRate", LOCAL_EJB, ENTITY_GET, "Rate")
            .call("bank.TellerBean#payInterest", "bank.AccountBean#ejbFindByPrimaryKey", LOCAL_EJB, HOME_FIND, "Account", 1, false)
            .call("bank.TellerBean#payInterest", "bank.AccountBean#credit", LOCAL_EJB, ENTITY_UPDATE, "Account", 1, false)
            .call("bank.TellerBean#payInterest", "bank.AccountBean#ejbCreate", LOCAL_EJB, HOME_CREATE, "Account")
            .build();

    private static final FixedTransactions IN_PAY_ALL = new FixedTransactions(PAY_ALL, Set.of(PAY_ALL,
            TestCallGraph.m("bank.RateBean#ejbFindByPrimaryKey"), TestCallGraph.m("bank.RateBean#getRate"),
            TestCallGraph.m("bank.AccountBean#ejbFindByPrimaryKey"), TestCallGraph.m("bank.AccountBean#credit"),
            TestCallGraph.m("bank.AccountBean#ejbCreate")));

    private static EntryPointCost estimate(TestCallGraph graph, TransactionScopes tx, String topology, String id) {
        EntryPoint ep = graph.entryPoints().stream().filter(e -> e.id().equals(id)).findFirst().orElseThrow();
        return WanCostModel.of(BANK, graph, Topologies.preset(topology), tx).estimate(ep);
    }

    private static List<String> counted(EntryPointCost cost) {
        return cost.crossings().stream().filter(c -> !c.contribution().isZero())
                .map(c -> c.contribution().formula() + " " + c.reason().substring(0, c.reason().indexOf(" ("))).toList();
    }

    @Test
    void aTransactionMissesEachWrittenInstanceItTouchesHitsTheReadMostlyOneAndCommitsOnce() {
        EntryPointCost cost = estimate(INTEREST, IN_PAY_ALL, "edge-cache", "/interest");

        assertThat(counted(cost)).containsExactly("1 commit: 1", "n cache miss: 1");
        assertThat(cost.roundTrips().formula()).isEqualTo("1 + n");
        assertThat(cost.crossings()).extracting(CrossingCall::reason)
                .anySatisfy(r -> assertThat(r).startsWith("cache hit: 0 (Rate is read-mostly"))
                .anySatisfy(r -> assertThat(r).startsWith("shipped with the commit: 0 (create() of Account"));
        // Crossings go from the edge to the back end, so the latency is theirs: (1 + 1) × 200 ms at n = 1.
        assertThat(cost.crossings()).filteredOn(c -> !c.contribution().isZero())
                .allSatisfy(c -> assertThat(c.fromSite() + "->" + c.toSite()).isEqualTo("edge->main"));
        assertThat(WanCostModel.of(BANK, INTEREST, Topologies.preset("edge-cache"), IN_PAY_ALL).latencyMs(cost)).isEqualTo(400.0);
    }

    @Test
    void aFinderAtTheBackEndReturnsTheEntitiesSoTheirLaterAccessesInTheTransactionHit() {
        TestCallGraph graph = TestCallGraph.builder()
                .entry("/statement", EntryPoint.Kind.SERVLET, "bank.web.TellerServlet#doGet", "Teller")
                .call("bank.web.TellerServlet#doGet", "bank.TellerBean#payInterest", LOCAL_EJB, BUSINESS_METHOD, "TellerFacade")
                .call("bank.TellerBean#payInterest", "bank.AccountBean#ejbFindByOwner", LOCAL_EJB, HOME_FIND, "Account")
                .call("bank.TellerBean#payInterest", "bank.AccountBean#credit", LOCAL_EJB, ENTITY_UPDATE, "Account", 1, false)
                .build();
        FixedTransactions tx = new FixedTransactions(PAY_ALL, Set.of(PAY_ALL, TestCallGraph.m("bank.AccountBean#ejbFindByOwner"),
                TestCallGraph.m("bank.AccountBean#credit")));

        EntryPointCost cost = estimate(graph, tx, "edge-cache", "/statement");

        assertThat(counted(cost)).containsExactly("1 commit: 1", "1 finder at the back end: 1");
        assertThat(cost.crossings()).extracting(CrossingCall::reason)
                .anySatisfy(r -> assertThat(r).contains("cache miss: 1").endsWith(": 0, a finder of the same transaction returned its state"));
    }

    /**
     * Without a shared transaction each call is a transaction of its own: a read that misses fetches the current state
     * (nothing to commit), a read of the cache's copy is validated by a commit, a write is shipped by one.
     */
    @Test
    void callsInTransactionsOfTheirOwnPayTheirMissOrTheirCommitNotBoth() {
        EntryPointCost cost = estimate(INTEREST, new FixedTransactions(null, Set.of()), "edge-cache", "/interest");

        assertThat(counted(cost)).containsExactly(
                "1 commit: 1", // Rate's findByPrimaryKey: the copy validated
                "1 commit: 1", // getRate: likewise
                "n cache miss: 1", // findByPrimaryKey of an account
                "n cache miss: 1", // credit: fetched ...
                "n commit: 1", // ... and shipped
                "1 commit: 1"); // the create shipped
        assertThat(cost.roundTrips().formula()).isEqualTo("3 + 3n");
    }

    @Test
    void edgeDbWithTheSamePlacementPaysTheEntitiesSqlInstead() {
        EntryPointCost cached = estimate(INTEREST, IN_PAY_ALL, "edge-cache", "/interest");
        EntryPointCost plain = estimate(INTEREST, IN_PAY_ALL, "edge-db", "/interest");

        assertThat(plain.roundTrips()).isGreaterThan(cached.roundTrips());
        assertThat(Topologies.preset("edge-cache").placements()).isEqualTo(Topologies.preset("edge-db").placements());
    }
}
