package io.wanlint.cli.hostile;

import io.wanlint.fixtures.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static io.wanlint.cli.hostile.HostileApps.write;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Hostile git work trees: a repository that configures programs for git to run, and committed
 * symbolic links that would take {@code fix --apply} (or {@code fix --out}) out of the tree.
 */
class HostileGitTest {
    @TempDir Path temp;

    @Test
    void changedSinceRunsNothingTheRepositoryConfiguresAndLeavesItsIndexAlone() throws Exception {
        Path app = repository("rubis-facade");
        Path marker = temp.resolve("ran");
        plantPrograms(app, marker);
        Path servlet = app.resolve("src/org/acme/rubis/servlets/BrowseCategories.java");
        Files.writeString(servlet, Files.readString(servlet) + "\n// edited\n");
        // Racy timestamps make git compare contents, which is when it runs clean filters.
        Files.setLastModifiedTime(servlet, Files.getLastModifiedTime(app.resolve(".git/index")));

        HostileRun.Outcome run = HostileRun.wanlint(List.of(app), "check", app.toString(), "--changed-since", "HEAD",
                "--format", "json");

        assertThat(run.exit()).as(run.err()).isIn(0, 1);
        assertThat(marker).as("a program configured by the analysed repository ran").doesNotExist();
        // (HostileRun compared the whole tree, .git/index included, before and after.)
    }

    @Test
    void applyRunsNothingTheRepositoryConfigures() throws Exception {
        Path app = repository("rubis-entity");
        Path marker = temp.resolve("ran");
        plantPrograms(app, marker);

        HostileRun.Outcome run = HostileRun.wanlint(List.of(), "fix", app.toString(), "--rule", "WAN005",
                "--out", temp.resolve("out").toString(), "--apply");

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).contains("applied to");
        assertThat(marker).as("a program configured by the analysed repository ran").doesNotExist();
    }

    @Test
    void applyRefusesToCreateFilesUnderACommittedLinkToAFolderElsewhere() throws Exception {
        Path app = copy("rubis-entity");
        Path elsewhere = Files.createDirectories(temp.resolve("elsewhere"));
        Files.createSymbolicLink(app.resolve("src/org/acme/rubis/entity/facade"), elsewhere);
        commit(app);

        HostileRun.Outcome run = HostileRun.wanlint(List.of(app, elsewhere), "fix", app.toString(), "--rule", "WAN001",
                "--out", temp.resolve("out").toString(), "--apply");

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).contains("--apply refused").contains("lies under the symbolic link src/org/acme/rubis/entity/facade")
                .contains("nothing was applied");
        assertThat(git(app, "status", "--porcelain")).isEmpty();
        try (Stream<Path> files = Files.list(elsewhere)) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void applyRefusesToReplaceATrackedLinkWithARegularFile() throws Exception {
        Path app = copy("trade");
        Path bean = app.resolve("src/main/java/com/acme/trade/ejb/AccountBean.java");
        Path elsewhere = Files.createDirectories(temp.resolve("elsewhere"));
        Path real = elsewhere.resolve("AccountBean.java");
        Files.move(bean, real);
        Files.createSymbolicLink(bean, real);
        commit(app);

        HostileRun.Outcome run = HostileRun.wanlint(List.of(app, elsewhere), "fix", app.toString(), "--rule", "WAN008",
                "--out", temp.resolve("out").toString(), "--apply");

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).contains("AccountBean.java is a symbolic link");
        assertThat(Files.isSymbolicLink(bean)).isTrue();
        assertThat(git(app, "status", "--porcelain")).isEmpty();
    }

    @Test
    void patchFilesAreNeverWrittenThroughALinkPlantedInTheOutputFolder() throws Exception {
        Path app = copy("rubis-entity");
        Path out = Files.createDirectories(temp.resolve("out"));
        Path victim = Files.writeString(temp.resolve("victim.txt"), "precious");
        Files.createSymbolicLink(out.resolve("wanlint.patch"), victim);
        Files.createSymbolicLink(out.resolve("WAN005-1-category.patch"), victim);

        HostileRun.Outcome run = HostileRun.wanlint(List.of(app), "fix", app.toString(), "--rule", "WAN005",
                "--out", out.toString());

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(victim).hasContent("precious");
        assertThat(Files.isSymbolicLink(out.resolve("wanlint.patch"))).isFalse();
        assertThat(Files.isRegularFile(out.resolve("wanlint.patch"), LinkOption.NOFOLLOW_LINKS)).isTrue();
        assertThat(Files.readString(out.resolve("wanlint.patch"))).startsWith("diff --git");
    }

    // ---------------------------------------------------------------- helpers

    /**
     * Configures every program git can be made to run while it reads a work tree: an fsmonitor, a
     * clean filter and a filter process (for every file), an external diff and a textconv driver,
     * and hooks; each would create {@code marker}.
     */
    private static void plantPrograms(Path app, Path marker) throws Exception {
        String touch = "touch '" + marker + "'";
        write(app.resolve(".gitattributes"), "* filter=evil diff=evil\n");
        git(app, "add", ".gitattributes");
        git(app, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "attributes");
        git(app, "config", "core.fsmonitor", touch + "; echo");
        git(app, "config", "filter.evil.clean", touch + "; cat");
        git(app, "config", "filter.evil.smudge", touch + "; cat");
        git(app, "config", "filter.evil.process", touch);
        git(app, "config", "filter.evil.required", "true");
        git(app, "config", "diff.evil.textconv", touch + "; cat");
        git(app, "config", "diff.external", touch);
        Path hooks = Files.createDirectories(app.resolve(".git/hooks"));
        for (String hook : List.of("post-checkout", "post-index-change", "pre-commit")) {
            Path h = write(hooks.resolve(hook), "#!/bin/sh\n" + touch + "\n");
            h.toFile().setExecutable(true);
        }
        Files.deleteIfExists(marker); // the commit above ran the filters once
        assertThat(marker).doesNotExist();
    }

    private Path copy(String fixture) throws IOException {
        Path source = Fixtures.app(fixture);
        Path app = temp.resolve(fixture);
        try (Stream<Path> files = Files.walk(source)) {
            for (Path p : files.toList()) {
                Path t = app.resolve(source.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(t);
                else Files.copy(p, t);
            }
        }
        return app;
    }

    private Path repository(String fixture) throws Exception {
        return commit(copy(fixture));
    }

    private static Path commit(Path app) throws Exception {
        git(app, "init", "-q");
        git(app, "-c", "core.autocrlf=false", "add", "-A");
        git(app, "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false", "commit", "-q", "-m", "base");
        return app;
    }

    private static String git(Path dir, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("git", "-C", dir.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("GIT_CEILING_DIRECTORIES", dir.toAbsolutePath().getParent().toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as("git %s: %s", String.join(" ", args), out).isZero();
        return out;
    }
}
