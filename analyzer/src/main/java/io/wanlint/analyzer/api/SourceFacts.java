package io.wanlint.analyzer.api;

import java.util.List;
import java.util.Set;

/**
 * What the source front end learns about call sites and session state beyond the call graph's
 * edges: facts some rules (WAN008–WAN010) need and the cost model does not. The bytecode front end
 * leaves them empty ({@link #NONE}), so those rules find nothing there rather than guess.
 *
 * @param known              whether the front end computed the facts at all (the source front end
 *                           does; without them, absence of a fact proves nothing)
 * @param conditionalCalls   of the JDBC statement executions and the calls made by {@code ejbStore}
 *                           methods, those that run only under a condition of their method: inside
 *                           an {@code if}, {@code switch} or {@code ?:}, or after an {@code if} that
 *                           can return or throw (a dirty-flag check)
 * @param sqlBuiltAtRuntime  JDBC statement executions whose SQL argument is assembled while running
 *                           (string concatenation, a {@code StringBuilder}/{@code StringBuffer},
 *                           {@code String.format}/{@code concat}, or a local variable assigned one),
 *                           as opposed to literals and constants
 * @param nonSerializableState values of application classes that implement neither
 *                           {@code java.io.Serializable} nor {@code Externalizable}, through any of
 *                           their supertypes, held in an {@code HttpSession} or a stateful session
 *                           bean's non-transient field
 */
public record SourceFacts(boolean known, Set<CallEdge> conditionalCalls, Set<CallEdge> sqlBuiltAtRuntime,
                          List<SessionStateValue> nonSerializableState) {
    public static final SourceFacts NONE = new SourceFacts(false, Set.of(), Set.of(), List.of());

    public SourceFacts {
        conditionalCalls = Set.copyOf(conditionalCalls);
        sqlBuiltAtRuntime = Set.copyOf(sqlBuiltAtRuntime);
        nonSerializableState = List.copyOf(nonSerializableState);
    }

    /**
     * A non-serializable value kept in conversational state.
     *
     * @param holder    where the value is kept
     * @param className the class whose code stores it ({@code HttpSession.setAttribute}) or declares the field
     * @param method    the method calling {@code setAttribute}/{@code putValue}; null for a bean field
     * @param member    the attribute name when written as a literal (else empty), or the field's name
     * @param valueType the value's static type, fully qualified
     */
    public record SessionStateValue(Holder holder, String className, MethodRef method, String member,
                                    String valueType, SourceLocation location) {
        public SessionStateValue {
            if (member == null) member = "";
            if (location == null) location = SourceLocation.UNKNOWN;
        }
    }

    /** Where conversational state lives; both are replicated or passivated by the container. */
    public enum Holder { HTTP_SESSION, STATEFUL_BEAN_FIELD }
}
