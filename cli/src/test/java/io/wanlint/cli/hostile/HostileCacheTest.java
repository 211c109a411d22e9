package io.wanlint.cli.hostile;

import io.wanlint.fixtures.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.CRC32;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A hostile {@code --cache} folder, end to end through {@code wanlint check}: an entry someone
 * edited (and re-sealed the way a checksum would be) must not change the report, and files in the
 * folder that are not wanlint's must survive pruning whatever their names.
 */
class HostileCacheTest {
    @TempDir Path temp;

    @Test
    void anEditedEntryWithARecomputedChecksumDoesNotChangeTheReport() throws Exception {
        Path app = Fixtures.app("rubis-facade");
        Path cache = temp.resolve("cache");
        HostileRun.Outcome fresh = HostileRun.wanlint(List.of(app), "check", app.toString(), "--format", "json", "--fail-on", "never");
        HostileRun.wanlint(List.of(app), "check", app.toString(), "--format", "json", "--fail-on", "never", "--cache", cache.toString());
        Path entry = onlyEntry(cache);
        byte[] bytes = Files.readAllBytes(entry);
        // Rename a component in the stored model, then seal the entry again as a CRC-32 would be
        // (the last bytes): the kind of forgery a checksum cannot notice.
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        int name = text.indexOf("\"name\":\"");
        assertThat(name).isPositive();
        bytes[name + 8] ^= 0x01;
        CRC32 crc = new CRC32();
        crc.update(bytes, 0, bytes.length - 8);
        for (int i = 0; i < 8; i++) bytes[bytes.length - 1 - i] = (byte) (crc.getValue() >>> (8 * i));
        Files.write(entry, bytes);

        HostileRun.Outcome forged = HostileRun.wanlint(List.of(app), "check", app.toString(), "--format", "json",
                "--fail-on", "never", "--cache", cache.toString());

        assertThat(forged.exit()).isZero();
        assertThat(forged.out()).isEqualTo(fresh.out());
        assertThat(forged.err()).contains("warning: ").contains("cannot be read").contains("another cache key");
    }

    @Test
    void filesThatAreNotWanlintsSurvivePruningWhateverTheirNames() throws Exception {
        Path app = Fixtures.app("rubis-facade");
        Path cache = Files.createDirectories(temp.resolve("cache"));
        FileTime longAgo = FileTime.from(Instant.now().minusSeconds(86_400L * 400));
        Path report = Files.writeString(cache.resolve("analysis-report.cache"), "a report someone keeps here");
        Path notes = Files.writeString(cache.resolve("analysis-notes.tmp"), "notes");
        Path other = Files.writeString(cache.resolve("other.txt"), "other");
        for (Path p : List.of(report, notes, other)) Files.setLastModifiedTime(p, longAgo);

        HostileRun.Outcome run = HostileRun.wanlint(List.of(app), "check", app.toString(), "--format", "json",
                "--fail-on", "never", "--cache", cache.toString());

        assertThat(run.exit()).isZero();
        assertThat(report).hasContent("a report someone keeps here");
        assertThat(notes).hasContent("notes");
        assertThat(other).hasContent("other");
    }

    private static Path onlyEntry(Path cache) throws Exception {
        try (Stream<Path> files = Files.list(cache)) {
            List<Path> entries = files.filter(p -> p.getFileName().toString().endsWith(".cache")).toList();
            assertThat(entries).hasSize(1);
            return entries.get(0);
        }
    }
}
