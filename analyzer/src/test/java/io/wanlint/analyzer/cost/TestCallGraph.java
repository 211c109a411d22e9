package io.wanlint.analyzer.cost;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.SourceLocation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A hand-built call graph for cost-model tests (the real builder lives elsewhere): nodes, edges
 * and entry points, with a fluent builder that numbers call sites by line.
 */
record TestCallGraph(List<MethodNode> nodes, List<CallEdge> edges, List<EntryPoint> entryPoints,
                     Map<MethodRef, List<CallEdge>> outgoingByCaller) implements CallGraph {

    TestCallGraph(List<MethodNode> nodes, List<CallEdge> edges, List<EntryPoint> entryPoints) {
        this(nodes, edges, entryPoints, edges.stream().collect(Collectors.groupingBy(CallEdge::from)));
    }

    @Override public Optional<MethodNode> node(MethodRef method) {
        return nodes.stream().filter(n -> n.ref().equals(method)).findFirst();
    }

    @Override public List<CallEdge> outgoing(MethodRef method) {
        return outgoingByCaller.getOrDefault(method, List.of());
    }

    @Override public List<CallEdge> incoming(MethodRef method) {
        return edges.stream().filter(e -> e.to().equals(method)).toList();
    }

    static Builder builder() { return new Builder(); }

    static MethodRef m(String classAndMethod) {
        int hash = classAndMethod.indexOf('#');
        return MethodRef.of(classAndMethod.substring(0, hash), classAndMethod.substring(hash + 1));
    }

    /** Builds edges in source order; each call gets the next line number of its caller's file. */
    static final class Builder {
        private final Map<MethodRef, MethodNode> nodes = new LinkedHashMap<>();
        private final List<CallEdge> edges = new ArrayList<>();
        private final List<EntryPoint> entryPoints = new ArrayList<>();
        private int line = 10;

        /** Declares that {@code method} belongs to {@code component}. */
        Builder method(String method, String component) {
            MethodRef ref = m(method);
            nodes.put(ref, new MethodNode(ref, component, new SourceLocation(ref.className().replace('.', '/') + ".java", 1)));
            return this;
        }

        Builder entry(String id, EntryPoint.Kind kind, String method, String component) {
            method(method, component);
            entryPoints.add(new EntryPoint(id, kind, m(method), component));
            return this;
        }

        Builder call(String from, String to, EdgeKind kind, CallOp op, String target) {
            return call(from, to, kind, op, target, 0, false);
        }

        Builder call(String from, String to, EdgeKind kind, CallOp op, String target, int loopDepth, boolean cachedOnce) {
            MethodRef f = m(from);
            nodes.putIfAbsent(f, new MethodNode(f, null, null));
            edges.add(new CallEdge(f, m(to), kind, op, new SourceLocation(f.className().replace('.', '/') + ".java", line++),
                    loopDepth, target, cachedOnce, false));
            return this;
        }

        Builder local(String from, String to) { return call(from, to, EdgeKind.LOCAL, CallOp.INVOKE, null); }

        /** One call site dispatched by the class hierarchy to several implementations (one line, several edges). */
        Builder dispatch(String from, String... implementations) {
            MethodRef f = m(from);
            nodes.putIfAbsent(f, new MethodNode(f, null, null));
            SourceLocation at = new SourceLocation(f.className().replace('.', '/') + ".java", line++);
            for (String to : implementations) {
                edges.add(new CallEdge(f, m(to), EdgeKind.LOCAL, CallOp.INVOKE, at, 0, null, false, false));
            }
            return this;
        }

        Builder localInLoop(String from, String to, int loopDepth) {
            return call(from, to, EdgeKind.LOCAL, CallOp.INVOKE, null, loopDepth, false);
        }

        TestCallGraph build() { return new TestCallGraph(List.copyOf(nodes.values()), List.copyOf(edges), List.copyOf(entryPoints)); }
    }
}
