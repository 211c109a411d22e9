package io.wanlint.analyzer.api;

/**
 * Something the analysis could not do or had to guess: a file that does not parse, a descriptor
 * that declares a bean twice, a symbol that does not resolve. Diagnostics never abort a run.
 */
public record Diagnostic(Level level, SourceLocation location, String message) {
    public enum Level { ERROR, WARNING, INFO }

    public Diagnostic {
        if (level == null) level = Level.WARNING;
        if (location == null) location = SourceLocation.UNKNOWN;
        message = message == null ? "" : message;
    }

    public static Diagnostic error(String file, int line, String message) {
        return new Diagnostic(Level.ERROR, new SourceLocation(file, line), message);
    }

    public static Diagnostic warning(String file, int line, String message) {
        return new Diagnostic(Level.WARNING, new SourceLocation(file, line), message);
    }

    public static Diagnostic info(String file, int line, String message) {
        return new Diagnostic(Level.INFO, new SourceLocation(file, line), message);
    }

    /** The line printed for people; names and text from the analysed files are {@link VisibleText escaped}, line breaks too. */
    @Override public String toString() {
        String where = location.toString();
        return level.name().toLowerCase() + ": " + VisibleText.escape((where.isEmpty() ? "" : where + ": ") + message);
    }
}
