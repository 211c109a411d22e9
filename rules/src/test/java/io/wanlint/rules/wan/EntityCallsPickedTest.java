package io.wanlint.rules.wan;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Analyzer;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.Topologies;
import io.wanlint.analyzer.api.WanCostModel;
import io.wanlint.fixtures.Fixtures;
import io.wanlint.rules.api.ReachScope;
import io.wanlint.rules.api.RoundTripOracle;
import io.wanlint.rules.api.RuleContext;
import io.wanlint.rules.config.Configuration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * WAN009's pass over the calls it picks out of each request ahead of the rules reports what its pass over
 * every reached call reported (the old path, kept here as the oracle): on every fixture, the same findings
 * in the same order, with the same after-patch figures for each entry point they name.
 */
class EntityCallsPickedTest {
    private final CacheableReadMostlyEntity rule = new CacheableReadMostlyEntity();

    @Test
    void thePassOverThePickedCallsReportsWhatThePassOverEveryReachedCallReported() {
        int findings = 0;
        for (String app : Fixtures.APPLICATIONS) {
            RuleContext ctx = contextOf(app);
            List<Finding> picked = new ArrayList<>();
            List<Object> pickedEffects = new ArrayList<>();
            ctx.entryPoints().forEach(ep -> rule.prepare(ctx, ep));
            rule.check(ctx, (f, patch) -> {
                picked.add(f);
                f.entryPoints().forEach(id -> pickedEffects.add(effect(ctx, id, patch)));
            });
            List<Finding> every = new ArrayList<>();
            List<Object> everyEffects = new ArrayList<>();
            rule.check(ctx, (f, patch) -> {
                every.add(f);
                f.entryPoints().forEach(id -> everyEffects.add(effect(ctx, id, patch)));
            }, (c, ep) -> c.reach(ep, ReachScope.WHOLE_REQUEST).calls());

            assertThat(picked).as(app).isEqualTo(every);
            assertThat(pickedEffects).as(app).isEqualTo(everyEffects);
            findings += every.size();
        }
        // Some fixture has a read-mostly entity: the comparison is not of two empty lists.
        assertThat(findings).isPositive();
    }

    @Test
    void callsTheCheckDoesNothingWithAreLeftOut() {
        int left = 0;
        for (String app : Fixtures.APPLICATIONS) {
            RuleContext ctx = contextOf(app);
            for (var ep : ctx.entryPoints()) {
                for (var rc : ctx.reach(ep, ReachScope.WHOLE_REQUEST).calls()) {
                    if (!CacheableReadMostlyEntity.looksAt(ctx, rc.edge())) left++;
                }
            }
        }
        // Otherwise picking would save nothing and the test above would compare a pass with itself.
        assertThat(left).isPositive();
    }

    @Test
    void theJpaEntitiesByClassAreWhatTheModelSaysOfEveryClass() {
        int entities = 0;
        for (String app : Fixtures.APPLICATIONS) {
            RuleContext ctx = contextOf(app);
            var byClass = CacheableReadMostlyEntity.JpaEntityClasses.of(ctx).byClass();
            java.util.Set<String> classes = new java.util.LinkedHashSet<>();
            ctx.model().components().forEach(c -> classes.add(c.className()));
            ctx.graph().edges().forEach(e -> { if (e.to() != null) classes.add(e.to().className()); });
            for (String cls : classes) {
                if (cls == null) continue;
                var expected = ctx.model().byClass(cls)
                        .filter(c -> c.kind() == io.wanlint.analyzer.api.ComponentKind.JPA_ENTITY).orElse(null);
                assertThat(byClass.get(cls)).as(app + " " + cls).isSameAs(expected);
            }
            entities += byClass.size();
        }
        // Some fixture has JPA entities: the lookup is not only ever empty.
        assertThat(entities).isPositive();
    }

    private static Object effect(RuleContext ctx, String id,
                                 java.util.function.Function<io.wanlint.analyzer.api.EntryPoint, io.wanlint.rules.api.PatchEffect> patch) {
        return ctx.entryPoints().stream().filter(ep -> ep.id().equals(id)).findFirst()
                .map(ep -> {
                    io.wanlint.rules.api.PatchEffect e = patch.apply(ep);
                    // As the engine figures a patched request: its estimate with the patch, plus the calls it adds.
                    return (Object) ctx.oracle().estimate(ep, e.adjustment()).roundTrips().plus(e.extra());
                }).orElse("none");
    }

    /** A fixture analysed, with the rules' context under the edge preset and default settings. */
    private static RuleContext contextOf(String app) {
        AnalysisResult result = Analyzer.analyze(AnalysisRequest.of(Fixtures.app(app)));
        return new RuleContext(result, RoundTripOracle.of(WanCostModel.of(result.model(), result.callGraph(),
                Topologies.preset("edge"), result.transactions())), Configuration.DEFAULTS.settings());
    }
}
