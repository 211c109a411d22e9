package io.wanlint.cli.hostile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wanlint.cli.Main;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs the real command line (the real analyzer, rules and reports) on hostile input the way a CI
 * gate would, and checks what every such run must guarantee whatever the input: no stack trace on
 * stderr, nothing in the input trees changed or added, and nothing left behind in the temporary
 * folder (the CLI tests run with {@code java.io.tmpdir} set to the module's {@code target} folder,
 * see {@code cli/pom.xml}, so that other processes' temporary files cannot disturb the snapshot).
 */
final class HostileRun {
    private static final ObjectMapper JSON = new ObjectMapper();

    private HostileRun() {}

    /** What one run printed and returned. */
    record Outcome(int exit, String out, String err) {
        JsonNode json() {
            try {
                return JSON.readTree(out);
            } catch (IOException e) {
                throw new AssertionError("stdout is not JSON: " + out.substring(0, Math.min(out.length(), 500)), e);
            }
        }

        /** Component names of a {@code --format json} report. */
        List<String> components() {
            List<String> names = new ArrayList<>();
            json().path("components").forEach(c -> names.add(c.path("name").asText()));
            return names;
        }

        /** Class names of a {@code --format json} report's components. */
        List<String> componentClasses() {
            List<String> names = new ArrayList<>();
            json().path("components").forEach(c -> names.add(c.path("className").asText()));
            return names;
        }

        /** The report's diagnostics as {@code level file:line message}, one string each. */
        List<String> diagnostics() {
            List<String> all = new ArrayList<>();
            json().path("diagnostics").forEach(d -> all.add(d.path("level").asText() + " " + d.path("file").asText()
                    + ":" + d.path("line").asInt() + " " + d.path("message").asText()));
            return all;
        }
    }

    /**
     * Runs {@code wanlint args…} and asserts the guarantees of every run: stderr free of stack
     * traces and exception class names, the {@code inputs} unchanged, the temporary folder as before.
     */
    static Outcome wanlint(List<Path> inputs, String... args) {
        Set<String> tempBefore = temporaryFolderEntries();
        List<Map<String, String>> before = inputs.stream().map(HostileRun::snapshot).toList();
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int exit = Main.mainWithoutExit(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        Outcome outcome = new Outcome(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        assertNoStackTrace(outcome.err());
        for (int i = 0; i < inputs.size(); i++) {
            assertThat(snapshot(inputs.get(i))).as("input tree %s after the run", inputs.get(i)).isEqualTo(before.get(i));
        }
        assertThat(temporaryFolderEntries()).as("entries of the temporary folder after the run").isEqualTo(tempBefore);
        return outcome;
    }

    /**
     * Runs {@code wanlint args…} in a JVM of its own started with {@code jvmOptions} (a heap cap, say,
     * to prove a memory bound), with the guarantees of {@link #wanlint}.
     */
    static Outcome wanlintInOwnJvm(List<Path> inputs, List<String> jvmOptions, String... args) {
        Set<String> tempBefore = temporaryFolderEntries();
        List<Map<String, String>> before = inputs.stream().map(HostileRun::snapshot).toList();
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(jvmOptions);
        command.addAll(List.of("-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"),
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        Outcome outcome;
        try {
            Path out = Files.createTempFile(Path.of(System.getProperty("java.io.tmpdir")), "hostile-out", ".txt");
            Path err = Files.createTempFile(Path.of(System.getProperty("java.io.tmpdir")), "hostile-err", ".txt");
            try {
                Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
                int exit = process.waitFor();
                outcome = new Outcome(exit, Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
        assertNoStackTrace(outcome.err());
        for (int i = 0; i < inputs.size(); i++) {
            assertThat(snapshot(inputs.get(i))).as("input tree %s after the run", inputs.get(i)).isEqualTo(before.get(i));
        }
        assertThat(temporaryFolderEntries()).as("entries of the temporary folder after the run").isEqualTo(tempBefore);
        return outcome;
    }

    /** Shorthand: {@code check INPUT… --format json} with the guarantees of {@link #wanlint}. */
    static Outcome checkJson(Path... inputs) {
        List<String> args = new ArrayList<>(List.of("check"));
        for (Path p : inputs) args.add(p.toString());
        args.addAll(List.of("--format", "json"));
        return wanlint(List.of(inputs), args.toArray(String[]::new));
    }

    static void assertNoStackTrace(String err) {
        for (String line : err.split("\\R")) {
            assertThat(line).as("stderr line").doesNotStartWith("\tat ").doesNotMatch("^\\s+at [\\w$.]+\\(.*")
                    .doesNotStartWith("Caused by").doesNotContain("Exception").doesNotContain("java.lang.")
                    .doesNotContain("Error:").doesNotContain("StackOverflow");
        }
    }

    /** Every file and folder under {@code root}: relative path to a content hash (or "dir"/"link"). */
    static Map<String, String> snapshot(Path root) {
        Map<String, String> entries = new TreeMap<>();
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) return entries;
        try (Stream<Path> all = Files.walk(root)) { // does not follow links: loops are fine
            all.forEach(p -> entries.put(root.relativize(p).toString(), describe(p)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return entries;
    }

    private static String describe(Path p) {
        if (Files.isSymbolicLink(p)) {
            try {
                return "link " + Files.readSymbolicLink(p);
            } catch (IOException e) {
                return "link";
            }
        }
        if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) return "dir";
        if (!Files.isReadable(p)) return "unreadable";
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p)));
        } catch (IOException e) {
            return "unreadable";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Set<String> temporaryFolderEntries() {
        try (Stream<Path> all = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return all.map(p -> p.getFileName().toString()).collect(java.util.stream.Collectors.toCollection(TreeSet::new));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
