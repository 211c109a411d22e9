package io.wanlint.cli;

import io.wanlint.engine.Analysis;
import io.wanlint.engine.Checker;
import io.wanlint.engine.ExitCode;

import io.wanlint.report.api.PredictionReport;
import io.wanlint.report.api.ReportData;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code wanlint predict}: WAN round trips per entry point under a topology, with their latency, and
 * after the patches when the rules are wired in.
 */
@Command(name = "predict", mixinStandardHelpOptions = true, versionProvider = VersionInfo.class,
        description = "Predict the WAN round trips of every entry point.",
        footer = ExitCode.ANALYSIS_HELP_FOOTER)
final class PredictCommand extends AnalysisCommand {
    enum Format { text, json }

    @Option(names = "--format", paramLabel = "text|json",
            description = "The result's format (default: the one -o FILE's extension names, .json; else text).")
    Format format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Write the result to FILE instead of stdout (see --format).")
    Path output;


    PredictCommand(Wiring wiring) { super(wiring); }

    @Override protected Path output() { return output; }

    @Override protected void checkOptions() {
        format = FormatChoice.choose("predict", Format.class, format, Format.text, output);
    }

    @Override protected ExitCode execute(Analysis analysis) throws IOException {
        Checker.CheckRun run = wiring.checker().map(c -> c.check(analysis))
                .orElseGet(() -> new Checker.CheckRun(List.of(), List.of(), Map.of()));
        ReportData data = reportData(analysis, run);
        emit(format == Format.json ? PredictionReport.renderJson(data) : PredictionReport.renderText(data));
        return ExitCode.OK;
    }
}
