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
 * A finding the refactorings were asked about and that has no patch has an entry in
 * {@code withoutPatch} instead, saying why: the code's reason ({@code SeedDataServlet.isSeeded works
 * on the Connection con its caller opened …}, {@code no refactoring for WAN004 yet}) or wanlint's own
 * failure ({@code internal error while planning (…)}, also in {@code internalErrors}), which the
 * reports show as {@code no patch: …}; the rest of the report is unaffected. A finding in neither
 * map was not planned (no fixer is wired in, or a test's index): reports then say nothing either way.
 *
 * @param internalErrors the findings that lost their patch to an internal error, and why
 * @param withoutPatch   why each planned finding without a patch has none (internal errors included)
 * @param unverified     the findings whose patch could not be compiled before it was shown, and why
 *                       (no compiler in the runtime, code that does not compile unpatched,
 *                       {@code --no-verify}); reports show {@code unverified: …} next to the patch
 * @param corrections    the findings whose patch saves other round trips than its refactoring predicted, as
 *                       re-analysing the patched application measured them ({@code predicted 12 → 3,
 *                       re-analysis measured 12 → 4}); reports show it next to the patch
 */
public record PatchIndex(Map<String, FindingPatch> byFingerprint, Map<String, String> internalErrors,
                         Map<String, String> withoutPatch, Map<String, String> unverified, Map<String, String> corrections) {
    /** No patches: reports show none. */
    public static final PatchIndex EMPTY = new PatchIndex(Map.of());

    public PatchIndex {
        byFingerprint = byFingerprint == null ? Map.of() : Map.copyOf(byFingerprint);
        internalErrors = internalErrors == null ? Map.of() : Map.copyOf(internalErrors);
        Map<String, String> why = new HashMap<>(withoutPatch == null ? Map.of() : withoutPatch);
        why.putAll(internalErrors);
        withoutPatch = Map.copyOf(why);
        Map<String, String> patchedOnly = new HashMap<>(unverified == null ? Map.of() : unverified);
        patchedOnly.keySet().retainAll(byFingerprint.keySet());
        unverified = Map.copyOf(patchedOnly);
        Map<String, String> corrected = new HashMap<>(corrections == null ? Map.of() : corrections);
        corrected.keySet().retainAll(byFingerprint.keySet());
        corrections = Map.copyOf(corrected);
    }

    public PatchIndex(Map<String, FindingPatch> byFingerprint, Map<String, String> internalErrors, Map<String, String> withoutPatch,
                      Map<String, String> unverified) {
        this(byFingerprint, internalErrors, withoutPatch, unverified, Map.of());
    }

    public PatchIndex(Map<String, FindingPatch> byFingerprint, Map<String, String> internalErrors, Map<String, String> withoutPatch) {
        this(byFingerprint, internalErrors, withoutPatch, Map.of());
    }

    public PatchIndex(Map<String, FindingPatch> byFingerprint, Map<String, String> internalErrors) {
        this(byFingerprint, internalErrors, Map.of());
    }

    public PatchIndex(Map<String, FindingPatch> byFingerprint) { this(byFingerprint, Map.of()); }

    /** An index of patches given per finding (the fingerprint is computed here). */
    public static PatchIndex of(Map<Finding, FindingPatch> byFinding) { return of(byFinding, Map.of()); }

    /** An index of patches, and of the reasons some findings lost theirs to an internal error, given per finding. */
    public static PatchIndex of(Map<Finding, FindingPatch> byFinding, Map<Finding, String> internalErrors) {
        return of(byFinding, internalErrors, Map.of());
    }

    /**
     * An index of patches, of the findings that lost theirs to an internal error, and of why the
     * other planned findings have none, given per finding.
     */
    public static PatchIndex of(Map<Finding, FindingPatch> byFinding, Map<Finding, String> internalErrors,
                                Map<Finding, String> withoutPatch) {
        return of(byFinding, internalErrors, withoutPatch, Map.of());
    }

    /** As {@link #of(Map, Map, Map)}, with the findings whose patch is shown unverified, and why. */
    public static PatchIndex of(Map<Finding, FindingPatch> byFinding, Map<Finding, String> internalErrors,
                                Map<Finding, String> withoutPatch, Map<Finding, String> unverified) {
        return of(byFinding, internalErrors, withoutPatch, unverified, Map.of());
    }

    /** As {@link #of(Map, Map, Map, Map)}, with the findings whose patch's prediction re-analysis corrected, and how. */
    public static PatchIndex of(Map<Finding, FindingPatch> byFinding, Map<Finding, String> internalErrors,
                                Map<Finding, String> withoutPatch, Map<Finding, String> unverified, Map<Finding, String> corrections) {
        return new PatchIndex(byFingerprint(byFinding), byFingerprint(internalErrors), byFingerprint(withoutPatch),
                byFingerprint(unverified), byFingerprint(corrections));
    }

    private static <V> Map<String, V> byFingerprint(Map<Finding, V> byFinding) {
        Map<String, V> m = new HashMap<>();
        byFinding.forEach((f, v) -> m.put(Fingerprints.of(f), v));
        return m;
    }

    public Optional<FindingPatch> of(Finding finding) {
        return Optional.ofNullable(byFingerprint.get(Fingerprints.of(finding)));
    }

    /** Why the finding has no patch when that is an internal error, e.g. {@code internal error while planning (…)}. */
    public Optional<String> internalError(Finding finding) {
        return Optional.ofNullable(internalErrors.get(Fingerprints.of(finding)));
    }

    /**
     * Why the finding has no patch, whatever the cause (the code's, or an internal error); empty when
     * it has one or was not planned.
     */
    public Optional<String> whyNoPatch(Finding finding) {
        return Optional.ofNullable(withoutPatch.get(Fingerprints.of(finding)));
    }

    /**
     * Why the finding's patch is shown without having been compiled, as reports print it:
     * {@code unverified: this Java runtime has no compiler …}; empty when it was compiled (or has no patch).
     */
    public Optional<String> unverified(Finding finding) {
        return Optional.ofNullable(unverified.get(Fingerprints.of(finding))).map(why -> "unverified: " + why);
    }

    /**
     * How re-analysis corrected the finding's patch's prediction, as reports print it:
     * {@code prediction corrected: predicted 12 → 3, re-analysis measured 12 → 4}; empty when the
     * patch delivers what was predicted, was not re-analysed, or there is none.
     */
    public Optional<String> correction(Finding finding) {
        return Optional.ofNullable(corrections.get(Fingerprints.of(finding))).map(how -> "prediction corrected: " + how);
    }

    /** Whether the refactorings were asked about this finding: then it has a patch or a reason for none. */
    public boolean planned(Finding finding) {
        String fp = Fingerprints.of(finding);
        return byFingerprint.containsKey(fp) || withoutPatch.containsKey(fp);
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
