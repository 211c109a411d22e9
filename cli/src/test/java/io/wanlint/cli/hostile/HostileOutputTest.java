package io.wanlint.cli.hostile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static io.wanlint.cli.hostile.HostileApps.goodServlet;
import static io.wanlint.cli.hostile.HostileApps.write;
import static io.wanlint.cli.hostile.HostileRun.wanlint;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code -o FILE} pointed at what is not an ordinary new file: devices, FIFOs, links, folders, the
 * run's own inputs. The report must go where the shell's {@code >} would send it, or the run must
 * stop with one line and exit code 2; a device or link is never turned into a regular file.
 */
class HostileOutputTest {
    private static final int S_IFMT = 0170000, S_IFCHR = 0020000, S_IFIFO = 0010000;

    @TempDir Path app;
    @TempDir Path out;

    private static int type(Path p) throws IOException {
        return (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS) & S_IFMT;
    }

    private static List<String> leftovers(Path folder, String name) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("." + name + ".")).toList();
        }
    }

    @Test
    void aFifoIsWrittenThroughAndStaysAFifo() throws Exception {
        goodServlet(app);
        Path fifo = out.resolve("report.fifo");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assumeTrue(mkfifo.waitFor(10, TimeUnit.SECONDS) && mkfifo.exitValue() == 0, "mkfifo is not available");
        CompletableFuture<String> reader = CompletableFuture.supplyAsync(() -> {
            try {
                return Files.readString(fifo);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });

        HostileRun.Outcome run = wanlint(List.of(app), "check", app.toString(), "--format", "json", "-o", fifo.toString());

        assertThat(run.exit()).isZero();
        assertThat(run.out()).isEmpty();
        assertThat(reader.get(30, TimeUnit.SECONDS)).startsWith("{").contains("\"shop.Good\"");
        assertThat(type(fifo)).as("still a FIFO").isEqualTo(S_IFIFO);
        assertThat(leftovers(out, "report.fifo")).isEmpty();
    }

    @Test
    void devNullTakesTheReportAndStaysACharacterDevice() throws Exception {
        Path devNull = Path.of("/dev/null");
        assumeTrue(Files.exists(devNull) && type(devNull) == S_IFCHR);
        goodServlet(app);

        HostileRun.Outcome run = wanlint(List.of(app), "check", app.toString(), "--format", "json", "-o", "/dev/null");

        assertThat(run.exit()).isZero();
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEmpty();
        assertThat(type(devNull)).as("/dev/null is still a character device").isEqualTo(S_IFCHR);
        assertThat(leftovers(Path.of("/dev"), "null")).isEmpty();
    }

    @Test
    void devFullIsAClearWriteErrorAndExit2() throws Exception {
        Path devFull = Path.of("/dev/full");
        assumeTrue(Files.exists(devFull) && type(devFull) == S_IFCHR, "no /dev/full here");
        goodServlet(app);

        HostileRun.Outcome run = wanlint(List.of(app), "check", app.toString(), "-o", "/dev/full");

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).isEqualTo("error: cannot write -o /dev/full: no space left on device\n");
        assertThat(type(devFull)).isEqualTo(S_IFCHR);
        assertThat(leftovers(Path.of("/dev"), "full")).isEmpty();
    }

    @Test
    void devStdoutIsTheCommandsOwnStdout() throws Exception {
        goodServlet(app);
        boolean wasLink = Files.isSymbolicLink(Path.of("/dev/stdout"));

        HostileRun.Outcome run = wanlint(List.of(app), "check", app.toString(), "--format", "json", "-o", "/dev/stdout");

        assertThat(run.exit()).isZero();
        assertThat(run.componentClasses()).contains("shop.Good");
        assertThat(Files.isSymbolicLink(Path.of("/dev/stdout"))).isEqualTo(wasLink);
        assertThat(leftovers(Path.of("/dev"), "stdout")).isEmpty();
    }

    @Test
    void aSymbolicLinkKeepsBeingALinkAndItsTargetGetsTheReport() throws Exception {
        goodServlet(app);
        Path target = write(out.resolve("reports/latest.json"), "old report");
        Path link = Files.createSymbolicLink(out.resolve("report.json"), Path.of("reports/latest.json"));
        Path dangling = Files.createSymbolicLink(out.resolve("next.json"), Path.of("reports/next.json"));

        HostileRun.Outcome run = wanlint(List.of(app), "check", app.toString(), "-o", link.toString());
        HostileRun.Outcome toNew = wanlint(List.of(app), "check", app.toString(), "-o", dangling.toString());

        assertThat(run.exit()).isZero();
        assertThat(toNew.exit()).isZero();
        assertThat(Files.readSymbolicLink(link)).isEqualTo(Path.of("reports/latest.json"));
        assertThat(Files.readSymbolicLink(dangling)).isEqualTo(Path.of("reports/next.json"));
        assertThat(Files.readString(target)).as("format from the extension").startsWith("{").contains("shop.Good");
        assertThat(Files.readString(out.resolve("reports/next.json"))).contains("shop.Good");
        try (Stream<Path> files = Files.list(out.resolve("reports"))) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("latest.json", "next.json");
        }
    }

    @Test
    void theAnalysedArchiveIsNeverOverwritten() {
        Path war = write(app.resolve("shop.war"), HostileApps.zip(java.util.Map.of(
                "WEB-INF/web.xml", HostileApps.utf8(HostileApps.webXml("web.Good", "/good")),
                "WEB-INF/src/web/Good.java", HostileApps.utf8(HostileApps.servletSource("web", "Good")))));

        HostileRun.Outcome run = wanlint(List.of(app), "check", war.toString(), "-o", war.toString());

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo("error: -o " + war + " is an input of this run; writing the report there would destroy it\n");
    }

    @Test
    void anAnalysedFileOrTheConfigurationIsNeverOverwritten() {
        goodServlet(app);
        Path descriptor = write(app.resolve("WEB-INF/web.xml"), HostileApps.webXml("shop.Good", "/good"));
        Path config = write(out.resolve("wanlint.yaml"), "exclude: []\n");
        Path source = app.resolve("src/shop/Good.java");

        HostileRun.Outcome ontoDescriptor = wanlint(List.of(app), "check", app.toString(), "-o", descriptor.toString());
        HostileRun.Outcome ontoSource = wanlint(List.of(app), "predict", app.toString(), "-o", source.toString());
        HostileRun.Outcome ontoConfig = wanlint(List.of(app, out), "check", app.toString(), "--config", config.toString(),
                "-o", config.toString());

        Path baseline = write(out.resolve("baseline.json"), "{\"schemaVersion\":\"1\",\"tool\":\"wanlint\",\"findings\":[]}\n");
        HostileRun.Outcome ontoBaseline = wanlint(List.of(app, out), "check", app.toString(), "--baseline", baseline.toString(),
                "--format", "json", "-o", baseline.toString());

        assertThat(List.of(ontoDescriptor, ontoSource, ontoConfig, ontoBaseline)).allSatisfy(r -> {
            assertThat(r.exit()).isEqualTo(2);
            assertThat(r.out()).isEmpty();
            assertThat(r.err()).matches("error: -o .* is an input of this run; writing the report there would destroy it\n");
        });
    }

    @Test
    void aReportInsideTheAnalysedFolderIsNotAnInputAndIsReplacedByTheNextRun() throws IOException {
        goodServlet(app);
        Path json = app.resolve("report.json"), sarif = app.resolve("report.sarif"), html = app.resolve("report.html");

        for (int i = 0; i < 2; i++) {
            for (Path report : List.of(json, sarif, html)) {
                HostileRun.Outcome run = wanlint(List.of(), "check", app.toString(), "-o", report.toString());
                assertThat(run.exit()).as("run %d to %s: %s", i, report, run.err()).isZero();
            }
        }

        assertThat(Files.readString(json)).contains("\"shop.Good\"");
        assertThat(Files.readString(sarif)).contains("\"2.1.0\"");
        assertThat(Files.readString(html)).startsWith("<!DOCTYPE html>");
    }

    @Test
    void aFolderOrAPathThroughARegularFileIsAUsageErrorNamingTheOutput() {
        goodServlet(app);
        Path file = write(out.resolve("notes.txt"), "not a folder");

        HostileRun.Outcome folder = wanlint(List.of(app, out), "check", app.toString(), "-o", out.toString());
        HostileRun.Outcome under = wanlint(List.of(app, out), "check", app.toString(), "-o", file.resolve("report.json").toString());

        assertThat(folder.exit()).isEqualTo(2);
        assertThat(folder.err()).isEqualTo("error: -o " + out + " is a folder; name a file\n");
        assertThat(under.exit()).isEqualTo(2);
        assertThat(under.err()).isEqualTo("error: cannot write -o " + file.resolve("report.json") + ": " + file + " is not a folder\n");
    }

    @Test
    void aReadOnlyFolderOrFileIsAUsageErrorWithoutTheTemporaryFileName() throws IOException {
        goodServlet(app);
        Path locked = Files.createDirectories(out.resolve("locked"));
        Path readOnly = write(out.resolve("old.json"), "{}");
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("r-xr-xr-x"));
        Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("r--r--r--"));
        try {
            assumeFalse(Files.isWritable(locked), "running as root: permissions do not stop writes");

            HostileRun.Outcome inFolder = wanlint(List.of(app, out), "check", app.toString(), "-o",
                    locked.resolve("report.json").toString());
            HostileRun.Outcome onFile = wanlint(List.of(app, out), "check", app.toString(), "-o", readOnly.toString());

            assertThat(inFolder.exit()).isEqualTo(2);
            assertThat(inFolder.err()).isEqualTo("error: cannot write -o " + locked.resolve("report.json")
                    + ": permission denied\n");
            assertThat(onFile.exit()).isEqualTo(2);
            assertThat(onFile.err()).isEqualTo("error: cannot write -o " + readOnly
                    + ": permission denied (the file is read-only)\n");
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("rw-r--r--"));
        }
    }

}
