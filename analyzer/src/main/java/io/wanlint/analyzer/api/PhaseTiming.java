package io.wanlint.analyzer.api;

/** Wall time one analysis phase took, for {@code --timings}. */
public record PhaseTiming(String phase, long millis) {}
