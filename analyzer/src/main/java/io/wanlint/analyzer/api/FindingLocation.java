package io.wanlint.analyzer.api;

/** Where a finding is: the line to fix, with its class and method (method null for class-level findings). */
public record FindingLocation(String file, int line, String className, String method) {}
