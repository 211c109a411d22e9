package io.wanlint.cli;

import static io.wanlint.cli.AppCopy.wanlint;
import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.cli.AppCopy.Run;
import io.wanlint.fixtures.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QuietOptionTest {
    @TempDir Path temp;

    /** A cache whose entries are garbage: the run warns on stderr, and still reports the same findings. */
    private Path brokenCache(String app) throws IOException {
        Path cache = temp.resolve("cache");
        wanlint("check", app, "--format", "json", "--fail-on", "never", "--cache", cache.toString());
        try (Stream<Path> entries = Files.list(cache)) {
            for (Path entry : entries.toList()) Files.writeString(entry, "garbage");
        }
        return cache;
    }

    @Test
    void quietKeepsWarningsOffStderrButNotOutOfTheReport() throws IOException {
        String app = Fixtures.app("rubis-facade").toString();
        Path cache = brokenCache(app);
        Run loud = wanlint("check", app, "--format", "json", "--fail-on", "never", "--cache", cache.toString());
        brokenCache(app);
        Run quiet = wanlint("check", app, "--format", "json", "--fail-on", "never", "--cache", cache.toString(), "--quiet");

        assertThat(loud.err()).as("without --quiet").contains("warning: ");
        assertThat(quiet.exit()).isZero();
        assertThat(quiet.err()).doesNotContain("warning: ").doesNotContain("note: ");
        assertThat(quiet.out()).isEqualTo(loud.out());
    }

    @Test
    void quietStillPrintsErrors() {
        Run run = wanlint("check", temp.resolve("missing").toString(), "-q");

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).startsWith("error: no such file or directory");
    }

    @Test
    void progressOnAPipeLeavesAQuickRunsOutputUnchanged() {
        String app = Fixtures.app("rubis-facade").toString();
        Run plain = wanlint("check", app, "--format", "json", "--fail-on", "never");
        Run withProgress = wanlint("check", app, "--format", "json", "--fail-on", "never", "--progress");

        assertThat(withProgress.exit()).isZero();
        assertThat(withProgress.out()).isEqualTo(plain.out());
    }
}
