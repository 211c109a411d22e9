package io.wanlint.cli;

import picocli.CommandLine.Command;

import java.util.Optional;

/** {@code wanlint predict}: WAN round trips per entry point, now and after patches. */
@Command(name = "predict", mixinStandardHelpOptions = true, versionProvider = VersionInfo.class,
        description = "Predict the WAN round trips of every entry point.",
        footer = ExitCode.HELP_FOOTER)
final class PredictCommand extends AnalysisCommand {
    PredictCommand(Wiring wiring) { super(wiring); }

    @Override protected Optional<String> unavailable() {
        return wiring.predictor().isEmpty() ? Optional.of("wanlint predict is not available yet") : Optional.empty();
    }

    @Override protected ExitCode execute(Analysis analysis) {
        var out = spec.commandLine().getOut();
        ExitCode code = wiring.predictor().orElseThrow().predict(analysis, out, err());
        out.flush();
        return code;
    }
}
