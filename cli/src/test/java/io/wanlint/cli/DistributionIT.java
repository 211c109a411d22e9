package io.wanlint.cli;

import io.wanlint.fixtures.Fixtures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The distribution as a user gets it: {@code wanlint-<version>.zip} unpacked with {@code unzip} in an
 * empty folder, its {@code bin/wanlint} run from another folder and through a symbolic link on
 * {@code PATH}, with only Java. Runs after {@code package} (failsafe), on the zip the build made.
 */
class DistributionIT {
    private static final Path ZIP = Path.of(System.getProperty("wanlint.distribution", "target/missing.zip"));
    private static final String VERSION = System.getProperty("wanlint.version", "unknown");

    @TempDir static Path temp;
    private static Path installed;

    @BeforeAll
    static void unpack() throws Exception {
        assertThat(ZIP).as("the distribution the build made").isRegularFile();
        Path into = Files.createDirectories(temp.resolve("opt"));
        Run unzip = run(List.of("unzip", "-q", ZIP.toString(), "-d", into.toString()), into, Map.of());
        assertThat(unzip.exit()).as(unzip.err()).isZero();
        installed = into.resolve("wanlint-" + VERSION);
    }

    @Test
    void theZipHoldsTheLauncherExecutableAndTheJar() {
        assertThat(installed.resolve("bin/wanlint")).isExecutable();
        assertThat(installed.resolve("lib/wanlint.jar")).isRegularFile();
        assertThat(installed.resolve("docs/ci.md")).isRegularFile();
    }

    @Test
    void binWanlintChecksAFixtureFromAnotherFolderAndFailsOnItsErrors() throws Exception {
        Path elsewhere = Files.createDirectories(temp.resolve("work"));
        Path report = elsewhere.resolve("report.sarif");
        Run check = run(List.of(installed.resolve("bin/wanlint").toString(), "check", Fixtures.app("petstore-1.1").toString(),
                "-o", report.toString()), elsewhere, Map.of());
        assertThat(check.exit()).as(check.err()).isEqualTo(1);
        assertThat(Files.readString(report)).contains("\"version\": \"2.1.0\"").contains("\"ruleId\": \"WAN003\"");
    }

    @Test
    void aSymbolicLinkOnPathRunsTheInstallation() throws Exception {
        Path bin = Files.createDirectories(temp.resolve("home/bin"));
        Path link = bin.resolve("wanlint");
        if (!Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            Files.createSymbolicLink(link, bin.relativize(installed.resolve("bin/wanlint")));
        }
        Map<String, String> env = Map.of("PATH", bin + ":" + System.getenv("PATH"));
        Path elsewhere = Files.createDirectories(temp.resolve("other"));
        Run version = run(List.of("sh", "-c", "wanlint --version"), elsewhere, env);
        assertThat(version.exit()).as(version.err()).isZero();
        assertThat(version.out()).contains("wanlint " + VERSION);
        Run check = run(List.of("sh", "-c", "wanlint check \"$0\" --compact --fail-on never", Fixtures.app("petstore-1.1").toString()),
                elsewhere, env);
        assertThat(check.exit()).as(check.err()).isZero();
        assertThat(check.out()).contains(": error WAN003 ");
    }

    @Test
    void generateCompletionPrintsABashCompletionScriptForTheCommands() throws Exception {
        Run completion = run(List.of(installed.resolve("bin/wanlint").toString(), "generate-completion"), temp, Map.of());
        assertThat(completion.exit()).as(completion.err()).isZero();
        assertThat(completion.out()).contains("complete -F").contains("check").contains("--fail-on");
    }

    private record Run(int exit, String out, String err) {}

    private static Run run(List<String> command, Path dir, Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(command)).directory(dir.toFile());
        pb.environment().putAll(env);
        pb.environment().remove("WANLINT_JAVA_OPTS");
        Path out = Files.createTempFile(temp, "out", ".txt");
        Path err = Files.createTempFile(temp, "err", ".txt");
        pb.redirectOutput(out.toFile()).redirectError(err.toFile());
        Process p = pb.start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + command);
        }
        return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }
}
