package io.wanlint.engine;

import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.report.api.PatchIndex;
import io.wanlint.report.api.ReportData;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a check found, and how the run ends.
 *
 * @param exitStatus  {@link ExitCode#OK}, {@link ExitCode#FINDINGS} (findings at or above fail-on),
 *                    {@link ExitCode#USAGE} or {@link ExitCode#NOTHING_ANALYSED} (then {@code problem} says why)
 * @param report      what the reporters render; empty when the run stopped before a report
 * @param patches     the planned patches by finding
 * @param failing     the reported findings at or above fail-on
 * @param diagnostics the analysis's and the rules' diagnostics
 * @param notes       lines for the user: cache warnings, what the baseline held back
 * @param problem     why the run stopped ({@code no such file or directory: x}); empty when it did not
 * @param sourceRoot  the folder report locations are relative to, or null
 */
public record CheckResult(ExitCode exitStatus, Optional<ReportData> report, PatchIndex patches, List<Finding> failing,
                          List<Diagnostic> diagnostics, List<String> notes, Optional<String> problem, Path sourceRoot,
                          List<Path> analysedPaths) {
    public CheckResult {
        Objects.requireNonNull(exitStatus, "exitStatus");
        Objects.requireNonNull(patches, "patches");
        failing = List.copyOf(failing);
        diagnostics = List.copyOf(diagnostics);
        notes = List.copyOf(notes);
        analysedPaths = List.copyOf(analysedPaths);
    }

    static CheckResult stopped(ExitCode status, String problem, List<Diagnostic> diagnostics, List<String> notes, List<Path> paths) {
        return new CheckResult(status, Optional.empty(), PatchIndex.EMPTY, List.of(), diagnostics, notes, Optional.of(problem), null, paths);
    }

    /** The reported findings (after the gate), in the analysis's order. */
    public List<Finding> findings() { return report.map(ReportData::findings).orElse(List.of()); }

    /** Every entry point with its round trips under the topology. */
    public List<EntryPointCost> entryPoints() { return report.map(ReportData::costs).orElse(List.of()); }

    /** The report in one format, laid out for a file. */
    public Optional<String> render(Reporter reporter) {
        return render(reporter, Reporter.Options.forFiles(sourceRoot, analysedPaths));
    }

    public Optional<String> render(Reporter reporter, Reporter.Options options) {
        return report.map(data -> reporter.render(data, patches, options));
    }
}
