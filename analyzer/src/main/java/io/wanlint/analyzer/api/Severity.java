package io.wanlint.analyzer.api;

import java.util.Locale;

/** Severity of a finding, ordered from least to most severe; spelled as SARIF levels. */
public enum Severity {
    NOTE, WARNING, ERROR;

    public String label() { return name().toLowerCase(Locale.ROOT); }

    public boolean atLeast(Severity other) { return compareTo(other) >= 0; }
}
