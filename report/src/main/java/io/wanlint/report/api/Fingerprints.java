package io.wanlint.report.api;

import io.wanlint.analyzer.api.Finding;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Stable identities of findings, shared by the JSON report, SARIF and baselines. Built from the
 * rule id and the finding's {@link Finding#key() key} (never from a line number), so a finding keeps
 * its fingerprint when code above it moves or is reformatted.
 */
public final class Fingerprints {
    private Fingerprints() {}

    /** 32 hex digits of SHA-256 over {@code ruleId} and {@code key}. */
    public static String of(Finding finding) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            byte[] digest = sha.digest((finding.ruleId() + "\n" + finding.key()).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            // Every Java runtime must provide SHA-256 (java.security.MessageDigest contract).
            throw new IllegalStateException(e);
        }
    }
}
