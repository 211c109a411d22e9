package io.wanlint.cli;

import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.report.api.JsonReport;
import io.wanlint.report.api.ReportData;
import io.wanlint.report.api.TextReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/** {@code wanlint check}: run the rules, report the findings, fail the build at {@code --fail-on}. */
@Command(name = "check", mixinStandardHelpOptions = true, versionProvider = VersionInfo.class,
        description = "Find the designs that multiply WAN round trips and report them.",
        footer = ExitCode.HELP_FOOTER)
final class CheckCommand extends AnalysisCommand {
    enum Format { text, json, sarif, html }

    /** The lowest severity that fails the run; {@code never} never fails. */
    enum FailOn {
        error(Severity.ERROR), warning(Severity.WARNING), note(Severity.NOTE), never(null);

        private final Severity threshold;

        FailOn(Severity threshold) { this.threshold = threshold; }

        boolean fails(List<Finding> findings) {
            return threshold != null && findings.stream().anyMatch(f -> f.severity().atLeast(threshold));
        }
    }

    @Option(names = "--format", defaultValue = "text", description = "text, json, sarif or html (default: ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = "--fail-on", defaultValue = "error", paramLabel = "error|warning|note|never",
            description = "Exit with 1 when a finding has at least this severity (default: ${DEFAULT-VALUE}).")
    FailOn failOn;

    CheckCommand(Wiring wiring) { super(wiring); }

    @Override protected Optional<String> unavailable() {
        if (wiring.checker().isEmpty()) return Optional.of("wanlint check is not available yet (the rules are not wired in)");
        if (format == Format.sarif || format == Format.html) {
            return Optional.of("--format " + format + " is not available yet");
        }
        return Optional.empty();
    }

    @Override protected ExitCode execute(Analysis analysis) throws IOException {
        Checker.CheckRun run = wiring.checker().orElseThrow().check(analysis);
        ReportData data = reportData(analysis, run);
        emit(format == Format.json ? JsonReport.render(data) : new TextReport(colour()).render(data));
        return failOn.fails(run.findings()) ? ExitCode.FINDINGS : ExitCode.OK;
    }
}
