package io.wanlint.refactorings.api;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Source-path files emptied of their bodies ({@link SourcePathDeclarations}) on another thread while
 * javac compiles a patch, before javac asks for them: the files named in the compiled sources first,
 * then those named in the declarations of the files already emptied. javac asks for one file at a time,
 * and emptying each alone set up a javac task per file: on HELIUM V a compile asked for 819 files and
 * emptying them took half of it, one core idle meanwhile. Here they are emptied many per task
 * ({@link JavacBodies#shapes}).
 *
 * <p>Only a speed-up: a file is taken from here only when its text is the one javac is given, and its
 * declarations are the ones {@link SourcePathDeclarations#of} makes of that text (only files javac's
 * parser is sure of are emptied here; the others are left to the verifying thread). A guess that javac
 * never asks for costs the other core's time, and stops with the compile.
 */
final class DeclarationsAhead implements AutoCloseable {
    /** Files per javac task: enough to spread a task's set-up, few enough that the first arrive soon. */
    static final int BATCH = 16;
    private static final Pattern NAME = Pattern.compile("[A-Za-z_$][\\w$]*");

    /** A file's text and its declarations. */
    private record Emptied(String text, String declarations) {}

    private final Map<String, Emptied> emptied = new ConcurrentHashMap<>();
    /** The application's Java files by simple name (the file name without {@code .java}). */
    private final Map<String, List<String>> filesByName;
    /** A file's current text (thread-safe), empty when it cannot be read. */
    private final Function<String, Optional<String>> read;
    private ExecutorService thread;
    /** The guesses of the compile under way; replaced (and the last one's stopped) by each compile. */
    private volatile Guesses current;

    DeclarationsAhead(Collection<String> javaFiles, Function<String, Optional<String>> read) {
        Map<String, List<String>> byName = new java.util.HashMap<>();
        for (String f : javaFiles) byName.computeIfAbsent(simpleName(f), k -> new ArrayList<>()).add(f);
        this.filesByName = byName;
        this.read = read;
    }

    /** The declarations of {@code path} made ahead from exactly this text, if they are ready (handed over once: the caller keeps them). */
    Optional<String> of(String path, String text) {
        Emptied e = emptied.get(path);
        if (e == null || !e.text().equals(text)) return Optional.empty();
        emptied.remove(path, e);
        return Optional.of(e.declarations());
    }

    /**
     * Starts emptying, on the other thread, the files a compile of {@code compiled} (path → text) is
     * likely to ask for, except {@code known} (files the verifying thread has emptied already) and the
     * compiled ones. Stops the guesses of an earlier compile.
     */
    void guessFor(Map<String, String> compiled, Set<String> known) {
        stop();
        Guesses g = new Guesses(compiled, Set.copyOf(known));
        current = g;
        if (thread == null) {
            thread = Executors.newSingleThreadExecutor(task -> {
                // The default stack, as the verifying thread's: a file too deep for one is too deep for the other.
                Thread t = new Thread(null, task, "wanlint-declarations", 0);
                t.setDaemon(true);
                return t;
            });
        }
        thread.execute(g::run);
    }

    /** Stops guessing for the compile under way (the batch being parsed finishes). */
    void stop() {
        Guesses g = current;
        if (g != null) g.stopped = true;
    }

    @Override public void close() {
        stop();
        if (thread != null) thread.shutdownNow();
        emptied.clear();
    }

    /** One compile's guesses, breadth first. */
    private final class Guesses {
        private final Set<String> skip;
        /** The compiled sources' texts, whose names are the first guesses (read on the guessing thread: a bean can be 800,000 characters). */
        private final List<String> compiledTexts;
        private final Set<String> seen = new HashSet<>();
        private final ArrayDeque<String> queue = new ArrayDeque<>();
        volatile boolean stopped;

        Guesses(Map<String, String> compiled, Set<String> known) {
            this.skip = new HashSet<>(compiled.keySet());
            skip.addAll(known);
            this.compiledTexts = List.copyOf(compiled.values());
        }

        /** Queues the application's files named (by simple name) in this text. */
        synchronized void enqueueNamesIn(String text) {
            Matcher m = NAME.matcher(text);
            while (m.find()) {
                List<String> files = filesByName.get(m.group());
                if (files == null) continue;
                for (String f : files) if (!skip.contains(f) && seen.add(f)) queue.add(f);
            }
        }

        private synchronized List<String> next() {
            List<String> out = new ArrayList<>(BATCH);
            while (out.size() < BATCH && !queue.isEmpty()) {
                String f = queue.poll();
                if (!emptied.containsKey(f)) out.add(f);
            }
            return out;
        }

        void run() {
            try {
                for (String text : compiledTexts) enqueueNamesIn(text);
                while (!stopped) {
                    List<String> paths = next();
                    if (paths.isEmpty()) return;
                    List<String> ps = new ArrayList<>();
                    List<String> texts = new ArrayList<>();
                    for (String p : paths) {
                        Optional<String> text = read.apply(p);
                        // Escaped files are served as they are (SourcePathDeclarations): nothing to gain here.
                        if (text.isEmpty() || text.get().indexOf("\\u") >= 0) continue;
                        ps.add(p);
                        texts.add(text.get());
                    }
                    List<Optional<JavacBodies.Shape>> shapes = JavacBodies.shapes(texts);
                    for (int i = 0; i < ps.size(); i++) {
                        if (shapes.get(i).isEmpty()) continue;
                        String declarations = SourcePathDeclarations.spliced(texts.get(i), shapes.get(i).get().bodies());
                        emptied.put(ps.get(i), new Emptied(texts.get(i), declarations));
                        enqueueNamesIn(declarations);
                    }
                }
            } catch (RuntimeException | StackOverflowError e) {
                // A guess that fails is left to the verifying thread, which meets the problem itself.
            }
        }
    }

    private static String simpleName(String file) {
        String name = file.substring(file.lastIndexOf('/') + 1);
        return name.endsWith(".java") ? name.substring(0, name.length() - ".java".length()) : name;
    }
}
