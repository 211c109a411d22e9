package io.wanlint.engine;

import io.wanlint.analyzer.api.WanCostModel;
import io.wanlint.rules.api.RoundTripOracle;
import io.wanlint.rules.api.RuleEngine;
import io.wanlint.rules.api.RuleRun;
import io.wanlint.rules.api.Rules;

/** {@code wanlint check} over the built-in rules, configured by the run's {@code wanlint.yaml}. */
public final class RuleChecker implements Checker {
    @Override public CheckRun check(Analysis analysis) {
        var result = analysis.result();
        WanCostModel costs = analysis.costs().model().orElseGet(() ->
                WanCostModel.of(result.model(), result.callGraph(), analysis.topology(), result.transactions()));
        RoundTripOracle oracle = RoundTripOracle.of(costs);
        RuleRun run = RuleEngine.check(result, oracle, analysis.configuration());
        return new CheckRun(run.findings(), Rules.descriptors(), run.afterPatchesByEntryPoint(), run.diagnostics(),
                patched -> run.afterPatching().of(patched));
    }
}
