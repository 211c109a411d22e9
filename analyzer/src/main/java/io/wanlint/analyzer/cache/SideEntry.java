package io.wanlint.analyzer.cache;

import io.wanlint.analyzer.api.Diagnostic;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import javax.crypto.Mac;

/**
 * A named entry of the {@code --cache} folder besides the analysis, for what later steps of a run
 * remember between runs (javac's results of patch verification): bytes that their owner encodes
 * and keys itself. Stored as the analysis is — a header line {@code wanlint-side-entry FORMAT NAME},
 * the bytes, an HMAC-SHA256 of both under the folder's {@link CacheKey} — and checked the same way
 * before anything in it is handed out: an entry that was edited, truncated, written under another
 * key or another name is no entry (with a warning), never half believed. Writing goes through a
 * temporary file moved into place; a folder that cannot be written gives a warning.
 */
public final class SideEntry {
    static final String MAGIC = "wanlint-side-entry";
    /** Bumped whenever the header or the authentication changes (the payload's owner versions its bytes). */
    static final int FORMAT = 1;
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0,80}");
    private static final String SUFFIX = ".side";

    private SideEntry() {}

    /** The bytes last written under {@code name}, when there are some and they are authentic. */
    public static Optional<byte[]> read(Path folder, String name, Consumer<Diagnostic> warnings) {
        return read(folder, name, warnings, System.getenv(CacheKey.ENV));
    }

    static Optional<byte[]> read(Path folder, String name, Consumer<Diagnostic> warnings, String keyFromEnvironment) {
        Path file = file(folder, name);
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) return Optional.empty();
        try {
            byte[] all;
            try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
                all = in.readAllBytes();
            }
            byte[] header = header(name);
            if (all.length < header.length + CacheKey.MAC_BYTES || !Arrays.equals(all, 0, header.length, header, 0, header.length)) {
                warn(warnings, folder, "cache entry " + file.getFileName() + " is not a side entry of this format; it is ignored and replaced");
                return Optional.empty();
            }
            if (!(CacheKey.of(folder, keyFromEnvironment, false) instanceof CacheKey.Outcome.Found found)) return Optional.empty();
            Mac mac = found.key().mac();
            mac.update(all, 0, all.length - CacheKey.MAC_BYTES);
            byte[] stored = Arrays.copyOfRange(all, all.length - CacheKey.MAC_BYTES, all.length);
            if (!MessageDigest.isEqual(stored, mac.doFinal())) {
                warn(warnings, folder, "cache entry " + file.getFileName()
                        + " cannot be read (it was altered or truncated, or written with another cache key); it is ignored and replaced");
                return Optional.empty();
            }
            return Optional.of(Arrays.copyOfRange(all, header.length, all.length - CacheKey.MAC_BYTES));
        } catch (IOException | RuntimeException e) {
            warn(warnings, folder, "cache entry " + file.getFileName() + " cannot be read (" + e.getClass().getSimpleName()
                    + "); it is ignored and replaced");
            return Optional.empty();
        }
    }

    /** Replaces what is stored under {@code name}. */
    public static void write(Path folder, String name, byte[] payload, Consumer<Diagnostic> warnings) {
        write(folder, name, payload, warnings, System.getenv(CacheKey.ENV));
    }

    static void write(Path folder, String name, byte[] payload, Consumer<Diagnostic> warnings, String keyFromEnvironment) {
        Path temp = null;
        try {
            CacheKey.Outcome secret = CacheKey.of(folder, keyFromEnvironment, true);
            CacheKey key;
            if (secret instanceof CacheKey.Outcome.Found f) key = f.key();
            else if (secret instanceof CacheKey.Outcome.Remade r) key = r.key();
            else return; // the analysis's own write has said why nothing is cached
            Files.createDirectories(folder);
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(payload.length + 128);
            bytes.write(header(name));
            bytes.write(payload);
            Mac mac = key.mac();
            mac.update(bytes.toByteArray());
            bytes.write(mac.doFinal());
            temp = Files.createTempFile(folder, "side-" + ProcessHandle.current().pid() + "-", ".tmp");
            try (OutputStream out = Files.newOutputStream(temp)) {
                bytes.writeTo(out);
            }
            try {
                Files.move(temp, file(folder, name), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file(folder, name), StandardCopyOption.REPLACE_EXISTING);
            }
            temp = null;
        } catch (IOException | RuntimeException e) {
            warn(warnings, folder, "cannot write the cache entry " + name + SUFFIX + " in " + folder + " ("
                    + e.getClass().getSimpleName() + "); the next run recomputes it");
        } finally {
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException e) {
                    // left behind; harmless, and a later write replaces the entry anyway
                }
            }
        }
    }

    private static Path file(Path folder, String name) {
        if (!NAME.matcher(name).matches()) throw new IllegalArgumentException("not a side entry name: " + name);
        return folder.resolve(name + SUFFIX);
    }

    private static byte[] header(String name) {
        return (MAGIC + " " + FORMAT + " " + name + "\n").getBytes(StandardCharsets.US_ASCII);
    }

    private static void warn(Consumer<Diagnostic> warnings, Path folder, String message) {
        warnings.accept(Diagnostic.warning(folder.toString(), 0, message));
    }
}
