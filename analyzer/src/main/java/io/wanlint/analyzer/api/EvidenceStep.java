package io.wanlint.analyzer.api;

/**
 * One step of a finding's evidence chain: a call from an entry point towards the offending call.
 *
 * @param kind        the kind of the call made at this step (null for the entry point itself)
 * @param description what happens here, e.g. {@code remote call Book.getTitle()}
 */
public record EvidenceStep(String file, int line, String className, String method, EdgeKind kind, String description) {}
