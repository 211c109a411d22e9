package io.wanlint.cli;

import io.wanlint.rules.baseline.Baseline;
import picocli.CommandLine.Command;

import java.io.IOException;
import java.util.Optional;

/** {@code wanlint baseline PATH -o FILE}: record today's findings so that {@code check --baseline} fails only on new ones. */
@Command(name = "baseline", mixinStandardHelpOptions = true, versionProvider = VersionInfo.class,
        description = "Write the current findings to a baseline file for check --baseline.",
        footer = ExitCode.HELP_FOOTER)
final class BaselineCommand extends AnalysisCommand {
    BaselineCommand(Wiring wiring) { super(wiring); }

    @Override protected Optional<String> unavailable() {
        if (wiring.checker().isEmpty()) return Optional.of("wanlint baseline is not available yet (the rules are not wired in)");
        if (output == null) return Optional.of("wanlint baseline needs -o FILE");
        return Optional.empty();
    }

    @Override protected ExitCode execute(Analysis analysis) throws IOException {
        Checker.CheckRun run = wiring.checker().orElseThrow().check(analysis);
        Baseline.of(run.findings()).write(output);
        err().println("baseline: " + run.findings().size() + " finding(s) written to " + output);
        return ExitCode.OK;
    }
}
