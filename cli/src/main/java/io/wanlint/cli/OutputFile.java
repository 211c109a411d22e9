package io.wanlint.cli;

import io.wanlint.refactorings.api.AtomicFile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Writes {@code -o FILE} atomically ({@link AtomicFile}), so a CI job or an editor never reads half a
 * report, and a failed run leaves the previous report intact.
 */
final class OutputFile {
    private OutputFile() {}

    static void write(Path target, String content) throws IOException {
        AtomicFile.write(target, content.getBytes(StandardCharsets.UTF_8));
    }
}
