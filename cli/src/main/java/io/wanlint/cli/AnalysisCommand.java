package io.wanlint.cli;

import io.wanlint.analyzer.api.AnalysisOutOfMemoryError;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.ConfigurationException;
import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.PhaseTiming;
import io.wanlint.analyzer.api.TemporaryFolderException;
import io.wanlint.engine.Analysis;
import io.wanlint.engine.Checker;
import io.wanlint.engine.Engine;
import io.wanlint.engine.ExitCode;
import io.wanlint.engine.RunSettings;
import io.wanlint.report.api.ProgressIndicator;
import io.wanlint.report.api.ReportData;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * The base of every command that analyses an application: checks the paths, resolves the
 * topology, runs the analysis, prints diagnostics (and timings) to stderr, then hands the result to
 * {@link #execute}. Results go to stdout or {@code -o FILE}.
 */
abstract class AnalysisCommand implements Callable<Integer> {
    /** Beyond this many diagnostics, stderr gets the first ones and a count. */
    static final int MAX_DIAGNOSTICS_SHOWN = 20;

    @Spec CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "PATH",
            description = "Source trees, WAR/EAR/EJB-JAR/JAR archives or class folders to analyse.")
    List<Path> paths;

    @Option(names = "--topology", paramLabel = "edge|centralized|edge-db|edge-cache|cluster|FILE",
            description = "Where components run: a preset or a YAML/JSON topology file (default: the configuration's, else edge).")
    String topology;

    @Option(names = "--config", paramLabel = "FILE",
            description = "A wanlint.yaml/.json configuration (default: wanlint.yaml, .yml or .json in the current folder, "
                    + "else in the first analysed folder).")
    Path config;

    @Option(names = "--exclude", paramLabel = "GLOB", arity = "1..*",
            description = "Skip files matching these path globs (relative, '/'-separated; a folder's glob covers its content; syntax as exclude: in wanlint.yaml).")
    List<String> excludes = List.of();

    @Option(names = "--cache", paramLabel = "DIR",
            description = "Keep the analysis in DIR (created when missing) and reuse it, keyed by content hashes: "
                    + "same results, faster re-runs. Unchanged files are not analysed again; Java files changed "
                    + "only inside method bodies, and JSP pages changed only in their scriptlets (without tag "
                    + "libraries), are re-scanned alone (with the files that read them); a changed declaration, "
                    + "descriptor or tag-library page, or an added or removed file, re-analyses everything. "
                    + "check also keeps its findings there (reused while the analysis is unchanged) and the javac "
                    + "results of patch verification (reused while the files javac read are). "
                    + "An unreadable or foreign cache only gives a warning. Keep DIR outside the analysed tree "
                    + "(inside, it is skipped).")
    Path cache;

    @Option(names = "--timings", description = "Print how long each analysis phase took (stderr).")
    boolean timings;

    @Option(names = {"-q", "--quiet"}, description = "Print no warnings or notes on stderr, only errors (the reports still list every diagnostic).")
    boolean quiet;

    @Option(names = "--progress", description = "Show the progress indicator on stderr even when stderr is not a terminal "
            + "(by default it is shown on a terminal only, and never with --quiet).")
    boolean progress;

    @Option(names = "--debug", description = "Show stack traces of internal errors.")
    boolean debug;

    @Option(names = "--no-color", description = "Never colour the output (NO_COLOR is honoured too).")
    boolean noColor;

    protected final Wiring wiring;

    /** Analysis phases, then the command's own steps, for {@code --timings}. */
    private final List<PhaseTiming> phaseTimings = new ArrayList<>();

    /** How many files the analysis read, for the progress indicator of the command's own steps. */
    private int analysedFiles;

    /** The command's step under way (see {@link #timed}), named when it runs out of memory. */
    private String currentStep;

    AnalysisCommand(Wiring wiring) { this.wiring = wiring; }

    boolean debug() { return debug; }

    /** {@code -o FILE}, for the commands that write one result; null for stdout. */
    protected Path output() { return null; }

    /**
     * Checks the command's own options before anything is analysed (a contradiction found after a
     * long analysis wastes the user's time).
     *
     * @throws ConfigurationException with the one-line message to print (exit code 2)
     */
    protected void checkOptions() { }

    /** Files the command reads besides the analysed paths, which {@code -o} must not overwrite (a baseline). */
    protected List<Path> extraInputs() { return List.of(); }

    /** Why this command cannot run yet (its service is not wired), checked before any analysis. */
    protected Optional<String> unavailable() { return Optional.empty(); }

    protected abstract ExitCode execute(Analysis analysis) throws IOException;

    @Override public final Integer call() throws IOException {
        PrintWriter err = err();
        Optional<String> missing = unavailable();
        if (missing.isPresent()) {
            err.println("error: " + missing.get());
            return ExitCode.USAGE.code();
        }
        for (Path p : paths) {
            if (!Files.exists(p)) {
                err.println("error: no such file or directory: " + p);
                return ExitCode.USAGE.code();
            }
        }
        Engine engine = wiring.engine();
        RunSettings settings;
        List<Path> inputs = new ArrayList<>(paths);
        try {
            checkOptions();
            settings = engine.settings(paths, topology, config, Path.of("").toAbsolutePath());
            inputs.addAll(settings.readFiles());
            inputs.addAll(extraInputs());
            if (output() != null) OutputFile.checkTarget(output(), inputs);
        } catch (ConfigurationException | OutputFile.Unwritable e) {
            err.println("error: " + e.getMessage());
            return ExitCode.USAGE.code();
        }
        AnalysisResult result;
        // Printed once the spinner has stopped, before the analysis's own diagnostics; a warning about
        // writing the cache, which happens in the background, may come at the end.
        List<Diagnostic> cacheWarnings = java.util.Collections.synchronizedList(new ArrayList<>());
        // A spinner after a couple of seconds, only when a person is watching (never in CI logs or pipes).
        InputFileCount inputFiles = new InputFileCount(paths);
        try (ProgressIndicator indicator = ProgressIndicator.start(EscapingPrintWriter.rawOf(err),
                () -> "analysing " + inputFiles.describe(), showsProgress())) {
            result = engine.analyse(paths, excludes, settings, cache, cacheWarnings::add);
        } catch (ConfigurationException e) {
            err.println("error: " + e.getMessage());
            return ExitCode.USAGE.code();
        } catch (TemporaryFolderException e) {
            // A full disk must never read as "no findings": no report, and the exit code of an empty run.
            err.println("error: " + e.getMessage());
            return ExitCode.NOTHING_ANALYSED.code();
        } catch (RuntimeException | StackOverflowError e) {
            Main.reportInternalError("analysis failed", e, debug, err);
            return ExitCode.NOTHING_ANALYSED.code();
        } catch (OutOfMemoryError e) {
            return outOfMemory(e instanceof AnalysisOutOfMemoryError inPhase ? "the analysis (" + inPhase.phase() + ")" : "the analysis", e);
        }
        int warned;
        synchronized (cacheWarnings) {
            shown(cacheWarnings).forEach(err::println);
            warned = cacheWarnings.size();
        }
        printDiagnostics(shown(result.diagnostics()), err);
        phaseTimings.addAll(result.timings());
        if (!result.analysedAnything()) {
            if (timings) printTimings(phaseTimings, err);
            err.println("error: nothing could be analysed in " + String.join(", ", paths.stream().map(Path::toString).toList()));
            return ExitCode.NOTHING_ANALYSED.code();
        }
        try {
            if (output() != null) {
                // Known only now: the files the analysis read in the analysed folders and archives.
                List<Path> read = new ArrayList<>();
                result.files().forEach(f -> read.add(f.absolute()));
                OutputFile.checkNotAnInput(output(), read);
            }
            analysedFiles = result.files().size();
            return execute(engine.analysis(result, settings)).code();
        } catch (OutputFile.Unwritable | ConfigurationException e) {
            // A topology that splits components joined through local views is known only once the
            // application is: it is still the user's configuration that is wrong (exit 2).
            err.println("error: " + e.getMessage());
            return ExitCode.USAGE.code();
        } catch (OutOfMemoryError e) {
            return outOfMemory(currentStep != null ? currentStep : spec.name(), e);
        } finally {
            if (cache != null) {
                timed("cache write (wait)", () -> {
                    engine.awaitCacheWrites();
                    return null;
                });
                synchronized (cacheWarnings) {
                    shown(cacheWarnings.subList(warned, cacheWarnings.size())).forEach(err::println);
                }
            }
            if (timings) printTimings(phaseTimings, err);
        }
    }

    /** A step of the command after the analysis, e.g. running the rules or writing the report. */
    @FunctionalInterface
    protected interface Step<T> {
        T run() throws IOException;
    }

    /** Runs a step and records its wall time for {@code --timings}. */
    /** Whether long phases show a spinner on stderr: on a terminal unless --quiet, or with --progress. */
    private boolean showsProgress() { return progress || !quiet && wiring.terminal().interactive(); }

    /**
     * {@link #timed}, with the progress indicator naming the phase and the analysed files' count
     * ({@code rules on 1,204 files}); for steps that print nothing, as its line is erased at the end.
     */
    protected <T> T timedWithProgress(String phase, Step<T> step) throws IOException {
        String label = String.format(java.util.Locale.ROOT, "%s on %,d files", phase, analysedFiles);
        try (ProgressIndicator indicator = ProgressIndicator.start(EscapingPrintWriter.rawOf(err()), label, showsProgress())) {
            return timed(phase, step);
        }
    }

    protected <T> T timed(String phase, Step<T> step) throws IOException {
        long start = System.nanoTime();
        String previous = currentStep;
        currentStep = phase;
        try {
            return step.run();
        } finally {
            currentStep = previous;
            phaseTimings.add(new PhaseTiming(phase, (System.nanoTime() - start) / 1_000_000));
        }
    }

    /**
     * Out of memory: which phase ran out, and the largest input, which is what decides the heap a
     * run needs. By now the phase's data is unreachable, so there is room to say so.
     */
    private int outOfMemory(String phase, OutOfMemoryError e) {
        PrintWriter err = err();
        String largest = LargestInput.of(paths).map(l -> "; the largest input is " + l).orElse("");
        err.println("error: out of memory during " + phase + largest
                + " (a larger heap may help: WANLINT_JAVA_OPTS=-Xmx4g" + (debug ? ")" : "; run with --debug for details)"));
        if (debug) e.printStackTrace(EscapingPrintWriter.rawOf(err));
        err.flush();
        return ExitCode.USAGE.code();
    }

    /** Sends a result to {@code -o FILE} (see {@link OutputFile}) or stdout. */
    protected void emit(String content) throws IOException {
        Path output = output();
        Optional<OutputFile.Standard> standard = output == null ? Optional.of(OutputFile.Standard.OUT)
                : OutputFile.standardStream(output);
        if (standard.isPresent()) {
            PrintWriter stream = standard.get() == OutputFile.Standard.OUT ? spec.commandLine().getOut() : err();
            stream.print(content);
            stream.flush();
        } else {
            OutputFile.write(output, content);
        }
    }

    protected PrintWriter err() { return spec.commandLine().getErr(); }

    /** Colour only on a terminal, without NO_COLOR or --no-color, and never into a file. */
    protected boolean colour() { return output() == null && wiring.terminal().colour(noColor); }

    /** The site of every component under the chosen topology, by component name. */
    protected static Map<String, String> sites(Analysis analysis) { return Engine.sites(analysis); }

    /** What the reporters need: the analysis, every entry point's cost and latency, and the check's findings. */
    protected static ReportData reportData(Analysis analysis, Checker.CheckRun run) { return Engine.reportData(analysis, run); }

    /** The diagnostics stderr gets: all of them, or with {@code --quiet} the errors only. */
    protected List<Diagnostic> shown(List<Diagnostic> diagnostics) {
        return quiet ? diagnostics.stream().filter(d -> d.level() == Diagnostic.Level.ERROR).toList() : List.copyOf(diagnostics);
    }

    /** Whether stderr gets warnings and notes (not with {@code --quiet}). */
    protected boolean chatty() { return !quiet; }

    static void printDiagnostics(List<Diagnostic> diagnostics, PrintWriter err) {
        int shown = Math.min(diagnostics.size(), MAX_DIAGNOSTICS_SHOWN);
        for (int i = 0; i < shown; i++) err.println(diagnostics.get(i));
        if (diagnostics.size() > shown) {
            err.println("… " + (diagnostics.size() - shown) + " more diagnostics (all of them are in --format json)");
        }
    }

    static void printTimings(List<PhaseTiming> timings, PrintWriter err) {
        long total = 0;
        for (PhaseTiming t : timings) {
            err.printf("timing: %-20s %6d ms%n", t.phase(), t.millis());
            total += t.millis();
        }
        err.printf("timing: %-20s %6d ms%n", "total", total);
    }
}
