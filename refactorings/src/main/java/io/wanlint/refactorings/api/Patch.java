package io.wanlint.refactorings.api;

import io.wanlint.analyzer.api.RoundTrips;

import java.util.List;
import java.util.Objects;

/**
 * A refactoring's answer to one finding: the file changes that fix it, as values, and the WAN round
 * trips of the finding before and after. Nothing is written until {@link PatchApplier} applies it.
 *
 * @param findingFingerprint {@link io.wanlint.analyzer.api.Fingerprints#of} of the finding
 * @param title              what the patch does, e.g. {@code Declare entity Category read-only in jboss.xml}
 */
public record Patch(String findingFingerprint, String ruleId, String title, List<FileChange> changes,
                    RoundTrips before, RoundTrips after) {
    public Patch {
        Objects.requireNonNull(findingFingerprint, "findingFingerprint");
        Objects.requireNonNull(ruleId, "ruleId");
        changes = List.copyOf(changes);
        if (before == null) before = RoundTrips.ZERO;
        if (after == null) after = RoundTrips.ZERO;
    }

    /** The files the patch touches, in order. */
    public List<String> files() { return changes.stream().map(FileChange::file).distinct().toList(); }
}
