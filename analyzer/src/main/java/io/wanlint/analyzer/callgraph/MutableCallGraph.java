package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.SourceFacts;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The call graph while a front end fills it. Only builders see it; {@link #freeze()} gives the
 * read-only {@link FrozenCallGraph} that everyone else uses. Not thread-safe.
 */
public final class MutableCallGraph {
    private final Map<MethodRef, MethodNode> nodes = new LinkedHashMap<>();
    private final List<CallEdge> edges = new ArrayList<>();
    private final List<EntryPoint> entryPoints = new ArrayList<>();
    private SourceFacts facts = SourceFacts.NONE;
    private List<io.wanlint.analyzer.api.UnseenCode> unseenCode = List.of();

    /** Adds a node unless one for the same method exists (the first declaration wins). */
    public void addNode(MethodNode node) { nodes.putIfAbsent(node.ref(), node); }

    public boolean hasNode(MethodRef ref) { return nodes.containsKey(ref); }

    /** The node of a method, when one was added. */
    public java.util.Optional<MethodNode> node(MethodRef ref) { return java.util.Optional.ofNullable(nodes.get(ref)); }

    public void addEdge(CallEdge edge) { edges.add(edge); }

    public void addEntryPoint(EntryPoint entryPoint) { entryPoints.add(entryPoint); }

    public List<CallEdge> edges() { return edges; }

    /** Source-level facts gathered while scanning (the source front end sets them once). */
    public void setFacts(SourceFacts facts) {
        this.facts = facts == null ? SourceFacts.NONE : facts;
    }

    /** What runs unseen ({@link io.wanlint.analyzer.api.CallGraph#unseenCode}); both front ends set it once. */
    public void setUnseenCode(List<io.wanlint.analyzer.api.UnseenCode> unseen) {
        this.unseenCode = unseen == null ? List.of() : List.copyOf(unseen);
    }

    public FrozenCallGraph freeze() { return new FrozenCallGraph(nodes.values(), edges, entryPoints, facts, unseenCode); }
}
