package io.wanlint.engine;

import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.cache.SideEntry;
import io.wanlint.refactorings.api.CompileClassPath;
import io.wanlint.refactorings.api.JavacResults;
import io.wanlint.refactorings.api.Patch;
import io.wanlint.refactorings.api.PatchApplier;
import io.wanlint.refactorings.api.PatchSet;
import io.wanlint.refactorings.api.PatchVerifier;
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
import java.util.function.Supplier;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * {@code wanlint fix} over the built-in refactorings: runs the rules, plans a patch per finding,
 * writes {@code <ruleId>-<n>-<short>.patch} files and a combined {@code wanlint.patch}, prints what
 * each patch buys, and with {@code --apply} hands the patches to {@link PatchApplier}.
 */
public final class RefactoringFixer implements Fixer {
    public static final String COMBINED = "wanlint.patch";

    private final Checker checker;
    private final Refactorings refactorings;
    /** This runtime's compiler; a test's fixer may have none, as a JRE has none. */
    private final Supplier<JavaCompiler> compiler;

    public RefactoringFixer(Checker checker, Refactorings refactorings) {
        this(checker, refactorings, ToolProvider::getSystemJavaCompiler);
    }

    public RefactoringFixer(Checker checker, Refactorings refactorings, Supplier<JavaCompiler> compiler) {
        this.checker = checker;
        this.refactorings = refactorings;
        this.compiler = compiler;
    }

    @Override public PatchIndex previews(List<Finding> findings, AnalysisResult result) {
        return previews(findings, result, Verification.DEFAULT);
    }

    @Override public PatchIndex previews(List<Finding> findings, AnalysisResult result, Verification verification) {
        RefactoringContext context = RefactoringContext.of(result);
        try (PatchVerifier verifier = verifier(context, verification)) {
            return ReportPatches.of(findings, context, refactorings, verifier);
        }
    }

    @Override public PatchIndex previews(List<Finding> findings, Analysis analysis, Verification verification,
                                         java.util.Optional<Workbench> reanalyseWith) {
        if (reanalyseWith.isEmpty()) return previews(findings, analysis.result(), verification);
        RefactoringContext context = RefactoringContext.of(analysis.result());
        try (PatchVerifier verifier = verifier(context, verification);
             PatchReanalysis reanalysis = new PatchReanalysis(reanalyseWith.get(), checker, analysis, context, PatchReanalysis.DEFAULT_BUDGET)) {
            return ReportPatches.of(reanalysed(refactorings.planAndVerify(findings, context, verifier, Refactorings.THREADS).verified(),
                    reanalysis), context);
        }
    }

    /**
     * {@link #previews(List, AnalysisResult, Verification)}, remembered in the cache folder of
     * {@code verification} under {@code rulesKey} and everything else planning and verifying read
     * ({@link RememberedPatches}): an unchanged re-run neither plans nor compiles.
     *
     * @param name the cache entry's name (one per analysed application)
     */
    Engine.PatchesOutcome rememberedPreviews(List<Finding> findings, AnalysisResult result, Verification verification, String rulesKey, String name) {
        Path cache = verification.cache();
        RefactoringContext context = RefactoringContext.of(result);
        // One verifier for the key and the planning (its class path and environment digest are worked out once:
        // on HELIUM V a second verifier for the key hashed every class-path jar again). Its javac results are
        // written back only when it verified: after a reuse they would be an empty set, which the next changed run wants.
        java.util.concurrent.atomic.AtomicBoolean verified = new java.util.concurrent.atomic.AtomicBoolean();
        try (PatchVerifier verifier = verifier(context, verification, javacResults(context, cache, verified::get))) {
            String key = RememberedPatches.keyOf(rulesKey, findings, context, verifier.environmentDigest(), verification, refactorings);
            java.util.Optional<PatchIndex> remembered = RememberedPatches.read(cache, name, key, context);
            if (remembered.isPresent()) return new Engine.PatchesOutcome(remembered.get(), true);
            verified.set(true);
            // The whole phase changed; most findings' plans read nothing that did (RememberedPlans).
            String plansName = RememberedPlans.name(name);
            RememberedPlans kept = RememberedPlans.read(cache, plansName, context, refactorings);
            Refactorings.Outcome plans = refactorings.planAndVerify(findings, context, verifier, Refactorings.THREADS, kept);
            kept.write(cache, plansName);
            Map<String, Boolean> created = RememberedPatches.created(plans.planned(), context);
            PatchIndex index = ReportPatches.of(plans.verified(), context);
            // A run cut short by the CPU-time budget depends on the machine's speed: the next run plans again.
            if (!verifier.cutShortByBudget()) RememberedPatches.write(cache, name, key, index, created);
            return new Engine.PatchesOutcome(index, false);
        }
    }

    /**
     * The verifier of one run: compiling against the API of the platform the application declares,
     * its shipped jars and {@code --classpath}, or, with {@code --no-verify}, none.
     */
    public PatchVerifier verifier(RefactoringContext context, Verification verification) {
        return verifier(context, verification, javacResults(context, verification.cache(), () -> true));
    }

    private PatchVerifier verifier(RefactoringContext context, Verification verification, JavacResults results) {
        if (!verification.enabled()) return PatchVerifier.skipped(context, "not compiled (--no-verify)");
        // The class path (which scans every source's imports for the platform) is worked out while the patches are planned.
        return PatchVerifier.with(context, () -> CompileClassPath.of(context, verification.classPath()), compiler.get(),
                PatchVerifier.DEFAULT_BUDGET, results);
    }

    /**
     * javac's results kept in the cache folder for this application (one entry per analysed root),
     * written back when the verifier closes. A missing, damaged or foreign entry only means compiling;
     * the analysis's own cache entry already warns about a folder that cannot be used.
     */
    static JavacResults javacResults(RefactoringContext context, Path cache, java.util.function.BooleanSupplier write) {
        if (cache == null) return JavacResults.unkept();
        String name = "javac-" + java.util.HexFormat.of().formatHex(sha256(context.root().map(Path::toString).orElse("(archive)")), 0, 12);
        JavacResults results = SideEntry.read(cache, name, d -> { }).map(JavacResults::decode).orElseGet(JavacResults::none);
        return results.writingTo(bytes -> {
            if (write.getAsBoolean()) SideEntry.write(cache, name, bytes, d -> { });
        });
    }

    private static byte[] sha256(String s) {
        try {
            return java.security.MessageDigest.getInstance("SHA-256").digest(s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override public ExitCode fix(Analysis analysis, FixRequest request, PrintWriter out, PrintWriter err) {
        List<Finding> findings = checker.check(analysis).findings().stream()
                .filter(f -> request.ruleIds().isEmpty() || request.ruleIds().stream().anyMatch(id -> id.equalsIgnoreCase(f.ruleId())))
                .toList();
        RefactoringContext context = RefactoringContext.of(analysis.result());
        PatchReanalysis reanalysis = request.reanalyseWith().map(w -> new PatchReanalysis(w, checker, analysis, context,
                request.reanalysisBudget())).orElse(null);
        try (PatchVerifier verifier = verifier(context, request.verification())) {
            return fix(findings, context, verifier, java.util.Optional.ofNullable(reanalysis), request, out, err);
        } finally {
            if (reanalysis != null) reanalysis.close();
        }
    }

    private ExitCode fix(List<Finding> findings, RefactoringContext context, PatchVerifier verifier,
                         java.util.Optional<PatchReanalysis> reanalysis, FixRequest request, PrintWriter out, PrintWriter err) {
        Path outDir = request.outDir().toAbsolutePath().normalize();
        // Each patch is rendered alone first: one that cannot be is its finding's internal error, and
        // only the patches that rendered go on to the combined patch and --apply.
        List<Refactorings.Planned> plans = new ArrayList<>();
        List<byte[]> diffs = new ArrayList<>();
        // A patch is compiled before it is shown: one that breaks the build is declined with javac's error.
        List<Refactorings.Planned> verified = refactorings.planAndVerify(findings, context, verifier, Refactorings.THREADS).verified();
        if (reanalysis.isPresent()) verified = reanalysed(verified, reanalysis.get());
        for (Refactorings.Planned plan : verified) {
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
        Combined combined = Combined.of(patches, context).compiled(verifier, context);

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
                if (!plan.unverified().isEmpty()) out.println("          unverified: " + plan.unverified());
                if (!plan.correction().isEmpty()) out.println("          prediction corrected: " + plan.correction());
                out.println("          WAN round trips " + patch.before().formula() + " -> " + patch.after().formula()
                        + (f.entryPoints().isEmpty() ? "" : " (entry points: " + String.join(", ", f.entryPoints()) + ")"));
                out.println("          " + outDir.resolve(name));
                if (combined.leftOut().contains(patch)) {
                    out.println("          (" + combined.whyLeftOut().getOrDefault(patch, "collides with an earlier patch") + ": left out of "
                            + COMBINED + ")");
                }
            }
            if (!patches.isEmpty()) writeFresh(outDir.resolve(COMBINED), combined.diff());
            if (reanalysis.isPresent() && combined.kept().size() > 1) {
                List<Finding> fixed = plans.stream().filter(p -> p.patch().isPresent() && combined.kept().contains(p.patch().get()))
                        .map(Refactorings.Planned::finding).toList();
                PatchReanalysis.Result<List<String>> left = reanalysis.get().stillThere(combined.kept(), fixed);
                out.println(COMBINED + (left.value().isEmpty() ? " unverified: " + left.failure()
                        : " re-analysed: " + (left.value().get().isEmpty() ? "every finding its patches fix is gone (or, per request, cheaper)"
                        : "still reported with every patch applied: " + String.join("; ", left.value().get()))));
            }
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
     * Each patch re-analysed: one after which the finding stays or its requests cost no less is
     * declined, saying what was found; one that saves other round trips than predicted carries the
     * measured ones and says so; one that could not be re-analysed is marked unverified.
     */
    static List<Refactorings.Planned> reanalysed(List<Refactorings.Planned> plans, PatchReanalysis reanalysis) {
        List<Refactorings.Planned> out = new ArrayList<>();
        for (Refactorings.Planned plan : plans) {
            if (plan.patch().isEmpty()) {
                out.add(plan);
                continue;
            }
            PatchReanalysis.Outcome o = reanalysis.check(plan.finding(), plan.patch().get());
            if (o instanceof PatchReanalysis.Outcome.Declined d) out.add(plan.declined(d.reason()));
            else if (o instanceof PatchReanalysis.Outcome.Corrected c) out.add(plan.corrected(c.before(), c.after(), c.note()));
            else if (o instanceof PatchReanalysis.Outcome.Unverified u) out.add(plan.unverified(u.why()));
            else out.add(plan);
        }
        return out;
    }

    /**
     * The combined patch: the patches that fit together ({@link PatchSet}) and its diff. Should the
     * diff of all of them fail to render although each rendered alone, the patches are added one by
     * one and one that breaks the diff is left out like a colliding one, so the others still come out.
     */
    public record Combined(List<Patch> kept, List<Patch> leftOut, byte[] diff, Map<Patch, String> whyLeftOut) {
        Combined(List<Patch> kept, List<Patch> leftOut, byte[] diff) { this(kept, leftOut, diff, Map.of()); }

        /**
         * The combined patch compiled as the single ones were: when together they add a javac error
         * that none adds alone, they are added one by one and a patch that breaks the build with the
         * earlier ones is left out, saying so.
         */
        public Combined compiled(PatchVerifier verifier, RefactoringContext context) {
            if (kept.size() < 2) return this;
            // A patch that could not be verified alone cannot be together (its files do not compile as they are):
            // the verdicts of the single patches are cached, and the combined compile would only cost time.
            if (kept.stream().anyMatch(p -> !(verifier.verdict(List.of(p)) instanceof PatchVerifier.Verdict.Verified))) return this;
            if (!(verifier.verdict(kept) instanceof PatchVerifier.Verdict.Broken)) return this;
            List<Patch> together = new ArrayList<>();
            List<Patch> out = new ArrayList<>(leftOut);
            Map<Patch, String> why = new HashMap<>(whyLeftOut);
            for (Patch p : kept) {
                List<Patch> trial = new ArrayList<>(together);
                trial.add(p);
                if (verifier.verdict(trial) instanceof PatchVerifier.Verdict.Broken broken) {
                    out.add(p);
                    why.put(p, "with the earlier patches: " + broken.reason());
                } else {
                    together.add(p);
                }
            }
            return new Combined(together, out, UnifiedDiffs.render(together, context), why);
        }

        public static Combined of(List<Patch> patches, RefactoringContext context) {
            PatchSet set = PatchSet.of(patches);
            try {
                return new Combined(set.combined(), set.conflicting(), UnifiedDiffs.render(set.combined(), context),
                        collisions(set));
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
                return new Combined(kept, leftOut, diff, collisions(set));
            }
        }

        /** For each patch the set left out, the earlier patch it collides with and where: a reviewer can apply one, then plan again. */
        private static Map<Patch, String> collisions(PatchSet set) {
            Map<Patch, String> why = new HashMap<>();
            for (Patch p : set.conflicting()) {
                for (Patch k : set.combined()) {
                    java.util.Optional<String> shared = p.files().stream().filter(k.files()::contains).findFirst();
                    if (shared.isPresent()) {
                        why.put(p, "its change of " + shared.get() + " collides with that of the earlier patch \"" + k.title() + "\"");
                        break;
                    }
                }
            }
            return why;
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
    public static String shortName(Finding f) {
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
