package io.wanlint.analyzer.api;

/**
 * The analysis ran out of memory in the named phase ({@code parse}, {@code call graph}, …): what
 * the CLI tells the user, with the largest input, instead of a bare "out of memory". Thrown once the
 * phase's data is unreachable, so that there is room to report it.
 */
public final class AnalysisOutOfMemoryError extends OutOfMemoryError {
    private final String phase;

    public AnalysisOutOfMemoryError(String phase, OutOfMemoryError cause) {
        super("out of memory in " + phase);
        this.phase = phase;
        initCause(cause);
    }

    public String phase() { return phase; }
}
