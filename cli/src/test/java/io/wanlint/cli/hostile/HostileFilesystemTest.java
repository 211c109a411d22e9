package io.wanlint.cli.hostile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import static io.wanlint.cli.hostile.HostileApps.goodServlet;
import static io.wanlint.cli.hostile.HostileApps.servletSource;
import static io.wanlint.cli.hostile.HostileApps.write;
import static io.wanlint.cli.hostile.HostileRun.checkJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/** Hostile file-system layouts, end to end through {@code wanlint check}. */
class HostileFilesystemTest {
    @TempDir Path app;

    @Test
    void symbolicLinkLoopsEndAndTheTreeIsAnalysedOnce() throws IOException {
        goodServlet(app);
        Files.createSymbolicLink(app.resolve("src/shop/loop"), app.resolve("src"));
        Files.createSymbolicLink(app.resolve("self"), app.resolve("self"));

        HostileRun.Outcome run = checkJson(app);

        assertThat(run.exit()).isZero();
        assertThat(run.err()).contains("src/shop/loop: symbolic link to a folder that is already analysed skipped")
                .contains("warning: self: broken or looping symbolic link skipped");
        assertThat(run.componentClasses()).containsOnlyOnce("shop.Good");
    }

    @Test
    void unreadableFileIsADiagnosticAndTheRestIsAnalysed() throws IOException {
        goodServlet(app);
        Path secret = write(app.resolve("src/shop/Locked.java"), servletSource("shop", "Locked"));
        Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("---------"));
        try {
            assumeFalse(Files.isReadable(secret), "running as root: permissions do not stop reads");

            HostileRun.Outcome run = checkJson(app);

            assertThat(run.exit()).isZero();
            assertThat(run.err()).contains("warning: src/shop/Locked.java: cannot read: permission denied");
            assertThat(run.componentClasses()).contains("shop.Good").doesNotContain("shop.Locked");
        } finally {
            Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
        }
    }

    @Test
    void pathsWithSpacesAndNonAsciiNamesAreAnalysedAndReportedVerbatim() {
        Path root = app.resolve("my app/Ünïcødé 名前");
        write(root.resolve("src/caf\u00e9/Serv let.java"), "package café;\nclass Broken {\n  void m( }\n");
        write(root.resolve("src/caf\u00e9/Caf\u00e9Servlet.java"), servletSource("caf\u00e9", "Caf\u00e9Servlet"));

        HostileRun.Outcome run = checkJson(root);

        assertThat(run.exit()).isZero();
        assertThat(run.err()).contains("error: src/caf\u00e9/Serv let.java:3: syntax error");
        assertThat(run.componentClasses()).contains("caf\u00e9.Caf\u00e9Servlet");
    }

    @Test
    void emptyFolderMeansNothingCouldBeAnalysed() {
        HostileRun.Outcome run = HostileRun.wanlint(List.of(app), "check", app.toString());

        assertThat(run.exit()).isEqualTo(3);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo("error: nothing could be analysed in " + app + "\n");
    }

    @Test
    void pathThatDoesNotExistIsAUsageErrorNamingIt() {
        Path missing = app.resolve("no such app");

        HostileRun.Outcome run = HostileRun.wanlint(List.of(app), "predict", missing.toString());

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo("error: no such file or directory: " + missing + "\n");
    }
}
