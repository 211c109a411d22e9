package io.wanlint.rules.api;

import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.RoundTrips;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * What a run of the rules produced.
 *
 * @param findings    reported findings, configured and ordered (rule id, file, line)
 * @param suppressed  findings dropped by an in-code {@code @SuppressWarnings("wanlint…")}
 * @param diagnostics rules that failed on this input (the other rules still ran)
 * @param afterPatchesByEntryPoint every entry point's round trips (by id) once the patches of the
 *                    reported findings are applied
 * @param afterPatching the same for the patches of only some findings (those a patch was really
 *                    planned for: a declined patch saves nothing)
 * @param contributing per rule that went through {@link RuleContext#forEachEntryPoint} and did not fail,
 *                    the ids of the entry points whose step contributed (for {@link EntryPointReuse})
 */
public record RuleRun(List<Finding> findings, List<Finding> suppressed, List<Diagnostic> diagnostics,
                      Map<String, RoundTrips> afterPatchesByEntryPoint, AfterPatching afterPatching,
                      Map<String, java.util.Set<String>> contributing) {
    public RuleRun {
        findings = List.copyOf(findings);
        suppressed = List.copyOf(suppressed);
        diagnostics = List.copyOf(diagnostics);
        afterPatchesByEntryPoint = Map.copyOf(afterPatchesByEntryPoint);
        contributing = Map.copyOf(contributing);
    }

    public RuleRun(List<Finding> findings, List<Finding> suppressed, List<Diagnostic> diagnostics,
                   Map<String, RoundTrips> afterPatchesByEntryPoint, AfterPatching afterPatching) {
        this(findings, suppressed, diagnostics, afterPatchesByEntryPoint, afterPatching, Map.of());
    }

    public RuleRun(List<Finding> findings, List<Finding> suppressed, List<Diagnostic> diagnostics,
                   Map<String, RoundTrips> afterPatchesByEntryPoint) {
        this(findings, suppressed, diagnostics, afterPatchesByEntryPoint, AfterPatching.fixed(afterPatchesByEntryPoint));
    }

    /** Every entry point's round trips (by id) once the patches of the findings {@code patched} accepts are applied. */
    @FunctionalInterface
    public interface AfterPatching {
        Map<String, RoundTrips> of(Predicate<Finding> patched);

        /** The same figures whatever is patched (for runs made without the patches' effects). */
        static AfterPatching fixed(Map<String, RoundTrips> figures) { return patched -> figures; }
    }
}
