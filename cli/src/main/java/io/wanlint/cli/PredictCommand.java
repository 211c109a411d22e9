package io.wanlint.cli;

import io.wanlint.analyzer.api.DeploymentComparison;
import io.wanlint.report.api.DeploymentsReport;
import io.wanlint.report.api.HtmlReport;
import io.wanlint.report.api.PatchIndex;
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
    enum Format { text, json, html }

    @Option(names = "--format", paramLabel = "text|json|html",
            description = "The result's format (default: the one -o FILE's extension names, .json or .html; else text).")
    Format format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Write the result to FILE instead of stdout (see --format).")
    Path output;


    @Option(names = "--compare", arity = "0..1", split = ",", fallbackValue = "", paramLabel = "PRESETS|FILES",
            preprocessor = CompareValue.class,
            description = "Also compare topologies side by side: a comma-separated list of presets and topology files "
                    + "(default: every preset, " + "edge, centralized, edge-db, edge-cache). Per entry point, in total, for the "
                    + "median and the worst page: round trips, latency sensitivity (ms per ms of one-way delay) and latency, "
                    + "the best topology marked.")
    List<String> compare;

    @Option(names = "--keep-alive", description = "Browsers keep their connection open: a page request costs 1 round trip "
            + "instead of 2, under every compared topology (the header shows it).")
    boolean keepAlive;

    PredictCommand(Wiring wiring) { super(wiring); }

    @Override protected Path output() { return output; }

    /** The topologies of --compare, resolved before the analysis so that a wrong name fails fast. */
    private List<io.wanlint.analyzer.api.Topology> compared;

    @Override protected void checkOptions() {
        format = FormatChoice.choose("predict", Format.class, format, Format.text, output);
        if (compare != null) compared = DeploymentComparison.topologies(compare, keepAlive ? 1 : null);
        else if (keepAlive) throw new io.wanlint.analyzer.api.ConfigurationException("--keep-alive applies to --compare");
    }

    /**
     * {@code --compare app/}: the option's value is optional, and what follows it is the application to analyse, not a
     * topology, when it is neither a preset nor a topology file (then it is left for the PATH parameters).
     */
    static final class CompareValue implements picocli.CommandLine.IParameterPreprocessor {
        @Override public boolean preprocess(java.util.Stack<String> args, picocli.CommandLine.Model.CommandSpec spec,
                                            picocli.CommandLine.Model.ArgSpec arg, Map<String, Object> info) {
            if (args.isEmpty() || args.peek().startsWith("-")) return false;
            for (String v : args.peek().split(",")) {
                String lower = v.trim().toLowerCase(java.util.Locale.ROOT);
                if (io.wanlint.analyzer.api.Topologies.PRESETS.contains(lower) || lower.endsWith(".yaml") || lower.endsWith(".yml")
                        || lower.endsWith(".json")) {
                    return false;
                }
            }
            arg.setValue(new java.util.ArrayList<>(List.of("")));
            return true;
        }
    }

    @Override protected ExitCode execute(Analysis analysis) throws IOException {
        Checker.CheckRun run = wiring.checker().map(c -> c.check(analysis))
                .orElseGet(() -> new Checker.CheckRun(List.of(), List.of(), Map.of()));
        ReportData data = reportData(analysis, run);
        DeploymentComparison deployments = compared == null ? null : DeploymentComparison.of(analysis.result(), compared);
        emit(switch (format) {
            case json -> deployments == null ? PredictionReport.renderJson(data) : DeploymentsReport.renderJson(data, deployments);
            case html -> deployments == null ? html().render(data, PatchIndex.EMPTY) : html().render(data, PatchIndex.EMPTY, deployments);
            case text -> deployments == null ? PredictionReport.renderText(data)
                    : PredictionReport.renderText(data) + "\n" + DeploymentsReport.renderText(deployments);
        });
        return ExitCode.OK;
    }

    private HtmlReport html() { return new HtmlReport(null, paths, HtmlReport.Ide.NONE, wiring.graphviz()); }
}
