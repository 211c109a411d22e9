package io.wanlint.analyzer.ingest;

import io.wanlint.analyzer.api.Diagnostic;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Enumeration;
import java.util.List;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;

/**
 * Unpacks ZIP-format archives (WAR, EAR, JAR, ZIP, RAR, SAR) into fresh folders under one
 * extraction folder, within {@link ArchiveLimits} shared by every archive of a run.
 *
 * <p>Nothing is written outside the extraction folder: each entry name goes through
 * {@link ArchiveEntryNames} and the resolved target is checked again against the folder. A bad
 * entry, a corrupt central directory (entries are then read in stream order) or a truncated file
 * gives a diagnostic, and what could be read is kept. One instance per ingest run; not thread-safe.
 */
public final class ArchiveExtractor {
    private static final int BUFFER = 64 * 1024;

    private final Path root;
    private final ArchiveLimits limits;
    private int entries;
    private long bytes;
    private boolean exhausted;
    private int folders;

    public ArchiveExtractor(Path extractionDir, ArchiveLimits limits) {
        this.root = extractionDir.toAbsolutePath().normalize();
        this.limits = limits;
    }

    /**
     * Extracts {@code archive} into a new folder under the extraction folder.
     *
     * @param displayPath the archive's logical path, used in diagnostics ({@code shop.ear!/web.war})
     * @param depth       1 for an input archive, 2 for an archive inside it, …
     * @return the folder holding the entries, or empty when nothing was extracted
     */
    public Optional<Path> extract(Path archive, String displayPath, int depth, List<Diagnostic> diagnostics) {
        if (depth > limits.maxDepth()) {
            diagnostics.add(Diagnostic.error(displayPath, 0,
                    "archive nested more than " + limits.maxDepth() + " levels deep; not extracted"));
            return Optional.empty();
        }
        if (exhausted) {
            diagnostics.add(Diagnostic.warning(displayPath, 0,
                    "not extracted: the extraction bounds were already reached"));
            return Optional.empty();
        }
        Path folder;
        try {
            folder = newFolder();
        } catch (IOException e) {
            diagnostics.add(Diagnostic.error(displayPath, 0, "cannot create extraction folder under "
                    + root + ": " + e.getMessage()));
            return Optional.empty();
        }
        Run run = new Run(folder, displayPath, diagnostics);
        try (ZipFile zip = open(archive)) {
            run.fromZipFile(zip);
        } catch (ZipException | IllegalArgumentException e) {
            diagnostics.add(Diagnostic.warning(displayPath, 0, "corrupt archive directory (" + e.getMessage()
                    + "); reading the entries that can be read in order"));
            run.fromStream(archive);
        } catch (IOException e) {
            diagnostics.add(Diagnostic.error(displayPath, 0, "cannot read archive: " + e.getMessage()));
        }
        return Optional.of(folder);
    }

    /** Entry names of an archive without extracting it, or empty when it cannot be read. */
    static Optional<List<String>> entryNames(Path archive) {
        try (ZipFile zip = open(archive)) {
            return Optional.of(zip.stream().map(ZipEntry::getName).toList());
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static ZipFile open(Path archive) throws IOException {
        try {
            return new ZipFile(archive.toFile(), StandardCharsets.UTF_8);
        } catch (ZipException e) {
            // Names written by old Windows tools are not UTF-8; retry before declaring it corrupt.
            return new ZipFile(archive.toFile(), StandardCharsets.ISO_8859_1);
        }
    }

    private Path newFolder() throws IOException {
        Files.createDirectories(root);
        Path folder;
        do {
            folder = root.resolve("a" + ++folders);
        } while (Files.exists(folder, LinkOption.NOFOLLOW_LINKS));
        return Files.createDirectory(folder);
    }

    /** Extraction of one archive. */
    private final class Run {
        private final Path folder;
        private final String display;
        private final List<Diagnostic> diagnostics;

        Run(Path folder, String display, List<Diagnostic> diagnostics) {
            this.folder = folder;
            this.display = display;
            this.diagnostics = diagnostics;
        }

        void fromZipFile(ZipFile zip) {
            Enumeration<? extends ZipEntry> all = zip.entries();
            while (all.hasMoreElements()) {
                ZipEntry entry = all.nextElement();
                if (!admit()) return;
                Optional<Path> target = target(entry);
                if (target.isEmpty() || entry.isDirectory()) continue;
                try (InputStream in = zip.getInputStream(entry)) {
                    if (!write(in, target.get(), entry.getName())) return;
                } catch (IOException | RuntimeException e) {
                    diagnostics.add(Diagnostic.warning(display, 0,
                            "entry " + entry.getName() + " cannot be read: " + e.getMessage()));
                }
            }
        }

        void fromStream(Path archive) {
            int read = 0;
            try (ZipInputStream in = new ZipInputStream(
                    new BufferedInputStream(Files.newInputStream(archive)), StandardCharsets.ISO_8859_1)) {
                ZipEntry entry;
                while ((entry = in.getNextEntry()) != null) {
                    if (!admit()) return;
                    read++;
                    Optional<Path> target = target(entry);
                    if (target.isEmpty() || entry.isDirectory()) continue;
                    if (!write(in, target.get(), entry.getName())) return;
                }
            } catch (IOException | RuntimeException e) {
                diagnostics.add(Diagnostic.error(display, 0, "archive is truncated or corrupt after "
                        + read + " entries: " + e.getMessage()));
            }
        }

        private boolean admit() {
            if (entries >= limits.maxEntries()) {
                exhausted = true;
                diagnostics.add(Diagnostic.error(display, 0, "zip bomb guard: more than " + limits.maxEntries()
                        + " archive entries; extraction stopped here"));
                return false;
            }
            entries++;
            return true;
        }

        private Optional<Path> target(ZipEntry entry) {
            String name = entry.getName();
            if (name.indexOf('\0') >= 0) {
                // Not a climb out of the folder: no file system can hold such a name.
                diagnostics.add(Diagnostic.error(display, 0, "invalid entry name \"" + name.replace("\0", "\\0")
                        + "\" skipped: it contains a NUL character"));
                return Optional.empty();
            }
            Optional<String> clean = ArchiveEntryNames.normalize(name);
            Path target = null;
            if (clean.isPresent()) {
                if (clean.get().isEmpty()) return Optional.empty();
                try {
                    target = folder.resolve(clean.get()).normalize();
                } catch (InvalidPathException e) {
                    diagnostics.add(Diagnostic.error(display, 0, "invalid entry name \"" + name
                            + "\" skipped: not a valid file name on this system"));
                    return Optional.empty();
                }
            }
            if (target == null || !target.startsWith(folder) || target.equals(folder)) {
                diagnostics.add(Diagnostic.error(display, 0, "unsafe entry name \"" + name
                        + "\" rejected: it would be written outside the extraction folder"));
                return Optional.empty();
            }
            try {
                Files.createDirectories(entry.isDirectory() ? target : target.getParent());
            } catch (IOException e) {
                diagnostics.add(Diagnostic.warning(display, 0, "entry " + name + " cannot be extracted: "
                        + e.getMessage()));
                return Optional.empty();
            }
            return Optional.of(target);
        }

        /** Copies one entry; false when the byte bound stopped the extraction. */
        private boolean write(InputStream in, Path target, String name) throws IOException {
            boolean overLimit = false;
            try (OutputStream out = Files.newOutputStream(target, StandardOpenOption.CREATE,
                    StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
                byte[] buffer = new byte[BUFFER];
                int n;
                while ((n = in.read(buffer)) > 0) {
                    if (bytes + n > limits.maxTotalBytes()) {
                        overLimit = true;
                        break;
                    }
                    out.write(buffer, 0, n);
                    bytes += n;
                }
            }
            if (!overLimit) return true;
            Files.deleteIfExists(target);
            exhausted = true;
            diagnostics.add(Diagnostic.error(display, 0, "zip bomb guard: more than "
                    + readable(limits.maxTotalBytes()) + " extracted from archives; stopped at entry " + name));
            return false;
        }
    }

    static String readable(long size) {
        if (size >= 1L << 30 && size % (1L << 30) == 0) return (size >> 30) + " GiB";
        if (size >= 1L << 20 && size % (1L << 20) == 0) return (size >> 20) + " MiB";
        if (size >= 1L << 10 && size % (1L << 10) == 0) return (size >> 10) + " KiB";
        return size + " bytes";
    }
}
