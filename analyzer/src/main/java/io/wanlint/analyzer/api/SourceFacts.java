package io.wanlint.analyzer.api;

import java.util.List;
import java.util.Set;

/**
 * What a front end learns about call sites and session state beyond the call graph's edges: facts
 * some rules (WAN008–WAN015) need and the cost model does not. Both front ends compute WAN008–WAN010's
 * facts and the test classes; the cluster state ({@link #clusterState}) comes from sources (and JSP
 * pages) only. {@link #NONE} is a graph made without facts, where rules find nothing rather than guess.
 *
 * @param known              whether the front end computed the facts at all (both front ends
 *                           do; without them, absence of a fact proves nothing)
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
 * @param clusterState       where code touches state a cluster of servers keeps one copy of per node,
 *                           or replicates only when told (WAN011–WAN014): see {@link StateFact}
 */
public record SourceFacts(boolean known, Set<CallEdge> conditionalCalls, Set<CallEdge> sqlBuiltAtRuntime,
                          List<SessionStateValue> nonSerializableState, Set<String> testCode,
                          List<StateFact> clusterState) {
    public static final SourceFacts NONE = new SourceFacts(false, Set.of(), Set.of(), List.of(), Set.of(), List.of());

    public SourceFacts {
        conditionalCalls = Set.copyOf(conditionalCalls);
        sqlBuiltAtRuntime = Set.copyOf(sqlBuiltAtRuntime);
        nonSerializableState = List.copyOf(nonSerializableState);
        testCode = Set.copyOf(testCode);
        clusterState = clusterState == null ? List.of() : List.copyOf(clusterState);
    }

    /** Facts without cluster state (the front ends before WAN011–WAN014, and hand-made test graphs). */
    public SourceFacts(boolean known, Set<CallEdge> conditionalCalls, Set<CallEdge> sqlBuiltAtRuntime,
                       List<SessionStateValue> nonSerializableState, Set<String> testCode) {
        this(known, conditionalCalls, sqlBuiltAtRuntime, nonSerializableState, testCode, List.of());
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

    /**
     * One place where code touches state that a cluster keeps per node or replicates only when told
     * to. Written by the source front end for the classes where it matters (see each {@link StateKind});
     * the rules decide which of them are hazards.
     *
     * @param kind        what the code does
     * @param method      the method whose code it is (a constructor is {@code <init>})
     * @param member      the field's name, the attribute's name (a literal's value, else the
     *                    expression as written), or the timer's flavour ({@link StateKind#TIMER})
     * @param type        the field's or value's type, fully qualified when known, else as written; may be empty
     * @param what        the code as a reader would quote it: {@code count++}, {@code items.add(…)}
     * @param location    where: the write, the last mutation, the timer's start
     * @param relatedLine a second line of the same method the finding quotes (where a session
     *                    value was read; for a field mutated only when a value is missing, the
     *                    {@code if (… == null)} test), or 0
     */
    public record StateFact(StateKind kind, MethodRef method, String member, String type, String what,
                            SourceLocation location, int relatedLine) {
        public StateFact {
            java.util.Objects.requireNonNull(kind, "kind");
            java.util.Objects.requireNonNull(method, "method");
            if (member == null) member = "";
            if (type == null) type = "";
            if (what == null) what = "";
            if (location == null) location = SourceLocation.UNKNOWN;
        }
    }

    /** What a {@link StateFact} records. */
    public enum StateKind {
        /**
         * An instance field of a stateful or singleton session bean assigned ({@code =}, {@code +=},
         * {@code ++}) or, holding a collection, map or atomic value, mutated through it; outside
         * constructors. Lazy initialisations ({@code if (f == null) f = new …}) are not recorded.
         */
        BEAN_FIELD_WRITE,
        /** A static field written or mutated as above, outside static initialisers, by code of its own class. */
        STATIC_FIELD_WRITE,
        /** A read, by code of its own class, of a static field that class also writes ({@link #STATIC_FIELD_WRITE}). */
        STATIC_FIELD_READ,
        /**
         * {@code ServletContext.setAttribute}/{@code removeAttribute}, except under an
         * {@code if (… == null)} (an attribute made once when missing).
         */
        CONTEXT_ATTRIBUTE_WRITE,
        /** {@code ServletContext.getAttribute}. */
        CONTEXT_ATTRIBUTE_READ,
        /**
         * A value read with {@code HttpSession.getAttribute} into a local variable that holds nothing
         * else, then mutated through that variable (a field write, a collection mutator, a call of an
         * application method that writes a field of its object, other than {@code init}/{@code initialize},
         * which each request runs again) with no {@code setAttribute} of it after the last mutation;
         * {@code relatedLine} is the read.
         */
        SESSION_VALUE_MUTATED,
        /**
         * A timer a server starts by itself: {@code @Schedule(persistent = false)}, a
         * {@code java.util.Timer} made, a {@code ScheduledExecutorService} scheduling, a
         * {@code TimerService} timer made with a non-persistent {@code TimerConfig}.
         */
        TIMER,
        /**
         * A method every server runs once when the application starts: a listener's
         * {@code contextInitialized}, a servlet's {@code init}, a {@code @Startup} singleton's
         * {@code @PostConstruct}.
         */
        STARTUP,
        /**
         * A stateful bean's {@code afterCompletion} (of {@code SessionSynchronization}) or
         * {@code @AfterCompletion} method, its {@code member} the bean's class: its own writes of the
         * bean's fields are recorded as {@link #BEAN_FIELD_WRITE}s of this method. The method may be
         * a superclass's (then its writes are not recorded).
         */
        AFTER_COMPLETION,
        /**
         * A call a session bean's method makes only under a condition (inside an {@code if}, a
         * {@code switch}, a {@code ?:} or a {@code catch}), {@code member} the called method's name
         * and the location its line: WAN015 does not count a write the EJB tier makes only sometimes.
         */
        GUARDED_CALL,
        /**
         * {@code HttpSession.setAttribute}/{@code removeAttribute}/{@code putValue}/{@code removeValue}:
         * a change a replicating server sends to the session's backups ({@code member} the attribute's
         * name as for {@link #CONTEXT_ATTRIBUTE_WRITE}; {@code relatedLine} the number of loops around it).
         */
        SESSION_ATTRIBUTE_WRITE
    }
}
