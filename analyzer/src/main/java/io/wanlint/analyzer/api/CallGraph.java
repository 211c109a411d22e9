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

    /** Calls that reach {@code method}. */
    List<CallEdge> incoming(MethodRef method);

    List<EntryPoint> entryPoints();

    /** Source-level facts about call sites and session state; {@link SourceFacts#NONE} when not known. */
    default SourceFacts facts() { return SourceFacts.NONE; }
}
