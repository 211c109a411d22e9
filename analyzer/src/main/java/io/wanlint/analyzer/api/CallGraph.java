package io.wanlint.analyzer.api;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The read-only method-level call graph (docs/architecture.md §Call graph). Built by a front end (source or bytecode);
 * users only read it.
 */
public interface CallGraph {
    Collection<MethodNode> nodes();

    Optional<MethodNode> node(MethodRef method);

    /** Every edge, in a deterministic order (by caller, then line). */
    List<CallEdge> edges();

    /** Calls made by {@code method}, in source order. */
    List<CallEdge> outgoing(MethodRef method);

    /**
     * Calls made by {@code method} when its {@code this} is an instance of {@code thisClass} (null:
     * unknown): a call on {@code this} runs only that class's override ({@link Receiver#runFor}).
     */
    default List<CallEdge> outgoing(MethodRef method, String thisClass) {
        return Receiver.runFor(outgoing(method), thisClass);
    }

    /**
     * Whether the calls {@code method} runs depend on the class of its {@code this}: it, or a method it
     * calls on {@code this} (transitively), makes a call on {@code this} that some subclass overrides.
     * A walk need not tell classes apart where they do not ({@link #outgoing(MethodRef, String)} is then
     * the same for every class), so it can share what it learnt of the method across them.
     */
    default boolean dependsOnThisClass(MethodRef method) {
        java.util.Set<MethodRef> seen = new java.util.HashSet<>();
        java.util.ArrayDeque<MethodRef> todo = new java.util.ArrayDeque<>();
        todo.add(method);
        seen.add(method);
        while (!todo.isEmpty()) {
            for (CallEdge e : outgoing(todo.poll())) {
                if (!(e.receiver() instanceof Receiver.Own own)) continue;
                if (!own.overrides().isEmpty()) return true;
                if (seen.add(e.to())) todo.add(e.to());
            }
        }
        return false;
    }

    /** Calls that reach {@code method}. */
    List<CallEdge> incoming(MethodRef method);

    List<EntryPoint> entryPoints();

    /** Source-level facts about call sites and session state; {@link SourceFacts#NONE} when not known. */
    default SourceFacts facts() { return SourceFacts.NONE; }

    /** Code that runs in the application unseen by the analysis (both front ends), in a stable order; empty when none. */
    default List<UnseenCode> unseenCode() { return List.of(); }
}
