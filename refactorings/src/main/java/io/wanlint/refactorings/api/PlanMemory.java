package io.wanlint.refactorings.api;

import io.wanlint.analyzer.api.Finding;

import java.util.Optional;

/**
 * Plans kept from an earlier run ({@link Refactorings#planAndVerify(java.util.List, RefactoringContext, PatchVerifier, int,
 * PlanMemory)}): a finding whose plan was made from reads the context answers the same now takes that plan
 * instead of planning again. Called from the planning threads.
 */
public interface PlanMemory {
    /** Keeps nothing: every finding is planned. */
    PlanMemory NONE = new PlanMemory() {
        @Override public Optional<Refactorings.Planned> recall(Finding finding, RefactoringContext context) { return Optional.empty(); }

        @Override public void remember(Refactorings.Planned planned, PlanReads reads, RefactoringContext context) { }
    };

    /** The plan kept for this finding, when everything it read is answered the same by {@code context}. */
    Optional<Refactorings.Planned> recall(Finding finding, RefactoringContext context);

    /** A plan just made, and what it read ({@link PlanReads#opaque()} when it cannot be kept). */
    void remember(Refactorings.Planned planned, PlanReads reads, RefactoringContext context);
}
