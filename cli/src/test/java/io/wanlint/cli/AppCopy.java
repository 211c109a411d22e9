package io.wanlint.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wanlint.fixtures.Fixtures;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * A git copy of a fixture application for the CLI's acceptance tests, and the helpers those tests share:
 * copying and committing a fixture, git, javac against the API jars of the test class path, the CLI run
 * in-process, the patch files {@code wanlint fix} wrote and snapshots of a tree.
 */
final class AppCopy {
    /** The J2EE, Java EE and Jakarta EE API jars a patched application must compile against. */
    static final List<String> API_JARS = List.of("javaee-api", "jboss-rmi-api", "jakarta.jakartaee-api");

    final Path root;

    private AppCopy(Path root) { this.root = root; }

    /** One in-process run of the CLI: exit code, standard output and standard error. */
    record Run(int exit, String out, String err) {
        JsonNode json() throws IOException { return new ObjectMapper().readTree(out); }
    }

    /** The fixture copied to {@code dir/fixture}, committed as the base of a fresh git repository. */
    static AppCopy of(String fixture, Path dir) throws Exception {
        return new AppCopy(gitCopy(fixture, dir.resolve(fixture)));
    }

    // ---- shared static helpers ----

    /** {@code wanlint args...} through {@link Main#mainWithoutExit}, capturing both streams. */
    static Run wanlint(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Main.mainWithoutExit(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** {@code git -C dir args...}, asserting success; returns the combined output. */
    static String git(Path dir, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("git", "-C", dir.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        // The copy is its own repository, whatever repository the temporary folder sits in.
        pb.environment().put("GIT_CEILING_DIRECTORIES", dir.toAbsolutePath().getParent().toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as("git %s: %s", String.join(" ", args), out).isZero();
        return out;
    }

    /** The fixture's files copied to {@code app} (no git). */
    static Path copy(String fixture, Path app) throws IOException {
        copyTree(Fixtures.app(fixture), app);
        return app;
    }

    static void copyTree(Path source, Path target) throws IOException {
        try (Stream<Path> files = Files.walk(source)) {
            for (Path p : files.toList()) {
                Path t = target.resolve(source.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(t);
                else Files.copy(p, t);
            }
        }
    }

    /** {@code app} made a fresh git repository whose single commit holds every file as it is. */
    static Path commit(Path app) throws IOException, InterruptedException {
        git(app, "init", "-q");
        git(app, "-c", "core.autocrlf=false", "add", "-A");
        git(app, "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false", "commit", "-q", "-m", "base");
        return app;
    }

    /** The fixture copied to {@code app} and committed. */
    static Path gitCopy(String fixture, Path app) throws IOException, InterruptedException {
        return commit(copy(fixture, app));
    }

    /** Every Java source of the application compiles against all {@link #API_JARS}. */
    static void compile(Path app, Charset encoding) throws IOException {
        compile(app, encoding, API_JARS);
    }

    /** Every Java source of the application compiles, in-process, against the test class path jars named by {@code apiJars}. */
    static void compile(Path app, Charset encoding, List<String> apiJars) throws IOException {
        List<Path> sources;
        try (Stream<Path> walk = Files.walk(app)) {
            sources = walk.filter(p -> p.toString().endsWith(".java")).filter(p -> !app.relativize(p).startsWith(".git"))
                    .sorted().toList();
        }
        assertThat(sources).isNotEmpty();
        String classPath = Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(p -> apiJars.stream().anyMatch(p::contains))
                .collect(Collectors.joining(File.pathSeparator));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> problems = new DiagnosticCollector<>();
        Path out = Files.createTempDirectory(app.toAbsolutePath().getParent(), "classes");
        try (StandardJavaFileManager fm = javac.getStandardFileManager(problems, null, encoding)) {
            boolean ok = javac.getTask(null, fm, problems, List.of("-nowarn", "-proc:none", "-implicit:none", "-encoding", encoding.name(),
                    "-classpath", classPath, "-d", out.toString()), null, fm.getJavaFileObjectsFromPaths(sources)).call();
            assertThat(ok).as("javac: %s", problems.getDiagnostics().stream()
                    .filter(d -> d.getKind() == javax.tools.Diagnostic.Kind.ERROR).map(Object::toString).toList()).isTrue();
        } finally {
            deleteTree(out);
        }
    }

    /** The per-finding patch files ({@code WANnnn-i-*.patch}) {@code wanlint fix} wrote to {@code dir}, sorted. */
    static List<Path> patchFiles(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) return List.of();
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().matches("WAN\\d{3}-\\d+-.*\\.patch")).sorted().toList();
        }
    }

    /** Every regular file under {@code root} outside {@code .git}, by relative path, its bytes as ISO-8859-1 text. */
    static Map<String, String> snapshot(Path root) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.filter(Files::isRegularFile).filter(p -> !root.relativize(p).startsWith(".git")).toList()) {
                out.put(root.relativize(p).toString(), new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1));
            }
        }
        return out;
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) return;
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }

    // ---- the same, on this copy ----

    String git(String... args) throws IOException, InterruptedException { return git(root, args); }

    /** Every Java file of the application compiles against the J2EE/Jakarta API jars of the test class path. */
    void compiles(Charset encoding) throws IOException { compile(root, encoding); }

    /** Edge-topology round trips per entry point, from {@code wanlint predict}. */
    Map<String, Integer> roundTrips() throws IOException {
        Run r = wanlint("predict", root.toString(), "--format", "json");
        assertThat(r.exit()).as(r.err()).isZero();
        Map<String, Integer> out = new LinkedHashMap<>();
        for (JsonNode ep : r.json().get("entryPoints")) out.put(ep.get("id").asText(), ep.get("wanRoundTrips").asInt());
        return out;
    }

    /** The predict JSON of one entry point. */
    JsonNode entryPoint(String id) throws IOException {
        Run r = wanlint("predict", root.toString(), "--format", "json");
        for (JsonNode ep : r.json().get("entryPoints")) if (ep.get("id").asText().equals(id)) return ep;
        throw new AssertionError("no entry point " + id + " in " + r.out());
    }

    /** The findings of {@code wanlint check} as (ruleId, className, method). */
    List<List<String>> findings() throws IOException {
        Run check = wanlint("check", root.toString(), "--format", "json", "--fail-on", "never");
        assertThat(check.exit()).as(check.err()).isZero();
        List<List<String>> out = new ArrayList<>();
        for (JsonNode f : check.json().get("findings")) {
            JsonNode loc = f.get("location");
            out.add(List.of(f.get("ruleId").asText(), loc.get("className").asText(), loc.path("method").asText("")));
        }
        return out;
    }

    String read(String path, Charset cs) throws IOException { return Files.readString(root.resolve(path), cs); }

    void write(String path, String text, Charset cs) throws IOException {
        Path p = root.resolve(path);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, cs);
    }
}
