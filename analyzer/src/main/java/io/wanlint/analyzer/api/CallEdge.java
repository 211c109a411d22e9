package io.wanlint.analyzer.api;

import java.util.List;

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
 * @param branches        the exclusive choices of {@code from} that enclose the call, outermost first;
 *                        empty when the call is on every path, or when the front end cannot tell
 *                        (the bytecode front end does not separate branches)
 * @param receiver        what the call tells about the object the callee runs on ({@link Receiver#runFor}:
 *                        a walk that knows the class of {@code this} follows only that class's overrides)
 */
public record CallEdge(MethodRef from, MethodRef to, EdgeKind kind, CallOp op, SourceLocation location,
                       int loopDepth, String targetComponent, boolean cachedOnce, boolean inUserTransaction,
                       List<BranchArm> branches, Receiver receiver) {
    public CallEdge {
        if (op == null) op = CallOp.INVOKE;
        if (location == null) location = SourceLocation.UNKNOWN;
        if (loopDepth < 0) loopDepth = 0;
        branches = branches == null ? List.of() : List.copyOf(branches);
        if (receiver == null) receiver = Receiver.UNKNOWN;
    }

    /** A call whose receiver tells nothing about the callee's object. */
    public CallEdge(MethodRef from, MethodRef to, EdgeKind kind, CallOp op, SourceLocation location,
                    int loopDepth, String targetComponent, boolean cachedOnce, boolean inUserTransaction,
                    List<BranchArm> branches) {
        this(from, to, kind, op, location, loopDepth, targetComponent, cachedOnce, inUserTransaction, branches, Receiver.UNKNOWN);
    }

    /** A call on every path through {@code from}. */
    public CallEdge(MethodRef from, MethodRef to, EdgeKind kind, CallOp op, SourceLocation location,
                    int loopDepth, String targetComponent, boolean cachedOnce, boolean inUserTransaction) {
        this(from, to, kind, op, location, loopDepth, targetComponent, cachedOnce, inUserTransaction, List.of());
    }

    /** This call with other cache and transaction flags, in the same place and branches. */
    public CallEdge withFlags(boolean cachedOnce, boolean inUserTransaction) {
        return new CallEdge(from, to, kind, op, location, loopDepth, targetComponent, cachedOnce, inUserTransaction, branches, receiver);
    }

    /** This call running another method (the override a known class of {@code this} runs), in the same place. */
    public CallEdge withTo(MethodRef other) {
        return new CallEdge(from, other, kind, op, location, loopDepth, targetComponent, cachedOnce, inUserTransaction, branches, receiver);
    }

    /** This call with what it tells about its callee's object. */
    public CallEdge withReceiver(Receiver other) {
        return new CallEdge(from, to, kind, op, location, loopDepth, targetComponent, cachedOnce, inUserTransaction, branches, other);
    }

    /** Finder names that lock the rows they read: {@code findByPrimaryKeyForUpdate}, {@code findOpenWithLock}, and a BMP bean's {@code ejbFind…} of them. */
    private static final java.util.regex.Pattern LOCKING_FINDER =
            java.util.regex.Pattern.compile("(ejbF|f)ind\\w*(ForUpdate\\w*|WithLock|ForLock|AndLock)");

    /**
     * Whether the call reads rows locking them for update: a home finder named for it
     * ({@code findByPrimaryKeyForUpdate}), or a JPA find or query given a lock mode. Callers lock rows
     * to change what they read, so for a read-only copy or a cache such a read counts as a write.
     */
    public boolean locksForUpdate() {
        if (to == null) return false;
        return switch (op) {
            case HOME_FIND -> LOCKING_FINDER.matcher(to.name()).matches();
            case JPA_FIND, JPA_QUERY -> to.parameterTypes().stream().anyMatch(p -> p.endsWith("LockModeType"));
            default -> false;
        };
    }

    public Multiplicity multiplicity() { return loopDepth > 0 ? Multiplicity.PER_ITERATION : Multiplicity.ONCE; }

    public int line() { return location.line(); }

    /**
     * The place, the two methods' names, the callee's class and the kind of call: what tells calls
     * apart, without the generated hash's walk over every component (parameter lists, branch arms,
     * enum identity hashes), which took a tenth of the rules' time on a large application, where every
     * walk keys maps by call. The callee's class matters: one dispatch site has an edge per
     * implementation, all at the same place to the same method name, and without it their hashes
     * were all equal (a site dispatching to 200 command classes made one 200-long hash bin that every
     * walk searched call by call). Equal calls hash equal, as {@link #equals} still compares every
     * component.
     */
    @Override public int hashCode() {
        int h = location.hashCode();
        h = 31 * h + (to == null ? 0 : java.util.Objects.hashCode(to.className()));
        h = 31 * h + (to == null ? 0 : java.util.Objects.hashCode(to.name()));
        h = 31 * h + (from == null ? 0 : java.util.Objects.hashCode(from.name()));
        h = 31 * h + (kind == null ? 0 : kind.ordinal() + 1);
        return 31 * h + op.ordinal();
    }
}
