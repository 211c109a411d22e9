package io.wanlint.cli;

import io.wanlint.engine.Analysis;
import io.wanlint.engine.Checker;
import io.wanlint.engine.Engine;
import io.wanlint.engine.ExitCode;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/** {@code wanlint baseline PATH -o FILE}: record today's findings so that {@code check --baseline} fails only on new ones. */
@Command(name = "baseline", mixinStandardHelpOptions = true, versionProvider = VersionInfo.class,
        description = "Write the current findings to a baseline file for check --baseline.",
        footer = ExitCode.ANALYSIS_HELP_FOOTER)
final class BaselineCommand extends AnalysisCommand {
    @Option(names = {"-o", "--output"}, paramLabel = "FILE", required = true, description = "The baseline file to write.")
    Path output;

    BaselineCommand(Wiring wiring) { super(wiring); }

    @Override protected Path output() { return output; }

    @Override protected Optional<String> unavailable() {
        if (wiring.checker().isEmpty()) return Optional.of("wanlint baseline is not available yet (the rules are not wired in)");
        return Optional.empty();
    }

    @Override protected ExitCode execute(Analysis analysis) throws IOException {
        Checker.CheckRun run = wiring.checker().orElseThrow().check(analysis);
        emit(Engine.baselineJson(run.findings()));
        err().println("baseline: " + run.findings().size() + " finding(s) written to " + output);
        return ExitCode.OK;
    }
}
