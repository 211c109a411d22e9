package io.wanlint.rules.api;

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
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.Receiver;
import io.wanlint.analyzer.api.SourceFacts;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.api.TransactionType;
import io.wanlint.analyzer.callgraph.FrozenCallGraph;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The walks that share one {@link WalkStates} per check give, for every entry point and scope, what
 * a fresh walk of its own gives ({@link ReferenceWalk}, the walk of session 9): the same calls in the
 * same order with the same first paths, components and loop flags, and the same calls in loops —
 * on random applications with cycles, helpers, EJB calls, calls in loops and overridden self-calls.
 */
class WalkStatesTest {
    private static final int CLASSES = 9;
    private static final int METHODS = 4;

    @Test
    void sharedWalksGiveWhatAFreshWalkPerEntryPointGives() {
        for (long seed = 1; seed <= 300; seed++) {
            App app = App.random(new Random(seed));
            WalkStates shared = new WalkStates(app.graph, app.model);
            for (int round = 0; round < 2; round++) {
                for (EntryPoint ep : app.graph.entryPoints()) {
                    for (ReachScope scope : ReachScope.values()) {
                        assertSame(app, ep, scope, shared.walk(ep, scope), "seed " + seed);
                    }
                }
            }
        }
    }

    @Test
    void walksOfTwoThreadsSharingTheStatesGiveTheSameAsAlone() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (long seed = 1; seed <= 60; seed++) {
                App app = App.random(new Random(seed));
                WalkStates shared = new WalkStates(app.graph, app.model);
                List<Callable<List<RequestReach>>> both = new ArrayList<>();
                for (int t = 0; t < 2; t++) {
                    boolean reversed = t == 1;
                    both.add(() -> {
                        List<EntryPoint> eps = new ArrayList<>(app.graph.entryPoints());
                        if (reversed) java.util.Collections.reverse(eps);
                        List<RequestReach> out = new ArrayList<>();
                        for (EntryPoint ep : eps) out.add(shared.walk(ep, ReachScope.WHOLE_REQUEST));
                        return out;
                    });
                }
                for (Future<List<RequestReach>> f : pool.invokeAll(both)) {
                    for (RequestReach r : f.get()) assertSame(app, r.entryPoint(), ReachScope.WHOLE_REQUEST, r, "seed " + seed);
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aCallReachedFirstOutsideALoopAndThenInsideOneCountsAsInALoop() {
        MethodRef entry = MethodRef.of("a.Servlet", "doGet");
        MethodRef helper = MethodRef.of("a.Helper", "work");
        MethodRef leaf = MethodRef.of("a.Helper", "leaf");
        List<CallEdge> edges = List.of(
                edge(entry, helper, 1, 0, Receiver.UNKNOWN),
                edge(entry, helper, 2, 1, Receiver.UNKNOWN),
                edge(helper, leaf, 7, 0, Receiver.UNKNOWN));
        EntryPoint ep = new EntryPoint("/x", EntryPoint.Kind.SERVLET, entry, null);
        CallGraph graph = FrozenCallGraph.of(List.of(), edges, List.of(ep), SourceFacts.NONE);
        RequestReach reach = new WalkStates(graph, ComponentModel.EMPTY).walk(ep, ReachScope.WHOLE_REQUEST);

        assertThat(reach.calls()).extracting(rc -> rc.edge().line()).containsExactly(1, 7, 2);
        assertThat(reach.calls().get(1).inLoop()).isFalse();
        assertThat(reach.inLoop(edges.get(2))).isTrue();
        assertThat(reach.inLoop(edges.get(0))).isFalse();
    }

    private static void assertSame(App app, EntryPoint ep, ReachScope scope, RequestReach shared, String where) {
        ReferenceWalk.Outcome fresh = ReferenceWalk.walk(ep, app.graph, app.model, scope);
        assertThat(shared.calls()).as(where + " " + ep.id() + " " + scope).isEqualTo(fresh.calls());
        for (CallEdge e : app.graph.edges()) {
            assertThat(shared.inLoop(e)).as(where + " " + ep.id() + " " + scope + " " + e).isEqualTo(fresh.looped().contains(e));
        }
        for (ReachedCall rc : fresh.calls()) assertThat(shared.inLoop(rc.edge())).isEqualTo(fresh.looped().contains(rc.edge()));
    }

    private static CallEdge edge(MethodRef from, MethodRef to, int line, int loopDepth, Receiver receiver) {
        return new CallEdge(from, to, EdgeKind.LOCAL, CallOp.INVOKE, new SourceLocation("src/" + from.className() + ".java", line),
                loopDepth, null, false, false, List.of(), receiver);
    }

    /** A random application: classes of servlets, session beans, DAOs and plain helpers calling each other. */
    private record App(CallGraph graph, ComponentModel model) {
        static App random(Random r) {
            List<Component> components = new ArrayList<>();
            Map<String, String> componentOfClass = new HashMap<>();
            ComponentKind[] kinds = {ComponentKind.SERVLET, ComponentKind.STATELESS_SESSION, ComponentKind.DAO,
                    ComponentKind.PLAIN, ComponentKind.ENTITY_BMP};
            for (int c = 0; c < CLASSES; c++) {
                if (r.nextInt(4) == 0) continue;
                ComponentKind kind = kinds[r.nextInt(kinds.length)];
                String cls = className(c);
                String name = "C" + c;
                EjbInterfaces views = kind.isEjb()
                        ? new EjbInterfaces(cls + "Home", cls + "Remote", null, null, List.of(), List.of(), false)
                        : EjbInterfaces.NONE;
                components.add(new Component(name, kind, kind.defaultTier(), cls, views, null, TransactionType.CONTAINER,
                        null, null, null, null, null, null, null, null, null, false, List.of()));
                componentOfClass.put(cls, name);
            }
            Map<MethodRef, MethodNode> nodes = new LinkedHashMap<>();
            for (int c = 0; c < CLASSES; c++) {
                for (int m = 0; m < METHODS; m++) {
                    MethodRef ref = method(c, m);
                    if (r.nextInt(5) > 0) nodes.put(ref, new MethodNode(ref, componentOfClass.get(className(c)), SourceLocation.UNKNOWN));
                }
            }
            List<CallEdge> edges = new ArrayList<>();
            int count = 10 + r.nextInt(50);
            for (int i = 0; i < count; i++) {
                int fromClass = r.nextInt(CLASSES);
                MethodRef from = method(fromClass, r.nextInt(METHODS));
                int toClass = r.nextInt(CLASSES);
                MethodRef to = r.nextInt(6) == 0 ? MethodRef.of(className(toClass) + "Remote", "m" + r.nextInt(METHODS))
                        : method(toClass, r.nextInt(METHODS));
                EdgeKind kind = switch (r.nextInt(10)) {
                    case 0 -> EdgeKind.REMOTE_EJB;
                    case 1 -> EdgeKind.LOCAL_EJB;
                    case 2 -> EdgeKind.JDBC;
                    default -> EdgeKind.LOCAL;
                };
                String target = kind.isEjb() && r.nextBoolean() ? "C" + r.nextInt(CLASSES) : null;
                Receiver receiver = switch (r.nextInt(6)) {
                    case 0 -> Receiver.Own.PLAIN;
                    case 1 -> new Receiver.Own(Map.of(className(r.nextInt(CLASSES)), method(r.nextInt(CLASSES), to.name().equals("m0") ? 0 : 1)));
                    case 2 -> new Receiver.Exact(className(r.nextInt(CLASSES)));
                    default -> Receiver.UNKNOWN;
                };
                int line = 1 + r.nextInt(6);
                edges.add(new CallEdge(from, to, kind, kind == EdgeKind.LOCAL ? CallOp.INVOKE : CallOp.BUSINESS_METHOD,
                        new SourceLocation("src/" + from.className() + ".java", line), r.nextInt(4) == 0 ? 1 : 0,
                        target, false, false, List.of(), receiver));
                // Another target at the same site (a dispatch), which a known class of this may narrow to one.
                if (receiver instanceof Receiver.Own && r.nextBoolean()) {
                    edges.add(edges.get(edges.size() - 1).withTo(method(r.nextInt(CLASSES), to.name().equals("m0") ? 0 : 1)));
                }
            }
            List<EntryPoint> eps = new ArrayList<>();
            int entries = 1 + r.nextInt(6);
            for (int i = 0; i < entries; i++) {
                int c = r.nextInt(CLASSES);
                String component = r.nextInt(3) == 0 ? null : componentOfClass.getOrDefault(className(c), "C" + r.nextInt(CLASSES));
                eps.add(new EntryPoint("/e" + i, EntryPoint.Kind.SERVLET, method(c, r.nextInt(METHODS)), component));
            }
            return new App(FrozenCallGraph.of(nodes.values(), edges, eps, SourceFacts.NONE), new ComponentModel(components));
        }

        private static String className(int c) { return "app.K" + c; }

        private static MethodRef method(int c, int m) { return MethodRef.of(className(c), "m" + m); }
    }
}
