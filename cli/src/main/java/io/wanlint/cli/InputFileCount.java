package io.wanlint.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * How many files the analysed paths hold, for the progress indicator: counted once, on the
 * indicator's thread and only when a run is long enough to show it, so a quick run never walks
 * its folders twice. An archive counts as one file; an unreadable folder leaves the count out.
 */
final class InputFileCount {
    private final List<Path> paths;
    private String description;

    InputFileCount(List<Path> paths) { this.paths = List.copyOf(paths); }

    /** {@code 1,204 files}, or {@code files} when they cannot be counted. */
    synchronized String describe() {
        if (description == null) description = count();
        return description;
    }

    private String count() {
        long n = 0;
        for (Path p : paths) {
            if (!Files.isDirectory(p)) {
                n++;
                continue;
            }
            try (Stream<Path> files = Files.walk(p)) {
                n += files.filter(Files::isRegularFile).count();
            } catch (IOException | UncheckedIOException e) {
                return "files";
            }
        }
        return String.format(Locale.ROOT, "%,d file%s", n, n == 1 ? "" : "s");
    }
}
