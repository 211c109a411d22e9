package io.wanlint.cli;

import io.wanlint.engine.ExitCode;

import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;

/**
 * wanlint's entry point. {@link #main} is the only place that calls {@code System.exit};
 * {@link #mainWithoutExit} and {@link #run} let tests drive the whole command line.
 */
@Command(name = "wanlint", mixinStandardHelpOptions = true, versionProvider = VersionInfo.class,
        description = "Predicts the WAN round trips of J2EE / Java EE / Jakarta EE applications and proposes the patches that cut them.",
        footer = ExitCode.HELP_FOOTER)
public final class Main implements Callable<Integer> {
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(mainWithoutExit(args, System.out, System.err));
    }

    public static int mainWithoutExit(String[] args, PrintStream out, PrintStream err) {
        return run(args, out, err, Wiring.defaults());
    }

    /** Runs the command line with the given services: what tests inject, and what the lead wires. */
    public static int run(String[] args, PrintStream out, PrintStream err, Wiring wiring) {
        PrintWriter outWriter = new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), true);
        // Everything on stderr names files and classes of the analysed application: escaped in one place.
        PrintWriter errWriter = new EscapingPrintWriter(new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true), true);
        CommandLine cl = commandLine(wiring);
        cl.setOut(outWriter);
        cl.setErr(errWriter);
        try {
            return cl.execute(args);
        } catch (VirtualMachineError e) {
            // picocli lets Errors through: without this the JVM would print its stack trace to the user.
            reportInternalError("internal error", e, java.util.Arrays.asList(args).contains("--debug"), errWriter);
            return ExitCode.USAGE.code();
        } finally {
            outWriter.flush();
            errWriter.flush();
        }
    }

    static CommandLine commandLine(Wiring wiring) {
        CommandLine cl = new CommandLine(new Main());
        cl.addSubcommand(new CheckCommand(wiring));
        cl.addSubcommand(new FixCommand(wiring));
        cl.addSubcommand(new GraphCommand(wiring));
        cl.addSubcommand(new PredictCommand(wiring));
        cl.addSubcommand(new BaselineCommand(wiring));
        cl.addSubcommand(new RulesCommand(wiring));
        cl.addSubcommand(new ExplainCommand(wiring));
        // A bash/zsh completion script for wanlint's commands and options, printed to stdout:
        // source <(wanlint generate-completion)
        cl.addSubcommand(new picocli.AutoComplete.GenerateCompletion());
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setParameterExceptionHandler(Main::badCommandLine);
        // Plain help and usage errors: stderr shows every escape character as text (EscapingPrintWriter).
        cl.setColorScheme(CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            boolean debug = commandLine.getCommand() instanceof AnalysisCommand c && c.debug();
            reportInternalError("internal error", ex, debug, commandLine.getErr());
            return ExitCode.USAGE.code();
        });
        return cl;
    }

    /**
     * A command line picocli cannot parse (an unknown option, a bad value, a missing path): the
     * problem in one line and where to read more, not the whole help, which would push the one line
     * that matters off the screen.
     */
    private static int badCommandLine(CommandLine.ParameterException ex, String[] args) {
        CommandLine cl = ex.getCommandLine();
        PrintWriter err = cl.getErr();
        String message = ex.getMessage() == null ? "invalid command line" : ex.getMessage().lines().findFirst().orElse("");
        err.println(message);
        err.println("Try '" + cl.getCommandSpec().qualifiedName() + " --help' for more information.");
        err.flush();
        return ExitCode.USAGE.code();
    }

    /** One line on stderr; the stack trace only with {@code --debug}. */
    static void reportInternalError(String what, Throwable e, boolean debug, PrintWriter err) {
        String message = e instanceof StackOverflowError ? "code nested too deeply (a larger stack may help: WANLINT_JAVA_OPTS=-Xss64m)"
                : e instanceof OutOfMemoryError ? "out of memory (a larger heap may help: WANLINT_JAVA_OPTS=-Xmx4g)"
                : e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getSimpleName() : e.getMessage();
        err.println("error: " + what + ": " + message + (debug ? "" : " (run with --debug for details)"));
        if (debug) e.printStackTrace(EscapingPrintWriter.rawOf(err));
        err.flush();
    }

    /** {@code wanlint} alone: show the usage, as a usage error. */
    @Override public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCode.USAGE.code();
    }
}
