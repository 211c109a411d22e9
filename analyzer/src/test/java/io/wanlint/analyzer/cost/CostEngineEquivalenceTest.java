package io.wanlint.analyzer.cost;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Analyzer;
import io.wanlint.analyzer.api.BranchArm;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.CostAdjustment;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EjbInterfaces;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.Receiver;
import io.wanlint.analyzer.api.SourceFacts;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.api.Topologies;
import io.wanlint.analyzer.api.TransactionScopes;
import io.wanlint.analyzer.api.TransactionType;
import io.wanlint.analyzer.callgraph.ContainerTransactionScopes;
import io.wanlint.analyzer.callgraph.FrozenCallGraph;
import io.wanlint.fixtures.Fixtures;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link CostEngine}'s walk gives what session 10's walk ({@link ReferenceCostEngine}) gave: the same
 * estimate — round trips and every crossing with its reason — of every entry point, standard and
 * under an adjustment, whatever order the entry points are asked in, on random applications built
 * here (dispatch sites, exclusive branches, loops, cycles, EJB and entity calls, container callbacks,
 * transactions) under every preset topology, and on every fixture.
 */
class CostEngineEquivalenceTest {
    private static final int CLASSES = 9;
    private static final int METHODS = 4;

    @Test
    void walksOfRandomApplicationsEstimateAsTheReferenceWalk() {
        for (long seed = 1; seed <= 300; seed++) {
            Random r = new Random(seed);
            CallGraph graph = randomGraph(r, randomModel(r));
            ComponentModel model = lastModel;
            for (String topology : Topologies.PRESETS) {
                assertSameEstimates(model, graph, topology, "seed " + seed + ", " + topology, r.nextLong());
            }
        }
    }

    /**
     * The same on applications where few calls are charged (most are plain local calls), as in a large
     * real one: most bodies reach no charged call and the walks leave them out, which must change
     * nothing — nor where a count reads what those bodies did (the runs of a transaction's starter
     * under the edge cache, an arm left out of a free body).
     */
    @Test
    void walksThatLeaveOutFreeBodiesEstimateAsTheReferenceWalk() {
        for (long seed = 1; seed <= 500; seed++) {
            Random r = new Random(seed);
            CallGraph graph = randomGraph(r, randomModel(r), 20 + (int) (seed % 30));
            ComponentModel model = lastModel;
            for (String topology : Topologies.PRESETS) {
                assertSameEstimates(model, graph, topology, "sparse seed " + seed + ", " + topology, r.nextLong());
            }
        }
    }

    static List<String> apps() { return Fixtures.APPLICATIONS; }

    @ParameterizedTest
    @MethodSource("apps")
    void walksOfTheFixturesEstimateAsTheReferenceWalk(String app) {
        AnalysisResult result = Analyzer.analyze(AnalysisRequest.of(Fixtures.app(app)));
        for (String topology : Topologies.PRESETS) {
            assertSameEstimates(result.model(), result.callGraph(), topology, app + ", " + topology, app.hashCode());
        }
    }

    private static void assertSameEstimates(ComponentModel model, CallGraph graph, String topology, String where, long seed) {
        TransactionScopes transactions = ContainerTransactionScopes.of(graph, model);
        CostEngine fast = new CostEngine(model, graph, Topologies.preset(topology), transactions);
        ReferenceCostEngine reference = new ReferenceCostEngine(model, graph, Topologies.preset(topology), transactions);
        // An adjustment that changes some calls' prices, as a patch does.
        Random r = new Random(seed);
        int salt = r.nextInt();
        CostAdjustment patch = (ep, edge, cost) -> Math.floorMod(edge.hashCode() ^ salt, 3) == 0 ? 0 : cost + (edge.line() & 1);
        List<EntryPoint> eps = new ArrayList<>(graph.entryPoints());
        // The fast engine meets the entry points in reverse order: no result may depend on what was estimated before.
        for (int i = eps.size() - 1; i >= 0; i--) {
            EntryPoint ep = eps.get(i);
            assertThat(fast.estimate(ep, CostAdjustment.NONE)).as(where + ", " + ep.id())
                    .isEqualTo(reference.estimate(ep, CostAdjustment.NONE));
            assertThat(fast.estimate(ep, patch)).as(where + ", " + ep.id() + " patched")
                    .isEqualTo(reference.estimate(ep, patch));
        }
    }

    private static ComponentModel lastModel;

    private static List<Component> randomModel(Random r) {
        List<Component> components = new ArrayList<>();
        ComponentKind[] kinds = {ComponentKind.SERVLET, ComponentKind.STATELESS_SESSION, ComponentKind.DAO,
                ComponentKind.PLAIN, ComponentKind.ENTITY_BMP, ComponentKind.ENTITY_CMP};
        for (int c = 0; c < CLASSES; c++) {
            if (r.nextInt(4) == 0) continue;
            ComponentKind kind = kinds[r.nextInt(kinds.length)];
            String cls = className(c);
            EjbInterfaces views = kind.isEjb()
                    ? new EjbInterfaces(cls + "Home", cls + "Remote", null, null, List.of(), List.of(), false)
                    : EjbInterfaces.NONE;
            components.add(new Component("C" + c, kind, kind.defaultTier(), cls, views, null,
                    r.nextInt(4) == 0 ? TransactionType.BEAN : TransactionType.CONTAINER,
                    null, null, null, null, null, null, null, null, null, false, List.of()));
        }
        return components;
    }

    private static CallGraph randomGraph(Random r, List<Component> components) {
        return randomGraph(r, components, 12);
    }

    /** @param kinds one call in {@code kinds} is remote EJB (2), local EJB, JDBC or JPA (1 each); the rest are local */
    private static CallGraph randomGraph(Random r, List<Component> components, int kinds) {
        Map<String, String> componentOfClass = new HashMap<>();
        for (Component c : components) componentOfClass.put(c.className(), c.name());
        lastModel = new ComponentModel(components);
        Map<MethodRef, MethodNode> nodes = new LinkedHashMap<>();
        for (int c = 0; c < CLASSES; c++) {
            for (int m = 0; m < METHODS; m++) {
                MethodRef ref = method(c, m);
                if (r.nextInt(5) > 0) nodes.put(ref, new MethodNode(ref, componentOfClass.get(className(c)), SourceLocation.UNKNOWN));
            }
            if (r.nextInt(3) == 0) {
                MethodRef load = MethodRef.of(className(c), r.nextBoolean() ? "ejbLoad" : "ejbStore");
                nodes.put(load, new MethodNode(load, componentOfClass.get(className(c)), SourceLocation.UNKNOWN));
            }
        }
        List<CallEdge> edges = new ArrayList<>();
        int count = 10 + r.nextInt(60);
        for (int i = 0; i < count; i++) {
            int fromClass = r.nextInt(CLASSES);
            MethodRef from = r.nextInt(12) == 0 ? MethodRef.of(className(fromClass), "ejbLoad") : method(fromClass, r.nextInt(METHODS));
            int toClass = r.nextInt(CLASSES);
            MethodRef to = r.nextInt(6) == 0 ? MethodRef.of(className(toClass) + "Remote", "m" + r.nextInt(METHODS))
                    : r.nextInt(10) == 0 ? MethodRef.of(className(toClass), "ejbStore")
                    : method(toClass, r.nextInt(METHODS));
            EdgeKind kind = switch (r.nextInt(kinds)) {
                case 0, 1 -> EdgeKind.REMOTE_EJB;
                case 2 -> EdgeKind.LOCAL_EJB;
                case 3 -> EdgeKind.JDBC;
                case 4 -> EdgeKind.JPA;
                default -> EdgeKind.LOCAL;
            };
            CallOp op = switch (kind) {
                case LOCAL -> r.nextInt(8) == 0 ? CallOp.CONTAINER_CALLBACK : CallOp.INVOKE;
                case JDBC -> r.nextBoolean() ? CallOp.JDBC_EXECUTE : CallOp.JDBC_CONNECTION_POOL;
                case JPA -> new CallOp[] {CallOp.JPA_FIND, CallOp.JPA_QUERY, CallOp.JPA_PERSIST, CallOp.JPA_FLUSH}[r.nextInt(4)];
                default -> new CallOp[] {CallOp.BUSINESS_METHOD, CallOp.ENTITY_GET, CallOp.ENTITY_SET, CallOp.HOME_FIND}[r.nextInt(4)];
            };
            String target = kind.isEjb() && r.nextInt(3) > 0 ? "C" + r.nextInt(CLASSES)
                    : op == CallOp.CONTAINER_CALLBACK ? "C" + toClass : null;
            Receiver receiver = switch (r.nextInt(6)) {
                case 0 -> Receiver.Own.PLAIN;
                case 1 -> new Receiver.Own(Map.of(className(r.nextInt(CLASSES)), method(r.nextInt(CLASSES), to.name().equals("m0") ? 0 : 1)));
                case 2 -> new Receiver.Exact(className(r.nextInt(CLASSES)));
                default -> Receiver.UNKNOWN;
            };
            int line = 1 + r.nextInt(6);
            List<BranchArm> branches = new ArrayList<>();
            // Exclusive arms: one or two nested choices on a few lines.
            for (int b = r.nextInt(4); b > 1; b--) branches.add(new BranchArm(1 + r.nextInt(3), 1, r.nextInt(3)));
            edges.add(new CallEdge(from, to, kind, op,
                    new SourceLocation("src/" + from.className() + ".java", line), r.nextInt(4) == 0 ? 1 + r.nextInt(2) : 0,
                    target, r.nextInt(10) == 0, r.nextInt(10) == 0, branches, receiver));
            // Another target at the same site (a dispatch), which a known class of this may narrow to one.
            if (r.nextInt(3) == 0) {
                edges.add(edges.get(edges.size() - 1).withTo(method(r.nextInt(CLASSES), to.name().equals("m0") ? 0 : 1)));
            }
        }
        List<EntryPoint> eps = new ArrayList<>();
        EntryPoint.Kind[] epKinds = {EntryPoint.Kind.SERVLET, EntryPoint.Kind.JSP, EntryPoint.Kind.MESSAGE_DRIVEN,
                EntryPoint.Kind.TIMER, EntryPoint.Kind.REMOTE_FACADE, EntryPoint.Kind.JAX_RS};
        int entries = 1 + r.nextInt(8);
        for (int i = 0; i < entries; i++) {
            int c = r.nextInt(CLASSES);
            String component = r.nextInt(3) == 0 ? null : componentOfClass.getOrDefault(className(c), "C" + r.nextInt(CLASSES));
            eps.add(new EntryPoint("/e" + i, epKinds[r.nextInt(epKinds.length)], method(c, r.nextInt(METHODS)), component));
        }
        if (r.nextInt(5) == 0) eps.add(eps.get(r.nextInt(eps.size())));
        return FrozenCallGraph.of(nodes.values(), edges, eps, SourceFacts.NONE);
    }

    private static String className(int c) { return "app.K" + c; }

    private static MethodRef method(int c, int m) { return MethodRef.of(className(c), "m" + m); }
}
