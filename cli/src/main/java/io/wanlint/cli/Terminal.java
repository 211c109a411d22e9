package io.wanlint.cli;

/**
 * Facts about where output goes that decide colour: whether stdout is a terminal and whether the
 * {@code NO_COLOR} convention is set. Read once in {@link Main}; tests pass their own.
 */
public record Terminal(boolean interactive, boolean noColorRequested) {
    public static Terminal current() {
        String noColor = System.getenv("NO_COLOR");
        return new Terminal(System.console() != null, noColor != null && !noColor.isEmpty());
    }

    public boolean colour(boolean noColorFlag) { return interactive && !noColorRequested && !noColorFlag; }
}
