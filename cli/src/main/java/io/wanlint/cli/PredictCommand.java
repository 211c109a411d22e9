package io.wanlint.cli;

import io.wanlint.report.api.PredictionReport;
import io.wanlint.report.api.ReportData;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * {@code wanlint predict}: WAN round trips per entry point under a topology, with their latency, and
 * after the patches when the rules are wired in.
 */
@Command(name = "predict", mixinStandardHelpOptions = true, versionProvider = VersionInfo.class,
        description = "Predict the WAN round trips of every entry point.",
        footer = ExitCode.HELP_FOOTER)
final class PredictCommand extends AnalysisCommand {
    enum Format { text, json }

    @Option(names = "--format", defaultValue = "text", description = "text or json (default: ${DEFAULT-VALUE}).")
    Format format;

    PredictCommand(Wiring wiring) { super(wiring); }

    @Override protected ExitCode execute(Analysis analysis) throws IOException {
        Checker.CheckRun run = wiring.checker().map(c -> c.check(analysis))
                .orElseGet(() -> new Checker.CheckRun(List.of(), List.of(), Map.of()));
        ReportData data = reportData(analysis, run);
        emit(format == Format.json ? PredictionReport.renderJson(data) : PredictionReport.renderText(data));
        return ExitCode.OK;
    }
}
