package io.wanlint.analyzer.cache;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.Diagnostic;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A side entry of the cache folder is handed back only as it was written, under the folder's key and its own name. */
class SideEntryTest {
    @TempDir Path folder;
    private final List<Diagnostic> warnings = new ArrayList<>();

    private static final byte[] PAYLOAD = "what javac said".getBytes(StandardCharsets.UTF_8);

    @Test
    void whatIsWrittenIsReadBack() {
        SideEntry.write(folder, "javac-abc", PAYLOAD, warnings::add, null);
        assertThat(SideEntry.read(folder, "javac-abc", warnings::add, null)).hasValue(PAYLOAD);
        assertThat(warnings).isEmpty();
    }

    @Test
    void anEditedEntryIsNoEntryAndGivesAWarning() throws IOException {
        SideEntry.write(folder, "javac-abc", PAYLOAD, warnings::add, null);
        Path file = folder.resolve("javac-abc.side");
        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length - 40] ^= 1; // a payload byte: the HMAC no longer matches
        Files.write(file, bytes);
        assertThat(SideEntry.read(folder, "javac-abc", warnings::add, null)).isEmpty();
        assertThat(warnings).singleElement().extracting(Diagnostic::message).asString().contains("altered or truncated");
    }

    @Test
    void anEntryWrittenUnderAnotherKeyIsNoEntry() {
        SideEntry.write(folder, "javac-abc", PAYLOAD, warnings::add, "a key of sixteen characters or more");
        assertThat(SideEntry.read(folder, "javac-abc", warnings::add, "another key of sixteen characters")).isEmpty();
    }

    @Test
    void anEntryCopiedUnderAnotherNameIsNoEntry() throws IOException {
        SideEntry.write(folder, "rules-one", PAYLOAD, warnings::add, null);
        Files.copy(folder.resolve("rules-one.side"), folder.resolve("rules-two.side"));
        assertThat(SideEntry.read(folder, "rules-two", warnings::add, null)).isEmpty();
    }

    @Test
    void aMissingEntryIsNoEntryWithoutAWarning() {
        assertThat(SideEntry.read(folder, "javac-abc", warnings::add, null)).isEmpty();
        assertThat(warnings).isEmpty();
    }
}
