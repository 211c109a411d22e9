package io.wanlint.engine;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.AnalyzedFile;
import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.ingest.ExtractionFolder;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.Patch;
import io.wanlint.refactorings.api.PatchSet;
import io.wanlint.refactorings.api.RefactoringContext;
import io.wanlint.refactorings.api.SourceText;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@code wanlint fix} does after compiling a patch: the patch is applied to a copy of the
 * analysed files in the run's temporary folder (files it does not touch are hard links where the
 * file system allows, never written), the copy analysed and checked again, as
 * {@code PatchAcceptanceTest} checks the fixtures: the finding must be gone, and one of its entry
 * points must go from the round trips the patch predicted before to those it predicted after.
 * When the re-analysis measures other round trips that are still fewer, the prediction is corrected
 * to them; a patch after which the finding stays, or its requests cost no less, is declined.
 *
 * <p>Cost is bounded: the copy is made once and each patch is applied to it and taken back, so
 * every re-analysis has the same input folder and a private analysis cache, and a patch that only
 * changes method bodies is analysed incrementally ({@code IncrementalUpdate}). Once
 * {@code budget} is spent, the remaining patches are marked unverified.
 */
final class PatchReanalysis implements AutoCloseable {
    /** How long a run may re-analyse patched copies; the rest of the patches are then unverified. */
    static final Duration DEFAULT_BUDGET = Duration.ofSeconds(300);

    /** What re-analysing a patched copy found about one patch. */
    sealed interface Outcome {
        /** The finding is gone and an entry point costs what the patch predicted. */
        record Delivered() implements Outcome {}

        /**
         * The finding is gone and an entry point costs fewer round trips than before, but not those
         * predicted: the patch's prediction becomes {@code before -> after}, and {@code note} says so
         * ({@code predicted 12 → 3, re-analysis measured 12 → 4}).
         */
        record Corrected(RoundTrips before, RoundTrips after, String note) implements Outcome {}

        /** The patch does not do what it is for; {@code reason} says what the re-analysis found. */
        record Declined(String reason) implements Outcome {}

        /** Not re-analysed, and why (the budget was spent, the copy could not be made). */
        record Unverified(String why) implements Outcome {}
    }

    private final Workbench workbench;
    private final Checker checker;
    private final Analysis original;
    private final RefactoringContext context;
    private final Map<String, RoundTrips> before;
    private final Duration budget;
    private long spentNanos;
    private ExtractionFolder folder;
    /** The one patched copy: every re-analysis reads the same folder, so the cache's slot is the same. */
    private Path copy;
    private Path cache;
    private int reanalyses;
    private int copies;
    /** Files of the copy that a patch replaced: links to the originals again when the patch is taken back. */
    private final java.util.Set<Path> replaced = new java.util.HashSet<>();

    PatchReanalysis(Workbench workbench, Checker checker, Analysis original, RefactoringContext context, Duration budget) {
        this.workbench = workbench;
        this.checker = checker;
        this.original = original;
        this.context = context;
        this.before = roundTrips(original);
        this.budget = budget;
    }

    /** The findings and the round trips per entry point of the application with these changes applied. */
    private record Reanalysed(List<Finding> findings, Map<String, RoundTrips> roundTrips) {}

    /** How many patched copies were analysed. */
    int reanalyses() { return reanalyses; }

    private Optional<String> budgetSpent() {
        if (spentNanos < budget.toNanos()) return Optional.empty();
        return Optional.of("re-analysis budget spent (" + budget.toSeconds() + " s on earlier patches; --reanalyse-budget SECONDS "
                + "gives more, --no-reanalyse skips it)");
    }

    /** The application with {@code changes} applied, analysed; the changes are taken back afterwards. */
    private Reanalysed reanalyse(List<FileChange> changes) throws IOException {
        long start = System.nanoTime();
        List<Path> written = new ArrayList<>();
        try {
            Path root = copy();
            apply(root, changes, written);
            AnalysisResult result = workbench.analyze(new AnalysisRequest(List.of(root), List.of(), AnalysisRequest.FrontEnd.AUTO),
                    cache, d -> { });
            workbench.awaitCacheWrites();
            reanalyses++;
            Analysis again = new Analysis(result, original.topology(), workbench.costs(result, original.topology()),
                    original.configuration());
            return new Reanalysed(checker.check(again).findings(), roundTrips(again));
        } finally {
            restore(written);
            spentNanos += System.nanoTime() - start;
        }
    }

    /**
     * Of the findings the combined patch fixes, those the application still has with every patch of
     * it applied and at no fewer round trips (a request served by two patched methods may keep a
     * cheaper finding: two façade calls that WAN001 proposes to merge), as {@code RULE key}; or,
     * when it could not be re-analysed, why.
     */
    Result<List<String>> stillThere(List<Patch> patches, List<Finding> fixed) {
        Optional<String> spent = budgetSpent();
        if (spent.isPresent()) return Result.failed(spent.get());
        try {
            List<Finding> again = reanalyse(PatchSet.of(patches).changes().values().stream().toList()).findings();
            return Result.of(fixed.stream().filter(f -> again.stream().anyMatch(g -> g.ruleId().equals(f.ruleId()) && g.key().equals(f.key())
                    && g.before().compareTo(f.before()) >= 0)).map(f -> f.ruleId() + " " + f.key()).toList());
        } catch (IOException | RuntimeException e) {
            return Result.failed("re-analysing it failed (" + e.getMessage() + ")");
        }
    }

    /** A value, or why there is none. */
    record Result<T>(Optional<T> value, String failure) {
        static <T> Result<T> of(T value) { return new Result<>(Optional.of(value), ""); }

        static <T> Result<T> failed(String why) { return new Result<>(Optional.empty(), why); }
    }

    /** What the re-analysis of the application with {@code patch} applied says about its promise for {@code finding}. */
    Outcome check(Finding finding, Patch patch) {
        Optional<String> spent = budgetSpent();
        if (spent.isPresent()) return new Outcome.Unverified(spent.get());
        Reanalysed again;
        try {
            again = reanalyse(patch.changes());
        } catch (IOException | RuntimeException e) {
            return new Outcome.Unverified("re-analysing it failed (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
        }
        if (again.findings().stream().anyMatch(g -> g.ruleId().equals(finding.ruleId()) && g.key().equals(finding.key()))) {
            return new Outcome.Declined("re-analysed with the patch applied, the application still has this finding");
        }
        if (finding.entryPoints().isEmpty()) return new Outcome.Delivered();
        Map<String, RoundTrips> after = again.roundTrips();
        List<String> measured = new ArrayList<>();
        List<String> cheaper = new ArrayList<>();
        for (String ep : finding.entryPoints()) {
            RoundTrips b = before.get(ep);
            RoundTrips a = after.get(ep);
            if (b == null || a == null) continue;
            if (b.equals(patch.before()) && a.equals(patch.after())) return new Outcome.Delivered();
            measured.add(ep + " " + b.formula() + " -> " + a.formula());
            if (a.compareTo(b) < 0) cheaper.add(ep);
        }
        if (measured.isEmpty()) return new Outcome.Delivered();
        // A fix that promises no saving (a session attribute made Serializable) is not there for round trips:
        // other figures only correct its prediction.
        if (patch.after().compareTo(patch.before()) >= 0) {
            List<String> known = finding.entryPoints().stream().filter(e -> before.containsKey(e) && after.containsKey(e)).toList();
            String ep = known.stream().filter(e -> before.get(e).equals(patch.before())).findFirst().orElse(known.get(0));
            return corrected(finding, patch, ep, after);
        }
        if (cheaper.isEmpty()) {
            return new Outcome.Declined("re-analysed with the patch applied, its requests cost " + String.join(", ", measured)
                    + " round trips: no fewer than before (predicted " + patch.before().formula() + " -> " + patch.after().formula() + ")");
        }
        // The entry point the prediction was made for (its "before" is the predicted one), else the one saving most.
        String ep = cheaper.stream().filter(e -> before.get(e).equals(patch.before())).findFirst()
                .orElseGet(() -> cheaper.stream().max(Comparator.comparing((String e) -> before.get(e)).thenComparing(e -> saving(e, after)))
                        .orElseThrow());
        return corrected(finding, patch, ep, after);
    }

    private Outcome corrected(Finding finding, Patch patch, String ep, Map<String, RoundTrips> after) {
        RoundTrips b = before.get(ep);
        RoundTrips a = after.get(ep);
        return new Outcome.Corrected(b, a, "predicted " + patch.before().formula() + " → " + patch.after().formula()
                + ", re-analysis measured " + b.formula() + " → " + a.formula()
                + (finding.entryPoints().size() > 1 ? " (" + ep + ")" : ""));
    }

    private long saving(String ep, Map<String, RoundTrips> after) { return before.get(ep).value() - after.get(ep).value(); }

    /** The analysed files (archive members excepted: their archive is linked) under a fresh folder, made once. */
    private Path copy() throws IOException {
        if (copy != null) return copy;
        if (folder == null) folder = ExtractionFolder.create();
        Path root = context.root().orElseThrow(() -> new IOException("no source folder was analysed"));
        Path target = folder.path().resolve("patched-" + copies++);
        for (AnalyzedFile f : original.result().files()) {
            if (f.path().contains("!/")) continue;
            Path to = target.resolve(f.path()).normalize();
            if (!to.startsWith(target)) continue;
            Files.createDirectories(to.getParent());
            link(root.resolve(f.path()), to);
        }
        Files.createDirectories(target);
        cache = folder.path().resolve("cache");
        copy = target;
        return copy;
    }

    private static void link(Path source, Path target) throws IOException {
        try {
            Files.createLink(target, source);
        } catch (IOException | UnsupportedOperationException e) {
            Files.copy(source, target);
        }
    }

    /** Writes the changes into the copy; {@code written} gets every file and folder that must be taken back. */
    private void apply(Path root, List<FileChange> changes, List<Path> written) throws IOException {
        for (FileChange change : changes) {
            Path target = root.resolve(change.file()).normalize();
            if (!target.startsWith(root)) throw new IOException(change.file() + " is outside the application");
            createFolders(root, target.getParent(), written);
            written.add(target);
            if (Files.exists(target)) replaced.add(target);
            // A hard link shares the original's bytes: it is replaced, never written through.
            Files.deleteIfExists(target);
            if (change instanceof FileChange.Create c) {
                Files.write(target, SourceText.created(c.file(), c.text()).encode(c.text()));
            } else if (change instanceof FileChange.Edit e) {
                SourceText text = context.read(e.file()).orElseThrow(() -> new IOException("cannot read " + e.file()));
                Files.write(target, text.encode(e.applyTo(text.text())));
            }
        }
    }

    /** Creates the missing folders down to {@code dir}, recording each (a new empty WEB-INF would change the next analysis). */
    private static void createFolders(Path root, Path dir, List<Path> written) throws IOException {
        List<Path> missing = new ArrayList<>();
        for (Path d = dir; d != null && d.startsWith(root) && !Files.exists(d); d = d.getParent()) missing.add(0, d);
        for (Path d : missing) {
            Files.createDirectory(d);
            written.add(d);
        }
    }

    /** Puts the copy back as the original: written files become links to the originals again, new files and folders go. */
    private void restore(List<Path> written) {
        Path root = context.root().orElse(null);
        Path base = copy;
        for (int i = written.size() - 1; i >= 0; i--) {
            Path p = written.get(i);
            try {
                if (Files.isDirectory(p)) {
                    Files.deleteIfExists(p);
                    continue;
                }
                Files.deleteIfExists(p);
                if (replaced.remove(p) && root != null) link(root.resolve(base.relativize(p).toString()), p);
            } catch (IOException e) {
                // The copy can no longer stand for the original: the next re-analysis makes a fresh one.
                copy = null;
            }
        }
    }

    private static Map<String, RoundTrips> roundTrips(Analysis analysis) {
        Map<String, RoundTrips> out = new LinkedHashMap<>();
        for (EntryPointCost c : analysis.costs().estimateAll()) out.put(c.entryPoint().id(), c.roundTrips());
        return out;
    }

    @Override public void close() {
        if (folder != null) folder.close();
    }
}
