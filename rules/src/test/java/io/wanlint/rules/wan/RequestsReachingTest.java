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
            RandomApp app = RandomApp.of(RandomApp.random(seed));
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

    /**
     * With hundreds of entry points the index is made in parts: made ahead for some entry points in any
     * order and from two threads, or when first asked, every answer joins the parts as one pass in
     * entry-point order would, an entry point listed twice (the same object, or an equal copy in
     * another part) once, in its first place.
     */
    @Test
    void answersAsAMapPerMethodAcrossPartsWhateverWasPreparedAndByWhom() throws Exception {
        for (long seed = 1; seed <= 60; seed++) {
            Random r = RandomApp.random(seed);
            RandomApp app = RandomApp.of(r);
            List<MethodRef> methods = app.graph().nodes().stream().map(MethodNode::ref).toList();
            List<EntryPoint> eps = new java.util.ArrayList<>();
            int entries = 100 + r.nextInt(200);
            for (int i = 0; i < entries; i++) {
                int pick = r.nextInt(10);
                if (pick == 0 && !eps.isEmpty()) {
                    eps.add(eps.get(r.nextInt(eps.size())));
                } else if (pick == 1 && !eps.isEmpty()) {
                    EntryPoint earlier = eps.get(r.nextInt(eps.size()));
                    eps.add(new EntryPoint(earlier.id(), earlier.kind(), earlier.method(), earlier.component()));
                } else {
                    eps.add(new EntryPoint("/e" + i, EntryPoint.Kind.SERVLET, methods.get(r.nextInt(methods.size())),
                            r.nextBoolean() ? null : "C" + r.nextInt(9)));
                }
            }
            io.wanlint.analyzer.api.CallGraph graph = io.wanlint.analyzer.callgraph.FrozenCallGraph.of(
                    app.graph().nodes(), app.graph().edges(), eps, io.wanlint.analyzer.api.SourceFacts.NONE);
            AnalysisResult analysis = new AnalysisResult(List.of(), app.model(), graph, null, List.of(), List.of());
            RuleContext ctx = new RuleContext(analysis, FakeOracle.edge(analysis), null);
            Map<MethodRef, Map<EntryPoint, ReachedCall>> expected = plainIndex(ctx);
            RequestsReaching index = RequestsReaching.of(ctx);
            List<EntryPoint> ahead = new java.util.ArrayList<>(eps.subList(0, r.nextInt(eps.size())));
            java.util.Collections.shuffle(ahead, r);
            Thread other = new Thread(() -> ahead.subList(0, ahead.size() / 2).forEach(index::prepare));
            other.start();
            ahead.subList(ahead.size() / 2, ahead.size()).forEach(index::prepare);
            other.join();

            Set<MethodRef> asked = new LinkedHashSet<>(expected.keySet());
            asked.addAll(methods);
            for (MethodRef m : asked) {
                Map<EntryPoint, ReachedCall> want = expected.getOrDefault(m, Map.of());
                List<EntryPoint> got = index.of(m);
                assertThat(got).as("seed " + seed + " " + m).containsExactlyElementsOf(want.keySet());
                for (int i = 0; i < got.size(); i++) {
                    // The very object first listed, as the plain map keeps its first key.
                    EntryPoint first = want.keySet().stream().skip(i).findFirst().orElseThrow();
                    assertThat(got.get(i)).as("seed " + seed + " " + m).isSameAs(first);
                }
                for (EntryPoint ep : eps) {
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
