package io.wanlint.cli;

import io.wanlint.analyzer.api.ConfigurationException;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.report.api.HtmlReport;
import io.wanlint.report.api.JsonReport;
import io.wanlint.report.api.PatchIndex;
import io.wanlint.report.api.ReportData;
import io.wanlint.report.api.SarifReport;
import io.wanlint.report.api.TextReport;
import io.wanlint.rules.baseline.Baseline;
import io.wanlint.rules.baseline.BaselineEntry;
import io.wanlint.rules.baseline.BaselineResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** {@code wanlint check}: run the rules, report the findings, fail the build at {@code --fail-on}. */
@Command(name = "check", mixinStandardHelpOptions = true, versionProvider = VersionInfo.class,
        description = "Find the designs that multiply WAN round trips and report them.",
        footer = ExitCode.HELP_FOOTER)
final class CheckCommand extends AnalysisCommand {
    enum Format { text, json, sarif, html }

    /** The editor that the HTML report's location links open. */
    enum Ide {
        vscode(HtmlReport.Ide.VSCODE), idea(HtmlReport.Ide.IDEA), none(HtmlReport.Ide.NONE);

        private final HtmlReport.Ide target;

        Ide(HtmlReport.Ide target) { this.target = target; }
    }

    /** The lowest severity that fails the run; {@code never} never fails. */
    enum FailOn {
        error(Severity.ERROR), warning(Severity.WARNING), note(Severity.NOTE), never(null);

        private final Severity threshold;

        FailOn(Severity threshold) { this.threshold = threshold; }

        boolean fails(List<Finding> findings) {
            return threshold != null && findings.stream().anyMatch(f -> f.severity().atLeast(threshold));
        }
    }

    @Option(names = "--format", paramLabel = "text|json|sarif|html",
            description = "The result's format (default: the one -o FILE's extension names, .json, .sarif, .html; else text).")
    Format format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Write the result to FILE instead of stdout (see --format).")
    Path output;

    /** {@code --format}, else what {@code -o FILE}'s extension names, else text. */
    private Format chosen;

    @Option(names = "--fail-on", defaultValue = "error", paramLabel = "error|warning|note|never",
            description = "Exit with 1 when a finding has at least this severity (default: ${DEFAULT-VALUE}).")
    FailOn failOn;

    @Option(names = "--ide", defaultValue = "vscode", paramLabel = "vscode|idea|none",
            description = "With --format html: the editor that location links open (default: ${DEFAULT-VALUE}).")
    Ide ide;

    @Option(names = "--baseline", paramLabel = "FILE",
            description = "Report only findings that are not in this baseline (made by wanlint baseline); stale entries are listed on stderr.")
    Path baseline;

    @Option(names = "--changed-since", paramLabel = "GIT_REF",
            description = "Report only findings located in files changed since this git ref (committed, staged, unstaged or new).")
    String changedSince;

    @Option(names = "--compact",
            description = "Text only: one line per finding, worst first: PATH:LINE: SEVERITY WANxxx MESSAGE [N round trips].")
    boolean compact;
    @Mixin PatchVerifyOptions verifyOptions = new PatchVerifyOptions();

    private Fixer.Verification verification;

    @Option(names = "--reanalyse",
            description = "Re-analyse each previewed patch as wanlint fix does (off here: one analysis per patch): the reports "
                    + "then show a patch whose round trips differ from its prediction with the measured ones (patchCorrection).")
    boolean reanalyse;

    CheckCommand(Wiring wiring) { super(wiring); }

    @Override protected Path output() { return output; }

    @Override protected void checkOptions() {
        chosen = FormatChoice.choose("check", Format.class, format, Format.text, output);
        if (compact && chosen != Format.text) {
            throw new ConfigurationException("--compact is a text layout; it cannot be combined with --format " + chosen.name());
        }
        verification = verifyOptions.verification();
    }

    @Override protected List<Path> extraInputs() { return baseline == null ? List.of() : List.of(baseline); }

    @Override protected Optional<String> unavailable() {
        if (wiring.checker().isEmpty()) return Optional.of("wanlint check is not available yet (the rules are not wired in)");
        return Optional.empty();
    }

    @Override protected ExitCode execute(Analysis analysis) throws IOException {
        Checker.CheckRun run = timed("rules", () -> wiring.checker().orElseThrow().check(analysis));
        run.diagnostics().forEach(d -> err().println(d));
        try {
            run = run.withFindings(gate(run.findings()));
        } catch (ConfigurationException e) {
            err().println("error: " + e.getMessage());
            return ExitCode.USAGE;
        }
        Checker.CheckRun gated = run;
        // The patches `wanlint fix` would write (planned, not applied), in every format: SARIF fixes and
        // HTML previews show them, and every format says which findings have none and why.
        PatchIndex patches = timed("patches",
                () -> compact ? PatchIndex.EMPTY // one line per finding shows no patch: planning and compiling them would be wasted
                        : wiring.fixer().map(fixer -> fixer.previews(gated.findings(), analysis, verification,
                                reanalyse ? Optional.of(wiring.workbench()) : Optional.empty())).orElse(PatchIndex.EMPTY));
        // "After patches" counts the patches there are: a declined or unplanned one saves nothing.
        Checker.CheckRun figured = wiring.fixer().isPresent() && !compact ? gated.withPatchesOf(f -> patches.of(f).isPresent()) : gated;
        ReportData data = timed("cost model", () -> reportData(analysis, figured));
        timed("report", () -> {
            emit(switch (chosen) {
                case text -> compact ? new TextReport(colour()).renderCompact(data) : new TextReport(colour()).render(data, patches);
                case json -> JsonReport.render(data, patches);
                case sarif -> SarifReport.render(data, patches, sourceRoot());
                case html -> new HtmlReport(sourceRoot(), paths, ide.target, wiring.graphviz()).render(data, patches);
            });
            return null;
        });
        return failOn.fails(run.findings()) ? ExitCode.FINDINGS : ExitCode.OK;
    }

    /** What the CI gate looks at: findings in changed files only, and not in the baseline. */
    private List<Finding> gate(List<Finding> findings) {
        List<Finding> kept = findings;
        if (changedSince != null) {
            Path root = sourceRoot();
            if (root == null) throw new ConfigurationException("--changed-since needs a source folder, not an archive");
            ChangedFiles changed = ChangedFiles.since(changedSince, root);
            kept = kept.stream().filter(f -> changed.contains(root.resolve(f.location().file()))).toList();
        }
        if (baseline != null) {
            BaselineResult filtered = Baseline.read(baseline).filter(kept);
            PrintWriter err = err();
            if (!filtered.suppressed().isEmpty()) {
                err.println("baseline: " + filtered.suppressed().size() + " known finding(s) not reported");
            }
            for (BaselineEntry stale : filtered.staleEntries()) {
                err.println("baseline: stale entry " + stale.ruleId() + " " + stale.key() + " in " + stale.file()
                        + " (no longer found; regenerate the baseline)");
            }
            kept = filtered.newFindings();
        }
        return kept;
    }

    /** The folder report paths are relative to: the first analysed path when it is a folder (archives have no files to open). */
    private Path sourceRoot() {
        Path first = paths.get(0);
        return Files.isDirectory(first) ? first.toAbsolutePath().normalize() : null;
    }
}
