package io.wanlint.cli;

import io.wanlint.engine.ExitCode;

import io.wanlint.analyzer.api.RuleDescriptor;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.Comparator;
import java.util.concurrent.Callable;

/** {@code wanlint rules}: the rules, their default severity and summary. */
@Command(name = "rules", mixinStandardHelpOptions = true, versionProvider = VersionInfo.class,
        description = "List the rules.", footer = ExitCode.PLAIN_HELP_FOOTER)
final class RulesCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    private final Wiring wiring;

    RulesCommand(Wiring wiring) { this.wiring = wiring; }

    @Override public Integer call() {
        if (wiring.rules().isEmpty()) {
            spec.commandLine().getErr().println("error: wanlint rules is not available yet");
            return ExitCode.USAGE.code();
        }
        PrintWriter out = spec.commandLine().getOut();
        for (RuleDescriptor r : wiring.rules().get().rules().stream().sorted(Comparator.comparing(RuleDescriptor::id)).toList()) {
            out.printf("%-7s %-36s %-8s %s%n", r.id(), r.name(), r.defaultSeverity().label(), r.summary());
        }
        out.flush();
        return ExitCode.OK.code();
    }
}
