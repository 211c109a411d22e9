package io.wanlint.refactorings.api;

import io.wanlint.analyzer.api.Awaited;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.refactorings.dataaccess.MoveDataAccessBehindFacade;
import io.wanlint.refactorings.entity.AddDirtyFlag;
import io.wanlint.refactorings.entity.DeclareReadOnlyEntity;
import io.wanlint.refactorings.entity.IntroduceReadMostlyTwin;
import io.wanlint.refactorings.facade.DropEntityRemoteView;
import io.wanlint.refactorings.facade.IntroduceSessionFacade;
import io.wanlint.refactorings.jdbc.UsePreparedStatement;
import io.wanlint.refactorings.lookup.CacheHomeLookups;
import io.wanlint.refactorings.messaging.DeferExternalCallToMessageBean;
import io.wanlint.refactorings.session.MakeSessionStateSerializable;
import io.wanlint.refactorings.session.RestoreStatefulStateOnRollback;
import io.wanlint.refactorings.session.StoreSessionAttributeAfterChange;
import io.wanlint.refactorings.text.JavaSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The built-in refactorings, in one explicit list, and the planning of patches for a run's findings. */
public final class Refactorings {
    private final List<Refactoring> refactorings;

    public Refactorings(List<Refactoring> refactorings) { this.refactorings = List.copyOf(refactorings); }

    public static Refactorings builtIn() {
        return new Refactorings(List.of(
                new DeclareReadOnlyEntity(),
                new IntroduceReadMostlyTwin(),
                new UsePreparedStatement(),
                new MakeSessionStateSerializable(),
                new StoreSessionAttributeAfterChange(),
                new RestoreStatefulStateOnRollback(),
                new CacheHomeLookups(),
                new AddDirtyFlag(),
                new DeferExternalCallToMessageBean(),
                new IntroduceSessionFacade(),
                new DropEntityRemoteView(),
                new MoveDataAccessBehindFacade()));
    }

    /** The registered refactorings, in the order they are asked. */
    public List<Refactoring> all() { return refactorings; }

    /** The registered refactorings that declare findings of this rule among those they fix. */
    public List<Refactoring> fixing(String ruleId) {
        return refactorings.stream().filter(r -> r.fixes().rules().contains(ruleId)).toList();
    }

    /**
     * A finding and its patch, or why it has none.
     *
     * @param internalError the reason is wanlint's own failure (a refactoring threw, or planned
     *                      edits that do not apply), not a property of the code: reports show it so
     *                      that a missing patch is not read as "nothing to patch"
     * @param unverified    why the patch could not be compiled or re-analysed before it was shown ({@link PatchVerifier});
     *                      empty when it was, or when there is no patch. Reports show it as {@code unverified: …}
     * @param correction    when re-analysing the patched application measured other round trips than the refactoring
     *                      predicted (still fewer), what was predicted and measured: {@code predicted 12 → 3, re-analysis
     *                      measured 12 → 4}; the patch then carries the measured ones. Empty otherwise
     */
    public record Planned(Finding finding, Optional<Patch> patch, String reasonWithoutPatch, boolean internalError,
                          String unverified, String correction) {
        public Planned {
            reasonWithoutPatch = patch.isPresent() ? "" : reasonWithoutPatch;
            internalError = patch.isEmpty() && internalError;
            unverified = patch.isEmpty() || unverified == null ? "" : unverified;
            correction = patch.isEmpty() || correction == null ? "" : correction;
        }

        public Planned(Finding finding, Optional<Patch> patch, String reasonWithoutPatch, boolean internalError, String unverified) {
            this(finding, patch, reasonWithoutPatch, internalError, unverified, "");
        }

        public Planned(Finding finding, Optional<Patch> patch, String reasonWithoutPatch, boolean internalError) {
            this(finding, patch, reasonWithoutPatch, internalError, "");
        }

        public Planned(Finding finding, Optional<Patch> patch, String reasonWithoutPatch) {
            this(finding, patch, reasonWithoutPatch, false);
        }

        /** The same finding without its patch, because the patch failed a check: {@code why} is the reason shown. */
        public Planned declined(String why) { return new Planned(finding, Optional.empty(), why, false); }

        /** The same patch, marked as not verified, and why (added to an earlier mark). */
        public Planned unverified(String why) {
            return new Planned(finding, patch, "", false, unverified.isEmpty() ? why : unverified + "; " + why, correction);
        }

        /**
         * The same changes with the round trips re-analysis measured instead of the predicted ones,
         * and {@code note} saying both.
         */
        public Planned corrected(io.wanlint.analyzer.api.RoundTrips before, io.wanlint.analyzer.api.RoundTrips after, String note) {
            Optional<Patch> measured = patch.map(p -> new Patch(p.findingFingerprint(), p.ruleId(), p.title(), p.changes(), before, after));
            return new Planned(finding, measured, "", false, unverified, note);
        }

        /** The same finding without its patch, because showing or writing the patch failed. */
        public Planned failedWhile(String doing, Throwable e) {
            return new Planned(finding, Optional.empty(), Refactorings.internalError(doing, e), true);
        }
    }

    /** Rules whose fixes are there to save WAN round trips (WAN002's remote-view finding is structural). */
    private static final java.util.Set<String> ROUND_TRIP_FIXES = java.util.Set.of("WAN001", "WAN002", "WAN003", "WAN004",
            "WAN006", "WAN007");

    /**
     * A fix for a WAN rule that would make no request cheaper is not proposed: the rule then reports
     * "after" equal to "before" (never above), and says "no WAN saving" and why.
     */
    private static Optional<String> noWanSaving(Finding f) {
        if (!ROUND_TRIP_FIXES.contains(f.ruleId()) || f.subject() instanceof FindingSubject.EntityRemoteView) return Optional.empty();
        if (f.before().isZero() || f.after().compareTo(f.before()) < 0) return Optional.empty();
        return Optional.of("no WAN saving: the fix would not make any of its requests cheaper (" + f.before().formula()
                + " round trips either way)");
    }

    /** {@code internal error while planning (IndexOutOfBoundsException: start 680, end 644, length 17517)}. */
    public static String internalError(String doing, Throwable e) {
        String message = e.getMessage() == null || e.getMessage().isBlank() ? "" : ": " + e.getMessage().lines().findFirst().orElse("");
        return "internal error while " + doing + " (" + e.getClass().getSimpleName() + message + ")";
    }

    /**
     * A plan for every finding, in order; planning reads files but never writes. One finding's
     * failure (a refactoring that throws, a patch whose edits do not apply to the file) costs that
     * finding its patch, never the others theirs. The findings of one file are planned one after
     * another on one parse of each file they read ({@link JavaSource#sharing()}); each plan is the
     * one the finding gets planned alone.
     */
    public List<Planned> plan(List<Finding> findings, RefactoringContext context) {
        return plan(findings, context, PlanMemory.NONE);
    }

    private List<Planned> plan(List<Finding> findings, RefactoringContext context, PlanMemory memory) {
        Planned[] out = new Planned[findings.size()];
        for (List<Integer> group : byFile(findings)) {
            try (JavaSource.Sharing trees = JavaSource.sharing()) {
                for (int i : group) out[i] = planRemembered(findings.get(i), context, memory);
            }
        }
        return new ArrayList<>(java.util.Arrays.asList(out));
    }

    /** The findings' indexes by the file they are in, in the order of each file's first finding. */
    static List<List<Integer>> byFile(List<Finding> findings) {
        java.util.Map<String, List<Integer>> groups = new java.util.LinkedHashMap<>();
        for (int i = 0; i < findings.size(); i++) {
            groups.computeIfAbsent(String.valueOf(findings.get(i).location().file()), k -> new ArrayList<>()).add(i);
        }
        return List.copyOf(groups.values());
    }

    /**
     * The plans of {@link #plan} ({@code planned}) and the same plans as {@code verifier} leaves them
     * ({@code verified}, {@link PatchVerifier#verifyEach}).
     */
    public record Outcome(List<Planned> planned, List<Planned> verified) {
        public Outcome {
            planned = List.copyOf(planned);
            verified = List.copyOf(verified);
        }
    }

    /** Planning threads: one per core, as the parser and the rules have. */
    public static final int THREADS = Math.max(1, Runtime.getRuntime().availableProcessors());
    /** Planning walks syntax trees of large files as the parser does, on stacks as deep as the parser's. */
    private static final long PLANNING_STACK_BYTES = 64L << 20;

    /**
     * {@code verifier.verifyEach(plan(findings, context))}, the findings planned on {@code threads}
     * threads while the calling thread verifies each plan, in the findings' order, as soon as it is
     * made. A planning thread also works out ahead what verifying its patch will parse
     * ({@link PatchVerifier#prepare}); the calling thread, what every compile needs
     * ({@link PatchVerifier#prepareCompiles}). Every plan is the one {@link #plan} makes, and the
     * verifier sees the same plans in the same order, so the outcome is the single-threaded one
     * (issue 22: on HELIUM V the phase ran on one core while the other was idle); with one thread it
     * is made so. The findings of one file are one task, planned in order on one parse of the file
     * (as {@link #plan} does).
     */
    public Outcome planAndVerify(List<Finding> findings, RefactoringContext context, PatchVerifier verifier, int threads) {
        return planAndVerify(findings, context, verifier, threads, PlanMemory.NONE);
    }

    /**
     * {@link #planAndVerify(List, RefactoringContext, PatchVerifier, int)}, taking each plan {@code memory}
     * keeps for the finding and giving it every plan made (with what it read): a kept plan is the one
     * planning would make, as it read the same. Verification is as without memory.
     */
    public Outcome planAndVerify(List<Finding> findings, RefactoringContext context, PatchVerifier verifier, int threads, PlanMemory memory) {
        if (threads <= 1 || findings.size() <= 1) {
            verifier.prepareCompiles();
            List<Planned> planned = plan(findings, context, memory);
            return new Outcome(planned, verifier.verifyEach(planned));
        }
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(Math.min(threads, findings.size()), task -> {
            Thread thread = new Thread(null, task, "wanlint-planner", PLANNING_STACK_BYTES);
            thread.setDaemon(true);
            return thread;
        });
        try {
            List<java.util.concurrent.CompletableFuture<Planned>> futures = new ArrayList<>(findings.size());
            for (int i = 0; i < findings.size(); i++) futures.add(new java.util.concurrent.CompletableFuture<>());
            for (List<Integer> group : byFile(findings)) {
                pool.execute(() -> {
                    try (JavaSource.Sharing trees = JavaSource.sharing()) {
                        for (int i : group) {
                            try {
                                Planned p = planRemembered(findings.get(i), context, memory);
                                p.patch().ifPresent(verifier::prepare);
                                futures.get(i).complete(p);
                            } catch (RuntimeException | Error e) {
                                futures.get(i).completeExceptionally(e);
                            }
                        }
                    }
                });
            }
            // This thread's own work while the first plans are made.
            verifier.prepareCompiles();
            List<Planned> planned = new ArrayList<>(findings.size());
            List<Planned> verified = new ArrayList<>(findings.size());
            for (java.util.concurrent.Future<Planned> future : futures) {
                Planned p = Awaited.value(future, "planning patches");
                planned.add(p);
                verified.add(verifier.verified(p));
            }
            return new Outcome(planned, verified);
        } finally {
            pool.shutdownNow();
        }
    }

    /** The plan {@code memory} keeps for the finding, else one made now, recording its reads, and handed to {@code memory}. */
    private Planned planRemembered(Finding f, RefactoringContext context, PlanMemory memory) {
        if (memory == PlanMemory.NONE) return planOne(f, context);
        Optional<Planned> kept = memory.recall(f, context);
        if (kept.isPresent()) return kept.get();
        PlanReads reads = new PlanReads();
        Planned made = context.recording(reads, () -> planOne(f, context));
        memory.remember(made, reads, context);
        return made;
    }

    private Planned planOne(Finding f, RefactoringContext context) {
        // By each refactoring's declaration of the rules and subject types it fixes.
        List<Refactoring> handling = refactorings.stream().filter(x -> x.handles(f)).toList();
        if (handling.isEmpty()) return new Planned(f, Optional.empty(), "no refactoring for " + f.ruleId() + " yet");
        Optional<String> noSaving = noWanSaving(f);
        if (noSaving.isPresent()) return new Planned(f, Optional.empty(), noSaving.get());
        Optional<String> notPatchable = context.whyNotPatchable(f.location().file());
        if (notPatchable.isPresent()) return new Planned(f, Optional.empty(), notPatchable.get());
        // The first refactoring that produces a patch wins; when all decline, every reason is kept.
        List<String> reasons = new ArrayList<>();
        boolean failed = false;
        for (Refactoring r : handling) {
            PlanOutcome p;
            try {
                p = r.plan(f, context);
                if (p.patch().isPresent()) checkApplies(p.patch().get(), context);
            } catch (RuntimeException | StackOverflowError e) {
                // A refactoring that trips over unusual code must not cost the other findings their patches.
                String reason = internalError("planning", e);
                if (!reasons.contains(reason)) reasons.add(reason);
                failed = true;
                continue;
            }
            if (p.patch().isPresent()) {
                Patch planned = p.patch().get();
                Optional<String> hidden = hiddenCode(planned, context)
                        .or(() -> TagDeclaredComponents.whyNot(planned, f, context));
                if (hidden.isPresent()) {
                    reasons.add(hidden.get());
                    break;
                }
                return new Planned(f, p.patch(), "");
            }
            if (!p.reasonWithoutPatch().isEmpty() && !reasons.contains(p.reasonWithoutPatch())) reasons.add(p.reasonWithoutPatch());
        }
        return new Planned(f, Optional.empty(), reasons.isEmpty()
                ? "this case is not handled automatically (see wanlint explain " + f.ruleId() + ")" : String.join("; ", reasons), failed);
    }

    /** Why a patch must not be offered: a file it edits holds code that only unicode escapes reveal. */
    private static Optional<String> hiddenCode(Patch patch, RefactoringContext context) {
        for (FileChange change : patch.changes()) {
            if (!(change instanceof FileChange.Edit edit)) continue;
            Optional<String> escape = context.read(edit.file()).flatMap(t -> StructuralEscapes.first(t.text()));
            if (escape.isPresent()) {
                return Optional.of(edit.file() + " has a unicode escape that javac reads as structure (" + escape.get()
                        + "); a patch of the text as written could miss or break that code: fix it by hand");
            }
        }
        return Optional.empty();
    }

    /**
     * Applies the patch's edits to the files as read, so that a patch whose edits lie beyond its file
     * fails here, as this finding's planning error, instead of when the reports render it.
     *
     * @throws IllegalArgumentException when an edit does not apply
     */
    private static void checkApplies(Patch patch, RefactoringContext context) {
        for (FileChange c : patch.changes()) {
            if (c instanceof FileChange.Edit e) context.read(e.file()).ifPresent(t -> e.applyTo(t.text()));
        }
    }
}
