package io.wanlint.rules.testing;

import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.rules.api.Rule;
import io.wanlint.rules.api.RuleEngine;
import io.wanlint.rules.api.RuleRun;
import io.wanlint.rules.config.Configuration;
import java.util.List;

/** Runs one rule through the engine, as {@code wanlint check} would. */
public final class Checks {
    private Checks() {}

    public static List<Finding> edge(Rule rule, AnalysisResult analysis) {
        return run(rule, analysis, FakeOracle.edge(analysis), Configuration.DEFAULTS);
    }

    public static List<Finding> centralized(Rule rule, AnalysisResult analysis) {
        return run(rule, analysis, FakeOracle.centralized(analysis), Configuration.DEFAULTS);
    }

    public static List<Finding> run(Rule rule, AnalysisResult analysis, FakeOracle oracle, Configuration config) {
        RuleRun run = RuleEngine.check(analysis, oracle, config, List.of(rule));
        if (!run.diagnostics().isEmpty()) throw new AssertionError("rule failed: " + run.diagnostics());
        return run.findings();
    }
}
