package io.wanlint.refactorings.api;

import io.wanlint.analyzer.api.Awaited;
import io.wanlint.analyzer.api.AnalyzedFile;
import io.wanlint.analyzer.cache.KeyDigest;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.Diagnostic;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;

/**
 * Checks, before a patch is shown, that it does not break the build: the patch is applied in memory
 * and the Java files it touches are compiled with {@code javax.tools} (nothing is written to disk),
 * once as they are and once patched; when it changes a declaration (not only bodies and imports,
 * {@link BodyOnlyChange}) or creates a file, with their package siblings and the files that name a
 * touched type.
 * A patch whose compile has an error the unpatched compile does not have is declined with that
 * error. When the unpatched code cannot be compiled (no compiler in this runtime, too many errors,
 * unreadable files, the time budget spent) the patch is kept and marked unverified, with why.
 *
 * <p>The unpatched compile of a set of files is made once per run, whatever the number of patches
 * touching that set. Not thread-safe: one verifier per run, whose verdicts one thread asks for in
 * the run's order; only {@link #prepare(Patch)} may be called from other threads meanwhile.
 */
public final class PatchVerifier implements AutoCloseable {
    /** Beyond this many errors in the unpatched files, a comparison says little: the patch is unverified. */
    static final int MAX_BASELINE_ERRORS = 100;
    /** How many unpatched file sets may fail to compile before the rest of the run stops trying. */
    static final int UNCOMPILABLE_TRIES = 2;
    /**
     * The CPU time javac may spend on a run's patches; later patches are unverified (the budget is what
     * {@code --no-verify} saves). CPU time of the compiling thread, not wall-clock time: on a machine
     * shared with other work, a wall-clock budget ran out after a fraction of the compiles, so which
     * patches were verified depended on the load. The CPU time javac needs for the same files is
     * close to constant (a compile near the limit can still fall on either side of it).
     */
    public static final Duration DEFAULT_BUDGET = Duration.ofSeconds(180);
    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();

    private static final Pattern PACKAGE = Pattern.compile("(?m)^\\s*package\\s+([\\w.\\s]+?)\\s*;");
    /** The name javac could not resolve, in its English messages. */
    private static final Pattern UNRESOLVED = Pattern.compile("symbol:\\s+\\w+\\s+([\\w.$]+)|package ([\\w.]+) does not exist"
            + "|class file for ([\\w.$]+) not found");

    /** What verifying a patch (or patches applied together) found. */
    public sealed interface Verdict {
        /** The patched files compile with no error the unpatched ones lack (or no Java file is touched). */
        record Verified() implements Verdict {}

        /**
         * The patch must not be shown, and {@code reason} says why: {@code the patch would not compile:
         * FILE:LINE: MESSAGE} (its first new javac error), or a new file where a file already is.
         */
        record Broken(String reason) implements Verdict {}

        /** Could not be checked, and {@code why}. */
        record Unverified(String why) implements Verdict {}
    }

    private final RefactoringContext context;
    /** What patches are compiled against, worked out on first use ({@link #prepareCompiles}): it scans every source for its imports. */
    private final java.util.function.Supplier<CompileClassPath> classPathSource;
    private CompileClassPath classPath;
    private final JavaCompiler javac;
    private final String disabled;
    private final Duration budget;
    /** CPU nanoseconds javac has run for this verifier (wall-clock nanoseconds where the JVM cannot tell CPU time). */
    private long spentNanos;
    /** Whether a patch was left unverified because the budget was spent: a run's outcome then depends on time. */
    private boolean cutShortByBudget;
    private StandardJavaFileManager fileManager;
    /** wanlint's own API containers, seen through {@link CompileClassPath#ownView()}; null when there are none. */
    private StandardJavaFileManager ownApiFiles;
    /** The unpatched compiles, by file set and whether the source path was served as declarations only. */
    private final Map<Map.Entry<Set<String>, Boolean>, Compilation> baselines = new HashMap<>();
    /** Source-path files with their bodies emptied ({@link SourcePathDeclarations}), made once per run. */
    private final Map<String, String> declarations = new HashMap<>();
    /** Source-path files emptied on another thread before a compile asks for them; made on first use. */
    private DeclarationsAhead ahead;
    private final Map<List<FileChange>, Verdict> verdicts = new HashMap<>();
    /**
     * Whether an edit changes only bodies ({@link BodyOnlyChange}), by the texts before and after: worked
     * out once, by whichever thread comes first ({@link #prepare(Patch)} on a planning thread, or the
     * verdict), the others waiting for that answer. A pure function of the two texts, so the verdicts
     * do not depend on which thread parsed them.
     */
    private final Map<BodyEdit, java.util.concurrent.FutureTask<Boolean>> bodyOnly = new java.util.concurrent.ConcurrentHashMap<>();
    private Layout layout;
    private int compilations;
    /** javac's results of earlier runs, and where this run's go (see {@link JavacResults}). */
    private final JavacResults results;
    /** The digest of what every compile of this run shares (compiler, options, class path, source layout); lazily. */
    private String environment;
    private int uncompilableBaselines;
    /** Set once {@link #UNCOMPILABLE_TRIES} unpatched file sets failed to compile: why every later patch is unverified. */
    private String uncompilable;

    private PatchVerifier(RefactoringContext context, java.util.function.Supplier<CompileClassPath> classPath, JavaCompiler javac, String disabled, Duration budget,
                          JavacResults results) {
        this.context = context;
        this.results = results;
        this.classPathSource = classPath;
        this.javac = javac;
        this.disabled = disabled;
        this.budget = budget;
    }

    /** A verifier with this runtime's compiler (none in a JRE without {@code jdk.compiler}: every patch is then unverified). */
    public static PatchVerifier of(RefactoringContext context, CompileClassPath classPath) {
        return with(context, classPath, ToolProvider.getSystemJavaCompiler(), DEFAULT_BUDGET);
    }

    /**
     * A verifier with the given compiler and time budget.
     *
     * @param javac null for a runtime without a compiler
     */
    public static PatchVerifier with(RefactoringContext context, CompileClassPath classPath, JavaCompiler javac, Duration budget) {
        return with(context, classPath, javac, budget, JavacResults.none());
    }

    /**
     * As {@link #with(RefactoringContext, CompileClassPath, JavaCompiler, Duration)}, reusing javac's
     * results of earlier runs where they still hold and adding this run's to {@code results}.
     */
    public static PatchVerifier with(RefactoringContext context, CompileClassPath classPath, JavaCompiler javac, Duration budget,
                                     JavacResults results) {
        return with(context, () -> classPath, javac, budget, results);
    }

    /**
     * As {@link #with(RefactoringContext, CompileClassPath, JavaCompiler, Duration, JavacResults)}, the class
     * path worked out when the verifying thread first needs it or prepares for compiles ({@link #prepareCompiles}),
     * which it can do while the patches are still being planned.
     */
    public static PatchVerifier with(RefactoringContext context, java.util.function.Supplier<CompileClassPath> classPath, JavaCompiler javac,
                                     Duration budget, JavacResults results) {
        String disabled = javac == null
                ? "this Java runtime has no compiler (javax.tools); run wanlint on a JDK to have patches compiled before they are shown" : null;
        return new PatchVerifier(context, classPath, javac, disabled, budget, results);
    }

    /** A verifier that checks nothing and marks every patch unverified, saying {@code why} ({@code --no-verify}). */
    public static PatchVerifier skipped(RefactoringContext context, String why) {
        return new PatchVerifier(context, () -> new CompileClassPath(List.of()), null, why, Duration.ZERO, JavacResults.none());
    }

    /**
     * The plans with every patch verified: a patch that adds a javac error loses it (the finding is
     * declined with the error as its reason), one that could not be checked is marked unverified.
     */
    public List<Refactorings.Planned> verifyEach(List<Refactorings.Planned> plans) {
        List<Refactorings.Planned> out = new ArrayList<>(plans.size());
        for (Refactorings.Planned plan : plans) out.add(verified(plan));
        return out;
    }

    /** One plan of {@link #verifyEach}: verdicts are asked for in the order of the run's plans. */
    Refactorings.Planned verified(Refactorings.Planned plan) {
        if (plan.patch().isEmpty()) return plan;
        Verdict v = verdict(List.of(plan.patch().get()));
        if (v instanceof Verdict.Broken broken) return plan.declined(broken.reason());
        if (v instanceof Verdict.Unverified u) return plan.unverified(u.why());
        return plan;
    }

    /**
     * Works out ahead, on the calling thread, what the verdict on this patch alone will parse: whether
     * each Java file it edits changes only bodies. Thread-safe, and without effect on any verdict but
     * its speed (on HELIUM V, parsing a 16,000-line bean before and after the edit took a second of
     * the verifying thread). Does nothing when nothing is compiled.
     */
    public void prepare(Patch patch) {
        if (disabled != null) return;
        try {
            for (FileChange c : PatchSet.of(List.of(patch)).changes().values()) {
                if (!(c instanceof FileChange.Edit e) || !c.file().toLowerCase(Locale.ROOT).endsWith(".java")) continue;
                Optional<SourceText> text = context.read(e.file());
                if (text.isEmpty()) return;
                if (!bodyOnly(text.get().text(), e.applyTo(text.get().text()))) return;
            }
        } catch (RuntimeException | StackOverflowError e) {
            // The verdict meets the same problem on its own thread and says so.
        }
    }

    /** The texts of a Java file before and after an edit. */
    private record BodyEdit(String before, String after) {}

    /**
     * {@link BodyOnlyChange#between}, once per pair of texts whatever the threads asking. Where it failed
     * on another thread (whose stack may be deeper than this one's), this thread asks again itself, so
     * that a failure is the one a single-threaded run meets.
     */
    boolean bodyOnly(String before, String after) {
        BodyEdit key = new BodyEdit(before, after);
        java.util.concurrent.FutureTask<Boolean> task = bodyOnly.get(key);
        boolean ranHere = false;
        if (task == null) {
            java.util.concurrent.FutureTask<Boolean> mine = new java.util.concurrent.FutureTask<>(() -> BodyOnlyChange.between(before, after));
            task = bodyOnly.putIfAbsent(key, mine);
            if (task == null) {
                task = mine;
                ranHere = true;
                mine.run();
            }
        }
        try {
            return Awaited.value(task, "verifying a patch");
        } catch (RuntimeException | Error e) {
            // An interrupt ends the wait (Awaited leaves the flag set); only the other thread's failure is retried.
            if (ranHere || Thread.currentThread().isInterrupted()) throw e;
            return BodyOnlyChange.between(before, after);
        }
    }

    /** The verdict on these patches applied together (one patch, or a combined set whose edits do not collide). */
    public Verdict verdict(List<Patch> patches) {
        List<FileChange> changes = PatchSet.of(patches).changes().values().stream().toList();
        Verdict known = verdicts.get(changes);
        if (known != null) return known;
        Verdict v;
        try {
            v = check(changes);
        } catch (RuntimeException | LinkageError e) {
            // The compiler failing on odd code is wanlint's limit, not the patch's fault.
            v = new Verdict.Unverified("javac failed (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + oneLine(e.getMessage())) + ")");
        }
        verdicts.put(changes, v);
        return v;
    }

    private Verdict check(List<FileChange> changes) {
        Map<String, FileChange> javaChanges = new LinkedHashMap<>();
        for (FileChange c : changes) {
            if (c.file().toLowerCase(Locale.ROOT).endsWith(".java")) javaChanges.put(c.file(), c);
        }
        for (FileChange c : changes) {
            if (c instanceof FileChange.Create create && context.exists(create.file())) {
                return new Verdict.Broken("the patch creates " + create.file() + ", which already exists");
            }
        }
        if (javaChanges.isEmpty()) return new Verdict.Verified();
        if (disabled != null) return new Verdict.Unverified(disabled);
        if (uncompilable != null) return new Verdict.Unverified(uncompilable);
        if (spentNanos >= budget.toNanos()) {
            cutShortByBudget = true;
            return new Verdict.Unverified("the CPU-time budget for compiling patches (" + budget.toSeconds()
                    + " s) was spent on earlier patches (--no-verify skips compiling)");
        }
        Set<String> existing = new TreeSet<>();
        Map<String, String> patched = new TreeMap<>();
        boolean bodiesOnly = true;
        for (FileChange c : javaChanges.values()) {
            if (c instanceof FileChange.Edit e) {
                Optional<SourceText> text = context.read(e.file());
                if (text.isEmpty()) return new Verdict.Unverified("cannot read " + e.file());
                String after = e.applyTo(text.get().text());
                patched.put(e.file(), after);
                existing.add(e.file());
                bodiesOnly = bodiesOnly && bodyOnly(text.get().text(), after);
            } else if (c instanceof FileChange.Create cr) {
                patched.put(cr.file(), cr.text());
                // A new type can clash with one of its package or be named by files already there.
                bodiesOnly = false;
            }
        }
        if (!bodiesOnly) {
            // Declarations changed: the files that can see them are compiled too (BodyOnlyChange says why not otherwise).
            Set<String> touchedTypes = new HashSet<>();
            for (String f : javaChanges.keySet()) touchedTypes.add(simpleName(f));
            existing.addAll(layout().siblingsAndDependants(javaChanges.keySet(), touchedTypes, context));
        }
        Map<String, String> original = new TreeMap<>();
        for (String f : existing) {
            Optional<SourceText> text = context.read(f);
            if (text.isEmpty()) {
                if (javaChanges.containsKey(f)) return new Verdict.Unverified("cannot read " + f);
                continue;
            }
            original.put(f, text.get().text());
            if (!patched.containsKey(f)) patched.put(f, text.get().text());
        }
        Map.Entry<Set<String>, Boolean> key = Map.entry(Set.copyOf(original.keySet()), bodiesOnly);
        Compilation before = baselines.get(key);
        if (before == null) {
            before = compile(original, bodiesOnly, MAX_BASELINE_ERRORS + 1);
            baselines.put(key, before);
        }
        if (before.errors().size() > MAX_BASELINE_ERRORS) {
            String why = "the unpatched code does not compile (more than " + MAX_BASELINE_ERRORS + " javac errors, e.g. "
                    + before.errors().get(0).text() + "); add the libraries it needs with --classpath";
            // An application missing its libraries fails every file set alike, and each try costs seconds on a
            // large one: after two, the remaining patches are marked without compiling.
            if (++uncompilableBaselines >= UNCOMPILABLE_TRIES) uncompilable = why + " (not compiled again for the remaining patches)";
            return new Verdict.Unverified(why);
        }
        Compilation after = compile(patched, bodiesOnly, Integer.MAX_VALUE);
        List<JavacError> added = after.minus(before);
        if (added.isEmpty()) return new Verdict.Verified();
        Set<String> unresolvedBefore = before.unresolvedNames();
        List<JavacError> brokenByPatch = added.stream().filter(e -> e.unresolvedName().map(n -> !unresolvedBefore.contains(n)).orElse(true))
                .toList();
        if (!brokenByPatch.isEmpty()) {
            return new Verdict.Broken("the patch would not compile: " + brokenByPatch.get(0).text()
                    + (brokenByPatch.size() > 1 ? " (and " + (brokenByPatch.size() - 1) + " more)" : ""));
        }
        return new Verdict.Unverified("the patched code uses " + added.get(0).unresolvedName().orElseThrow()
                + ", which the unpatched code cannot resolve either; add its jar with --classpath");
    }

    /** How many times javac ran, unpatched and patched (a result reused from an earlier run is no run). */
    public int compilations() { return compilations; }

    /**
     * Whether a patch of this verifier was left unverified because earlier compiles had spent the CPU-time
     * budget: what such a run shows depends on the machine's speed, not only on its inputs, so it is not kept
     * for a later run (RememberedPatches).
     */
    public boolean cutShortByBudget() { return cutShortByBudget; }

    /**
     * A digest of what every verdict of this verifier depends on besides the patched sources: the
     * compiler, its options and budget, the class path and API containers' content and the
     * application's source layout, or why nothing is compiled. A report's patches are remembered
     * under it (with every source's text): equal digests, equal sources, equal verdicts.
     */
    public String environmentDigest() {
        if (disabled != null) return "not compiled: " + disabled;
        return environment() + " budget " + budget.toNanos();
    }

    /** How many compiles were answered by an earlier run's result instead of javac ({@link JavacResults}). */
    public int reusedCompilations() { return results.reused(); }

    private DeclarationsAhead ahead() {
        if (ahead == null) {
            List<String> files = layout().javaFilesByFolder().values().stream().flatMap(List::stream).toList();
            ahead = new DeclarationsAhead(files, path -> context.read(path).map(SourceText::text));
        }
        return ahead;
    }

    private Layout layout() {
        if (layout == null) layout = Layout.of(context);
        return layout;
    }

    // ---- javac ----

    /** One javac error, keyed without its line (edits move lines). */
    record JavacError(String file, long line, String code, String message) {
        String key() { return file + "\u0000" + code + "\u0000" + message; }

        String text() { return file + (line > 0 ? ":" + line : "") + ": " + message; }

        Optional<String> unresolvedName() {
            if (!code.startsWith("compiler.err.cant.resolve") && !code.equals("compiler.err.doesnt.exist")
                    && !code.equals("compiler.err.cant.access")) {
                return Optional.empty();
            }
            Matcher m = UNRESOLVED.matcher(message);
            if (!m.find()) return Optional.empty();
            for (int g = 1; g <= m.groupCount(); g++) if (m.group(g) != null) return Optional.of(m.group(g));
            return Optional.empty();
        }
    }

    record Compilation(List<JavacError> errors) {
        /** The errors of this compile beyond those of {@code before} (counted per file, code and message). */
        List<JavacError> minus(Compilation before) {
            Map<String, Integer> remaining = new HashMap<>();
            for (JavacError e : before.errors) remaining.merge(e.key(), 1, Integer::sum);
            List<JavacError> out = new ArrayList<>();
            for (JavacError e : errors) {
                Integer n = remaining.get(e.key());
                if (n != null && n > 0) remaining.put(e.key(), n - 1);
                else out.add(e);
            }
            return out;
        }

        Set<String> unresolvedNames() {
            Set<String> out = new HashSet<>();
            for (JavacError e : errors) e.unresolvedName().ifPresent(out::add);
            return out;
        }
    }

    /**
     * Attributes and flow-checks the given sources (relative path → text); the application's other
     * Java files are on the source path, each decoded as wanlint decoded it (javac's one
     * {@code -encoding} would misread the ISO-8859-1 files of a mostly UTF-8 tree). Nothing is
     * generated. The flow phase runs even after attribution errors, so that an unreported checked
     * exception is not hidden by an unrelated error.
     */
    private Compilation compile(Map<String, String> sources, boolean declarationsOnly, int stopAt) {
        if (!results.kept()) {
            long start = threadTime();
            try {
                return compileOnce(sources, declarationsOnly, stopAt, null);
            } finally {
                spentNanos += threadTime() - start;
            }
        }
        String key = keyOf(sources, declarationsOnly, stopAt);
        Optional<JavacResults.Result> earlier = results.lookup(key, this::readsTheSame);
        if (earlier.isPresent()) {
            // Charged as if compiled: the budget then runs out where it ran out uncached.
            spentNanos += earlier.get().cpuNanos();
            return new Compilation(earlier.get().errors());
        }
        long start = threadTime();
        Map<String, String> reads = new TreeMap<>();
        Compilation done;
        try {
            done = compileOnce(sources, declarationsOnly, stopAt, reads);
        } finally {
            spentNanos += threadTime() - start;
        }
        // A file read as declarations is kept as SourcePathRead says (a body edited in it keeps the result).
        Map<String, String> kept = new TreeMap<>();
        reads.forEach((path, text) -> {
            String served = declarationsOnly ? declarations.getOrDefault(path, text) : text;
            kept.put(path, SourcePathRead.remembered(text, served, done.errors().stream().filter(e -> e.file().equals(path)).toList()));
        });
        results.record(key, new JavacResults.Result(done.errors(), threadTime() - start, kept));
        return done;
    }

    // ---- what a compile depends on (the key of its remembered result) ----

    private static final List<String> OPTIONS = List.of("-proc:none", "-implicit:none", "-nowarn", "-Xlint:none", "-Xmaxerrs", "1000000",
            "-XDshould-stop.ifError=FLOW", "-XDshould-stop.ifNoError=FLOW");

    /** The key of compiling these sources: what every compile of the run shares, and each source's path and text. */
    private String keyOf(Map<String, String> sources, boolean declarationsOnly, int stopAt) {
        java.security.MessageDigest d = KeyDigest.sha256();
        KeyDigest.update(d, environment());
        if (declarationsOnly) KeyDigest.update(d, "source path as declarations");
        if (stopAt != Integer.MAX_VALUE) KeyDigest.update(d, "stop at error " + stopAt);
        for (Map.Entry<String, String> s : new TreeMap<>(sources).entrySet()) {
            KeyDigest.update(d, "source " + s.getKey());
            KeyDigest.update(d, tokensHash(s.getValue()));
        }
        return java.util.HexFormat.of().formatHex(d.digest());
    }

    /**
     * The compiler and its options, the API wanlint compiles against, every class-path and API
     * container's content, and which application file declares which package (javac finds a source
     * on the source path by that).
     */
    private String environment() {
        if (environment != null) return environment;
        java.security.MessageDigest d = KeyDigest.sha256();
        KeyDigest.update(d, "javac " + System.getProperty("java.vm.vendor") + " " + System.getProperty("java.runtime.version") + " "
                + (javac == null ? "none" : javac.getClass().getName()));
        KeyDigest.update(d, "options " + OPTIONS);
        KeyDigest.update(d, "api " + classPath().api() + " " + classPath().ownView());
        for (Path p : classPath().entries()) updateContainer(d, "classpath", p);
        for (Path p : classPath().ownApi()) updateContainer(d, "own", p);
        layout().javaFilesByPackage().forEach((pkg, files) -> {
            KeyDigest.update(d, "package " + pkg);
            files.forEach(f -> KeyDigest.update(d, "file " + f));
        });
        environment = java.util.HexFormat.of().formatHex(d.digest());
        return environment;
    }

    /**
     * A jar's or class folder's name and content (a missing one is named as missing: javac skips it).
     * Not its folder: wanlint's own API jars are unpacked into a new temporary folder by every run, and
     * the same jar elsewhere is the same input to javac.
     */
    private static void updateContainer(java.security.MessageDigest d, String kind, Path p) {
        KeyDigest.update(d, kind + " " + p.getFileName());
        try {
            if (Files.isRegularFile(p)) {
                KeyDigest.update(d, hashOf(Files.readAllBytes(p)));
            } else if (Files.isDirectory(p)) {
                try (var files = Files.walk(p)) {
                    for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                        KeyDigest.update(d, "entry " + p.relativize(f));
                        KeyDigest.update(d, hashOf(Files.readAllBytes(f)));
                    }
                }
            } else {
                KeyDigest.update(d, "missing");
            }
        } catch (IOException e) {
            // Unreadable now: a key no earlier or later run shares, so nothing is reused.
            KeyDigest.update(d, "unreadable " + System.nanoTime());
        }
    }

    /** Whether a source file, as the verifier reads it now, gives javac what an earlier compile read of it ({@link SourcePathRead}). */
    private boolean readsTheSame(String path, String recorded) {
        Optional<SourceText> now = context.read(path);
        if (now.isEmpty()) return false;
        // Asked once per compile that read the file: hundreds of files, each read by many compiles.
        String hash = tokensHashes.computeIfAbsent(path, p -> tokensHash(now.get().text()));
        return SourcePathRead.unchanged(recorded, hash,
                () -> declarationsNow.computeIfAbsent(path, p -> SourcePathDeclarations.of(now.get().text())));
    }

    /** The hash of each source file's tokens now ({@link #tokensHash}), made on first use by {@link #readsTheSame}. */
    private final Map<String, String> tokensHashes = new HashMap<>();
    /**
     * Each source file's declarations now, for {@link #readsTheSame} only: what compiles are served stays the
     * {@link #declarations} the view makes, whichever way they were made.
     */
    private final Map<String, String> declarationsNow = new HashMap<>();

    /** The hash of what javac's verdict depends on in a source: its tokens on their lines ({@link JavaTokensText}). */
    static String tokensHash(String text) { return hashOf(JavaTokensText.of(text).getBytes(StandardCharsets.UTF_8)); }

    /** The first 16 bytes of the SHA-256 of {@code bytes}, in hex: how compiles' keys and reads name contents. */
    static String hashOf(byte[] bytes) {
        return java.util.HexFormat.of().formatHex(KeyDigest.sha256().digest(bytes), 0, 16);
    }



    /** This thread's CPU time (javac runs on the calling thread), or the wall clock where CPU time is not measurable. */
    private static long threadTime() {
        if (THREADS.isCurrentThreadCpuTimeSupported()) {
            long cpu = THREADS.getCurrentThreadCpuTime();
            if (cpu >= 0) return cpu;
        }
        return System.nanoTime();
    }

    /**
     * Runs javac; {@code reads} (when not null) receives every application file it read from the source path (path → text).
     * javac stops at the {@code stopAt}-th error: an unpatched compile with that many is of no use whatever
     * follows, and an application missing its libraries reaches it while javac is still entering files (on
     * HELIUM V, 13,217 errors took the whole compile, the first 101 a fraction of it).
     */
    private Compilation compileOnce(Map<String, String> sources, boolean declarationsOnly, int stopAt, Map<String, String> reads) {
        compilations++;
        List<JavacError> errors = new ArrayList<>();
        javax.tools.DiagnosticListener<JavaFileObject> diagnostics = d -> {
            if (d.getKind() != Diagnostic.Kind.ERROR) return;
            errors.add(new JavacError(nameOf(d.getSource()), d.getLineNumber(), String.valueOf(d.getCode()), oneLine(d.getMessage(Locale.ROOT))));
            if (errors.size() >= stopAt) throw new EnoughErrors();
        };
        List<JavaFileObject> units = new ArrayList<>();
        for (Map.Entry<String, String> s : sources.entrySet()) units.add(new InMemorySource(s.getKey(), "", s.getValue(), null, null));
        SourcePathView view = (path, text) -> text;
        if (declarationsOnly) {
            DeclarationsAhead guesses = ahead();
            guesses.guessFor(sources, declarations.keySet());
            view = (path, text) -> declarations.computeIfAbsent(path, p -> guesses.of(p, text).orElseGet(() -> SourcePathDeclarations.of(text)));
        }
        JavaCompiler.CompilationTask task = javac.getTask(null, new InMemoryFiles(fileManager(), ownApiFiles, classPath().ownView(), layout(), context, sources,
                        view, reads), diagnostics, OPTIONS, null, units);
        try {
            if (task instanceof com.sun.source.util.JavacTask javacTask) {
                javacTask.analyze();
            } else {
                task.call();
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (RuntimeException e) {
            // javac hands the listener's exception back wrapped: the compile was stopped on purpose.
            if (!stoppedOnPurpose(e)) throw e;
        } finally {
            if (ahead != null) ahead.stop();
        }
        return new Compilation(List.copyOf(errors));
    }

    /** Thrown by the diagnostic listener to end a compile that has all the errors it needs. */
    private static final class EnoughErrors extends RuntimeException {
        EnoughErrors() { super("enough javac errors", null, false, false); }
    }

    private static boolean stoppedOnPurpose(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) if (t instanceof EnoughErrors) return true;
        return false;
    }

    /** The jars; one per run, so that each jar's index is read once. Its own problems (a broken jar) are not printed. */
    private StandardJavaFileManager fileManager() {
        if (fileManager == null) {
            fileManager = javac.getStandardFileManager(d -> { }, Locale.ROOT, StandardCharsets.UTF_8);
            try {
                // An empty source path, or javac would look for sources in the jars too.
                fileManager.setLocationFromPaths(StandardLocation.SOURCE_PATH, List.of());
                fileManager.setLocationFromPaths(StandardLocation.CLASS_PATH, classPath().entries().stream().filter(Files::exists).toList());
                List<Path> own = classPath().ownApi().stream().filter(Files::exists).toList();
                if (!own.isEmpty()) {
                    ownApiFiles = javac.getStandardFileManager(d -> { }, Locale.ROOT, StandardCharsets.UTF_8);
                    ownApiFiles.setLocationFromPaths(StandardLocation.CLASS_PATH, own);
                }
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        return fileManager;
    }

    private String nameOf(JavaFileObject source) {
        if (source == null) return "javac";
        if (source instanceof InMemorySource s) return s.path;
        try {
            Path p = Path.of(source.toUri());
            Optional<Path> root = context.root();
            if (root.isPresent() && p.toAbsolutePath().normalize().startsWith(root.get())) {
                return root.get().relativize(p.toAbsolutePath().normalize()).toString().replace('\\', '/');
            }
            return p.toString();
        } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            return source.getName();
        }
    }

    /** A javac message on one line: its lines stripped and joined (javac puts {@code symbol:} and {@code location:} on lines of their own). */
    static String oneLine(String message) {
        return String.join("; ", message.lines().map(l -> l.strip().replaceAll("\\s+", " ")).filter(s -> !s.isEmpty()).toList());
    }

    private static String simpleName(String file) {
        String name = file.substring(file.lastIndexOf('/') + 1);
        return name.substring(0, name.length() - ".java".length());
    }

    @Override public void close() {
        results.flush();
        bodyOnly.clear();
        if (ahead != null) ahead.close();
        ahead = null;
        for (StandardJavaFileManager fm : new StandardJavaFileManager[] {fileManager, ownApiFiles}) {
            if (fm == null) continue;
            try {
                fm.close();
            } catch (IOException e) {
                // Closing only releases jar handles; nothing was written.
            }
        }
        fileManager = null;
        ownApiFiles = null;
    }

    /** javac's results of this verifier, for the next run ({@link JavacResults#encode()}). */
    public JavacResults results() { return results; }

    /** What the patches are compiled against ({@code J2EE 1.4: geronimo-j2ee_1.4_spec-1.1.jar}), for the run's report. */
    public String api() { return classPath().api(); }

    private CompileClassPath classPath() {
        if (classPath == null) classPath = classPathSource.get();
        return classPath;
    }

    /**
     * Works out, on the verifying thread, what every compile needs (the class path, the application's
     * source layout), so that it is ready when the first patch is: called while the patches are planned.
     */
    public void prepareCompiles() {
        if (disabled != null) return;
        classPath();
        layout();
    }

    /** What javac reads of a source-path file (path, text as wanlint decoded it): all of it, or its declarations. */
    private interface SourcePathView {
        String of(String path, String text);
    }

    /** A source file's text as the patch leaves it, named by its path relative to the analysed root. */
    private static final class InMemorySource extends SimpleJavaFileObject {
        final String path;
        /** The class name the file stands for on the source path ({@code org.acme.Lookup}); empty for a compiled unit. */
        final String binaryName;
        private final String text;
        /** Where a read of this file is recorded (null: a compiled unit, whose text the compile's key holds, or a compile without a key). */
        private final Map<String, String> reads;
        /** How a source-path file is served (null: a compiled unit, served as it is). */
        private final SourcePathView view;

        InMemorySource(String path, String binaryName, String text, Map<String, String> reads, SourcePathView view) {
            super(uri(path), Kind.SOURCE);
            this.path = path;
            this.binaryName = binaryName;
            this.text = text;
            this.reads = reads;
            this.view = view;
        }

        private static URI uri(String path) {
            try {
                return new URI("wanlint", null, "/" + path, null);
            } catch (URISyntaxException e) {
                throw new IllegalArgumentException(path, e);
            }
        }

        @Override public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            if (reads != null) reads.putIfAbsent(path, text);
            return view == null ? text : view.of(path, text);
        }
    }

    /**
     * The jars from the standard file manager, and before them the packages of wanlint's own API
     * containers that the platform lets through; the source path from the application's files as
     * wanlint read them, with the patched text where the compile has one; nothing javac might write
     * reaches the disk.
     */
    private static final class InMemoryFiles extends ForwardingJavaFileManager<JavaFileManager> {
        private final JavaFileManager ownApi;
        private final CompileClassPath.OwnApiView ownView;
        private final Layout layout;
        private final RefactoringContext context;
        private final Map<String, String> overlay;
        private final SourcePathView view;
        private final Map<String, String> reads;

        InMemoryFiles(JavaFileManager fm, JavaFileManager ownApi, CompileClassPath.OwnApiView ownView, Layout layout,
                      RefactoringContext context, Map<String, String> overlay, SourcePathView view, Map<String, String> reads) {
            super(fm);
            this.view = view;
            this.reads = reads;
            this.ownApi = ownApi;
            this.ownView = ownView;
            this.layout = layout;
            this.context = context;
            this.overlay = overlay;
        }

        @Override public boolean hasLocation(Location location) {
            return location == StandardLocation.SOURCE_PATH || location == StandardLocation.CLASS_PATH && ownApi != null
                    || super.hasLocation(location);
        }

        @Override public Iterable<JavaFileObject> list(Location location, String packageName, Set<JavaFileObject.Kind> kinds,
                                                       boolean recurse) throws IOException {
            if (location == StandardLocation.CLASS_PATH && ownApi != null) {
                // javac takes the first class of a name it lists: wanlint's own API, where visible, comes first.
                List<JavaFileObject> out = new ArrayList<>();
                if (ownView.visible(packageName)) ownApi.list(location, packageName, kinds, recurse).forEach(out::add);
                super.list(location, packageName, kinds, recurse).forEach(out::add);
                return out;
            }
            if (location != StandardLocation.SOURCE_PATH) return super.list(location, packageName, kinds, recurse);
            List<JavaFileObject> out = new ArrayList<>();
            if (!kinds.contains(JavaFileObject.Kind.SOURCE)) return out;
            layout.packagesListed(packageName, recurse).forEach((pkg, files) -> {
                for (String f : files) {
                    String text = overlay.containsKey(f) ? overlay.get(f) : context.read(f).map(SourceText::text).orElse(null);
                    // A compiled unit's text is in the compile's key; any other file counts once javac reads it.
                    if (text != null) out.add(new InMemorySource(f, (pkg.isEmpty() ? "" : pkg + ".") + simpleName(f), text,
                            overlay.containsKey(f) ? null : reads, overlay.containsKey(f) ? null : view));
                }
            });
            return out;
        }

        @Override public String inferBinaryName(Location location, JavaFileObject file) {
            if (file instanceof InMemorySource s) return s.binaryName;
            return super.inferBinaryName(location, file);
        }

        @Override public boolean isSameFile(FileObject a, FileObject b) {
            if (a instanceof InMemorySource || b instanceof InMemorySource) return a.toUri().equals(b.toUri());
            return super.isSameFile(a, b);
        }

        @Override public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind, FileObject sibling) {
            return new SimpleJavaFileObject(URI.create("discarded:///" + className.replace('.', '/') + kind.extension), kind) {
                @Override public OutputStream openOutputStream() { return OutputStream.nullOutputStream(); }
            };
        }

        @Override public FileObject getFileForOutput(Location location, String packageName, String relativeName, FileObject sibling) {
            return new SimpleJavaFileObject(URI.create("discarded:///" + relativeName), JavaFileObject.Kind.OTHER) {
                @Override public OutputStream openOutputStream() { return OutputStream.nullOutputStream(); }
            };
        }

        /** The standard manager is the run's; the verifier closes it once. */
        @Override public void close() { }
    }

    // ---- where the application's Java files are ----

    /** The application's Java files by folder and by the package they declare. */
    record Layout(Map<String, List<String>> javaFilesByFolder, java.util.NavigableMap<String, List<String>> javaFilesByPackage) {
        static Layout of(RefactoringContext context) {
            Map<String, List<String>> byFolder = new TreeMap<>();
            TreeMap<String, List<String>> byPackage = new TreeMap<>();
            for (AnalyzedFile f : context.analysis().files()) {
                if (f.path().contains("!/") || !f.path().toLowerCase(Locale.ROOT).endsWith(".java")) continue;
                if (context.whyNotPatchable(f.path()).isPresent()) continue;
                Optional<SourceText> text = context.read(f.path());
                if (text.isEmpty()) continue;
                byFolder.computeIfAbsent(folderOf(f.path()), k -> new ArrayList<>()).add(f.path());
                byPackage.computeIfAbsent(packageOf(text.get().text()), k -> new ArrayList<>()).add(f.path());
            }
            return new Layout(byFolder, byPackage);
        }

        /**
         * The packages a source-path listing of {@code packageName} takes files from, in order: that
         * package, and with {@code recurse} those below it (every package, below the default one).
         * Only the names that start with {@code packageName} are looked at, which sort together: javac
         * lists hundreds of packages per compile, and HELIUM V declares 1,000.
         */
        Map<String, List<String>> packagesListed(String packageName, boolean recurse) {
            if (!recurse) {
                List<String> files = javaFilesByPackage.get(packageName);
                return files == null ? Map.of() : Map.of(packageName, files);
            }
            Map<String, List<String>> out = new java.util.LinkedHashMap<>();
            for (Map.Entry<String, List<String>> e : javaFilesByPackage.tailMap(packageName, true).entrySet()) {
                String pkg = e.getKey();
                if (!pkg.startsWith(packageName)) break;
                if (pkg.equals(packageName) || packageName.isEmpty() || pkg.startsWith(packageName + ".")) out.put(pkg, e.getValue());
            }
            return out;
        }

        /** The package a Java file declares; empty for the default package. */
        static String packageOf(String text) {
            Matcher m = PACKAGE.matcher(text);
            return m.find() ? m.group(1).replaceAll("\\s+", "") : "";
        }

        private static String folderOf(String path) {
            int slash = path.lastIndexOf('/');
            return slash < 0 ? "" : path.substring(0, slash);
        }

        /** The Java files in the touched files' folders, and those anywhere that name a touched type. */
        Set<String> siblingsAndDependants(Set<String> touched, Set<String> touchedTypes, RefactoringContext context) {
            Set<String> out = new TreeSet<>();
            for (String f : touched) out.addAll(javaFilesByFolder.getOrDefault(folderOf(f), List.of()));
            Pattern names = Pattern.compile("\\b(?:" + String.join("|", touchedTypes.stream().map(Pattern::quote).toList()) + ")\\b");
            for (List<String> files : javaFilesByFolder.values()) {
                for (String f : files) {
                    if (out.contains(f)) continue;
                    if (context.read(f).map(t -> names.matcher(t.text()).find()).orElse(false)) out.add(f);
                }
            }
            return out;
        }
    }
}
