package io.wanlint.engine;

import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.Severity;

import java.util.List;
import java.util.Optional;

/**
 * The lowest severity that fails a run ({@code --fail-on}, the Maven plugin's {@code failOn});
 * {@code never} never fails. Constants are spelt as users type them.
 */
public enum FailOn {
    error(Severity.ERROR), warning(Severity.WARNING), note(Severity.NOTE), never(null);

    private final Severity threshold;

    FailOn(Severity threshold) { this.threshold = threshold; }

    /** The severity at or above which a finding fails the run; empty for {@code never}. */
    public Optional<Severity> threshold() { return Optional.ofNullable(threshold); }

    public boolean fails(Finding finding) { return threshold != null && finding.severity().atLeast(threshold); }

    public boolean fails(List<Finding> findings) { return findings.stream().anyMatch(this::fails); }
}
