package io.wanlint.rules.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.rules.testing.FakeOracle;
import io.wanlint.rules.testing.RandomApp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A memo per call answers every reached call of every walk as the answer itself does, works each
 * distinct call out once (alone), and answers walks numbered apart (after the walks were released,
 * or made by another check) right too — on random applications, from one thread and from two.
 */
class CallMemoTest {
    /** An answer that depends on the call alone, different for most calls. */
    private static final Function<CallEdge, String> DESCRIBED = e -> e.from() + "->" + e.to() + "@" + e.line() + "/" + e.kind();

    @Test
    void answersEveryReachedCallAsTheAnswerDoesWorkingEachCallOutOnce() {
        for (long seed = 1; seed <= 200; seed++) {
            RuleContext ctx = contextOf(seed);
            Map<CallEdge, AtomicInteger> asked = new ConcurrentHashMap<>();
            CallMemo<String> memo = ctx.callMemo(e -> {
                asked.computeIfAbsent(e, k -> new AtomicInteger()).incrementAndGet();
                return DESCRIBED.apply(e);
            });
            for (int round = 0; round < 2; round++) {
                for (EntryPoint ep : ctx.entryPoints()) {
                    for (ReachScope scope : ReachScope.values()) assertAnswered(memo, ctx.reach(ep, scope), "seed " + seed);
                }
            }
            String where = "seed " + seed;
            asked.forEach((call, times) -> assertThat(times.get()).as(where + " " + call).isEqualTo(1));
        }
    }

    @Test
    void answersWalksNumberedApart() {
        for (long seed = 1; seed <= 100; seed++) {
            RuleContext ctx = contextOf(seed);
            CallMemo<String> memo = ctx.callMemo(DESCRIBED);
            for (EntryPoint ep : ctx.entryPoints()) assertAnswered(memo, ctx.reach(ep, ReachScope.WHOLE_REQUEST), "seed " + seed);
            // Released: the walks made now number calls afresh, and so does another check's walk.
            ctx.releaseWalks();
            RuleContext other = contextOf(seed + 1000);
            for (EntryPoint ep : ctx.entryPoints()) {
                assertAnswered(memo, ctx.reach(ep, ReachScope.WHOLE_REQUEST), "seed " + seed + " released");
            }
            for (EntryPoint ep : other.entryPoints()) {
                assertAnswered(memo, other.reach(ep, ReachScope.CALLER_TIER), "seed " + seed + " other");
            }
        }
    }

    @Test
    void twoThreadsAskingAtOnceGetTheAnswers() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (long seed = 1; seed <= 60; seed++) {
                RuleContext ctx = contextOf(seed);
                // Numbered calls no memo has room for yet: the memo grows while both threads answer.
                CallMemo<String> memo = new CallMemo<>(DESCRIBED, numberingOf(ctx), 0);
                List<Callable<Object>> both = new ArrayList<>();
                for (int t = 0; t < 2; t++) {
                    boolean reversed = t == 1;
                    both.add(() -> {
                        List<EntryPoint> eps = new ArrayList<>(ctx.entryPoints());
                        if (reversed) java.util.Collections.reverse(eps);
                        for (int round = 0; round < 2; round++) {
                            for (EntryPoint ep : eps) assertAnswered(memo, ctx.reach(ep, ReachScope.WHOLE_REQUEST), "");
                        }
                        return null;
                    });
                }
                for (Future<Object> f : pool.invokeAll(both)) f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static void assertAnswered(CallMemo<String> memo, RequestReach walk, String where) {
        for (int i = 0; i < walk.calls().size(); i++) {
            assertThat(memo.of(walk, i)).as(where + " " + walk.entryPoint().id() + " #" + i)
                    .isEqualTo(DESCRIBED.apply(walk.calls().get(i).edge()));
        }
    }

    /** What numbers the context's walks: taken from a walk, as the memos the context makes take it. */
    private static Object numberingOf(RuleContext ctx) {
        return ctx.reach(ctx.entryPoints().get(0), ReachScope.WHOLE_REQUEST).numbering();
    }

    private static RuleContext contextOf(long seed) {
        RandomApp app = RandomApp.of(RandomApp.random(seed));
        AnalysisResult analysis = new AnalysisResult(List.of(), app.model(), app.graph(), null, List.of(), List.of());
        return new RuleContext(analysis, FakeOracle.edge(analysis), null);
    }
}
