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
 *                           {@code String.format}/{@code concat}, or a local variable assigned one)
 *                           from run-time values other than numbers, as opposed to literals, constants
 *                           and numeric values; and {@code Connection.prepareStatement}/{@code prepareCall}
 *                           calls whose SQL is so assembled and has no bind parameter ({@code ?})
 * @param nonSerializableState values of application classes that implement neither
 *                           {@code java.io.Serializable} nor {@code Externalizable}, through any of
 *                           their supertypes, held in an {@code HttpSession} or a stateful session
 *                           bean's non-transient field
 * @param testCode           classes (as {@link MethodRef#className()} spells them) of test code, never
 *                           deployed: subclasses of JUnit's {@code TestCase}, classes with
 *                           {@code @Test} methods, and sources under a {@code src/test} folder
 */
public record SourceFacts(boolean known, Set<CallEdge> conditionalCalls, Set<CallEdge> sqlBuiltAtRuntime,
                          List<SessionStateValue> nonSerializableState, Set<String> testCode) {
    public static final SourceFacts NONE = new SourceFacts(false, Set.of(), Set.of(), List.of(), Set.of());

    public SourceFacts {
        conditionalCalls = Set.copyOf(conditionalCalls);
        sqlBuiltAtRuntime = Set.copyOf(sqlBuiltAtRuntime);
        nonSerializableState = List.copyOf(nonSerializableState);
        testCode = Set.copyOf(testCode);
    }

    /** Facts of an application without test code. */
    public SourceFacts(boolean known, Set<CallEdge> conditionalCalls, Set<CallEdge> sqlBuiltAtRuntime,
                       List<SessionStateValue> nonSerializableState) {
        this(known, conditionalCalls, sqlBuiltAtRuntime, nonSerializableState, Set.of());
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
