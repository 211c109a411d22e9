package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.SourceFacts;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The immutable call graph. Nodes are sorted by method; edges by caller, then file and line, and
 * within a line in the order the builder added them (evaluation order), so that two runs over the
 * same input give the same order.
 */
public final class FrozenCallGraph implements CallGraph {
    private static final Comparator<MethodRef> BY_METHOD = Comparator.comparing(MethodRef::className)
            .thenComparing(MethodRef::name)
            .thenComparing(r -> String.join(",", r.parameterTypes()));
    private static final Comparator<CallEdge> BY_SITE = Comparator.comparing(CallEdge::from, BY_METHOD)
            .thenComparing(e -> e.location().file())
            .thenComparingInt(CallEdge::line);

    private final Map<MethodRef, MethodNode> nodes;
    private final List<CallEdge> edges;
    private final Map<MethodRef, List<CallEdge>> outgoing;
    private final Map<MethodRef, List<CallEdge>> incoming;
    private final List<EntryPoint> entryPoints;
    private final SourceFacts facts;
    private final List<io.wanlint.analyzer.api.UnseenCode> unseenCode;

    FrozenCallGraph(Collection<MethodNode> nodes, List<CallEdge> edges, List<EntryPoint> entryPoints) {
        this(nodes, edges, entryPoints, SourceFacts.NONE, List.of());
    }

    FrozenCallGraph(Collection<MethodNode> nodes, List<CallEdge> edges, List<EntryPoint> entryPoints,
                    SourceFacts facts, List<io.wanlint.analyzer.api.UnseenCode> unseenCode) {
        this.facts = facts == null ? SourceFacts.NONE : facts;
        this.unseenCode = unseenCode == null ? List.of() : List.copyOf(new java.util.TreeSet<>(unseenCode));
        List<MethodNode> sortedNodes = new ArrayList<>(nodes);
        sortedNodes.sort(Comparator.comparing(MethodNode::ref, BY_METHOD));
        Map<MethodRef, MethodNode> byRef = new LinkedHashMap<>();
        for (MethodNode n : sortedNodes) byRef.put(n.ref(), n);
        this.nodes = java.util.Collections.unmodifiableMap(byRef);
        // Duplicates come from calls attributed to several constructors; keep one of each.
        List<CallEdge> sorted = new ArrayList<>(new LinkedHashSet<>(edges));
        sorted.sort(BY_SITE);
        this.edges = List.copyOf(sorted);
        Map<MethodRef, List<CallEdge>> out = new HashMap<>();
        Map<MethodRef, List<CallEdge>> in = new HashMap<>();
        for (CallEdge e : this.edges) {
            out.computeIfAbsent(e.from(), k -> new ArrayList<>()).add(e);
            in.computeIfAbsent(e.to(), k -> new ArrayList<>()).add(e);
        }
        out.replaceAll((k, v) -> List.copyOf(v));
        in.replaceAll((k, v) -> List.copyOf(v));
        // HashMaps, not Map.copyOf: every walk of every entry point looks calls up here, and the
        // immutable map's probing compares keys with equals (method names and parameter lists) where a
        // HashMap first compares the stored hashes.
        this.outgoing = java.util.Collections.unmodifiableMap(out);
        this.incoming = java.util.Collections.unmodifiableMap(in);
        List<EntryPoint> eps = new ArrayList<>(entryPoints);
        eps.sort(Comparator.comparing(EntryPoint::id).thenComparing(EntryPoint::method, BY_METHOD));
        this.entryPoints = List.copyOf(eps);
    }

    /**
     * A graph rebuilt from the parts of a graph read earlier (the analysis cache): the same nodes,
     * edges, entry points and facts give the same graph, ordering included.
     */
    public static FrozenCallGraph of(Collection<MethodNode> nodes, List<CallEdge> edges, List<EntryPoint> entryPoints,
                                     SourceFacts facts) {
        return new FrozenCallGraph(nodes, edges, entryPoints, facts, List.of());
    }

    /** As {@link #of(Collection, List, List, SourceFacts)}, with the code that runs unseen. */
    public static FrozenCallGraph of(Collection<MethodNode> nodes, List<CallEdge> edges, List<EntryPoint> entryPoints,
                                     SourceFacts facts, List<io.wanlint.analyzer.api.UnseenCode> unseenCode) {
        return new FrozenCallGraph(nodes, edges, entryPoints, facts, unseenCode);
    }

    @Override public Collection<MethodNode> nodes() { return nodes.values(); }

    @Override public Optional<MethodNode> node(MethodRef method) { return Optional.ofNullable(nodes.get(method)); }

    @Override public List<CallEdge> edges() { return edges; }

    @Override public List<CallEdge> outgoing(MethodRef method) { return outgoing.getOrDefault(method, List.of()); }

    @Override public List<CallEdge> incoming(MethodRef method) { return incoming.getOrDefault(method, List.of()); }

    @Override public List<EntryPoint> entryPoints() { return entryPoints; }

    /** {@link CallGraph#dependsOnThisClass}, answered once per method: every walk asks at every call it follows. */
    private final Map<MethodRef, Boolean> dependsOnThisClass = new java.util.concurrent.ConcurrentHashMap<>();

    @Override public boolean dependsOnThisClass(MethodRef method) {
        Boolean known = dependsOnThisClass.get(method);
        if (known != null) return known;
        boolean answer = CallGraph.super.dependsOnThisClass(method);
        dependsOnThisClass.put(method, answer);
        return answer;
    }

    @Override public SourceFacts facts() { return facts; }

    @Override public List<io.wanlint.analyzer.api.UnseenCode> unseenCode() { return unseenCode; }

    /** The graph in Graphviz DOT, for tests and debugging. */
    public String toDot() {
        StringBuilder sb = new StringBuilder("digraph calls {\n");
        for (CallEdge e : edges) {
            sb.append("  \"").append(e.from()).append("\" -> \"").append(e.to()).append("\" [label=\"")
                    .append(e.kind()).append(' ').append(e.op()).append(" @").append(e.line())
                    .append(e.loopDepth() > 0 ? " *" + e.loopDepth() : "").append("\"];\n");
        }
        return sb.append("}\n").toString();
    }
}
