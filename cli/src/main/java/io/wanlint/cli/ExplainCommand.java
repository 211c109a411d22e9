package io.wanlint.cli;

import io.wanlint.engine.ExitCode;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code wanlint explain RULE|cost-model}: the long explanation page. */
@Command(name = "explain", mixinStandardHelpOptions = true, versionProvider = VersionInfo.class,
        description = "Explain a rule (WAN003) or the cost model (cost-model).", footer = ExitCode.PLAIN_HELP_FOOTER)
final class ExplainCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Parameters(paramLabel = "RULE|cost-model", description = "A rule id or cost-model.")
    String topic;

    private final Wiring wiring;

    ExplainCommand(Wiring wiring) { this.wiring = wiring; }

    @Override public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (wiring.rules().isEmpty()) {
            err.println("error: wanlint explain is not available yet");
            return ExitCode.USAGE.code();
        }
        Optional<String> page = wiring.rules().get().explain(topic);
        if (page.isEmpty()) {
            err.println("error: no rule or topic '" + topic + "' (see wanlint rules)");
            return ExitCode.USAGE.code();
        }
        PrintWriter out = spec.commandLine().getOut();
        out.print(page.get().endsWith("\n") ? page.get() : page.get() + "\n");
        out.flush();
        return ExitCode.OK.code();
    }
}
