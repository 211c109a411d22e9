package io.wanlint.analyzer.api;

/**
 * One call site: {@code from} calls {@code to} at {@code location}.
 *
 * @param kind            the cross-tier nature of the call
 * @param op              what the call does (create, finder, getter, statement execution, …)
 * @param loopDepth       how many loops (or iterator/stream traversals) enclose the call in {@code from}; 0 = once
 * @param targetComponent name of the component called (an EJB, an external endpoint), or null
 * @param cachedOnce      the call is behind a cache (a null-check on a field or map) or in an
 *                        initialiser, so it runs once per component instance rather than per request
 * @param inUserTransaction the call sits between {@code UserTransaction.begin()} and commit/rollback in {@code from}
 */
public record CallEdge(MethodRef from, MethodRef to, EdgeKind kind, CallOp op, SourceLocation location,
                       int loopDepth, String targetComponent, boolean cachedOnce, boolean inUserTransaction) {
    public CallEdge {
        if (op == null) op = CallOp.INVOKE;
        if (location == null) location = SourceLocation.UNKNOWN;
        if (loopDepth < 0) loopDepth = 0;
    }

    public Multiplicity multiplicity() { return loopDepth > 0 ? Multiplicity.PER_ITERATION : Multiplicity.ONCE; }

    public int line() { return location.line(); }
}
