package io.wanlint.cli.hostile;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static io.wanlint.cli.hostile.HostileApps.servletSource;
import static io.wanlint.cli.hostile.HostileApps.utf8;
import static io.wanlint.cli.hostile.HostileApps.webXml;
import static io.wanlint.cli.hostile.HostileApps.write;
import static io.wanlint.cli.hostile.HostileApps.zip;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * The temporary folder under pressure: full, unusable, and the process stopped in the middle of a
 * run. The command line runs as a child process here (signals, a file size limit and {@code TMPDIR}
 * belong to a process), with its own {@code TMPDIR} and, to tell them apart, another
 * {@code java.io.tmpdir}.
 */
class HostileTemporaryFolderTest {
    @TempDir Path dir;

    /** Children still alive when a test fails are not left running. */
    private final List<Process> children = new ArrayList<>();

    @AfterEach
    void stopChildren() {
        children.forEach(Process::destroyForcibly);
    }

    /** What a child run printed and returned. */
    private record Child(int exit, String out, String err) {}

    private Path tmp() { return folder("tmp"); }

    private Path javaTmp() { return folder("java-tmp"); }

    private Path folder(String name) {
        try {
            return Files.createDirectories(dir.resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A WAR with one servlet and, when asked, {@code sources} more classes to parse (a run that lasts). */
    private Path war(int sources, byte[] bigEntry) {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("WEB-INF/web.xml", utf8(webXml("web.Good", "/good")));
        entries.put("WEB-INF/src/web/Good.java", utf8(servletSource("web", "Good")));
        for (int i = 0; i < sources; i++) entries.put("WEB-INF/src/gen/S" + i + ".java", utf8(servletSource("gen", "S" + i)));
        if (bigEntry != null) entries.put("WEB-INF/big.bin", bigEntry);
        return write(dir.resolve("in/shop.war"), zip(entries));
    }

    private Process start(Path tmpdir, String fileSizeLimit, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        if (fileSizeLimit != null) command.addAll(List.of("sh", "-c", "ulimit -f " + fileSizeLimit + " && exec \"$@\"", "sh"));
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m",
                "-XX:TieredStopAtLevel=1", "-Djava.io.tmpdir=" + javaTmp(), "-cp", System.getProperty("java.class.path"),
                "io.wanlint.cli.Main"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectOutput(dir.resolve("out.txt").toFile()).redirectError(dir.resolve("err.txt").toFile());
        builder.environment().put("TMPDIR", tmpdir.toString());
        Process process = builder.start();
        children.add(process);
        return process;
    }

    private Child finish(Process process) throws IOException, InterruptedException {
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("the run ended").isTrue();
        Child child = new Child(process.exitValue(), Files.readString(dir.resolve("out.txt"), StandardCharsets.UTF_8),
                Files.readString(dir.resolve("err.txt"), StandardCharsets.UTF_8));
        HostileRun.assertNoStackTrace(child.err());
        return child;
    }

    private Child run(Path tmpdir, String fileSizeLimit, String... args) throws IOException, InterruptedException {
        return finish(start(tmpdir, fileSizeLimit, args));
    }

    private static List<String> wanlintFolders(Path folder) {
        try (Stream<Path> all = Files.list(folder)) {
            return all.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("wanlint-")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Waits until the child has created its extraction folder and started extracting into it. */
    private static Path extracting(Path tmpdir, Process process) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline && process.isAlive()) {
            for (String name : wanlintFolders(tmpdir)) {
                if (Files.isDirectory(tmpdir.resolve(name).resolve("a1"))) return tmpdir.resolve(name);
            }
            Thread.sleep(10);
        }
        throw new AssertionError("no extraction folder appeared in " + tmpdir + " (TMPDIR) while the run was alive");
    }

    @Test
    void aWriteFailureWhileExtractingFailsTheRunInsteadOfPassingIt() throws Exception {
        // A file size limit (ulimit -f) makes writes fail as a full disk does, without privileges.
        Path war = war(0, new byte[4 << 20]);
        Map<String, String> before = HostileRun.snapshot(war.getParent());

        Child child = run(tmp(), "1000", "check", war.toString(), "--format", "json");

        assertThat(child.exit()).isEqualTo(3);
        assertThat(child.out()).isEmpty();
        assertThat(child.err()).startsWith("error: cannot write to the temporary folder " + tmp())
                .contains("(File too large) while extracting shop.war!/WEB-INF/big.bin; nothing was analysed")
                .doesNotContain("No findings");
        assertThat(child.err().lines()).hasSize(1);
        assertThat(HostileRun.snapshot(war.getParent())).isEqualTo(before);
        assertThat(wanlintFolders(tmp())).isEmpty();
        assertThat(wanlintFolders(javaTmp())).isEmpty();
    }

    @Test
    void aTmpdirThatIsNotAFolderIsHonouredAndFailsTheRunWithOneMessage() throws Exception {
        Path notAFolder = write(dir.resolve("not-a-folder"), "x");
        Path war = war(0, null);

        Child child = run(notAFolder, null, "check", war.toString());

        assertThat(child.exit()).isEqualTo(3);
        assertThat(child.out()).isEmpty();
        assertThat(child.err()).isEqualTo("error: cannot create a temporary folder in " + notAFolder
                + ": Not a directory; nothing was analysed (set TMPDIR to a writable folder with free space)\n");
        assertThat(wanlintFolders(javaTmp())).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({"TERM, 143", "INT, 130"})
    void aRunStoppedBySignalDeletesItsTemporaryFolder(String signal, int exit) throws Exception {
        // A job started in the background by a non-interactive shell inherits SIGINT ignored, and so
        // does every process it starts: the child JVM then never sees the signal. Nothing to test there.
        assumeFalse(signal.equals("INT") && ignored(2), "SIGINT is ignored in this process tree (a background job)");
        Path war = war(3000, null);
        Process process = start(tmp(), null, "check", war.toString());
        Path folder = extracting(tmp(), process);

        new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).inheritIO().start().waitFor();
        Child child = finish(process);

        assertThat(child.exit()).as("killed by SIGTERM/SIGINT, not finished").isEqualTo(exit);
        assertThat(folder).doesNotExist();
        assertThat(wanlintFolders(tmp())).isEmpty();
        assertThat(wanlintFolders(javaTmp())).isEmpty();
    }

    /** Whether this process ignores signal {@code number} (its bit in /proc/self/status's SigIgn mask), which children inherit. */
    private static boolean ignored(int number) throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.isReadable(status)) return false;
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("SigIgn:")) return (Long.parseUnsignedLong(line.substring(7).strip(), 16) >>> (number - 1) & 1) == 1;
        }
        return false;
    }

    @Test
    void theFolderOfAKilledRunIsSweptByTheNextRunAndNothingElseIs() throws Exception {
        Path war = war(3000, null);
        Process killed = start(tmp(), null, "check", war.toString());
        Path stale = extracting(tmp(), killed);
        killed.destroyForcibly().waitFor(); // SIGKILL: no hook can run
        assertThat(stale).isDirectory();
        // Not ours to delete: no marker, and the marked folder of a live process (this one).
        Path unmarked = Files.createDirectories(tmp().resolve("wanlint-" + killed.pid() + "-0123456789ab"));
        String marker = Files.readString(stale.resolve(".wanlint-owner"));
        ProcessHandle self = ProcessHandle.current();
        Path live = Files.createDirectories(tmp().resolve("wanlint-" + self.pid() + "-abcdef012345"));
        Files.writeString(live.resolve(".wanlint-owner"), marker.replaceFirst("pid \\d+", "pid " + self.pid())
                .replaceFirst("started \\S+", "started " + self.info().startInstant().orElseThrow()));
        Path other = Files.createDirectories(tmp().resolve("wanlint-dot123"));

        Child next = run(tmp(), null, "check", war(0, null).toString());

        assertThat(next.exit()).isZero();
        assertThat(stale).doesNotExist();
        assertThat(unmarked).isDirectory();
        assertThat(live).isDirectory();
        assertThat(other).isDirectory();
        assertThat(wanlintFolders(tmp())).containsExactlyInAnyOrder(unmarked.getFileName().toString(),
                live.getFileName().toString(), other.getFileName().toString());
    }
}
