package io.wanlint.analyzer.cache;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.EnumSet;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The secret that authenticates cache entries: every entry ends with an HMAC-SHA256 of its header
 * and payload under this key, so an entry that someone edited (and whose checksum they recomputed)
 * is rejected. The key is {@value #ENV} when set (a CI secret, kept apart from a cache folder that is
 * restored from elsewhere), else the file {@value #FILE} in the cache folder, made on first use with
 * 32 random bytes and mode {@code rw-------}. A key file that is a link, not a regular file, or
 * readable or writable by others is not used. What this protects against is written in the README:
 * with the key inside the folder, whoever can read it can forge entries.
 */
final class CacheKey {
    static final String FILE = "wanlint-cache.key";
    static final String ENV = "WANLINT_CACHE_KEY";
    private static final int KEY_BYTES = 32;
    private static final int MIN_ENV_CHARS = 16;
    private static final int MAX_FILE_BYTES = 4096;
    static final int MAC_BYTES = 32;

    private final byte[] secret;

    private CacheKey(byte[] secret) { this.secret = secret; }

    /** The key, or why there is none usable; {@code create} makes the key file when it is missing. */
    sealed interface Outcome {
        record Found(CacheKey key) implements Outcome {}

        /** No key file yet (and none was to be made): no entry can be trusted, none is an error. */
        record Missing() implements Outcome {}

        record Unusable(String reason) implements Outcome {}

        /** The key file was unusable ({@code why}) and a new one replaced it: entries written before are rejected. */
        record Remade(CacheKey key, String why) implements Outcome {}
    }

    static Outcome of(Path folder, String fromEnvironment, boolean create) {
        if (fromEnvironment != null && !fromEnvironment.isEmpty()) {
            if (fromEnvironment.length() < MIN_ENV_CHARS) {
                return new Outcome.Unusable(ENV + " is shorter than " + MIN_ENV_CHARS + " characters");
            }
            return new Outcome.Found(new CacheKey(fromEnvironment.getBytes(StandardCharsets.UTF_8)));
        }
        Path file = folder.resolve(FILE);
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            if (!create) return new Outcome.Missing();
            try {
                makeKeyFile(folder, file);
            } catch (IOException | RuntimeException e) {
                return new Outcome.Unusable("cannot create the cache key " + file + " (" + e.getMessage() + ")");
            }
        }
        Outcome found = read(file);
        if (!(found instanceof Outcome.Unusable unusable) || !create) return found;
        // A damaged, foreign or exposed key is worth nothing: a fresh private one makes the cache work
        // again (the link itself is removed, never what it points to).
        try {
            Files.delete(file);
            makeKeyFile(folder, file);
        } catch (IOException | RuntimeException e) {
            return unusable;
        }
        Outcome remade = read(file);
        return remade instanceof Outcome.Found f ? new Outcome.Remade(f.key(), unusable.reason()) : remade;
    }

    private static Outcome read(Path file) {
        if (Files.isSymbolicLink(file) || !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return new Outcome.Unusable("the cache key " + file + " is not a regular file");
        }
        try {
            if (Files.getFileStore(file).supportsFileAttributeView(PosixFileAttributeView.class)) {
                Set<PosixFilePermission> mode = Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS);
                if (mode.stream().anyMatch(p -> p.name().startsWith("GROUP") || p.name().startsWith("OTHERS"))) {
                    return new Outcome.Unusable("the cache key " + file + " is accessible to other users ("
                            + PosixFilePermissions.toString(mode) + "; it must be rw-------)");
                }
            }
            byte[] bytes;
            try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
                bytes = in.readNBytes(MAX_FILE_BYTES + 1);
            }
            if (bytes.length < KEY_BYTES || bytes.length > MAX_FILE_BYTES) {
                return new Outcome.Unusable("the cache key " + file + " has " + bytes.length + " bytes; expected " + KEY_BYTES);
            }
            return new Outcome.Found(new CacheKey(bytes));
        } catch (IOException | RuntimeException e) {
            return new Outcome.Unusable("cannot read the cache key " + file + " (" + e.getMessage() + ")");
        }
    }

    /** Written in full under a temporary name, then linked into place: a racing run reads a whole key or makes none. */
    private static void makeKeyFile(Path folder, Path file) throws IOException {
        Files.createDirectories(folder);
        boolean posix = Files.getFileStore(folder).supportsFileAttributeView(PosixFileAttributeView.class);
        Path temp = posix
                ? Files.createTempFile(folder, ".key-", ".tmp", PosixFilePermissions.asFileAttribute(
                        EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE)))
                : Files.createTempFile(folder, ".key-", ".tmp");
        try {
            byte[] secret = new byte[KEY_BYTES];
            new SecureRandom().nextBytes(secret);
            try (OutputStream out = Files.newOutputStream(temp)) {
                out.write(secret);
            }
            try {
                Files.createLink(file, temp);
            } catch (FileAlreadyExistsException e) {
                // another run made it first: use theirs
            } catch (UnsupportedOperationException e) {
                Files.move(temp, file);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** A fresh HMAC-SHA256 under this key. */
    Mac mac() {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
        }
    }
}
