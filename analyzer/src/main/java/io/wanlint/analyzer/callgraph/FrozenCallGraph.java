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
        // The nodes are sorted and indexed on another core while this one sorts the edges, and the callees'
        // index is made there while this one makes the callers' (each only reads what it is given).
        List<MethodNode> nodeList = new ArrayList<>(nodes);
        java.util.concurrent.ForkJoinTask<Map<MethodRef, MethodNode>> indexingNodes =
                java.util.concurrent.ForkJoinTask.adapt(() -> byRef(sortedNodes(nodeList))).fork();
        List<CallEdge> sorted = List.copyOf(sortedEdges(edges));
        this.edges = sorted;
        java.util.concurrent.ForkJoinTask<Map<MethodRef, List<CallEdge>>> indexingCallees =
                java.util.concurrent.ForkJoinTask.adapt(() -> byCallee(sorted)).fork();
        Map<MethodRef, List<CallEdge>> out = new HashMap<>();
        // The edges come sorted by caller: one look-up per run of the same caller instead of one per edge.
        MethodRef runFrom = null;
        List<CallEdge> run = null;
        for (CallEdge e : sorted) {
            if (run == null || !e.from().equals(runFrom)) {
                runFrom = e.from();
                run = out.computeIfAbsent(runFrom, k -> new ArrayList<>());
            }
            run.add(e);
        }
        out.replaceAll((k, v) -> List.copyOf(v));
        // HashMaps, not Map.copyOf: every walk of every entry point looks calls up here, and the
        // immutable map's probing compares keys with equals (method names and parameter lists) where a
        // HashMap first compares the stored hashes.
        this.outgoing = java.util.Collections.unmodifiableMap(out);
        this.incoming = java.util.Collections.unmodifiableMap(indexingCallees.join());
        this.nodes = java.util.Collections.unmodifiableMap(indexingNodes.join());
        List<EntryPoint> eps = new ArrayList<>(entryPoints);
        eps.sort(Comparator.comparing(EntryPoint::id).thenComparing(EntryPoint::method, BY_METHOD));
        this.entryPoints = List.copyOf(eps);
    }

    private static Map<MethodRef, MethodNode> byRef(List<MethodNode> sorted) {
        Map<MethodRef, MethodNode> byRef = new LinkedHashMap<>();
        for (MethodNode n : sorted) byRef.put(n.ref(), n);
        return byRef;
    }

    private static Map<MethodRef, List<CallEdge>> byCallee(List<CallEdge> edges) {
        Map<MethodRef, List<CallEdge>> in = new HashMap<>();
        for (CallEdge e : edges) in.computeIfAbsent(e.to(), k -> new ArrayList<>()).add(e);
        in.replaceAll((k, v) -> List.copyOf(v));
        return in;
    }

    /** A method's parameter types as {@link #BY_METHOD} compares them, joined once per method instead of per comparison. */
    private static String joinedParameters(MethodRef ref, Map<MethodRef, String> joined) {
        return joined.computeIfAbsent(ref, r -> String.join(",", r.parameterTypes()));
    }

    private static int compareStrings(String a, String b) {
        return a == b ? 0 : a.compareTo(b);
    }

    /** A node with its sort key. */
    private record KeyedNode(MethodNode node, String parameters) {}

    /** The nodes in {@link #BY_METHOD} order of their methods (a stable sort, as {@code List.sort}). */
    static List<MethodNode> sortedNodes(List<MethodNode> nodes) {
        Map<MethodRef, String> joined = new java.util.IdentityHashMap<>();
        KeyedNode[] keyed = new KeyedNode[nodes.size()];
        for (int i = 0; i < keyed.length; i++) {
            MethodNode n = nodes.get(i);
            keyed[i] = new KeyedNode(n, joinedParameters(n.ref(), joined));
        }
        java.util.Arrays.sort(keyed, (x, y) -> compareMethods(x.node().ref(), x.parameters(), y.node().ref(), y.parameters()));
        List<MethodNode> out = new ArrayList<>(keyed.length);
        for (KeyedNode k : keyed) out.add(k.node());
        return out;
    }

    /** An edge with the sort key of its caller's parameters. */
    private record KeyedEdge(CallEdge edge, String parameters) {}

    /** {@link #BY_METHOD}'s order, with each method's parameters joined beforehand. */
    private static int compareMethods(MethodRef a, String aParameters, MethodRef b, String bParameters) {
        int c = compareStrings(a.className(), b.className());
        if (c == 0) c = compareStrings(a.name(), b.name());
        return c != 0 ? c : compareStrings(aParameters, bParameters);
    }

    private static int compareSites(KeyedEdge x, KeyedEdge y) {
        int c = compareMethods(x.edge().from(), x.parameters(), y.edge().from(), y.parameters());
        if (c == 0) c = compareStrings(x.edge().location().file(), y.edge().location().file());
        return c != 0 ? c : Integer.compare(x.edge().line(), y.edge().line());
    }

    /**
     * The edges without duplicates (the first of equal ones kept) by caller ({@link #BY_METHOD}), file and line, ties in
     * the order given: what sorting the distinct edges stably gives. Equal edges have equal sort keys,
     * so the duplicates are dropped after sorting, within each run of equal keys, where the run is in
     * the order given; only those runs' edges are hashed and compared, not every edge of the graph.
     */
    static List<CallEdge> sortedEdges(List<CallEdge> edges) {
        Map<MethodRef, String> joined = new java.util.IdentityHashMap<>();
        KeyedEdge[] keyed = new KeyedEdge[edges.size()];
        for (int i = 0; i < keyed.length; i++) {
            CallEdge e = edges.get(i);
            keyed[i] = new KeyedEdge(e, joinedParameters(e.from(), joined));
        }
        java.util.Arrays.sort(keyed, FrozenCallGraph::compareSites);
        List<CallEdge> out = new ArrayList<>(keyed.length);
        for (int start = 0; start < keyed.length; ) {
            int end = start + 1;
            while (end < keyed.length && compareSites(keyed[start], keyed[end]) == 0) end++;
            if (end - start == 1) {
                out.add(keyed[start].edge());
            } else if (end - start <= 8) {
                // A few calls of one line: compared with each other rather than hashed (hashing a call hashes its methods).
                for (int i = start; i < end; i++) {
                    boolean repeated = false;
                    for (int j = start; j < i && !repeated; j++) repeated = keyed[j].edge().equals(keyed[i].edge());
                    if (!repeated) out.add(keyed[i].edge());
                }
            } else {
                LinkedHashSet<CallEdge> distinct = new LinkedHashSet<>();
                for (int i = start; i < end; i++) distinct.add(keyed[i].edge());
                out.addAll(distinct);
            }
            start = end;
        }
        return out;
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
