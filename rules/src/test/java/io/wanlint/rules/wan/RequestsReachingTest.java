package io.wanlint.rules.wan;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.rules.api.ReachScope;
import io.wanlint.rules.api.ReachedCall;
import io.wanlint.rules.api.RuleContext;
import io.wanlint.rules.testing.FakeOracle;
import io.wanlint.rules.testing.RandomApp;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The index of which entry points reach a method answers as the map per method from entry point to
 * first call it replaced (session 9): the same entry points in the same order, the same first calls,
 * an entry point's own method with no call unless a call comes back to it, an entry point listed twice
 * once — on random applications.
 */
class RequestsReachingTest {
    @Test
    void answersAsAMapPerMethodFromEntryPointToFirstCall() {
        for (long seed = 1; seed <= 300; seed++) {
            RandomApp app = RandomApp.of(new Random(seed));
            AnalysisResult analysis = new AnalysisResult(List.of(), app.model(), app.graph(), null, List.of(), List.of());
            RuleContext ctx = new RuleContext(analysis, FakeOracle.edge(analysis), null);
            Map<MethodRef, Map<EntryPoint, ReachedCall>> expected = plainIndex(ctx);
            RequestsReaching index = RequestsReaching.of(ctx);

            Set<MethodRef> methods = new LinkedHashSet<>(expected.keySet());
            for (MethodNode n : app.graph().nodes()) methods.add(n.ref());
            methods.add(MethodRef.of("app.Nowhere", "none"));
            for (MethodRef m : methods) {
                Map<EntryPoint, ReachedCall> want = expected.getOrDefault(m, Map.of());
                assertThat(index.of(m)).as("seed " + seed + " " + m).containsExactlyElementsOf(want.keySet());
                for (EntryPoint ep : ctx.entryPoints()) {
                    assertThat(index.via(ep, m)).as("seed " + seed + " " + m + " " + ep).isEqualTo(want.get(ep));
                }
            }
        }
    }

    /** The index as session 9 built it. */
    private static Map<MethodRef, Map<EntryPoint, ReachedCall>> plainIndex(RuleContext ctx) {
        Map<MethodRef, Map<EntryPoint, ReachedCall>> byMethod = new HashMap<>();
        for (EntryPoint ep : ctx.entryPoints()) {
            byMethod.computeIfAbsent(ep.method(), m -> new LinkedHashMap<>()).putIfAbsent(ep, null);
            for (ReachedCall rc : ctx.reach(ep, ReachScope.WHOLE_REQUEST).calls()) {
                byMethod.computeIfAbsent(rc.edge().to(), m -> new LinkedHashMap<>()).putIfAbsent(ep, rc);
            }
        }
        return byMethod;
    }
}
