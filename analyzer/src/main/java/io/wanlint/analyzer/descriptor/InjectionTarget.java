package io.wanlint.analyzer.descriptor;

/** An {@code <injection-target>}: the class and field (or property) a reference is injected into. */
public record InjectionTarget(String className, String name) {}
