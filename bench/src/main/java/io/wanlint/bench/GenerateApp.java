package io.wanlint.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Command line of the generator:
 * {@code java -cp bench/target/classes io.wanlint.bench.GenerateApp --lines 50000 --seed 42 --out DIR}.
 * Writes the application under DIR (which must be empty or absent) and {@code DIR/expected.json}.
 */
public final class GenerateApp {
    private GenerateApp() {}

    public static void main(String[] args) {
        int code = run(args);
        if (code != 0) System.exit(code);
    }

    /** Exit code: 0 done, 2 bad arguments or output directory, 1 I/O failure. */
    static int run(String[] args) {
        int lines = 50_000;
        long seed = 42;
        Path out = null;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--lines" -> lines = Integer.parseInt(args[++i].replace("_", ""));
                    case "--seed" -> seed = Long.parseLong(args[++i]);
                    case "--out" -> out = Path.of(args[++i]);
                    case "-h", "--help" -> {
                        System.out.println("usage: GenerateApp [--lines N] [--seed S] --out DIR");
                        return 0;
                    }
                    default -> {
                        System.err.println("error: unknown argument " + args[i]);
                        return 2;
                    }
                }
            }
        } catch (ArrayIndexOutOfBoundsException | NumberFormatException e) {
            System.err.println("error: bad argument value (" + e.getMessage() + ")");
            return 2;
        }
        if (out == null) {
            System.err.println("error: --out DIR is required");
            return 2;
        }
        if (lines < SyntheticApplication.MIN_LINES) {
            System.err.println("error: --lines must be at least " + SyntheticApplication.MIN_LINES);
            return 2;
        }
        try {
            if (Files.isDirectory(out)) {
                try (var entries = Files.list(out)) {
                    if (entries.findAny().isPresent()) {
                        System.err.println("error: " + out + " is not empty");
                        return 2;
                    }
                }
            }
            Files.createDirectories(out);
            GeneratedApp app = SyntheticApplication.generate(lines, seed);
            app.write(out);
            Map<RuleId, Integer> expected = app.expectedFindings();
            System.out.println("generated " + app.files().size() + " files, " + app.javaLines() + " Java lines, "
                    + app.entryPoints() + " entry points into " + out + "; expected findings " + expected);
            return 0;
        } catch (IOException e) {
            System.err.println("error: cannot write " + out + ": " + e.getMessage());
            return 1;
        }
    }
}
