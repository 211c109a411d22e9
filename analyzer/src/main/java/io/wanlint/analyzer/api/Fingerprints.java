package io.wanlint.analyzer.api;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A finding's stable identity: a hash of its rule id, its rule-chosen key and its file, never of
 * lines, messages or round-trip counts, so it survives line shifts, reformatting and cost-model
 * changes. Baselines and SARIF {@code partialFingerprints} use it.
 */
public final class Fingerprints {
    private Fingerprints() {}

    public static String of(Finding finding) {
        return of(finding.ruleId(), finding.key(), finding.location().file());
    }

    /** 32 hex digits (128 bits of SHA-256) of {@code ruleId, key, file}. */
    public static String of(String ruleId, String key, String file) {
        String normalisedFile = file == null ? "" : file.replace('\\', '/');
        String text = ruleId + '\u0000' + key + '\u0000' + normalisedFile;
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
