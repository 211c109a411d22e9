package io.wanlint.analyzer.ingest;

import io.wanlint.analyzer.api.TemporaryFolderException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.UserPrincipal;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The private temporary folder of one analysis run, where archives are extracted: created under
 * {@code $TMPDIR} when that variable is set, else under {@code java.io.tmpdir} (whose default, on
 * Unix, is {@code /tmp} whatever {@code TMPDIR} says), and deleted when the run ends — or when the
 * process is stopped by a signal (SIGINT, SIGTERM, through a shutdown hook).
 *
 * <p>A process killed outright (SIGKILL, power loss) cannot clean up, so each folder is named
 * {@code wanlint-PID-…} and holds a marker file naming its owner (pid, start time, pid namespace);
 * creating a folder first deletes the folders of owners that are gone. Only folders of this user
 * that carry a well-formed marker of this pid namespace are ever deleted, never through a symbolic
 * link.
 */
public final class ExtractionFolder implements AutoCloseable {
    static final String MARKER = ".wanlint-owner";
    private static final String MARKER_HEADER = "wanlint extraction folder";
    private static final Pattern NAME = Pattern.compile("wanlint-(\\d+)-[0-9a-f]{12}");
    private static final Pattern OWNER = Pattern.compile(MARKER_HEADER + "\npid (\\d+)\nstarted (\\S+)\nnamespace (\\S+)\n");

    /** How long deleting may keep up with an analysis thread still writing, when a signal stops the run. */
    private static final java.time.Duration DELETE_BUDGET = java.time.Duration.ofSeconds(5);

    private final Path path;
    private final Thread hook;

    private ExtractionFolder(Path path) {
        this.path = path;
        this.hook = new Thread(this::delete, "wanlint-temporary-folder-cleanup");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Where this process puts temporary folders: {@code $TMPDIR} when set and not blank, else {@code java.io.tmpdir}. */
    public static Path temporaryRoot() {
        return temporaryRoot(System.getenv(), System.getProperty("java.io.tmpdir"));
    }

    static Path temporaryRoot(Map<String, String> environment, String javaTemporaryFolder) {
        String tmpdir = environment.get("TMPDIR");
        return Path.of(tmpdir != null && !tmpdir.isBlank() ? tmpdir : javaTemporaryFolder).toAbsolutePath();
    }

    /**
     * Sweeps the folders of dead runs, then creates this run's folder under {@link #temporaryRoot()}.
     *
     * @throws TemporaryFolderException when the folder cannot be created
     */
    public static ExtractionFolder create() {
        Path root;
        try {
            root = temporaryRoot();
        } catch (InvalidPathException e) {
            throw new TemporaryFolderException("cannot use the temporary folder named by TMPDIR: " + e.getMessage(), e);
        }
        return create(root);
    }

    static ExtractionFolder create(Path root) {
        sweep(root);
        Path folder = root.resolve("wanlint-" + ProcessHandle.current().pid() + "-"
                + UUID.randomUUID().toString().replace("-", "").substring(0, 12));
        try {
            Files.createDirectory(folder);
        } catch (IOException e) {
            throw new TemporaryFolderException("cannot create a temporary folder in " + root + ": " + reason(e)
                    + "; nothing was analysed (set TMPDIR to a writable folder with free space)", e);
        }
        ExtractionFolder created = new ExtractionFolder(folder);
        try {
            Files.writeString(folder.resolve(MARKER), owner(ProcessHandle.current()), StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        } catch (IOException e) {
            created.close();
            throw new TemporaryFolderException("cannot write to the temporary folder " + folder + ": " + reason(e)
                    + "; nothing was analysed (set TMPDIR to a writable folder with free space)", e);
        }
        return created;
    }

    public Path path() { return path; }

    /** Deletes the folder; the shutdown hook is no longer needed. */
    @Override public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // Shutting down: the hook runs (or ran) as well; deleting twice is harmless.
        }
        delete();
    }

    /** Why an I/O operation failed, without the path the caller names already. */
    static String reason(IOException e) {
        if (e instanceof FileSystemException f && f.getReason() != null) return f.getReason();
        if (e instanceof java.nio.file.AccessDeniedException) return "permission denied";
        if (e instanceof java.nio.file.NoSuchFileException) return "no such folder";
        if (e instanceof java.nio.file.NotDirectoryException) return "not a folder";
        if (e instanceof java.nio.file.FileAlreadyExistsException) return "a file of that name exists";
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private void delete() {
        // Passes for up to a few seconds: while a signal's hook runs, the analysis thread may still be
        // writing into the folder (on a loaded machine for longer than a few passes). The marker goes
        // last, so a folder still left when the time is up is swept by the next run.
        long deadline = System.nanoTime() + DELETE_BUDGET.toNanos();
        for (int pass = 0; Files.exists(path, LinkOption.NOFOLLOW_LINKS) && System.nanoTime() < deadline; pass++) {
            deleteTree(path);
            if (pass > 0) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private static String owner(ProcessHandle process) {
        return MARKER_HEADER + "\npid " + process.pid() + "\nstarted "
                + process.info().startInstant().map(Instant::toString).orElse("-") + "\nnamespace " + pidNamespace() + "\n";
    }

    /** Pids are only comparable within one pid namespace (containers sharing a /tmp have different ones). */
    public static String pidNamespace() {
        try {
            return Files.readSymbolicLink(Path.of("/proc/self/ns/pid")).toString().replaceAll("\\s", "");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return "-";
        }
    }

    /** Deletes the folders of runs whose process is gone; anything it cannot read or delete is left alone. */
    static void sweep(Path root) {
        String namespace = pidNamespace();
        try (DirectoryStream<Path> children = Files.newDirectoryStream(root, "wanlint-*")) {
            UserPrincipal me = null;
            for (Path child : children) {
                Matcher name = NAME.matcher(child.getFileName().toString());
                if (!name.matches() || !Files.isDirectory(child, LinkOption.NOFOLLOW_LINKS)) continue;
                // Another user's folder is theirs to clean (and, deleted by root, a race to follow their links).
                if (me == null) me = root.getFileSystem().getUserPrincipalLookupService()
                        .lookupPrincipalByName(System.getProperty("user.name"));
                if (!me.equals(Files.getOwner(child, LinkOption.NOFOLLOW_LINKS))) continue;
                Optional<String> marker = readMarker(child.resolve(MARKER));
                if (marker.isEmpty()) continue;
                Matcher owner = OWNER.matcher(marker.get());
                if (!owner.matches() || !owner.group(1).equals(name.group(1)) || !owner.group(3).equals(namespace)) continue;
                if (isGone(Long.parseLong(owner.group(1)), owner.group(2))) deleteTree(child);
            }
        } catch (IOException | RuntimeException e) {
            // A temporary folder that cannot be listed cannot be swept; creating ours will say what is wrong.
        }
    }

    private static Optional<String> readMarker(Path marker) {
        try (InputStream in = Files.newInputStream(marker, LinkOption.NOFOLLOW_LINKS)) {
            if (!Files.isRegularFile(marker, LinkOption.NOFOLLOW_LINKS)) return Optional.empty();
            return Optional.of(new String(in.readNBytes(512), StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static boolean isGone(long pid, String started) {
        Optional<ProcessHandle> process = ProcessHandle.of(pid);
        if (process.isEmpty() || !process.get().isAlive()) return true;
        // The pid was reused when the live process started at another time; unknown start times keep the folder.
        return !started.equals("-") && process.get().info().startInstant().map(i -> !i.toString().equals(started)).orElse(false);
    }

    /** Deletes a tree without following links, the marker last, so that a half-deleted folder can still be swept. */
    private static void deleteTree(Path folder) {
        try {
            Files.walkFileTree(folder, new SimpleFileVisitor<>() {
                @Override public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    if (!file.equals(folder.resolve(MARKER))) deleteQuietly(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override public FileVisitResult visitFileFailed(Path file, IOException exc) {
                    return FileVisitResult.CONTINUE;
                }

                @Override public FileVisitResult postVisitDirectory(Path dir, IOException exc) {
                    if (dir.equals(folder) && !onlyMarkerLeft(folder)) return FileVisitResult.CONTINUE;
                    if (dir.equals(folder)) deleteQuietly(folder.resolve(MARKER));
                    deleteQuietly(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            // What could not be deleted stays; the next run's sweep tries again.
        }
    }

    private static boolean onlyMarkerLeft(Path folder) {
        try (DirectoryStream<Path> left = Files.newDirectoryStream(folder)) {
            for (Path p : left) if (!p.getFileName().toString().equals(MARKER)) return false;
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            // A folder not yet empty (a concurrent write) is retried by the next pass.
        }
    }
}
