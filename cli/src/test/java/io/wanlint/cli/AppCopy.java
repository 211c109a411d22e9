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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/** A git copy of a fixture application for acceptance tests: git, javac against the API jars, and the CLI. */
final class AppCopy {
    final Path root;

    private AppCopy(Path root) { this.root = root; }

    record Run(int exit, String out, String err) {}

    /** The fixture copied to {@code dir/fixture}, committed as the base of a fresh git repository. */
    static AppCopy of(String fixture, Path dir) throws Exception {
        Path source = Fixtures.app(fixture);
        Path app = dir.resolve(fixture);
        try (Stream<Path> files = Files.walk(source)) {
            for (Path p : files.toList()) {
                Path target = app.resolve(source.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(target);
                else Files.copy(p, target);
            }
        }
        AppCopy copy = new AppCopy(app);
        copy.git("init", "-q");
        copy.git("-c", "core.autocrlf=false", "add", "-A");
        copy.git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "base");
        return copy;
    }

    String git(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("git", "-C", root.toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as("git %s: %s", String.join(" ", args), out).isZero();
        return out;
    }

    /** Every Java file of the application compiles against the J2EE/Jakarta API jars of the test class path. */
    void compiles(Charset encoding) throws IOException {
        List<Path> sources;
        try (Stream<Path> walk = Files.walk(root)) {
            sources = walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        String classPath = Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(p -> p.contains("javaee-api") || p.contains("jboss-rmi-api") || p.contains("jakarta.jakartaee-api"))
                .collect(Collectors.joining(File.pathSeparator));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> problems = new DiagnosticCollector<>();
        try (StandardJavaFileManager fm = javac.getStandardFileManager(problems, null, encoding)) {
            Path out = Files.createTempDirectory(root.getParent(), "classes");
            boolean ok = javac.getTask(null, fm, problems, List.of("-nowarn", "-proc:none", "-encoding", encoding.name(),
                    "-classpath", classPath, "-d", out.toString()), null, fm.getJavaFileObjectsFromPaths(sources)).call();
            assertThat(ok).as("javac: %s", problems.getDiagnostics()).isTrue();
        }
    }

    /** Edge-topology round trips per entry point, from {@code wanlint predict}. */
    Map<String, Integer> roundTrips() throws IOException {
        Run r = wanlint("predict", root.toString(), "--format", "json");
        assertThat(r.exit()).as(r.err()).isZero();
        Map<String, Integer> out = new LinkedHashMap<>();
        for (JsonNode ep : new ObjectMapper().readTree(r.out()).get("entryPoints")) out.put(ep.get("id").asText(), ep.get("wanRoundTrips").asInt());
        return out;
    }

    /** The predict JSON of one entry point. */
    JsonNode entryPoint(String id) throws IOException {
        Run r = wanlint("predict", root.toString(), "--format", "json");
        for (JsonNode ep : new ObjectMapper().readTree(r.out()).get("entryPoints")) if (ep.get("id").asText().equals(id)) return ep;
        throw new AssertionError("no entry point " + id + " in " + r.out());
    }

    /** The findings of {@code wanlint check} as (ruleId, className, method). */
    List<List<String>> findings() throws IOException {
        Run check = wanlint("check", root.toString(), "--format", "json", "--fail-on", "never");
        assertThat(check.exit()).as(check.err()).isZero();
        List<List<String>> out = new ArrayList<>();
        for (JsonNode f : new ObjectMapper().readTree(check.out()).get("findings")) {
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

    static Run wanlint(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Main.mainWithoutExit(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
