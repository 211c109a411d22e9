package io.wanlint.analyzer.callgraph;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EjbInterfaces;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.MethodTransaction;
import io.wanlint.analyzer.api.SourceFacts;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.api.TransactionAttribute;
import io.wanlint.analyzer.api.TransactionContext;
import io.wanlint.analyzer.api.TransactionScopes;
import io.wanlint.analyzer.api.TransactionType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The scopes kept per method answer every question as the scopes that kept every call did (session 9):
 * the same contexts, in the same order, for every call and method of every entry point, and the same
 * calls ever in a transaction — on random graphs of session beans with every transaction attribute,
 * bean-managed beans, calls inside a UserTransaction, cycles, calls the graph does not have, and copies of
 * calls it has.
 */
class TransactionScopesEquivalenceTest {
    private static final int CLASSES = 7;
    private static final int METHODS = 3;

    @Test
    void scopesKeptPerMethodAnswerAsScopesKeptPerCall() {
        for (long seed = 1; seed <= 400; seed++) {
            Random r = new Random(seed);
            List<Component> beans = new ArrayList<>();
            TransactionAttribute[] attributes = TransactionAttribute.values();
            for (int c = 0; c < CLASSES; c++) {
                List<MethodTransaction> txs = new ArrayList<>();
                for (int m = 0; m < METHODS; m++) {
                    if (r.nextBoolean()) {
                        txs.add(new MethodTransaction("m" + m, null, null, attributes[r.nextInt(attributes.length)],
                                MethodTransaction.Source.DESCRIPTOR));
                    }
                }
                if (r.nextBoolean()) txs.add(new MethodTransaction("ejbCreate", null, null, TransactionAttribute.REQUIRES_NEW,
                        MethodTransaction.Source.DESCRIPTOR));
                TransactionType type = r.nextInt(4) == 0 ? TransactionType.BEAN : TransactionType.CONTAINER;
                ComponentKind kind = r.nextBoolean() ? ComponentKind.STATELESS_SESSION : ComponentKind.ENTITY_CMP;
                beans.add(new Component("B" + c, kind, kind.defaultTier(), cls(c),
                        new EjbInterfaces(cls(c) + "Home", cls(c) + "Remote", null, null, List.of(), List.of(), false),
                        null, type, null, null, null, txs, null, null, null, null, null, false, List.of()));
            }
            List<CallEdge> edges = new ArrayList<>();
            int count = 5 + r.nextInt(40);
            for (int i = 0; i < count; i++) {
                MethodRef from = method(r.nextInt(CLASSES), r.nextInt(METHODS + 1));
                int target = r.nextInt(CLASSES);
                MethodRef to = method(target, r.nextInt(METHODS + 1));
                EdgeKind kind = switch (r.nextInt(4)) {
                    case 0 -> EdgeKind.REMOTE_EJB;
                    case 1 -> EdgeKind.LOCAL_EJB;
                    case 2 -> EdgeKind.HTTP_EXTERNAL;
                    default -> EdgeKind.LOCAL;
                };
                String component = kind.isEjb() && r.nextInt(4) > 0 ? "B" + target : null;
                edges.add(new CallEdge(from, to, kind, CallOp.INVOKE, new SourceLocation("src/F.java", 1 + r.nextInt(5)),
                        0, component, false, r.nextInt(6) == 0));
            }
            List<EntryPoint> eps = new ArrayList<>();
            EntryPoint.Kind[] kinds = {EntryPoint.Kind.SERVLET, EntryPoint.Kind.MESSAGE_DRIVEN, EntryPoint.Kind.TIMER,
                    EntryPoint.Kind.REMOTE_FACADE};
            for (int i = 0; i < 1 + r.nextInt(5); i++) {
                int c = r.nextInt(CLASSES);
                eps.add(new EntryPoint("/e" + i, kinds[r.nextInt(kinds.length)], method(c, r.nextInt(METHODS + 1)), "B" + c));
            }
            CallGraph graph = FrozenCallGraph.of(List.of(), edges, eps, SourceFacts.NONE);
            ComponentModel model = new ComponentModel(beans);
            TransactionScopes kept = ContainerTransactionScopes.of(graph, model);
            TransactionScopes plain = new ReferenceTransactionScopes(graph, model);

            List<CallEdge> asked = new ArrayList<>(graph.edges());
            // Calls the graph does not have: another place, and a call retargeted at another method.
            asked.add(graph.edges().get(0).withFlags(true, false));
            asked.add(graph.edges().get(0).withTo(MethodRef.of("app.Elsewhere", "m")));
            // A call equal to the graph's own but another object (found by value, after the identity scan).
            CallEdge last = graph.edges().get(graph.edges().size() - 1);
            asked.add(last.withTo(last.to()));
            for (EntryPoint ep : graph.entryPoints()) {
                for (CallEdge e : asked) {
                    Set<TransactionContext> want = plain.contextsOf(ep, e);
                    assertThat(kept.contextsOf(ep, e)).as("seed " + seed + " " + ep.id() + " " + e)
                            .containsExactlyElementsOf(want);
                    assertThat(kept.contextsOfMethod(ep, e.from())).containsExactlyElementsOf(plain.contextsOfMethod(ep, e.from()));
                    assertThat(kept.contextsOfMethod(ep, e.to())).containsExactlyElementsOf(plain.contextsOfMethod(ep, e.to()));
                }
            }
            // An entry point the graph does not list (its start is none of the numbered pairs): traversed on its own.
            EntryPoint elsewhere = new EntryPoint("/elsewhere", EntryPoint.Kind.REMOTE_FACADE, method(r.nextInt(CLASSES), METHODS + 1),
                    "B" + r.nextInt(CLASSES));
            for (EntryPoint ep : List.of(elsewhere, new EntryPoint("/again", EntryPoint.Kind.SERVLET, graph.entryPoints().get(0).method(), null))) {
                for (CallEdge e : asked) {
                    assertThat(kept.contextsOf(ep, e)).as("seed " + seed + " " + ep.id() + " " + e)
                            .containsExactlyElementsOf(plain.contextsOf(ep, e));
                    assertThat(kept.contextsOfMethod(ep, e.to())).containsExactlyElementsOf(plain.contextsOfMethod(ep, e.to()));
                }
            }
            // Asked first, before any entry point's contexts were computed, and after.
            TransactionScopes fresh = ContainerTransactionScopes.of(graph, model);
            for (CallEdge e : asked) {
                assertThat(fresh.everInTransaction(e)).as("seed " + seed + " " + e).isEqualTo(plain.everInTransaction(e));
                assertThat(kept.everInTransaction(e)).as("seed " + seed + " " + e).isEqualTo(plain.everInTransaction(e));
            }
        }
    }

    /**
     * Which calls are ever in a transaction is one traversal from all entry points together, each
     * (method, context) pair visited once: walking each entry point's reach in turn grew with entry
     * points times reach (a dispatch tier every request goes through: 2M generated lines took 5.6
     * times as long as 1M). 2,000 servlets reach one chain of 2,000 methods; the old walk asked
     * for the calls of 4 million methods.
     */
    @Test
    void callsEverInATransactionAreFoundInOneTraversalOfAllEntryPoints() {
        int servlets = 2_000;
        int chain = 2_000;
        List<CallEdge> edges = new ArrayList<>();
        List<EntryPoint> eps = new ArrayList<>();
        for (int i = 0; i < servlets; i++) {
            MethodRef doGet = MethodRef.of("web.S" + i, "doGet");
            eps.add(new EntryPoint("/s" + i, EntryPoint.Kind.SERVLET, doGet, "S" + i));
            edges.add(new CallEdge(doGet, MethodRef.of("app.Step0", "run"), EdgeKind.LOCAL, CallOp.INVOKE,
                    new SourceLocation("src/S.java", 1), 0, null, false, i == 0));
        }
        for (int i = 0; i + 1 < chain; i++) {
            edges.add(new CallEdge(MethodRef.of("app.Step" + i, "run"), MethodRef.of("app.Step" + (i + 1), "run"), EdgeKind.LOCAL,
                    CallOp.INVOKE, new SourceLocation("src/Step.java", 1), 0, null, false, false));
        }
        CallGraph graph = FrozenCallGraph.of(List.of(), edges, eps, SourceFacts.NONE);
        int[] asked = new int[1];
        CallGraph counting = new CallGraph() {
            @Override public java.util.Collection<io.wanlint.analyzer.api.MethodNode> nodes() { return graph.nodes(); }

            @Override public java.util.Optional<io.wanlint.analyzer.api.MethodNode> node(MethodRef m) { return graph.node(m); }

            @Override public List<CallEdge> edges() { return graph.edges(); }

            @Override public List<CallEdge> outgoing(MethodRef m) {
                asked[0]++;
                return graph.outgoing(m);
            }

            @Override public List<CallEdge> incoming(MethodRef m) { return graph.incoming(m); }

            @Override public List<EntryPoint> entryPoints() { return graph.entryPoints(); }
        };
        TransactionScopes scopes = ContainerTransactionScopes.of(counting, ComponentModel.EMPTY);

        CallEdge last = graph.outgoing(MethodRef.of("app.Step" + (chain - 2), "run")).get(0);
        assertThat(scopes.everInTransaction(last)).as("reached in the UserTransaction servlet 0 begins").isTrue();
        assertThat(scopes.everInTransaction(graph.outgoing(MethodRef.of("web.S1", "doGet")).get(0))).isFalse();
        assertThat(asked[0]).isLessThanOrEqualTo(3 * (servlets + chain));
    }

    private static String cls(int c) { return "app.B" + c + "Bean"; }

    private static MethodRef method(int c, int m) {
        return MethodRef.of(cls(c), m == METHODS ? "ejbCreate" : "m" + m);
    }
}
