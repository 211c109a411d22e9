package io.wanlint.analyzer.api;

import java.util.List;

/**
 * A rule violation (docs/rules.md §Catalogue, docs/json-report.md §Check report): the rule, the location, the entry points that reach it, the
 * evidence chain from an entry point to the offending call, and the WAN round trips it causes now
 * and after its patch.
 *
 * @param subject what the finding is about (an entity, a use case, a method, a call site); without
 *                one, the location's class and method ({@link FindingSubject.Place})
 */
public record Finding(String ruleId, Severity severity, String message, FindingLocation location,
                      List<String> entryPoints, List<EvidenceStep> evidence,
                      RoundTrips before, RoundTrips after, FindingSubject subject) {
    public Finding {
        entryPoints = entryPoints == null ? List.of() : List.copyOf(entryPoints);
        evidence = evidence == null ? List.of() : List.copyOf(evidence);
        if (before == null) before = RoundTrips.ZERO;
        if (after == null) after = RoundTrips.ZERO;
        if (subject == null) subject = new FindingSubject.Place(location.className(), location.method());
    }

    /**
     * The subject's identity string, which survives line shifts (e.g. {@code com.x.Servlet#doGet(...)->Book});
     * baselines and SARIF fingerprints are derived from it.
     */
    public String key() { return subject.key(); }

    public Finding withSeverity(Severity s) {
        return new Finding(ruleId, s, message, location, entryPoints, evidence, before, after, subject);
    }
}
