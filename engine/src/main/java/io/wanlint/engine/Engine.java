package io.wanlint.engine;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ConfigurationException;
import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.TemporaryFolderException;
import io.wanlint.refactorings.api.Refactorings;
import io.wanlint.report.api.PatchIndex;
import io.wanlint.report.api.ReplicationReport;
import io.wanlint.report.api.ReportData;
import io.wanlint.rules.baseline.Baseline;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * wanlint's run logic, under every front door (the command line, the Maven plugin): resolve the
 * settings, analyse, run the rules, gate the findings, plan the patches and gather what the
 * reporters render. {@link #check(CheckRequest)} does a whole check; the steps are public for a
 * front door that reports between them (the command line's spinner, {@code --timings}, {@code -o}
 * checks).
 */
public final class Engine {
    private final Workbench workbench;
    private final Optional<Checker> checker;
    private final Optional<Fixer> fixer;

    /**
     * @param workbench analyses and prices (tests pass a fake)
     * @param checker   runs the rules; absent, checks are not available
     * @param fixer     plans patches; absent, none are planned
     */
    public Engine(Workbench workbench, Optional<Checker> checker, Optional<Fixer> fixer) {
        this.workbench = Objects.requireNonNull(workbench, "workbench");
        this.checker = Objects.requireNonNull(checker, "checker");
        this.fixer = Objects.requireNonNull(fixer, "fixer");
    }

    /** The real analyzer, the built-in rules and the built-in refactorings. */
    public static Engine builtIn() {
        RuleChecker rules = new RuleChecker();
        return new Engine(new AnalyzerWorkbench(), Optional.of(rules), Optional.of(new RefactoringFixer(rules, Refactorings.builtIn())));
    }

    public Workbench workbench() { return workbench; }

    public Optional<Checker> checker() { return checker; }

    public Optional<Fixer> fixer() { return fixer; }

    /** @see RunSettings#resolve */
    public RunSettings settings(List<Path> paths, String topology, Path configFile, Path workingFolder) {
        return RunSettings.resolve(workbench, paths, topology, configFile, workingFolder);
    }

    /**
     * Analyses the paths, skipping {@code excludes} and the configuration's excludes.
     *
     * @param cache         an analysis cache folder, or null
     * @param cacheWarnings problems with the cache (they never change the result)
     * @throws ConfigurationException       on a wrong input the user can fix (exit code 2)
     * @throws TemporaryFolderException     when the temporary folder is full or unwritable (exit code 3)
     */
    public AnalysisResult analyse(List<Path> paths, List<String> excludes, RunSettings settings, Path cache,
                                  Consumer<Diagnostic> cacheWarnings) {
        List<String> allExcludes = new ArrayList<>(excludes);
        allExcludes.addAll(settings.configuration().excludePatterns());
        AnalysisRequest request = new AnalysisRequest(paths, allExcludes, AnalysisRequest.FrontEnd.AUTO);
        return cache == null ? workbench.analyze(request) : workbench.analyze(request, cache, cacheWarnings);
    }

    /** Waits for the cache entries {@link #analyse} writes in the background. */
    public void awaitCacheWrites() { workbench.awaitCacheWrites(); }

    /** The analysed application under the settings' topology and configuration. */
    public Analysis analysis(AnalysisResult result, RunSettings settings) {
        return new Analysis(result, settings.topology(), workbench.costs(result, settings.topology()), settings.configuration());
    }

    /**
     * Runs the rules.
     *
     * @throws IllegalStateException when no checker is wired
     */
    public Checker.CheckRun rules(Analysis analysis) {
        return checker.orElseThrow(() -> new IllegalStateException("the rules are not wired in")).check(analysis);
    }

    /**
     * A rules run, whether its outcome was taken from the cache folder, and every entry point's cost
     * when it was remembered or just estimated with the outcome (empty: {@link #reportData} estimates it).
     */
    public record RulesOutcome(Checker.CheckRun run, boolean reused, Optional<List<EntryPointCost>> costs) {
        public RulesOutcome(Checker.CheckRun run, boolean reused) { this(run, reused, Optional.empty()); }
    }

    /**
     * Runs the rules, or, with a cache folder ({@code --cache}; null: none), takes their outcome from
     * it when the analysis is the one they last ran on, under the same settings (issue 22: a re-run
     * after a comment was edited re-ran every rule over every entry point).
     *
     * @throws IllegalStateException when no checker is wired
     */
    public RulesOutcome rules(Analysis analysis, Path cache) {
        Checker rules = checker.orElseThrow(() -> new IllegalStateException("the rules are not wired in"));
        return RememberedRules.run(rules, analysis, cache == null ? Optional.empty() : workbench.analysisIdentity(analysis.result()), cache);
    }

    /**
     * The patches {@code wanlint fix} would write for these findings (planned, never applied); none
     * when the options say so or no fixer is wired.
     */
    public PatchIndex patches(List<Finding> findings, Analysis analysis, PatchOptions options) {
        return patchesOutcome(findings, analysis, options).patches();
    }

    /** The report's patches, and whether they were taken from the cache folder ({@link #patchesOutcome}). */
    public record PatchesOutcome(PatchIndex patches, boolean reused) {}

    /**
     * {@link #patches}, taken from the verification's cache folder ({@code --cache}) when the last run
     * planned them from the same inputs (issue 22: an unchanged re-run of HELIUM V spent 4.2 s of 7.5 s
     * planning and verifying patches again).
     */
    public PatchesOutcome patchesOutcome(List<Finding> findings, Analysis analysis, PatchOptions options) {
        if (!options.planned()) return new PatchesOutcome(PatchIndex.EMPTY, false);
        // With a cache folder, the report's patches are kept with the rules' outcome for an unchanged
        // re-run (RememberedPatches). Only the built-in fixer's planning is remembered, and never a
        // re-analysis: its budget is wall-clock time, so its outcome is not a function of the inputs.
        if (options.verification().cache() != null && !options.reanalyse() && checker.isPresent()
                && fixer.isPresent() && fixer.get() instanceof RefactoringFixer built) {
            Optional<io.wanlint.analyzer.cache.AnalysisCache.Served> served = workbench.analysisIdentity(analysis.result());
            if (served.isPresent()) {
                String rulesKey = RememberedRules.keyOf(analysis, served.get().identity(), checker.get());
                return built.rememberedPreviews(findings, analysis.result(), options.verification(), rulesKey,
                        RememberedPatches.name(served.get().slot()));
            }
        }
        return new PatchesOutcome(fixer.map(f -> f.previews(findings, analysis, options.verification(),
                options.reanalyse() ? Optional.of(workbench) : Optional.empty())).orElse(PatchIndex.EMPTY), false);
    }

    /** "After patches" counts the patches there are: a declined or unplanned one saves nothing. */
    public Checker.CheckRun afterPatches(Checker.CheckRun gated, PatchIndex patches, PatchOptions options) {
        return fixer.isPresent() && options.planned() ? gated.withPatchesOf(f -> patches.of(f).isPresent()) : gated;
    }

    /** What the reporters need: the analysis, every entry point's cost and latency, and the check's findings. */
    public static ReportData reportData(Analysis analysis, Checker.CheckRun run) {
        return reportData(analysis, run, Optional.empty());
    }

    /** As {@link #reportData(Analysis, Checker.CheckRun)}, with every entry point's cost when it is already known ({@link RulesOutcome#costs()}). */
    public static ReportData reportData(Analysis analysis, Checker.CheckRun run, Optional<List<EntryPointCost>> known) {
        List<EntryPointCost> costs = known.orElseGet(() -> analysis.costs().estimateAll());
        Map<String, Double> latency = new LinkedHashMap<>();
        for (EntryPointCost c : costs) latency.put(c.entryPoint().id(), analysis.costs().latencyMs(c));
        return new ReportData(analysis.result(), analysis.topology().name(), sites(analysis), costs,
                run.afterPatchesByEntryPoint(), run.findings(), run.rules(), WanlintVersion.version(), latency,
                analysis.costs().model().map(m -> ReplicationReport.of(analysis.result(), m)).orElse(ReplicationReport.EMPTY));
    }

    /** A baseline file's content ({@code wanlint baseline}) accepting these findings, for a later gate's {@link Gate#baseline()}. */
    public static String baselineJson(List<Finding> findings) { return Baseline.of(findings).toJson(); }

    /** The site of every component under the chosen topology, by component name. */
    public static Map<String, String> sites(Analysis analysis) {
        Map<String, String> sites = new LinkedHashMap<>();
        for (Component c : analysis.result().model().components()) {
            String site = analysis.costs().siteOf(c);
            if (site != null) sites.put(c.name(), site);
        }
        return sites;
    }

    /** The folder report paths are relative to: the first analysed path when it is a folder (archives have no files to open). */
    public static Path sourceRoot(List<Path> paths) {
        Path first = paths.get(0);
        return Files.isDirectory(first) ? first.toAbsolutePath().normalize() : null;
    }

    /**
     * A whole check, as the Maven plugin runs it: never throws for a problem of the user's inputs,
     * which ends the run with {@link ExitCode#USAGE} or {@link ExitCode#NOTHING_ANALYSED} and a
     * {@link CheckResult#problem()}.
     */
    public CheckResult check(CheckRequest request) {
        List<Path> paths = request.paths();
        List<String> notes = Collections.synchronizedList(new ArrayList<>());
        List<Diagnostic> diagnostics = new ArrayList<>();
        if (checker.isEmpty()) return CheckResult.stopped(ExitCode.USAGE, "the rules are not wired in", diagnostics, notes, paths);
        for (Path p : paths) {
            if (!Files.exists(p)) return CheckResult.stopped(ExitCode.USAGE, "no such file or directory: " + p, diagnostics, notes, paths);
        }
        try {
            RunSettings settings = settings(paths, request.topology(), request.configFile(), request.workingFolder());
            AnalysisResult result;
            try {
                result = analyse(paths, request.excludes(), settings, request.cache(), d -> notes.add(d.toString()));
            } finally {
                if (request.cache() != null) awaitCacheWrites();
            }
            diagnostics.addAll(result.diagnostics());
            if (!result.analysedAnything()) {
                return CheckResult.stopped(ExitCode.NOTHING_ANALYSED, "nothing could be analysed in "
                        + String.join(", ", paths.stream().map(Path::toString).toList()), diagnostics, notes, paths);
            }
            Analysis analysis = analysis(result, settings);
            RulesOutcome outcome = rules(analysis, request.cache());
            Checker.CheckRun run = outcome.run();
            diagnostics.addAll(run.diagnostics());
            Path root = sourceRoot(paths);
            Gate.Outcome gated = request.gate().apply(run.findings(), root);
            notes.addAll(gated.notes());
            run = run.withFindings(gated.kept());
            PatchOptions patchOptions = request.cache() == null ? request.patches() : new PatchOptions(request.patches().planned(),
                    request.patches().verification().withCache(request.cache()), request.patches().reanalyse());
            PatchIndex patches = patches(run.findings(), analysis, patchOptions);
            ReportData data = reportData(analysis, afterPatches(run, patches, patchOptions), outcome.costs());
            List<Finding> failing = run.findings().stream().filter(request.failOn()::fails).toList();
            return new CheckResult(failing.isEmpty() ? ExitCode.OK : ExitCode.FINDINGS, Optional.of(data), patches, failing,
                    diagnostics, notes, Optional.empty(), root, paths);
        } catch (ConfigurationException e) {
            return CheckResult.stopped(ExitCode.USAGE, e.getMessage(), diagnostics, notes, paths);
        } catch (TemporaryFolderException e) {
            // A full disk must never read as "no findings": no report, and the exit code of an empty run.
            return CheckResult.stopped(ExitCode.NOTHING_ANALYSED, e.getMessage(), diagnostics, notes, paths);
        }
    }
}
