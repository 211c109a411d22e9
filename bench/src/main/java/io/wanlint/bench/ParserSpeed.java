package io.wanlint.bench;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.util.JavacTask;

import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * How long JavaParser and javac's own parser take to parse the same Java files to trees, on one
 * thread ({@code bench/parsers.sh DIR}): the figure behind the choice of a parser for the analysis
 * (issue 22). Each parser parses every file once per round; the first round warms the JIT and is
 * not counted, and the median of the others' thread CPU time is printed. Files are read once, as
 * ISO-8859-1 (any byte is a character, so both parsers see the same text); neither parser resolves
 * a name nor runs an annotation processor. A third row is javac parsing, entering and attributing
 * every file in one task (names and types resolved, as the call graph needs; class path: the JDK's
 * plus the optional CLASSPATH argument), with the count of errors it reported (missing libraries).
 */
public final class ParserSpeed {
    private ParserSpeed() {}

    /** What one parser did in one round: files it returned a tree for, and the thread's CPU time. */
    record Round(int trees, long cpuNanos, int errors) {
        Round(int trees, long cpuNanos) {
            this(trees, cpuNanos, 0);
        }
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 1 || args.length > 3) {
            System.err.println("usage: ParserSpeed DIR [ROUNDS [CLASSPATH]]   (ROUNDS >= 2, default 4; the first is warm-up)");
            System.exit(2);
        }
        int rounds = args.length >= 2 ? Integer.parseInt(args[1]) : 4;
        String classPath = args.length == 3 ? args[2] : "";
        if (rounds < 2) {
            System.err.println("error: ROUNDS must be at least 2 (the first round is warm-up)");
            System.exit(2);
        }
        List<Source> sources = read(Path.of(args[0]));
        long lines = sources.stream().mapToLong(s -> s.text().lines().count()).sum();
        System.out.printf(Locale.ROOT, "%d Java files, %d lines, %d rounds (first not counted), one thread%n",
                sources.size(), lines, rounds);
        double javaParser = median(sources, rounds, ParserSpeed::javaParser, "JavaParser");
        double javac = median(sources, rounds, ParserSpeed::javac, "javac");
        double attributed = median(sources, rounds, s -> javacAttribute(s, classPath), "javac attribute");
        System.out.printf(Locale.ROOT, "| parser | median CPU s | lines per CPU s |%n| --- | ---: | ---: |%n");
        System.out.printf(Locale.ROOT, "| JavaParser (Java 21 level, comments attributed) | %.2f | %.0f |%n", javaParser, lines / javaParser);
        System.out.printf(Locale.ROOT, "| javac (JavacTask.parse) | %.2f | %.0f |%n", javac, lines / javac);
        System.out.printf(Locale.ROOT, "| javac parse + enter + attribute (one task) | %.2f | %.0f |%n", attributed, lines / attributed);
        System.out.printf(Locale.ROOT, "JavaParser / javac: %.1fx%n", javaParser / javac);
    }

    /** One file's path and text. */
    record Source(Path path, String text) {}

    static List<Source> read(Path dir) throws IOException {
        List<Path> paths;
        try (Stream<Path> walk = Files.walk(dir)) {
            paths = walk.filter(p -> p.toString().endsWith(".java") && Files.isRegularFile(p)).sorted().toList();
        }
        List<Source> sources = new ArrayList<>(paths.size());
        for (Path p : paths) sources.add(new Source(p, new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1)));
        return sources;
    }

    private static double median(List<Source> sources, int rounds, java.util.function.Function<List<Source>, Round> parser, String name) {
        double[] seconds = new double[rounds - 1];
        for (int r = 0; r < rounds; r++) {
            Round round = parser.apply(sources);
            double s = round.cpuNanos() / 1e9;
            System.out.printf(Locale.ROOT, "%s round %d: %d trees, %.2f s CPU%s%s%n", name, r + 1, round.trees(), s,
                    round.errors() > 0 ? ", " + round.errors() + " errors" : "", r == 0 ? " (warm-up)" : "");
            if (r > 0) seconds[r - 1] = s;
        }
        Arrays.sort(seconds);
        int n = seconds.length;
        return n % 2 == 1 ? seconds[n / 2] : (seconds[n / 2 - 1] + seconds[n / 2]) / 2;
    }

    static Round javaParser(List<Source> sources) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long start = threads.getCurrentThreadCpuTime();
        int trees = 0;
        for (Source s : sources) {
            JavaParser parser = new JavaParser(new ParserConfiguration().setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_21));
            if (parser.parse(s.text()).getResult().isPresent()) trees++;
        }
        return new Round(trees, threads.getCurrentThreadCpuTime() - start);
    }

    /** javac's parser, 200 files per task (one task holds every tree it parsed until it is dropped). */
    static Round javac(List<Source> sources) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long start = threads.getCurrentThreadCpuTime();
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        int trees = 0;
        for (int from = 0; from < sources.size(); from += 200) {
            List<JavaFileObject> batch = new ArrayList<>();
            for (Source s : sources.subList(from, Math.min(sources.size(), from + 200))) batch.add(new InMemory(s));
            JavacTask task = (JavacTask) compiler.getTask(null, null, d -> { }, List.of("-proc:none"), null, batch);
            try {
                for (CompilationUnitTree ignored : task.parse()) trees++;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return new Round(trees, threads.getCurrentThreadCpuTime() - start);
    }

    /**
     * javac's parse, enter and attribution of every file in one task (so each file's names resolve
     * against the others); {@link Round#errors} counts the errors it reported, mostly names from
     * libraries that are not on the class path.
     */
    static Round javacAttribute(List<Source> sources, String classPath) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long start = threads.getCurrentThreadCpuTime();
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        List<JavaFileObject> files = new ArrayList<>();
        for (Source s : sources) files.add(new InMemory(s));
        int[] errors = {0};
        List<String> options = new ArrayList<>(List.of("-proc:none", "-implicit:none", "-Xmaxerrs", "1000000"));
        if (!classPath.isEmpty()) options.addAll(List.of("-cp", classPath));
        JavacTask task = (JavacTask) compiler.getTask(null, null,
                d -> { if (d.getKind() == javax.tools.Diagnostic.Kind.ERROR) errors[0]++; }, options, null, files);
        int trees = 0;
        try {
            for (CompilationUnitTree ignored : task.parse()) trees++;
            task.analyze();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Round(trees, threads.getCurrentThreadCpuTime() - start, errors[0]);
    }

    private static final class InMemory extends SimpleJavaFileObject {
        private final String text;

        InMemory(Source source) {
            super(source.path().toAbsolutePath().toUri(), Kind.SOURCE);
            this.text = source.text();
        }

        @Override public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return text;
        }
    }
}
