package io.wanlint.rules.testing;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A test-only {@link CallGraph} over hand-built records. */
record TestGraph(Map<MethodRef, MethodNode> nodeMap, List<CallEdge> edges, List<EntryPoint> entryPoints,
                 io.wanlint.analyzer.api.SourceFacts facts) implements CallGraph {
    TestGraph(Map<MethodRef, MethodNode> nodeMap, List<CallEdge> edges, List<EntryPoint> entryPoints) {
        this(nodeMap, edges, entryPoints, io.wanlint.analyzer.api.SourceFacts.NONE);
    }

    TestGraph {
        nodeMap = new LinkedHashMap<>(nodeMap);
        edges = List.copyOf(edges);
        entryPoints = List.copyOf(entryPoints);
    }

    @Override public Collection<MethodNode> nodes() { return nodeMap.values(); }

    @Override public Optional<MethodNode> node(MethodRef method) { return Optional.ofNullable(nodeMap.get(method)); }

    @Override public List<CallEdge> outgoing(MethodRef method) {
        List<CallEdge> out = new ArrayList<>();
        for (CallEdge e : edges) if (e.from().equals(method)) out.add(e);
        return out;
    }

    @Override public List<CallEdge> incoming(MethodRef method) {
        List<CallEdge> out = new ArrayList<>();
        for (CallEdge e : edges) if (e.to().equals(method)) out.add(e);
        return out;
    }
}
