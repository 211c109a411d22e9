package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.BranchArm;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.SourceLocation;

import java.util.List;
import java.util.Optional;

/**
 * One call site as a front end read it, in terms neither front end owns: who calls, what the code
 * names as the callee and on what static type, how the receiver is written, and where the call sits.
 * Both front ends emit these; {@link CallSiteAssembler} alone turns them into {@code CallEdge}s.
 *
 * @param from          the method the call is attributed to (a lambda's creator for a call in a lambda body)
 * @param callerClass   the calling class, as its front end names it (for "is this the bean's own code")
 * @param component     the caller's component, or null
 * @param kind          what the code does: call a method, hand over a method reference, construct an object
 * @param receiverType  the receiver's static type (the class constructed, for {@link Kind#CONSTRUCTION})
 * @param callee        the method the code names, by arity or (bytecode) by exact parameter types
 * @param declared      the callee as the class file names it, or null when the front end knows only the
 *                      arity (the library's own spelling is then looked up)
 * @param form          how the receiver is written
 * @param place         where the call is: file and line, loop depth, branch arms (a source front end works
 *                      them out only for the sites that make an edge)
 * @param once          known to run once per component instance (an initialiser, a cache check)
 * @param forwardedDepth how many compiler-made forwarders and lambda bodies the call was already followed into
 * @param syntax        what only the front end can answer about the code around the call
 */
record CallSite(MethodRef from, String callerClass, Component component, Kind kind, String receiverType,
                ProgramView.Callee callee, MethodRef declared, ReceiverForm form, Place place, boolean once,
                int forwardedDepth, Syntax syntax) {

    CallSite {
        if (syntax == null) syntax = Syntax.NONE;
    }

    SourceLocation location() { return place.location(); }

    /** How many loops around the call run it per iteration. */
    int loopDepth() { return place.loopDepth(); }

    /** The exclusive choices that enclose the call, outermost first (empty when unknown). */
    List<BranchArm> branches() { return place.branches(); }

    /** Where a call is in its method. */
    interface Place {
        SourceLocation location();

        int loopDepth();

        List<BranchArm> branches();
    }

    /** A place known when the site is emitted. */
    record Fixed(SourceLocation location, int loopDepth, List<BranchArm> branches) implements Place {
        Fixed {
            branches = branches == null ? List.of() : List.copyOf(branches);
        }
    }

    /** What the code does at the site. */
    enum Kind {
        /** A method invocation: EJB views, API classification, stubs and virtual dispatch all apply. */
        CALL,
        /** A method reference handed over ({@code items.forEach(this::price)}): application dispatch only. */
        METHOD_REFERENCE,
        /** {@code new X(…)}, {@code this(…)}, {@code super(…)}: that class's own constructor, or a library's. */
        CONSTRUCTION
    }

    /** The same site attributed elsewhere: the calls of a compiler-made forwarder placed at the call that reached it. */
    CallSite at(CallSite original) {
        return new CallSite(original.from, original.callerClass, original.component, kind, receiverType, callee, declared,
                form, original.place, original.once, original.forwardedDepth + 1, syntax);
    }

    /**
     * The questions about a call that depend on the code around it, each asked only when the assembler
     * needs the answer (so a front end may answer lazily from its syntax tree, or eagerly when it cannot
     * keep the code).
     */
    interface Syntax {
        /** The constant string the argument at {@code index} holds ({@code "java:comp/env/ejb/Cart"}), if any. */
        Optional<String> constantString(int index);

        /** Where the URL the receiver holds points ({@code url.openStream()}), from its constant protocol. */
        UrlProtocols.Reach urlReach();

        /** Whether a call on stub type {@code type} is a JAX-RPC/JAX-WS port rather than an RMI stub. */
        boolean webServicePort(String type);

        /**
         * The JPA entity a persistence call ({@code em.find(Item.class, id)}) names: its component name,
         * or the entity class (a front end that does not keep the model), which the assembler resolves.
         */
        Optional<String> jpaEntity(CallOp op);

        /** Whether an argument is a JPA {@code LockModeType} ({@code em.find(Item.class, id, PESSIMISTIC_WRITE)}). */
        default boolean passesLockMode() { return false; }

        /** Nothing known: no constants, unknown URL, no port, no entity. */
        Syntax NONE = new Known(List.of(), UrlProtocols.Reach.UNKNOWN, false);
    }

    /**
     * Answers read off the code when the site was emitted.
     *
     * @param constants the constant string of each leading argument (null where the argument is none)
     * @param entities  the entities a persistence call may name, by what the call turns out to be
     * @param lockMode  whether an argument is a {@code LockModeType}
     */
    record Known(List<String> constants, UrlProtocols.Reach url, boolean port, JpaNames entities, boolean lockMode) implements Syntax {
        Known {
            constants = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(constants));
            if (entities == null) entities = JpaNames.NONE;
        }

        Known(List<String> constants, UrlProtocols.Reach url, boolean port) {
            this(constants, url, port, JpaNames.NONE, false);
        }

        Known(List<String> constants, UrlProtocols.Reach url, boolean port, JpaNames entities) {
            this(constants, url, port, entities, false);
        }

        @Override public boolean passesLockMode() { return lockMode; }

        @Override public Optional<String> constantString(int index) {
            return index < constants.size() ? Optional.ofNullable(constants.get(index)) : Optional.empty();
        }

        @Override public UrlProtocols.Reach urlReach() { return url; }

        @Override public boolean webServicePort(String type) { return port; }

        @Override public Optional<String> jpaEntity(CallOp op) {
            return Optional.ofNullable(switch (op) {
                case JPA_FIND -> entities.found();
                case JPA_PERSIST, JPA_MERGE, JPA_REMOVE -> entities.stored();
                case JPA_QUERY, JPA_BULK_UPDATE -> entities.queried();
                default -> null;
            });
        }
    }

    /**
     * The entity components a persistence call names, read before the call is classified: by a class
     * literal argument ({@code find(Order.class, id)}), by its first argument's type
     * ({@code persist(order)}), by the query its receiver was made from ({@code getResultList()}); null
     * where the code does not say.
     */
    record JpaNames(String found, String stored, String queried) {
        static final JpaNames NONE = new JpaNames(null, null, null);
    }
}
