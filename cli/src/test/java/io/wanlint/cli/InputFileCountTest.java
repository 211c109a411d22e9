package io.wanlint.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InputFileCountTest {
    @TempDir Path dir;

    @Test
    void countsTheFilesOfFoldersAndAnArchiveAsOne() throws IOException {
        Path src = Files.createDirectories(dir.resolve("app/src/a"));
        Files.writeString(src.resolve("A.java"), "class A {}");
        Files.writeString(src.resolve("B.java"), "class B {}");
        Path war = Files.writeString(dir.resolve("app.war"), "not really");

        assertThat(new InputFileCount(List.of(dir.resolve("app"), war)).describe()).isEqualTo("3 files");
        assertThat(new InputFileCount(List.of(war)).describe()).isEqualTo("1 file");
    }
}
