package io.wanlint.analyzer.ingest;

import io.wanlint.analyzer.api.Diagnostic;
import java.util.List;

/**
 * The result of parsing one Java source: the (possibly partial) tree and what went wrong.
 *
 * @param unit        the parsed unit; its tree is empty or partial when the file does not parse
 * @param diagnostics syntax errors with file and line, or why the file could not be parsed at all
 */
public record ParsedJava(JavaUnit unit, List<Diagnostic> diagnostics) {
    public ParsedJava {
        diagnostics = List.copyOf(diagnostics);
    }

    /** True when the file parsed without problems. */
    public boolean clean() {
        return diagnostics.isEmpty();
    }
}
