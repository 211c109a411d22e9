package io.wanlint.analyzer.ingest;

import io.wanlint.analyzer.api.Diagnostic;
import java.util.List;

/**
 * A scanned JSP and what went wrong while scanning it or compiling its code.
 *
 * @param unit        the page; its class may be partial or empty when the page's code does not parse
 * @param diagnostics malformed JSP constructs and Java syntax errors, with JSP line numbers
 */
public record ScannedJsp(JspUnit unit, List<Diagnostic> diagnostics) {
    public ScannedJsp {
        diagnostics = List.copyOf(diagnostics);
    }
}
