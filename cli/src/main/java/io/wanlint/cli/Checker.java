package io.wanlint.cli;

import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.RuleDescriptor;

import java.util.List;
import java.util.Map;

/** Runs the rules over an analysis, for {@code wanlint check}. Wired by the rules module. */
public interface Checker {
    /**
     * @throws io.wanlint.analyzer.api.ConfigurationException on a bad configuration (exit code 2)
     */
    CheckRun check(Analysis analysis);

    /**
     * @param afterPatchesByEntryPoint round trips of each entry point (by id) once every patch is applied
     */
    record CheckRun(List<Finding> findings, List<RuleDescriptor> rules, Map<String, RoundTrips> afterPatchesByEntryPoint,
                    List<Diagnostic> diagnostics) {
        public CheckRun {
            findings = List.copyOf(findings);
            rules = List.copyOf(rules);
            afterPatchesByEntryPoint = Map.copyOf(afterPatchesByEntryPoint);
            diagnostics = List.copyOf(diagnostics);
        }

        public CheckRun(List<Finding> findings, List<RuleDescriptor> rules, Map<String, RoundTrips> afterPatchesByEntryPoint) {
            this(findings, rules, afterPatchesByEntryPoint, List.of());
        }

        public CheckRun withFindings(List<Finding> kept) {
            return new CheckRun(kept, rules, afterPatchesByEntryPoint, diagnostics);
        }
    }
}
