package io.wanlint.analyzer.api;

/**
 * One placement rule of a topology: components matching {@code match} run on {@code site}.
 * {@code match} is an ejb-name or component name, a fully qualified class, a package glob
 * ({@code com.acme.web.*}, {@code com.acme.**}), {@code kind:SERVLET} or {@code tier:WEB}. First match wins.
 */
public record Placement(String match, String site) {}
