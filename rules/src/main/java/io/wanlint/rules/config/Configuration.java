package io.wanlint.rules.config;

import io.wanlint.analyzer.api.PathGlob;
import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.rules.api.RuleSettings;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A project's wanlint configuration ({@code wanlint.yaml} or {@code wanlint.json}): which rules
 * run, at which severity, with which thresholds, under which topology, and which paths to ignore.
 * Loaded by {@link ConfigurationFiles}; {@link #DEFAULTS} when there is no file.
 *
 * @param disabledRules rule ids switched off
 * @param severities    severity overrides by rule id
 * @param topology      a preset name or a topology file (resolved against the configuration's
 *                      folder), or null for the command line's choice / the default {@code edge}
 * @param excludedPaths path patterns ({@link PathGlob}) whose files are neither analysed nor reported
 * @param source        the file it was read from, or null
 */
public record Configuration(Set<String> disabledRules, Map<String, Severity> severities, RuleSettings settings,
                            String topology, List<PathGlob> excludedPaths, String source) {
    public static final Configuration DEFAULTS =
            new Configuration(Set.of(), Map.of(), RuleSettings.DEFAULTS, null, List.of(), null);

    public Configuration {
        disabledRules = disabledRules == null ? Set.of() : Set.copyOf(disabledRules);
        severities = severities == null ? Map.of() : Map.copyOf(severities);
        if (settings == null) settings = RuleSettings.DEFAULTS;
        excludedPaths = excludedPaths == null ? List.of() : List.copyOf(excludedPaths);
    }

    public boolean enabled(String ruleId) { return !disabledRules.contains(ruleId); }

    /** The severity findings of this rule get: the override, else the rule's default. */
    public Severity severityOf(RuleDescriptor rule) {
        return severities.getOrDefault(rule.id(), rule.defaultSeverity());
    }

    public Optional<Severity> severityOverride(String ruleId) { return Optional.ofNullable(severities.get(ruleId)); }

    public boolean excludes(String file) {
        for (PathGlob g : excludedPaths) if (g.matches(file)) return true;
        return false;
    }

    /** The exclusion patterns as written, for {@code AnalysisRequest.excludes}. */
    public List<String> excludePatterns() {
        return excludedPaths.stream().map(PathGlob::pattern).toList();
    }
}
