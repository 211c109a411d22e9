package io.wanlint.engine;

import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.cache.InputDigest;
import io.wanlint.analyzer.cache.KeyDigest;
import io.wanlint.analyzer.cache.SideEntry;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.Patch;
import io.wanlint.refactorings.api.PlanMemory;
import io.wanlint.refactorings.api.PlanReads;
import io.wanlint.refactorings.api.RefactoringContext;
import io.wanlint.refactorings.api.Refactorings;
import io.wanlint.refactorings.api.TextEdit;

import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Each finding's plan, kept in the {@code --cache} folder with what planning it read ({@link PlanReads}),
 * for a re-run whose whole-phase key ({@link RememberedPatches}) missed: a finding whose plan read
 * nothing that changed takes the plan instead of planning again (issue 22: after a one-line body edit
 * HELIUM V planned all 36 findings again, parsing the 17,000-line bean of two of them).
 *
 * <p>A plan is kept under a digest of its finding, every component of it (its location, message,
 * evidence and round trips are what the refactorings read of it), and is taken only when each read it
 * recorded is answered by this run's context with the same digest. A plan that read the analysis as a
 * whole ({@link PlanReads#opaque()}), or failed with an internal error, is not kept: it is planned
 * again. The entry as a whole is kept under the builds of the refactorings and of this class, the
 * refactorings asked and the analysed root (every path is relative to it). Verification is not kept
 * here: each plan is verified as a fresh one is, with javac's own remembered results.
 */
final class RememberedPlans implements PlanMemory {
    /** Bumped whenever the stored form changes. */
    static final int VERSION = 1;

    /** A change of a kept patch: an edit of {@code file} ({@code created} null) or its creation with text {@code created}. */
    record StoredChange(String file, String created, List<TextEdit> edits) {}

    record StoredPatch(String findingFingerprint, String ruleId, String title, List<StoredChange> changes, RoundTrips before, RoundTrips after) {}

    /** A read and the digest of its answer. */
    record StoredRead(PlanReads.Kind kind, String argument, String answer) {}

    /** A finding's plan: a patch, or the reason there is none. */
    record Entry(String finding, List<StoredRead> reads, StoredPatch patch, String reasonWithoutPatch) {}

    record Stored(int version, String salt, List<Entry> entries) {}

    private final String salt;
    private final Map<String, Entry> kept;
    /** The entries of this run's findings, taken or made, by finding digest. */
    private final Map<String, Entry> now = new ConcurrentHashMap<>();
    /** This run's context's answers, by read: many plans read the same file or model. */
    private final Map<PlanReads.Read, String> answers = new ConcurrentHashMap<>();
    private final AtomicInteger taken = new AtomicInteger();

    private RememberedPlans(String salt, Map<String, Entry> kept) {
        this.salt = salt;
        this.kept = kept;
    }

    /** The cache entry's name next to the patches entry {@code patchesName}. */
    static String name(String patchesName) { return "plans-" + patchesName; }

    /** The plans kept in {@code cache} for this context and these refactorings (none when the entry is missing, damaged or foreign). */
    static RememberedPlans read(Path cache, String name, RefactoringContext context, Refactorings refactorings) {
        String salt = saltOf(context, refactorings);
        Map<String, Entry> kept = new LinkedHashMap<>();
        SideEntry.read(cache, name, w -> { }).flatMap(b -> RememberedPatches.decode(b, Stored.class))
                .filter(s -> s.version() == VERSION && s.salt().equals(salt))
                .ifPresent(s -> s.entries().forEach(e -> kept.put(e.finding(), e)));
        return new RememberedPlans(salt, kept);
    }

    /** This run's plans (the findings planned now), for the next run. */
    void write(Path cache, String name) {
        RememberedPatches.encode(new Stored(VERSION, salt, new ArrayList<>(now.values()))).ifPresent(bytes -> SideEntry.write(cache, name, bytes, w -> { }));
    }

    /** How many plans were taken instead of made. */
    int taken() { return taken.get(); }

    @Override public Optional<Refactorings.Planned> recall(Finding finding, RefactoringContext context) {
        String key = digest(RememberedRules.canonical(finding));
        Entry e = kept.get(key);
        if (e == null) return Optional.empty();
        for (StoredRead r : e.reads()) {
            if (!answer(new PlanReads.Read(r.kind(), r.argument()), context).equals(r.answer())) return Optional.empty();
        }
        now.put(key, e);
        taken.incrementAndGet();
        return Optional.of(new Refactorings.Planned(finding, Optional.ofNullable(e.patch()).map(RememberedPlans::patch), e.reasonWithoutPatch()));
    }

    @Override public void remember(Refactorings.Planned planned, PlanReads reads, RefactoringContext context) {
        if (reads.opaque().isPresent() || planned.internalError()) return;
        List<StoredRead> stored = new ArrayList<>();
        for (PlanReads.Read r : reads.reads()) stored.add(new StoredRead(r.kind(), r.argument(), answer(r, context)));
        String key = digest(RememberedRules.canonical(planned.finding()));
        now.put(key, new Entry(key, stored, planned.patch().map(RememberedPlans::stored).orElse(null), planned.reasonWithoutPatch()));
    }

    private String answer(PlanReads.Read read, RefactoringContext context) {
        return answers.computeIfAbsent(read, r -> digest(RememberedRules.canonical(context.answer(r))));
    }

    private static String saltOf(RefactoringContext context, Refactorings refactorings) {
        MessageDigest d = KeyDigest.sha256();
        KeyDigest.update(d, "root " + context.root().map(Path::toString).orElse("(none)"));
        for (var r : refactorings.all()) KeyDigest.update(d, "refactoring " + r.getClass().getName());
        for (Class<?> code : List.of(Refactorings.class, RememberedPlans.class, Finding.class)) {
            KeyDigest.update(d, "build " + code.getName() + " " + InputDigest.buildOf(code));
        }
        return HexFormat.of().formatHex(d.digest());
    }

    private static String digest(String text) {
        MessageDigest d = KeyDigest.sha256();
        KeyDigest.update(d, text);
        return HexFormat.of().formatHex(d.digest());
    }

    private static StoredPatch stored(Patch p) {
        List<StoredChange> changes = new ArrayList<>();
        for (FileChange c : p.changes()) {
            if (c instanceof FileChange.Create create) changes.add(new StoredChange(create.file(), create.text(), List.of()));
            else if (c instanceof FileChange.Edit edit) changes.add(new StoredChange(edit.file(), null, edit.edits()));
        }
        return new StoredPatch(p.findingFingerprint(), p.ruleId(), p.title(), changes, p.before(), p.after());
    }

    private static Patch patch(StoredPatch s) {
        List<FileChange> changes = new ArrayList<>();
        for (StoredChange c : s.changes()) {
            changes.add(c.created() != null ? new FileChange.Create(c.file(), c.created()) : new FileChange.Edit(c.file(), c.edits()));
        }
        return new Patch(s.findingFingerprint(), s.ruleId(), s.title(), changes, s.before(), s.after());
    }
}
