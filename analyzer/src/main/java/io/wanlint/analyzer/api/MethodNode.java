package io.wanlint.analyzer.api;

/**
 * A method of the application in the call graph.
 *
 * @param component the component the method belongs to (by name), or null for helpers outside any
 * @param location  where the method is declared
 */
public record MethodNode(MethodRef ref, String component, SourceLocation location) {
    public MethodNode {
        if (location == null) location = SourceLocation.UNKNOWN;
    }
}
