package io.wanlint.cli;

import io.wanlint.engine.Analysis;
import io.wanlint.engine.Fixer;
import io.wanlint.engine.ExitCode;

import io.wanlint.analyzer.api.ConfigurationException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** {@code wanlint fix}: one patch per finding plus a combined patch; {@code --apply} writes them. */
@Command(name = "fix", mixinStandardHelpOptions = true, versionProvider = VersionInfo.class,
        description = "Propose patches (dry run by default) with round trips before and after.",
        footer = ExitCode.HELP_FOOTER)
final class FixCommand extends AnalysisCommand {
    @Option(names = "--out", paramLabel = "DIR",
            description = "Write one patch per finding and wanlint.patch here (default: wanlint-patches in the current "
                    + "folder; when that is inside the analysed folder APP, APP-wanlint-patches beside it).")
    Path outDir;

    /**
     * Every other command's {@code -o FILE}: fix writes a folder of patches, so a user typing it is
     * told to use {@code --out DIR} instead of having it silently ignored. Hidden from the help.
     */
    @Option(names = {"-o", "--output"}, paramLabel = "FILE", hidden = true)
    Path misplacedOutput;

    @Option(names = "--rule", paramLabel = "ID", arity = "1..*", description = "Only fix findings of these rules.")
    List<String> ruleIds = List.of();

    @Option(names = "--apply", description = "Apply the patches to a clean git work tree.")
    boolean apply;

    @Mixin PatchVerifyOptions verifyOptions = new PatchVerifyOptions();

    @Option(names = "--reanalyse", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Analyse a temporary patched copy of the application for each patch and for the combined patch "
                    + "(on by default; --no-reanalyse skips it): a patch whose finding is still reported, or whose requests "
                    + "cost no fewer round trips, is declined; one that saves other round trips than predicted shows the measured ones.")
    boolean reanalyse = true;

    @Option(names = "--reanalyse-budget", paramLabel = "SECONDS", defaultValue = "300",
            description = "Stop re-analysing after this many seconds in all (default: ${DEFAULT-VALUE}); the remaining patches "
                    + "are marked 'unverified: re-analysis budget spent'.")
    long reanalyseBudgetSeconds = 300;

    private Fixer.Verification verification;

    /** {@code --out}, else {@link PatchFolder#byDefault}. */
    private Path chosenOut;

    FixCommand(Wiring wiring) { super(wiring); }

    @Override protected Optional<String> unavailable() {
        return wiring.fixer().isEmpty() ? Optional.of("wanlint fix is not available yet") : Optional.empty();
    }

    @Override protected void checkOptions() {
        if (misplacedOutput != null) {
            throw new ConfigurationException("wanlint fix writes its patches into a folder: use --out DIR, not -o "
                    + misplacedOutput);
        }
        verification = verifyOptions.verification().withCache(cache);
        if (reanalyseBudgetSeconds < 0) throw new ConfigurationException("--reanalyse-budget: not a number of seconds: " + reanalyseBudgetSeconds);
        if (outDir != null) {
            chosenOut = outDir;
            return;
        }
        PatchFolder folder = PatchFolder.byDefault(Path.of("").toAbsolutePath(), paths);
        if (folder.besideTheTree()) {
            err().println("note: the current folder is inside the analysed folder: the patches go to " + folder.folder()
                    + " (choose another with --out DIR)");
        }
        chosenOut = folder.folder();
    }

    @Override protected ExitCode execute(Analysis analysis) throws java.io.IOException {
        // The patch files carry the code as it is; the console lines name files and classes: escaped.
        PrintWriter out = new EscapingPrintWriter(spec.commandLine().getOut(), false);
        // Timed as one step: planning, compiling (see --no-verify) and writing the patches.
        ExitCode code = timed("patches", () -> wiring.fixer().orElseThrow().fix(analysis,
                new Fixer.FixRequest(chosenOut, ruleIds, apply, verification,
                reanalyse ? Optional.of(wiring.workbench()) : Optional.empty(), java.time.Duration.ofSeconds(reanalyseBudgetSeconds)),
                out, err()));
        out.flush();
        return code;
    }
}
