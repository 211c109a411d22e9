package io.wanlint.cli;

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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * {@code wanlint fix --reanalyse}: each patch applied to a copy of the analysed files in the run's
 * temporary folder (files the patch does not touch are hard links where the file system allows,
 * never written), the copy analysed and checked again: the finding must be gone and one of its
 * entry points must go from the round trips the patch promised before to those it promised after,
 * as {@code PatchAcceptanceTest} requires of the fixtures. A patch that breaks its promise is
 * declined with what the re-analysis found.
 */
final class PatchReanalysis implements AutoCloseable {
    private final Workbench workbench;
    private final Checker checker;
    private final Analysis original;
    private final RefactoringContext context;
    private final Map<String, RoundTrips> before;
    private ExtractionFolder folder;
    private int copies;

    PatchReanalysis(Workbench workbench, Checker checker, Analysis original, RefactoringContext context) {
        this.workbench = workbench;
        this.checker = checker;
        this.original = original;
        this.context = context;
        this.before = roundTrips(original);
    }

    /** The findings and the round trips per entry point of the application with these changes applied. */
    private record Reanalysed(List<Finding> findings, Map<String, RoundTrips> roundTrips) {}

    private Reanalysed reanalyse(Path copy) {
        AnalysisResult result = workbench.analyze(new AnalysisRequest(List.of(copy), List.of(), AnalysisRequest.FrontEnd.AUTO));
        Analysis again = new Analysis(result, original.topology(), workbench.costs(result, original.topology()), original.configuration());
        return new Reanalysed(checker.check(again).findings(), roundTrips(again));
    }

    /**
     * Of the findings the combined patch fixes, those the application still has with every patch of
     * it applied and at no fewer round trips (a request served by two patched methods may keep a
     * cheaper finding: two façade calls that WAN001 proposes to merge), as {@code RULE key}; or why
     * the re-analysis failed.
     */
    List<String> stillThere(List<Patch> patches, List<Finding> fixed) {
        Path copy;
        try {
            copy = patchedCopy(PatchSet.of(patches).changes().values().stream().toList());
        } catch (IOException | RuntimeException e) {
            return List.of("re-analysing it failed: cannot copy the application (" + e.getMessage() + ")");
        }
        try {
            List<Finding> again = reanalyse(copy).findings();
            return fixed.stream().filter(f -> again.stream().anyMatch(g -> g.ruleId().equals(f.ruleId()) && g.key().equals(f.key())
                    && g.before().compareTo(f.before()) >= 0)).map(f -> f.ruleId() + " " + f.key()).toList();
        } finally {
            delete(copy);
        }
    }

    /** What the re-analysis of the application with {@code patch} applied contradicts in its promise for {@code finding}, if anything. */
    Optional<String> brokenPromise(Finding finding, Patch patch) {
        Path copy;
        try {
            copy = patchedCopy(patch.changes());
        } catch (IOException | RuntimeException e) {
            return Optional.of("re-analysing it failed: cannot copy the application (" + e.getMessage() + ")");
        }
        try {
            Reanalysed again = reanalyse(copy);
            if (again.findings().stream().anyMatch(g -> g.ruleId().equals(finding.ruleId()) && g.key().equals(finding.key()))) {
                return Optional.of("re-analysed with the patch applied, the application still has this finding");
            }
            if (finding.entryPoints().isEmpty()) return Optional.empty();
            Map<String, RoundTrips> after = again.roundTrips();
            List<String> delivered = new ArrayList<>();
            for (String ep : finding.entryPoints()) {
                String d = before.get(ep) + " -> " + after.get(ep);
                if (d.equals(patch.before() + " -> " + patch.after())) return Optional.empty();
                delivered.add(ep + " " + d);
            }
            return Optional.of("re-analysed with the patch applied, its requests cost " + String.join(", ", delivered)
                    + " round trips, not the predicted " + patch.before() + " -> " + patch.after());
        } finally {
            delete(copy);
        }
    }

    /** Every analysed file (archive members excepted: their archive is copied) under a fresh folder, the patch applied. */
    private Path patchedCopy(List<FileChange> changes) throws IOException {
        if (folder == null) folder = ExtractionFolder.create();
        Path root = context.root().orElseThrow(() -> new IOException("no source folder was analysed"));
        Path copy = folder.path().resolve("patched-" + copies++);
        for (AnalyzedFile f : original.result().files()) {
            if (f.path().contains("!/")) continue;
            Path target = copy.resolve(f.path()).normalize();
            if (!target.startsWith(copy)) continue;
            Files.createDirectories(target.getParent());
            Path source = root.resolve(f.path());
            try {
                Files.createLink(target, source);
            } catch (IOException | UnsupportedOperationException e) {
                Files.copy(source, target);
            }
        }
        for (FileChange change : changes) {
            Path target = copy.resolve(change.file()).normalize();
            if (!target.startsWith(copy)) throw new IOException(change.file() + " is outside the application");
            Files.createDirectories(target.getParent());
            // A hard link shares the original's bytes: it is replaced, never written through.
            Files.deleteIfExists(target);
            if (change instanceof FileChange.Create c) {
                Files.write(target, SourceText.created(c.file(), c.text()).encode(c.text()));
            } else if (change instanceof FileChange.Edit e) {
                SourceText text = context.read(e.file()).orElseThrow(() -> new IOException("cannot read " + e.file()));
                Files.write(target, text.encode(e.applyTo(text.text())));
            }
        }
        return copy;
    }

    private static Map<String, RoundTrips> roundTrips(Analysis analysis) {
        Map<String, RoundTrips> out = new LinkedHashMap<>();
        for (EntryPointCost c : analysis.costs().estimateAll()) out.put(c.entryPoint().id(), c.roundTrips());
        return out;
    }

    private static void delete(Path copy) {
        try (Stream<Path> walk = Files.walk(copy)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException e) {
            // The run's temporary folder goes when the run ends.
        }
    }

    @Override public void close() {
        if (folder != null) folder.close();
    }
}
