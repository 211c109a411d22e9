package io.wanlint.refactorings.api;

import io.wanlint.analyzer.api.Finding;


/**
 * One code or descriptor transformation that fixes a kind of finding (docs/style.md §Refactorings: a final class named
 * as a verb phrase). It plans edits as values and never writes: {@link PatchApplier} writes, and
 * {@link UnifiedDiffs} renders. Planning twice on the patched application plans nothing.
 */
public interface Refactoring {
    /**
     * The rules, and per rule the finding subjects, this refactoring fixes; {@link Refactorings}
     * offers it exactly those findings.
     */
    Fixes fixes();

    /** Whether this refactoring is one for this finding: by its declared {@link #fixes()}, never by its key. */
    default boolean handles(Finding finding) { return fixes().covers(finding); }

    /**
     * The patch for a finding, or the precise reason there is none (already fixed, no source, a code
     * shape this refactoring cannot move safely).
     */
    PlanOutcome plan(Finding finding, RefactoringContext context);
}
