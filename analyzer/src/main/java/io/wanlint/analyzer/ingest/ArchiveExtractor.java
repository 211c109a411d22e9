package io.wanlint.analyzer.ingest;

import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.TemporaryFolderException;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
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
 * gives a diagnostic, and what could be read is kept. An encrypted entry is skipped with a
 * diagnostic and the others are read ({@link ZipDirectory}); a name that occurs twice gives a
 * diagnostic, and the last copy is kept, as Java's {@code ZipFile} (and so every class loader and
 * container reading the archive) returns it. One instance per ingest run; not thread-safe.
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
            throw unwritable(displayPath, e);
        }
        Run run = new Run(folder, displayPath, diagnostics);
        try (ZipFile zip = open(archive)) {
            run.fromZipFile(zip);
        } catch (ZipException | IllegalArgumentException e) {
            if (!run.fromDirectoryWithEncryptedEntries(archive)) {
                diagnostics.add(Diagnostic.warning(displayPath, 0, "corrupt archive directory (" + e.getMessage()
                        + "); reading the entries that can be read in order"));
                run.fromStream(archive);
            }
        } catch (IOException e) {
            diagnostics.add(Diagnostic.error(displayPath, 0, "cannot read archive: " + e.getMessage()));
        }
        return Optional.of(folder);
    }

    /**
     * Entry names of an archive that can be read where it is, as a class path entry: empty when
     * the ZIP reader refuses it (a corrupt directory, an encrypted entry), so that the caller
     * extracts it instead and what is wrong gets its diagnostic.
     */
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

    /**
     * A write into the extraction folder failed: the disk is full, a quota or file size limit is
     * reached, the folder was removed. Entries of this and later archives would be lost in silence,
     * so the run stops instead of passing with a partial view.
     */
    private TemporaryFolderException unwritable(String where, IOException e) {
        return new TemporaryFolderException("cannot write to the temporary folder " + root + " (" + ExtractionFolder.reason(e)
                + ") while extracting " + where + "; nothing was analysed (free some space, or set TMPDIR to a folder "
                + "with room)", e);
    }

    // The extraction folder itself is never created here: after a signal's hook deleted it, nothing may bring it back.
    private Path newFolder() throws IOException {
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

        /** Files written so far: a name that comes again is a duplicate. */
        private final Set<Path> written = new HashSet<>();

        Run(Path folder, String display, List<Diagnostic> diagnostics) {
            this.folder = folder;
            this.display = display;
            this.diagnostics = diagnostics;
        }

        /**
         * Reads the archive through its own directory when the ZIP reader refused it because it
         * holds encrypted entries (it refuses the whole archive for one): those are skipped with a
         * diagnostic each, the rest is extracted. False, with nothing done, when the archive has
         * no encrypted entry or no readable directory.
         */
        boolean fromDirectoryWithEncryptedEntries(Path archive) {
            try (FileChannel channel = FileChannel.open(archive, StandardOpenOption.READ)) {
                List<ZipDirectory.Entry> all;
                try {
                    all = ZipDirectory.read(channel);
                } catch (IOException | RuntimeException e) {
                    return false;
                }
                if (all.stream().noneMatch(ZipDirectory.Entry::encrypted)) return false;
                for (ZipDirectory.Entry entry : all) {
                    if (!admit()) return true;
                    if (entry.encrypted()) {
                        diagnostics.add(Diagnostic.warning(display, 0, "entry " + entry.name()
                                + " is encrypted; skipped"));
                        continue;
                    }
                    Optional<Path> target = target(entry.name(), entry.isDirectory());
                    if (target.isEmpty() || entry.isDirectory()) continue;
                    try (InputStream in = ZipDirectory.open(channel, entry)) {
                        if (!write(in, target.get(), entry.name())) return true;
                    } catch (TemporaryFolderException e) {
                        throw e;
                    } catch (IOException | RuntimeException e) {
                        diagnostics.add(Diagnostic.warning(display, 0,
                                "entry " + entry.name() + " cannot be read: " + e.getMessage()));
                    }
                }
            } catch (IOException e) {
                diagnostics.add(Diagnostic.error(display, 0, "cannot read archive: " + e.getMessage()));
            }
            return true;
        }

        void fromZipFile(ZipFile zip) {
            Enumeration<? extends ZipEntry> all = zip.entries();
            while (all.hasMoreElements()) {
                ZipEntry entry = all.nextElement();
                if (!admit()) return;
                Optional<Path> target = target(entry.getName(), entry.isDirectory());
                if (target.isEmpty() || entry.isDirectory()) continue;
                try (InputStream in = zip.getInputStream(entry)) {
                    if (!write(in, target.get(), entry.getName())) return;
                } catch (TemporaryFolderException e) {
                    throw e;
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
                    Optional<Path> target = target(entry.getName(), entry.isDirectory());
                    if (target.isEmpty() || entry.isDirectory()) continue;
                    if (!write(in, target.get(), entry.getName())) return;
                }
            } catch (TemporaryFolderException e) {
                throw e;
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

        private Optional<Path> target(String name, boolean directory) {
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
            if (tooLongForFileSystems(target)) {
                diagnostics.add(Diagnostic.warning(display, 0, "entry " + name + " cannot be extracted: "
                        + "its name is too long for the file system"));
                return Optional.empty();
            }
            try {
                createFolders(directory ? target : target.getParent());
            } catch (FileAlreadyExistsException | NotDirectoryException e) {
                // The archive's own doing: a file entry "a" and an entry "a/b".
                diagnostics.add(Diagnostic.warning(display, 0, "entry " + name + " cannot be extracted: "
                        + "a file entry of the archive has the name of its folder"));
                return Optional.empty();
            } catch (IOException e) {
                throw unwritable(display + "!/" + name, e);
            }
            if (!directory && Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
                diagnostics.add(Diagnostic.warning(display, 0, "entry " + name + " cannot be extracted: "
                        + "a folder entry of the archive has its name"));
                return Optional.empty();
            }
            if (!directory && !written.add(target)) {
                // Java's ZipFile, and so class loaders and containers reading the archive, take the last copy of a name.
                diagnostics.add(Diagnostic.warning(display, 0, "entry " + name
                        + " occurs more than once in the archive; the last copy is used, as Java's ZipFile does"));
            }
            return Optional.of(target);
        }

        /** Names a file system refuses (NAME_MAX, PATH_MAX on Linux): the archive's doing, not a failing disk. */
        private static boolean tooLongForFileSystems(Path target) {
            if (target.toString().getBytes(StandardCharsets.UTF_8).length > 4000) return true;
            for (Path segment : target) {
                if (segment.toString().getBytes(StandardCharsets.UTF_8).length > 255) return true;
            }
            return false;
        }

        /** Folders from this archive's folder down; never the folders above it, which belong to the run. */
        private void createFolders(Path dir) throws IOException {
            Path at = folder;
            for (Path segment : folder.relativize(dir)) {
                at = at.resolve(segment.toString());
                if (!Files.isDirectory(at, LinkOption.NOFOLLOW_LINKS)) Files.createDirectory(at);
            }
        }

        /**
         * Copies one entry; false when the byte bound stopped the extraction. A failure to read the
         * entry is an {@link IOException} (the entry is bad); a failure to write it is a
         * {@link TemporaryFolderException} (the run cannot go on).
         */
        private boolean write(InputStream in, Path target, String name) throws IOException {
            boolean overLimit = false;
            OutputStream out;
            try {
                out = Files.newOutputStream(target, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                        StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
            } catch (IOException e) {
                throw unwritable(display + "!/" + name, e);
            }
            try {
                byte[] buffer = new byte[BUFFER];
                int n;
                while ((n = in.read(buffer)) > 0) {
                    if (bytes + n > limits.maxTotalBytes()) {
                        overLimit = true;
                        break;
                    }
                    try {
                        out.write(buffer, 0, n);
                    } catch (IOException e) {
                        throw unwritable(display + "!/" + name, e);
                    }
                    bytes += n;
                }
            } catch (IOException | RuntimeException e) {
                try {
                    out.close();
                } catch (IOException ignored) {
                    // The first failure is the one worth reporting.
                }
                throw e;
            }
            try {
                out.close();
            } catch (IOException e) {
                throw unwritable(display + "!/" + name, e);
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
