package io.wanlint.analyzer.api;

/**
 * A place in the analysed application: a path relative to the analysed root (with {@code /}
 * separators; for archive members {@code app.ear!/web.war!/WEB-INF/web.xml}) and a 1-based line,
 * or 0 when unknown.
 */
public record SourceLocation(String file, int line) {
    public SourceLocation {
        file = file == null ? "" : file;
        if (line < 0) line = 0;
    }

    public static final SourceLocation UNKNOWN = new SourceLocation("", 0);

    @Override public String toString() { return line > 0 ? file + ":" + line : file; }
}
