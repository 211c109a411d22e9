package io.wanlint.engine;

import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.RuleDescriptor;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/** Runs the rules over an analysis, for {@code wanlint check}. Wired by the rules module. */
public interface Checker {
    /**
     * @throws io.wanlint.analyzer.api.ConfigurationException on a bad configuration (exit code 2)
     */
    CheckRun check(Analysis analysis);

    /**
     * @param afterPatchesByEntryPoint round trips of each entry point (by id) once every patch is applied
     * @param afterPatching the same once the patches of only the findings a predicate accepts are applied
     */
    record CheckRun(List<Finding> findings, List<RuleDescriptor> rules, Map<String, RoundTrips> afterPatchesByEntryPoint,
                    List<Diagnostic> diagnostics, Function<Predicate<Finding>, Map<String, RoundTrips>> afterPatching) {
        public CheckRun {
            findings = List.copyOf(findings);
            rules = List.copyOf(rules);
            afterPatchesByEntryPoint = Map.copyOf(afterPatchesByEntryPoint);
            diagnostics = List.copyOf(diagnostics);
        }

        public CheckRun(List<Finding> findings, List<RuleDescriptor> rules, Map<String, RoundTrips> afterPatchesByEntryPoint,
                        List<Diagnostic> diagnostics) {
            this(findings, rules, afterPatchesByEntryPoint, diagnostics, patched -> afterPatchesByEntryPoint);
        }

        public CheckRun(List<Finding> findings, List<RuleDescriptor> rules, Map<String, RoundTrips> afterPatchesByEntryPoint) {
            this(findings, rules, afterPatchesByEntryPoint, List.of());
        }

        public CheckRun withFindings(List<Finding> kept) {
            return new CheckRun(kept, rules, afterPatchesByEntryPoint, diagnostics, afterPatching);
        }

        /** The run whose "after patches" figures count only the findings {@code patched} accepts. */
        public CheckRun withPatchesOf(Predicate<Finding> patched) {
            return new CheckRun(findings, rules, afterPatching.apply(patched), diagnostics, afterPatching);
        }
    }
}
