package io.wanlint.engine;

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

    /** The help footer of {@code wanlint} and of the gates ({@code check}, {@code fix}): every code. */
    public static final String HELP_FOOTER = "%nExit codes:%n"
            + "  0  OK: nothing at or above --fail-on%n"
            + "  1  findings at or above --fail-on%n"
            + "  2  usage or configuration error%n"
            + "  3  nothing could be analysed%n";

    /**
     * The help footer of commands that analyse but never fail on findings ({@code predict},
     * {@code graph}, {@code baseline}): a script must not wait for a 1 that never comes.
     */
    public static final String ANALYSIS_HELP_FOOTER = "%nExit codes:%n"
            + "  0  OK%n"
            + "  2  usage or configuration error%n"
            + "  3  nothing could be analysed%n";

    /** The help footer of commands that analyse nothing ({@code rules}, {@code explain}). */
    public static final String PLAIN_HELP_FOOTER = "%nExit codes:%n"
            + "  0  OK%n"
            + "  2  usage error%n";

    private final int code;

    ExitCode(int code) { this.code = code; }

    public int code() { return code; }
}
