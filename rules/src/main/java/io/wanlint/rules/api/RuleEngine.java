package io.wanlint.rules.api;

import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.analyzer.api.Suppressions;
import io.wanlint.rules.config.Configuration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

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
        Map<Finding, Function<EntryPoint, PatchEffect>> patches = new LinkedHashMap<>();
        for (Rule rule : rules) {
            if (!cfg.enabled(rule.id())) continue;
            Severity severity = cfg.severityOf(rule.descriptor());
            Map<Finding, Function<EntryPoint, PatchEffect>> found = new LinkedHashMap<>();
            try {
                rule.check(ctx, found::put);
            } catch (RuntimeException e) {
                // One broken rule must not hide the others' findings; the user sees why it is missing.
                diagnostics.add(Diagnostic.error("", 0, "rule " + rule.id() + " failed and was skipped: " + e));
                continue;
            }
            found.forEach((f, patch) -> {
                if (cfg.excludes(f.location().file())) return;
                Finding configured = f.severity() == severity ? f : f.withSeverity(severity);
                if (index.suppresses(configured)) {
                    suppressed.add(configured);
                } else {
                    kept.add(configured);
                    patches.put(configured, patch);
                }
            });
        }
        kept.sort(ORDER);
        suppressed.sort(ORDER);
        return new RuleRun(kept, suppressed, diagnostics, afterPatches(analysis, oracle, patches));
    }

    /** Each entry point's round trips once the patches of every finding that names it are applied. */
    private static Map<String, RoundTrips> afterPatches(AnalysisResult analysis, RoundTripOracle oracle,
                                                        Map<Finding, Function<EntryPoint, PatchEffect>> patches) {
        Map<String, EntryPoint> byId = new LinkedHashMap<>();
        for (EntryPoint ep : analysis.callGraph().entryPoints()) byId.putIfAbsent(ep.id(), ep);
        Map<String, PatchEffect> effects = new LinkedHashMap<>();
        patches.forEach((finding, patch) -> {
            for (String id : finding.entryPoints()) {
                EntryPoint ep = byId.get(id);
                if (ep != null) effects.merge(id, patch.apply(ep), PatchEffect::and);
            }
        });
        Map<String, RoundTrips> after = new LinkedHashMap<>();
        for (EntryPoint ep : byId.values()) {
            PatchEffect e = effects.get(ep.id());
            after.put(ep.id(), e == null ? oracle.estimate(ep).roundTrips()
                    : oracle.estimate(ep, e.adjustment()).roundTrips().plus(e.extra()));
        }
        return after;
    }
}
