package io.wanlint.cli;

/** wanlint's process exit codes (docs/architecture.md §Command line and exit codes), documented in every command's {@code --help}. */
public enum ExitCode {
    /** Nothing at or above {@code --fail-on}. */
    OK(0),
    /** Findings at or above {@code --fail-on}. */
    FINDINGS(1),
    /** A usage or configuration error (bad option, missing path, bad topology file). */
    USAGE(2),
    /** Nothing could be analysed. */
    NOTHING_ANALYSED(3);

    /** The help footer; a constant so every {@code @Command} annotation can use it. */
    public static final String HELP_FOOTER = "%nExit codes:%n"
            + "  0  OK: nothing at or above --fail-on%n"
            + "  1  findings at or above --fail-on%n"
            + "  2  usage or configuration error%n"
            + "  3  nothing could be analysed%n";

    private final int code;

    ExitCode(int code) { this.code = code; }

    public int code() { return code; }
}
