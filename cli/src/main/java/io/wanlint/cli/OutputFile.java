package io.wanlint.cli;

import io.wanlint.refactorings.api.AtomicFile;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Collection;
import java.util.Optional;
import java.util.Set;

/**
 * Writes {@code -o FILE}. A regular file is replaced atomically ({@link AtomicFile}), so a CI job or
 * an editor never reads half a report and a failed run leaves the previous report intact; through a
 * symbolic link, the file the link points to is replaced and the link kept. Character devices and
 * FIFOs ({@code /dev/null}, {@code /dev/tty}, a named pipe, {@code /dev/fd/3}) are written to
 * directly: a rename would turn the device into a regular file. Every failure is an
 * {@link Unwritable} with a message naming {@code FILE}, never the temporary file.
 */
final class OutputFile {
    /** Links followed before giving up, as the kernel's own limit on a path lookup. */
    private static final int MAX_LINKS = 40;
    private static final int S_IFMT = 0170000, S_IFIFO = 0010000, S_IFCHR = 0020000, S_IFBLK = 0060000, S_IFSOCK = 0140000;
    private static final Set<String> STANDARD_OUTPUT = Set.of("/dev/stdout", "/dev/fd/1", "/proc/self/fd/1");
    private static final Set<String> STANDARD_ERROR = Set.of("/dev/stderr", "/dev/fd/2", "/proc/self/fd/2");

    /** Why {@code -o FILE} cannot be written, in the user's words: a usage error (exit code 2). */
    static final class Unwritable extends IOException {
        Unwritable(String message) { super(message); }
    }

    /** The command's own streams, which {@code -o /dev/stdout} and {@code -o /dev/stderr} name. */
    enum Standard { OUT, ERR }

    private OutputFile() {}

    /**
     * {@code /dev/stdout} or {@code /dev/stderr} (and their {@code /dev/fd}, {@code /proc/self/fd}
     * spellings): the command writes to its own stream, which is what the shell means by them (and
     * what a test that captures the streams sees).
     */
    static Optional<Standard> standardStream(Path target) {
        String path = target.toAbsolutePath().normalize().toString();
        if (STANDARD_OUTPUT.contains(path)) return Optional.of(Standard.OUT);
        if (STANDARD_ERROR.contains(path)) return Optional.of(Standard.ERR);
        return Optional.empty();
    }

    /**
     * What can be told before the analysis: {@code FILE} is a folder, a block device or a socket,
     * or it is one of the run's inputs (an analysed path, the configuration or topology file, the
     * baseline).
     */
    static void checkTarget(Path target, Collection<Path> inputs) throws Unwritable {
        if (standardStream(target).isPresent()) return;
        Optional<String> kind = unsuitableKind(target);
        if (kind.isPresent()) throw new Unwritable("-o " + target + " is " + kind.get() + "; name a file");
        checkNotAnInput(target, inputs);
    }

    /** Refuses a {@code FILE} that is the same file as one of {@code inputs} (links followed). */
    static void checkNotAnInput(Path target, Collection<Path> inputs) throws Unwritable {
        if (standardStream(target).isPresent() || !Files.isRegularFile(target)) return;
        for (Path input : inputs) {
            if (input != null && Files.isRegularFile(input) && sameFile(target, input)) {
                throw new Unwritable("-o " + target + " is an input of this run"
                        + (input.equals(target) ? "" : " (" + input + ")") + "; writing the report there would destroy it");
            }
        }
    }

    static void write(Path target, String content) throws Unwritable {
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        Path file = target.toAbsolutePath();
        Optional<String> kind = unsuitableKind(file);
        if (kind.isPresent()) throw new Unwritable("-o " + target + " is " + kind.get() + "; name a file");
        try {
            if (isDeviceOrPipe(file)) {
                // No CREATE, no TRUNCATE: the device or pipe is opened as it is, as the shell's '>' does.
                try (OutputStream out = Files.newOutputStream(file, StandardOpenOption.WRITE)) {
                    out.write(bytes);
                }
                return;
            }
            Path real = linkTarget(file, target);
            if (Files.exists(real, LinkOption.NOFOLLOW_LINKS) && !Files.isWritable(real)) {
                throw new Unwritable("cannot write -o " + target + ": permission denied (the file is read-only)");
            }
            AtomicFile.write(real, bytes);
        } catch (Unwritable e) {
            throw e;
        } catch (IOException e) {
            throw new Unwritable("cannot write -o " + target + ": " + reason(e, file));
        }
    }

    /** A folder, block device or socket: nothing a report can be written to. */
    private static Optional<String> unsuitableKind(Path target) {
        if (Files.isDirectory(target)) return Optional.of("a folder");
        return switch (mode(target) & S_IFMT) {
            case S_IFBLK -> Optional.of("a block device");
            case S_IFSOCK -> Optional.of("a socket");
            default -> Optional.empty();
        };
    }

    private static boolean isDeviceOrPipe(Path file) {
        int type = mode(file) & S_IFMT;
        return type == S_IFCHR || type == S_IFIFO;
    }

    /** The file's type and permission bits (links followed), or 0 when it does not exist or the system has no modes. */
    private static int mode(Path file) {
        try {
            BasicFileAttributes basic = Files.readAttributes(file, BasicFileAttributes.class);
            if (!basic.isOther()) return 0;
            return (Integer) Files.getAttribute(file, "unix:mode");
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return 0;
        }
    }

    /**
     * Where a chain of symbolic links ends (the file itself when it is not a link), even when that
     * file does not exist yet: the report replaces it and the links stay links.
     */
    private static Path linkTarget(Path file, Path shown) throws Unwritable, IOException {
        Path current = file;
        for (int hops = 0; Files.isSymbolicLink(current); hops++) {
            if (hops == MAX_LINKS) throw new Unwritable("cannot write -o " + shown + ": too many levels of symbolic links");
            Path next = Files.readSymbolicLink(current);
            current = current.toAbsolutePath().getParent().resolve(next);
        }
        return current;
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }

    /** What went wrong, about {@code FILE} rather than the temporary file the failing call may name. */
    private static String reason(IOException e, Path file) {
        if (e instanceof AccessDeniedException) return "permission denied";
        if (e instanceof NoSuchFileException) return "no such folder";
        if (e instanceof FileAlreadyExistsException f && f.getFile() != null && !Path.of(f.getFile()).equals(file)) {
            return f.getFile() + " is not a folder";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) return lowerFirst(f.getReason());
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : lowerFirst(m);
    }

    private static String lowerFirst(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }
}
