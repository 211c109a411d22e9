package io.wanlint.rules.baseline;

/**
 * One accepted finding: its fingerprint, plus the parts it was computed from so a person reading
 * the file knows what was accepted.
 */
public record BaselineEntry(String fingerprint, String ruleId, String file, String key) {}
