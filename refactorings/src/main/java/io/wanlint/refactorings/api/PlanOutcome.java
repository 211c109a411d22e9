package io.wanlint.refactorings.api;

import java.util.Objects;
import java.util.Optional;

/**
 * What planning one finding gave: a patch, or the precise reason there is none (the report prints
 * it next to the finding, so a user knows whether to wait, refactor by hand, or apply another patch
 * first).
 */
public record PlanOutcome(Optional<Patch> patch, String reasonWithoutPatch) {
    public PlanOutcome {
        Objects.requireNonNull(patch, "patch");
        reasonWithoutPatch = patch.isPresent() || reasonWithoutPatch == null ? "" : reasonWithoutPatch;
    }

    public static PlanOutcome of(Patch patch) { return new PlanOutcome(Optional.of(patch), ""); }

    /** No patch, and why: e.g. {@code the response is written between the EJB calls (line 34)}. */
    public static PlanOutcome declined(String why) { return new PlanOutcome(Optional.empty(), why); }

    /** A patch when present, else {@link #declined} with the given reason. */
    public static PlanOutcome ofNullable(Optional<Patch> patch, String whyNot) {
        return patch.map(PlanOutcome::of).orElseGet(() -> declined(whyNot));
    }
}
