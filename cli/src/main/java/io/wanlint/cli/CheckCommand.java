package io.wanlint.cli;

import io.wanlint.analyzer.api.ConfigurationException;
import io.wanlint.engine.Analysis;
import io.wanlint.engine.Checker;
import io.wanlint.engine.Engine;
import io.wanlint.engine.ExitCode;
import io.wanlint.engine.FailOn;
import io.wanlint.engine.Fixer;
import io.wanlint.engine.Gate;
import io.wanlint.engine.PatchOptions;
import io.wanlint.engine.Reporter;
import io.wanlint.engine.Reporters;
import io.wanlint.report.api.HtmlReport;
import io.wanlint.report.api.PatchIndex;
import io.wanlint.report.api.RuleHelpLinks;
import io.wanlint.report.api.ReportData;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
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

    @Option(names = "--ide-root", paramLabel = "DIR",
            description = "With --format html: the repository root as the report's readers have it (e.g. ~/src/shop); "
                    + "location links open files under it, so a report forwarded from CI opens in the reader's checkout "
                    + "(default: the analysed folder on this machine).")
    String ideRoot;

    @Option(names = "--source-root", paramLabel = "DIR",
            description = "With --format sarif: the folder artifact URIs are relative to (default: the root of the git work tree "
                    + "holding the analysed folder, else the analysed folder), as code scanning resolves them against the repository.")
    Path sourceRoot;

    @Option(names = "--help-base-uri", paramLabel = "URL",
            description = "Where wanlint's docs/ folder is published (e.g. https://github.com/ORG/wanlint/blob/v1.0/docs/): "
                    + "SARIF rules then link their page (helpUri URL/rules.md#wan003) and the tool its documentation "
                    + "(informationUri); the HTML report links each rule's page. Default: no links (SARIF still ships each rule's text).")
    String helpBaseUri;

    private RuleHelpLinks help = RuleHelpLinks.NONE;

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
        // With --cache, javac's results of patch verification are kept there too (issue 22).
        verification = verifyOptions.verification().withCache(cache);
        try {
            help = RuleHelpLinks.under(helpBaseUri);
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException("--help-base-uri: " + e.getMessage());
        }
    }

    @Override protected List<Path> extraInputs() { return baseline == null ? List.of() : List.of(baseline); }

    @Override protected Optional<String> unavailable() {
        if (wiring.checker().isEmpty()) return Optional.of("wanlint check is not available yet (the rules are not wired in)");
        return Optional.empty();
    }

    @Override protected ExitCode execute(Analysis analysis) throws IOException {
        Engine engine = wiring.engine();
        Engine.RulesOutcome rules = timedWithProgress("rules", () -> engine.rules(analysis, cache));
        // Said in --timings: the analysis is the one the rules last ran on, and their outcome came from the cache.
        if (rules.reused()) timed("rules: outcome reused from the cache", () -> null);
        Checker.CheckRun run = rules.run();
        shown(run.diagnostics()).forEach(d -> err().println(d));
        Path root = Engine.sourceRoot(paths);
        try {
            Gate.Outcome gated = new Gate(changedSince, baseline).apply(run.findings(), root);
            if (chatty()) gated.notes().forEach(err()::println);
            run = run.withFindings(gated.kept());
        } catch (ConfigurationException e) {
            err().println("error: " + e.getMessage());
            return ExitCode.USAGE;
        }
        Checker.CheckRun gated = run;
        // The patches `wanlint fix` would write (planned, not applied), in every format: SARIF fixes and
        // HTML previews show them, and every format says which findings have none and why. One line per
        // finding (--compact) shows no patch: planning and compiling them would be wasted.
        PatchOptions patchOptions = compact ? PatchOptions.NONE : new PatchOptions(true, verification, reanalyse);
        Engine.PatchesOutcome planned = timedWithProgress("patches", () -> engine.patchesOutcome(gated.findings(), analysis, patchOptions));
        // Said in --timings like the rules': the patches came from the cache, nothing was planned or compiled.
        if (planned.reused()) timed("patches: reused from the cache", () -> null);
        PatchIndex patches = planned.patches();
        Checker.CheckRun figured = engine.afterPatches(gated, patches, patchOptions);
        ReportData data = timedWithProgress("cost model", () -> Engine.reportData(analysis, figured, rules.costs()));
        Reporter.Options layout = new Reporter.Options(root, paths, ide.target, wiring.graphviz(), colour(), compact, sourceRoot, ideRoot, help);
        timed("report", () -> {
            emit(Reporters.builtIn().get(chosen.name()).render(data, patches, layout));
            return null;
        });
        return failOn.fails(run.findings()) ? ExitCode.FINDINGS : ExitCode.OK;
    }
}
