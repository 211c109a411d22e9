package io.wanlint.rules.api;

import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.analyzer.api.Suppressions;
import io.wanlint.rules.config.Configuration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Runs the enabled rules over an analysis and returns their findings in a deterministic order
 * (rule id, file, line, then key): severities overridden, excluded paths and in-code suppressions
 * dropped. Rules run one after the other on the caller's thread; they share one {@link RuleContext},
 * so each entry point is walked once.
 */
public final class RuleEngine {
    private RuleEngine() {}

    public static final Comparator<Finding> ORDER = Comparator.comparing(Finding::ruleId)
            .thenComparing(f -> f.location().file())
            .thenComparingInt(f -> f.location().line())
            .thenComparing(Finding::key)
            .thenComparing(Finding::message);

    public static List<Finding> run(AnalysisResult analysis, RoundTripOracle oracle, Configuration config) {
        return check(analysis, oracle, config, Rules.builtIn()).findings();
    }

    public static RuleRun check(AnalysisResult analysis, RoundTripOracle oracle, Configuration config) {
        return check(analysis, oracle, config, Rules.builtIn());
    }

    /**
     * Runs {@code rules} (tests pass one rule; the CLI passes {@link Rules#builtIn()}); findings the
     * sources suppress ({@link AnalysisResult#suppressions()}) are returned apart.
     */
    public static RuleRun check(AnalysisResult analysis, RoundTripOracle oracle, Configuration config, List<Rule> rules) {
        Configuration cfg = config == null ? Configuration.DEFAULTS : config;
        Suppressions index = analysis.suppressions();
        RuleContext ctx = new RuleContext(analysis, oracle, cfg.settings());
        List<Finding> kept = new ArrayList<>();
        List<Finding> suppressed = new ArrayList<>();
        List<Diagnostic> diagnostics = new ArrayList<>();
        for (Rule rule : rules) {
            if (!cfg.enabled(rule.id())) continue;
            Severity severity = cfg.severityOf(rule.descriptor());
            List<Finding> found = new ArrayList<>();
            try {
                rule.check(ctx, found::add);
            } catch (RuntimeException e) {
                // One broken rule must not hide the others' findings; the user sees why it is missing.
                diagnostics.add(Diagnostic.error("", 0, "rule " + rule.id() + " failed and was skipped: " + e));
                continue;
            }
            for (Finding f : found) {
                if (cfg.excludes(f.location().file())) continue;
                Finding configured = f.severity() == severity ? f : f.withSeverity(severity);
                (index.suppresses(configured) ? suppressed : kept).add(configured);
            }
        }
        kept.sort(ORDER);
        suppressed.sort(ORDER);
        return new RuleRun(kept, suppressed, diagnostics);
    }
}
