package io.wanlint.analyzer.ingest;

import com.github.javaparser.ast.CompilationUnit;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The oracle of the javac front end on a whole folder ({@code bench/frontends.sh DIR}): every Java
 * file is parsed by JavaParser as {@link JavaSources#parse} does and by {@link JavacFrontEnd}, and
 * each converted tree is compared with JavaParser's ({@link TreeDifference}). Prints the files
 * converted, those fallen back by reason, those that DIFFER with the first difference, and the
 * median CPU seconds (one thread) of both paths, the javac path including JavaParser's parse of the
 * files that fell back.
 */
public final class FrontEndComparison {
    private FrontEndComparison() {}

    /** The counts of one comparison. */
    public record Result(int files, int converted, Map<String, Integer> fallbacks, List<String> differences) {}

    public static void main(String[] args) throws IOException {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: FrontEndComparison DIR [ROUNDS]   (ROUNDS of timing after the comparison, default 3, 0 for none)");
            System.exit(2);
        }
        List<TextFile> files = read(Path.of(args[0]));
        int rounds = args.length == 2 ? Integer.parseInt(args[1]) : 3;
        Result result = compare(files);
        System.out.printf(Locale.ROOT, "%s: %d Java files, %d converted, %d fell back, %d DIFFER%n", args[0], result.files(),
                result.converted(), result.fallbacks().values().stream().mapToInt(Integer::intValue).sum(), result.differences().size());
        result.fallbacks().entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue())
                .forEach(e -> System.out.printf(Locale.ROOT, "  fallback %6d  %s%n", e.getValue(), e.getKey()));
        for (String d : result.differences()) System.out.println("  DIFFERS " + d);
        if (rounds > 0) time(files, rounds);
    }

    static List<TextFile> read(Path dir) throws IOException {
        List<Path> paths;
        try (Stream<Path> walk = Files.walk(dir)) {
            paths = walk.filter(p -> p.toString().endsWith(".java") && Files.isRegularFile(p)).sorted().toList();
        }
        List<TextFile> files = new ArrayList<>(paths.size());
        for (Path p : paths) {
            TextDecoding.DecodedText decoded = TextDecoding.decode(Files.readAllBytes(p));
            files.add(new TextFile(dir.relativize(p).toString(), p, decoded.text(), decoded.encoding()));
        }
        return files;
    }

    /** Both paths on every file, and the comparison of every tree javac's path converted. */
    public static Result compare(List<TextFile> files) {
        int converted = 0;
        Map<String, Integer> fallbacks = new TreeMap<>();
        List<String> differences = new ArrayList<>();
        JavaSources withJavac = new JavaSources();
        for (int from = 0; from < files.size(); from += JavaSources.JAVAC_BATCH) {
            List<TextFile> batch = files.subList(from, Math.min(files.size(), from + JavaSources.JAVAC_BATCH));
            List<JavacFrontEnd.Outcome> outcomes = withJavac.convertWithJavac(batch);
            for (int i = 0; i < batch.size(); i++) {
                TextFile file = batch.get(i);
                JavacFrontEnd.Outcome outcome = outcomes.get(i);
                if (outcome instanceof JavacFrontEnd.Outcome.Fallback f) {
                    fallbacks.merge(reasonKind(f.reason()), 1, Integer::sum);
                    if (Boolean.getBoolean("wanlint.showFallbacks")) System.out.println("  fell back " + file.path() + ": " + f.reason());
                    continue;
                }
                converted++;
                JavacFrontEnd.Outcome.Converted unit = (JavacFrontEnd.Outcome.Converted) outcome;
                ParsedJava expected = new JavaSources().parse(file);
                ParsedJava actual = withJavac.converted(file, unit);
                Optional<String> difference = expected.clean()
                        ? TreeDifference.first(expected.unit().unit(), actual.unit().unit())
                        : Optional.of("JavaParser reported " + expected.diagnostics().get(0).message());
                difference.ifPresent(d -> differences.add(file.path() + ": " + d));
            }
        }
        return new Result(files.size(), converted, fallbacks, differences);
    }

    /** A fallback reason without the details that make every file's different. */
    private static String reasonKind(String reason) {
        return reason.length() > 90 ? reason.substring(0, 90) : reason;
    }

    private static void time(List<TextFile> files, int rounds) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        double[] javaParser = new double[rounds];
        double[] javac = new double[rounds];
        for (int r = 0; r <= rounds; r++) {
            long start = threads.getCurrentThreadCpuTime();
            JavaSources sources = new JavaSources();
            for (TextFile f : files) sources.parse(f);
            long middle = threads.getCurrentThreadCpuTime();
            JavaSources withJavac = new JavaSources();
            for (int from = 0; from < files.size(); from += JavaSources.JAVAC_BATCH) {
                withJavac.parseBatch(files.subList(from, Math.min(files.size(), from + JavaSources.JAVAC_BATCH)));
            }
            long end = threads.getCurrentThreadCpuTime();
            System.out.printf(Locale.ROOT, "round %d: JavaParser %.2f s CPU, javac front end %.2f s CPU%s%n", r + 1,
                    (middle - start) / 1e9, (end - middle) / 1e9, r == 0 ? " (warm-up)" : "");
            if (r > 0) {
                javaParser[r - 1] = (middle - start) / 1e9;
                javac[r - 1] = (end - middle) / 1e9;
            }
        }
        System.out.printf(Locale.ROOT, "median CPU s, one thread: JavaParser %.2f, javac front end (fallbacks included) %.2f%n",
                median(javaParser), median(javac));
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
