package io.wanlint.report.api;

import io.wanlint.analyzer.api.Fingerprints;
import io.wanlint.analyzer.api.Finding;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The patches proposed for findings, keyed by {@link Fingerprints#of(Finding) fingerprint}, as
 * reports show them: SARIF {@code fixes} (from the replacements) and HTML patch previews (from the
 * unified diff). Reports never compute patches; the refactorings hand them over through this index.
 * A finding whose patch failed inside wanlint (planning threw, or its edits did not apply) has an
 * entry in {@code internalErrors} instead, which the reports show as
 * {@code no patch: internal error while planning (…)}: the rest of the report is unaffected.
 *
 * @param internalErrors why a finding has no patch, for findings that lost theirs to an internal error
 */
public record PatchIndex(Map<String, FindingPatch> byFingerprint, Map<String, String> internalErrors) {
    /** No patches: reports show none. */
    public static final PatchIndex EMPTY = new PatchIndex(Map.of());

    public PatchIndex {
        byFingerprint = byFingerprint == null ? Map.of() : Map.copyOf(byFingerprint);
        internalErrors = internalErrors == null ? Map.of() : Map.copyOf(internalErrors);
    }

    public PatchIndex(Map<String, FindingPatch> byFingerprint) { this(byFingerprint, Map.of()); }

    /** An index of patches given per finding (the fingerprint is computed here). */
    public static PatchIndex of(Map<Finding, FindingPatch> byFinding) { return of(byFinding, Map.of()); }

    /** An index of patches, and of the reasons some findings lost theirs to an internal error, given per finding. */
    public static PatchIndex of(Map<Finding, FindingPatch> byFinding, Map<Finding, String> internalErrors) {
        Map<String, FindingPatch> m = new HashMap<>();
        byFinding.forEach((f, p) -> m.put(Fingerprints.of(f), p));
        Map<String, String> errors = new HashMap<>();
        internalErrors.forEach((f, why) -> errors.put(Fingerprints.of(f), why));
        return new PatchIndex(m, errors);
    }

    public Optional<FindingPatch> of(Finding finding) {
        return Optional.ofNullable(byFingerprint.get(Fingerprints.of(finding)));
    }

    /** Why the finding has no patch when that is an internal error, e.g. {@code internal error while planning (…)}. */
    public Optional<String> internalError(Finding finding) {
        return Optional.ofNullable(internalErrors.get(Fingerprints.of(finding)));
    }

    /**
     * One finding's patch.
     *
     * @param description what the patch does, e.g. {@code Move the JDBC calls behind the ViewItem façade}
     * @param edits       the text replacements per file (SARIF {@code artifactChanges}); may be empty
     *                    when only a diff is known
     * @param unifiedDiff the patch as {@code git apply} takes it; may be empty when only edits are known
     */
    public record FindingPatch(String description, List<FileEdit> edits, String unifiedDiff) {
        public FindingPatch {
            description = description == null ? "" : description;
            edits = edits == null ? List.of() : List.copyOf(edits);
            unifiedDiff = unifiedDiff == null ? "" : unifiedDiff;
        }
    }

    /**
     * The replacements in one file.
     *
     * @param file a path relative to the analysed root, {@code /}-separated (a new file is a file
     *             whose only replacement inserts at line 1, column 1)
     */
    public record FileEdit(String file, List<Replacement> replacements) {
        public FileEdit {
            Objects.requireNonNull(file, "file");
            replacements = List.copyOf(replacements);
        }
    }

    /**
     * Replace the text from ({@code startLine}, {@code startColumn}) up to, not including,
     * ({@code endLine}, {@code endColumn}) with {@code insertedText}. Lines and columns are 1-based;
     * columns count UTF-16 code units. Start equal to end is a pure insertion.
     */
    public record Replacement(int startLine, int startColumn, int endLine, int endColumn, String insertedText) {
        public Replacement {
            if (startLine < 1 || startColumn < 1 || endLine < startLine || (endLine == startLine && endColumn < startColumn)) {
                throw new IllegalArgumentException("bad region " + startLine + ":" + startColumn + "-" + endLine + ":" + endColumn);
            }
            insertedText = insertedText == null ? "" : insertedText;
        }
    }
}
