package io.wanlint.cli;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The largest file among the analysed paths (a path itself, or the largest file in an analysed
 * folder), for the out-of-memory message: the input that most likely needs the heap. The walk stops
 * after {@value #MAX_FILES} files, so a huge tree does not delay the error.
 */
final class LargestInput {
    static final int MAX_FILES = 200_000;

    private LargestInput() {}

    /** {@code path (size)}, or empty when nothing could be read. */
    static Optional<String> of(List<Path> paths) {
        Path[] largest = {null};
        long[] size = {-1};
        int[] seen = {0};
        for (Path input : paths) {
            try {
                Files.walkFileTree(input, new SimpleFileVisitor<>() {
                    @Override public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                        if (attrs.isRegularFile() && attrs.size() > size[0]) {
                            size[0] = attrs.size();
                            largest[0] = file;
                        }
                        return ++seen[0] >= MAX_FILES ? FileVisitResult.TERMINATE : FileVisitResult.CONTINUE;
                    }

                    @Override public FileVisitResult visitFileFailed(Path file, IOException e) { return FileVisitResult.CONTINUE; }
                });
            } catch (IOException e) {
                // an unreadable input says nothing about size: the others still count
            }
            if (seen[0] >= MAX_FILES) break;
        }
        return largest[0] == null ? Optional.empty() : Optional.of(largest[0] + " (" + readable(size[0]) + ")");
    }

    static String readable(long bytes) {
        if (bytes < 1024) return bytes + " bytes";
        if (bytes < 1024 * 1024) return String.format(Locale.ROOT, "%.0f KB", bytes / 1024.0);
        if (bytes < 1024L * 1024 * 1024) return String.format(Locale.ROOT, "%.1f MB", bytes / (1024.0 * 1024));
        return String.format(Locale.ROOT, "%.1f GB", bytes / (1024.0 * 1024 * 1024));
    }
}
