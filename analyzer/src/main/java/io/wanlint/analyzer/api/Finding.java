package io.wanlint.analyzer.api;

import java.util.List;

/**
 * A rule violation (docs/rules.md §Catalogue, docs/json-report.md §Check report): the rule, the location, the entry points that reach it, the
 * evidence chain from an entry point to the offending call, and the WAN round trips it causes now
 * and after its patch.
 *
 * @param key a rule-chosen identity that survives line shifts (e.g. {@code com.x.Servlet#doGet->Book});
 *            baselines and SARIF fingerprints are derived from it
 */
public record Finding(String ruleId, Severity severity, String message, FindingLocation location,
                      List<String> entryPoints, List<EvidenceStep> evidence,
                      RoundTrips before, RoundTrips after, String key) {
    public Finding {
        entryPoints = entryPoints == null ? List.of() : List.copyOf(entryPoints);
        evidence = evidence == null ? List.of() : List.copyOf(evidence);
        if (before == null) before = RoundTrips.ZERO;
        if (after == null) after = RoundTrips.ZERO;
        if (key == null) key = location.className() + "#" + location.method();
    }

    public Finding withSeverity(Severity s) {
        return new Finding(ruleId, s, message, location, entryPoints, evidence, before, after, key);
    }
}
