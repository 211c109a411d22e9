package io.wanlint.analyzer.cache;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The SHA-256 digests that key what a {@code --cache} folder keeps beside the analysis (javac's results,
 * the remembered patches): each string is added after its length, so no two different lists of strings
 * give the same bytes, whatever the strings hold (a file's text may contain any character, NUL included).
 */
public final class KeyDigest {
    private KeyDigest() {}

    /** A new SHA-256 digest. */
    public static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    /** Adds {@code text} to {@code digest}: its UTF-8 length in four bytes, then its UTF-8 bytes. */
    public static void update(MessageDigest digest, String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        digest.update((byte) (b.length >>> 24));
        digest.update((byte) (b.length >>> 16));
        digest.update((byte) (b.length >>> 8));
        digest.update((byte) b.length);
        digest.update(b);
    }
}
