package io.wanlint.cli;

import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.refactorings.api.Patch;
import io.wanlint.refactorings.api.PatchApplier;
import io.wanlint.refactorings.api.PatchSet;
import io.wanlint.refactorings.api.RefactoringContext;
import io.wanlint.refactorings.api.Refactorings;
import io.wanlint.refactorings.api.UnifiedDiffs;
import io.wanlint.report.api.PatchIndex;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code wanlint fix} over the built-in refactorings: runs the rules, plans a patch per finding,
 * writes {@code <ruleId>-<n>-<short>.patch} files and a combined {@code wanlint.patch}, prints what
 * each patch buys, and with {@code --apply} hands the patches to {@link PatchApplier}.
 */
final class RefactoringFixer implements Fixer {
    static final String COMBINED = "wanlint.patch";

    private final Checker checker;
    private final Refactorings refactorings;

    RefactoringFixer(Checker checker, Refactorings refactorings) {
        this.checker = checker;
        this.refactorings = refactorings;
    }

    @Override public PatchIndex previews(List<Finding> findings, AnalysisResult result) {
        return ReportPatches.of(findings, result, refactorings);
    }

    @Override public ExitCode fix(Analysis analysis, FixRequest request, PrintWriter out, PrintWriter err) {
        List<Finding> findings = checker.check(analysis).findings().stream()
                .filter(f -> request.ruleIds().isEmpty() || request.ruleIds().stream().anyMatch(id -> id.equalsIgnoreCase(f.ruleId())))
                .toList();
        RefactoringContext context = RefactoringContext.of(analysis.result());
        Path outDir = request.outDir().toAbsolutePath().normalize();
        // Each patch is rendered alone first: one that cannot be is its finding's internal error, and
        // only the patches that rendered go on to the combined patch and --apply.
        List<Refactorings.Planned> plans = new ArrayList<>();
        List<byte[]> diffs = new ArrayList<>();
        for (Refactorings.Planned plan : refactorings.plan(findings, context)) {
            byte[] diff = null;
            if (plan.patch().isPresent()) {
                try {
                    diff = UnifiedDiffs.render(plan.patch().get(), context);
                } catch (RuntimeException | StackOverflowError e) {
                    plan = plan.failedWhile("rendering the patch", e);
                }
            }
            plans.add(plan);
            diffs.add(diff);
        }
        List<Patch> patches = plans.stream().flatMap(p -> p.patch().stream()).toList();
        Combined combined = Combined.of(patches, context);

        Map<String, Integer> perRule = new HashMap<>();
        try {
            Files.createDirectories(outDir);
            removeOldPatches(outDir);
            for (int i = 0; i < plans.size(); i++) {
                Refactorings.Planned plan = plans.get(i);
                Finding f = plan.finding();
                String what = f.ruleId() + " " + f.location().className() + " (" + f.location().file() + ")";
                if (plan.patch().isEmpty()) {
                    out.println("no patch  " + what + ": " + plan.reasonWithoutPatch());
                    continue;
                }
                Patch patch = plan.patch().get();
                int n = perRule.merge(f.ruleId(), 1, Integer::sum);
                String name = f.ruleId() + "-" + n + "-" + shortName(f) + ".patch";
                writeFresh(outDir.resolve(name), diffs.get(i));
                out.println("patch     " + what + ": " + patch.title());
                out.println("          files: " + String.join(", ", patch.files()));
                out.println("          WAN round trips " + patch.before().formula() + " -> " + patch.after().formula()
                        + (f.entryPoints().isEmpty() ? "" : " (entry points: " + String.join(", ", f.entryPoints()) + ")"));
                out.println("          " + outDir.resolve(name));
                if (combined.leftOut().contains(patch)) out.println("          (collides with an earlier patch: left out of " + COMBINED + ")");
            }
            if (!patches.isEmpty()) writeFresh(outDir.resolve(COMBINED), combined.diff());
        } catch (IOException e) {
            err.println("error: cannot write patches to " + outDir + ": " + e.getMessage());
            return ExitCode.USAGE;
        }
        out.println(patches.size() + " patch(es) for " + findings.size() + " finding(s)"
                + (patches.isEmpty() ? "" : "; combined: " + outDir.resolve(COMBINED)));
        if (!request.apply() || patches.isEmpty()) return ExitCode.OK;

        PatchApplier.Outcome outcome = PatchApplier.apply(combined.kept(), context);
        if (outcome instanceof PatchApplier.Outcome.Refused refused) {
            err.println("error: --apply refused: " + refused.reason());
            return ExitCode.USAGE;
        }
        PatchApplier.Outcome.Applied applied = (PatchApplier.Outcome.Applied) outcome;
        out.println("applied to " + applied.files().size() + " file(s): " + String.join(", ", applied.files()));
        return ExitCode.OK;
    }

    /**
     * The combined patch: the patches that fit together ({@link PatchSet}) and its diff. Should the
     * diff of all of them fail to render although each rendered alone, the patches are added one by
     * one and one that breaks the diff is left out like a colliding one, so the others still come out.
     */
    record Combined(List<Patch> kept, List<Patch> leftOut, byte[] diff) {
        static Combined of(List<Patch> patches, RefactoringContext context) {
            PatchSet set = PatchSet.of(patches);
            try {
                return new Combined(set.combined(), set.conflicting(), UnifiedDiffs.render(set.combined(), context));
            } catch (RuntimeException | StackOverflowError e) {
                List<Patch> kept = new ArrayList<>();
                List<Patch> leftOut = new ArrayList<>(set.conflicting());
                byte[] diff = new byte[0];
                for (Patch p : set.combined()) {
                    List<Patch> trial = new ArrayList<>(kept);
                    trial.add(p);
                    try {
                        diff = UnifiedDiffs.render(trial, context);
                        kept.add(p);
                    } catch (RuntimeException | StackOverflowError again) {
                        leftOut.add(p);
                    }
                }
                return new Combined(kept, leftOut, diff);
            }
        }
    }

    /** Patches of an earlier run would mislead: a fixed finding must not leave its old patch behind. */
    private static void removeOldPatches(Path outDir) throws IOException {
        try (DirectoryStream<Path> old = Files.newDirectoryStream(outDir, "{WAN[0-9][0-9][0-9]-*.patch," + COMBINED + "}")) {
            for (Path p : old) Files.deleteIfExists(p);
        }
    }

    /**
     * A patch file is always a new regular file in {@code --out}: a link planted under its name is
     * removed (the link, not what it points to), never written through.
     */
    private static void writeFresh(Path file, byte[] bytes) throws IOException {
        Files.deleteIfExists(file);
        Files.write(file, bytes, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    }

    /** A file-name-safe hint of what the finding is about: the readable part of its subject, lower case. */
    static String shortName(Finding f) {
        String part = readablePart(f.subject());
        // the last segment of a qualified name (a.b.Book, /catalog/product.jsp, C#m)
        int cut = Math.max(Math.max(part.lastIndexOf(':'), part.lastIndexOf('.')), Math.max(part.lastIndexOf('#'), part.lastIndexOf('>')));
        String s = part.substring(cut + 1).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
        if (s.isEmpty()) s = "finding";
        return s.length() > 40 ? s.substring(0, 40) : s;
    }

    /** An entry point named by its method ({@code a.OrderMDB#onMessage(javax.jms.Message)}) reads as the method. */
    private static String withoutParameters(String entryPoint) {
        return entryPoint.endsWith(")") && entryPoint.indexOf('(') > 0 ? entryPoint.substring(0, entryPoint.indexOf('(')) : entryPoint;
    }

    /** The method's name, the entity's, the entry point's, or what a session value is held in. */
    private static String readablePart(FindingSubject subject) {
        if (subject instanceof FindingSubject.Method m) return m.method().name();
        if (subject instanceof FindingSubject.RemoteClient c) return c.method().name();
        if (subject instanceof FindingSubject.CallSite c) return c.callee();
        if (subject instanceof FindingSubject.SessionAttributes || subject instanceof FindingSubject.SessionClass) return "session";
        if (subject instanceof FindingSubject.BeanFields) return "fields";
        if (subject instanceof FindingSubject.Entity e) return e.name();
        if (subject instanceof FindingSubject.EntityRemoteView v) return v.entity();
        if (subject instanceof FindingSubject.Request r) return withoutParameters(r.entryPoint());
        if (subject instanceof FindingSubject.UseCase u) return withoutParameters(u.entryPoint());
        if (subject instanceof FindingSubject.Place place) return String.valueOf(place.method());
        return "finding"; // a subject type added later names its patch generically rather than failing the run
    }
}
