package io.wanlint.cli;

import picocli.CommandLine.Command;
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
    @Option(names = "--out", paramLabel = "DIR", description = "Write one patch per finding and wanlint.patch here.")
    Path outDir;

    @Option(names = "--rule", paramLabel = "ID", arity = "1..*", description = "Only fix findings of these rules.")
    List<String> ruleIds = List.of();

    @Option(names = "--apply", description = "Apply the patches to a clean git work tree.")
    boolean apply;

    FixCommand(Wiring wiring) { super(wiring); }

    @Override protected Optional<String> unavailable() {
        return wiring.fixer().isEmpty() ? Optional.of("wanlint fix is not available yet") : Optional.empty();
    }

    @Override protected ExitCode execute(Analysis analysis) {
        // The patch files carry the code as it is; the console lines name files and classes: escaped.
        PrintWriter out = new EscapingPrintWriter(spec.commandLine().getOut(), false);
        ExitCode code = wiring.fixer().orElseThrow().fix(analysis, new Fixer.FixRequest(outDir, ruleIds, apply), out, err());
        out.flush();
        return code;
    }
}
