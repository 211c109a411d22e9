package io.wanlint.rules.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.Receiver;
import io.wanlint.analyzer.api.SourceFacts;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.callgraph.FrozenCallGraph;
import io.wanlint.rules.testing.RandomApp;
import java.util.ArrayList;
import java.util.List;
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
    @Test
    void sharedWalksGiveWhatAFreshWalkPerEntryPointGives() {
        for (long seed = 1; seed <= 300; seed++) {
            RandomApp app = RandomApp.of(RandomApp.random(seed));
            WalkStates shared = new WalkStates(app.graph(), app.model());
            for (int round = 0; round < 2; round++) {
                for (EntryPoint ep : app.graph().entryPoints()) {
                    for (ReachScope scope : ReachScope.values()) {
                        assertSame(app, ep, scope, shared.walk(ep, scope), "seed " + seed);
                    }
                }
            }
        }
    }

    @Test
    void compiledWalksGiveWhatTheLinkedWalkAndAFreshWalkGive() {
        for (long seed = 1; seed <= 300; seed++) {
            RandomApp app = RandomApp.of(RandomApp.random(seed));
            List<EntryPoint> eps = app.graph().entryPoints();
            WalkStates compiled = new WalkStates(app.graph(), app.model());
            // Half the entry points laid out ahead: the others start outside the arrays and walk the links.
            compiled.compile(eps.subList(0, eps.size() / 2));
            WalkStates linked = new WalkStates(app.graph(), app.model());
            Numbers numbers = new Numbers(compiled, "seed " + seed);
            for (int round = 0; round < 2; round++) {
                for (EntryPoint ep : eps) {
                    for (ReachScope scope : ReachScope.values()) {
                        RequestReach fast = compiled.walk(ep, scope);
                        numbers.check(List.of(fast));
                        assertSame(app, ep, scope, fast, "seed " + seed);
                        assertThat(fast.calls()).as("seed " + seed + " " + ep.id() + " " + scope)
                                .isEqualTo(linked.walkLinked(ep, scope).calls());
                    }
                }
            }
        }
    }

    @Test
    void statesMadeAndWalkedByTwoThreadsGiveTheSameWalksAsAlone() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (long seed = 1; seed <= 60; seed++) {
                RandomApp app = RandomApp.of(RandomApp.random(seed));
                WalkStates shared = new WalkStates(app.graph(), app.model());
                // The states made by two threads at once (the engine's halves), then laid out.
                List<EntryPoint> all = app.graph().entryPoints();
                pool.invokeAll(List.<Callable<Object>>of(
                        () -> { shared.make(all.subList(0, all.size() / 2)); return null; },
                        () -> { shared.make(all.subList(all.size() / 3, all.size())); return null; }));
                shared.compile(all);
                Numbers numbers = new Numbers(shared, "seed " + seed);
                for (List<RequestReach> walks : walkedByTwoThreads(pool, shared, all, List.of(ReachScope.values()))) {
                    numbers.check(walks);
                    for (int i = 0; i < walks.size(); i++) {
                        ReachScope scope = ReachScope.values()[i % ReachScope.values().length];
                        assertSame(app, walks.get(i).entryPoint(), scope, walks.get(i), "seed " + seed);
                    }
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void walksOfTwoThreadsSharingTheStatesGiveTheSameAsAlone() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (long seed = 1; seed <= 60; seed++) {
                RandomApp app = RandomApp.of(RandomApp.random(seed));
                WalkStates shared = new WalkStates(app.graph(), app.model());
                List<EntryPoint> eps = app.graph().entryPoints();
                Numbers numbers = new Numbers(shared, "seed " + seed);
                for (List<RequestReach> walks : walkedByTwoThreads(pool, shared, eps, List.of(ReachScope.WHOLE_REQUEST))) {
                    numbers.check(walks);
                    for (RequestReach r : walks) assertSame(app, r.entryPoint(), ReachScope.WHOLE_REQUEST, r, "seed " + seed);
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
        RequestReach reach = new WalkStates(graph, io.wanlint.analyzer.api.ComponentModel.EMPTY).walk(ep, ReachScope.WHOLE_REQUEST);

        assertThat(reach.calls()).extracting(rc -> rc.edge().line()).containsExactly(1, 7, 2);
        assertThat(reach.calls().get(1).inLoop()).isFalse();
        assertThat(reach.inLoop(edges.get(2))).isTrue();
        assertThat(reach.inLoop(edges.get(0))).isFalse();
    }

    /**
     * The numbers the walks of one {@link WalkStates} give their reached calls: each distinct call one
     * number, whichever walk, scope, thread or layout (laid out or over the links) reached it, and
     * another call another number.
     */
    private static final class Numbers {
        private final WalkStates states;
        private final String where;
        private final java.util.Map<CallEdge, Integer> idOf = new java.util.HashMap<>();
        private final java.util.Map<Integer, CallEdge> callOf = new java.util.HashMap<>();

        Numbers(WalkStates states, String where) {
            this.states = states;
            this.where = where;
        }

        void check(List<RequestReach> walks) {
            for (RequestReach walk : walks) {
                for (int i = 0; i < walk.calls().size(); i++) {
                    CallEdge call = walk.calls().get(i).edge();
                    int id = walk.callId(i);
                    assertThat(idOf.computeIfAbsent(call, c -> id)).as(where + " " + call).isEqualTo(id);
                    assertThat(callOf.computeIfAbsent(id, n -> call)).as(where + " number " + id).isEqualTo(call);
                    assertThat(id).as(where).isLessThan(states.calls());
                }
            }
        }
    }

    /**
     * Each entry point walked in each of {@code scopes} by two threads at once sharing {@code shared},
     * one in the entry points' order and one in reverse: each thread's walks, in the order made.
     */
    private static List<List<RequestReach>> walkedByTwoThreads(ExecutorService pool, WalkStates shared, List<EntryPoint> eps,
                                                               List<ReachScope> scopes) throws Exception {
        List<Callable<List<RequestReach>>> both = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            boolean reversed = t == 1;
            both.add(() -> {
                List<EntryPoint> order = new ArrayList<>(eps);
                if (reversed) java.util.Collections.reverse(order);
                List<RequestReach> out = new ArrayList<>();
                for (EntryPoint ep : order) for (ReachScope scope : scopes) out.add(shared.walk(ep, scope));
                return out;
            });
        }
        List<List<RequestReach>> walks = new ArrayList<>();
        for (Future<List<RequestReach>> f : pool.invokeAll(both)) walks.add(f.get());
        return walks;
    }

    private static void assertSame(RandomApp app, EntryPoint ep, ReachScope scope, RequestReach shared, String where) {
        ReferenceWalk.Outcome fresh = ReferenceWalk.walk(ep, app.graph(), app.model(), scope);
        assertThat(shared.calls()).as(where + " " + ep.id() + " " + scope).isEqualTo(fresh.calls());
        // The reach as numbers: each call read by index, and made with its path one at a time, is the fresh walk's.
        assertThat(shared.size()).isEqualTo(fresh.calls().size());
        for (int i = 0; i < shared.size(); i++) {
            ReachedCall expected = fresh.calls().get(i);
            String at = where + " " + ep.id() + " " + scope + " #" + i;
            assertThat(shared.edge(i)).as(at).isEqualTo(expected.edge());
            assertThat(shared.callerComponent(i)).as(at).isEqualTo(expected.callerComponent());
            assertThat(shared.inLoop(i)).as(at).isEqualTo(expected.inLoop());
            assertThat(shared.call(i)).as(at).isEqualTo(expected);
            assertThat(shared.call(i).path()).as(at).isEqualTo(expected.path());
        }
        for (CallEdge e : app.graph().edges()) {
            assertThat(shared.inLoop(e)).as(where + " " + ep.id() + " " + scope + " " + e).isEqualTo(fresh.looped().contains(e));
        }
        for (ReachedCall rc : fresh.calls()) assertThat(shared.inLoop(rc.edge())).isEqualTo(fresh.looped().contains(rc.edge()));
    }

    private static CallEdge edge(MethodRef from, MethodRef to, int line, int loopDepth, Receiver receiver) {
        return new CallEdge(from, to, EdgeKind.LOCAL, CallOp.INVOKE, new SourceLocation("src/" + from.className() + ".java", line),
                loopDepth, null, false, false, List.of(), receiver);
    }
}
