package io.wanlint.rules.api;

import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.RoundTrips;
import java.util.List;
import java.util.Map;

/**
 * What a run of the rules produced.
 *
 * @param findings    reported findings, configured and ordered (rule id, file, line)
 * @param suppressed  findings dropped by an in-code {@code @SuppressWarnings("wanlint…")}
 * @param diagnostics rules that failed on this input (the other rules still ran)
 * @param afterPatchesByEntryPoint every entry point's round trips (by id) once the patches of the
 *                    reported findings are applied
 */
public record RuleRun(List<Finding> findings, List<Finding> suppressed, List<Diagnostic> diagnostics,
                      Map<String, RoundTrips> afterPatchesByEntryPoint) {
    public RuleRun {
        findings = List.copyOf(findings);
        suppressed = List.copyOf(suppressed);
        diagnostics = List.copyOf(diagnostics);
        afterPatchesByEntryPoint = Map.copyOf(afterPatchesByEntryPoint);
    }
}
