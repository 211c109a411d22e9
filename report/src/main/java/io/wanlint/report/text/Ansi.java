package io.wanlint.report.text;

import io.wanlint.analyzer.api.Severity;

/** ANSI styling that collapses to plain text when colour is off (pipes, NO_COLOR, --no-color). */
public record Ansi(boolean enabled) {
    private static final String RESET = "\u001b[0m";

    public String bold(String s) { return wrap("\u001b[1m", s); }

    public String dim(String s) { return wrap("\u001b[2m", s); }

    public String green(String s) { return wrap("\u001b[32m", s); }

    public String severity(Severity severity, String s) {
        return switch (severity) {
            case ERROR -> wrap("\u001b[1;31m", s);
            case WARNING -> wrap("\u001b[33m", s);
            case NOTE -> wrap("\u001b[36m", s);
        };
    }

    private String wrap(String code, String s) { return enabled ? code + s + RESET : s; }
}
