package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.SourceLocation;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The frozen graph sorts its nodes and edges with keys worked out once and drops duplicate edges after
 * sorting: the order, the edges kept and the look-ups are those of the plain definition (kept here as
 * the oracle): distinct edges in the order given, sorted stably by caller, file and line; nodes by method.
 */
class FrozenGraphOrderTest {

    private static final Comparator<MethodRef> BY_METHOD = Comparator.comparing(MethodRef::className)
            .thenComparing(MethodRef::name)
            .thenComparing(r -> String.join(",", r.parameterTypes()));
    private static final Comparator<CallEdge> BY_SITE = Comparator.comparing(CallEdge::from, BY_METHOD)
            .thenComparing(e -> e.location().file())
            .thenComparingInt(CallEdge::line);

    private static List<CallEdge> oracleEdges(List<CallEdge> edges) {
        List<CallEdge> sorted = new ArrayList<>(new LinkedHashSet<>(edges));
        sorted.sort(BY_SITE);
        return sorted;
    }

    private static List<MethodNode> oracleNodes(List<MethodNode> nodes) {
        List<MethodNode> sorted = new ArrayList<>(nodes);
        sorted.sort(Comparator.comparing(MethodNode::ref, BY_METHOD));
        return sorted;
    }

    /** Few classes, names, files and lines, so that sort keys tie often and duplicates are common. */
    private static MethodRef method(Random r) {
        List<String> params = switch (r.nextInt(5)) {
            case 0 -> List.of();
            case 1 -> List.of("int");
            case 2 -> List.of("a", "b");
            // Joined, the same text as ("a", "b"): a tie of the sort key between two different methods.
            case 3 -> List.of("a,b");
            default -> List.of("java.lang.String");
        };
        return new MethodRef("app.C" + r.nextInt(4), "m" + r.nextInt(3), params);
    }

    private static CallEdge edge(Random r) {
        return new CallEdge(method(r), method(r), EdgeKind.values()[r.nextInt(2)], CallOp.INVOKE,
                new SourceLocation("src/F" + r.nextInt(2) + ".java", r.nextInt(4)), r.nextInt(2), null, r.nextBoolean(), false);
    }

    private static List<CallEdge> edges(Random r, int n) {
        List<CallEdge> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            // Copies (equal, not the same object) and repeats of earlier edges, as several constructors give.
            if (!out.isEmpty() && r.nextInt(4) == 0) {
                CallEdge earlier = out.get(r.nextInt(out.size()));
                out.add(r.nextBoolean() ? earlier : earlier.withFlags(earlier.cachedOnce(), earlier.inUserTransaction()));
            } else {
                out.add(edge(r));
            }
        }
        return out;
    }

    @RepeatedTest(40)
    void edgesAreTheDistinctEdgesSortedStablyBySite(RepetitionInfo repetition) {
        Random r = new Random(repetition.getCurrentRepetition());
        List<CallEdge> given = edges(r, 1 + r.nextInt(400));
        List<CallEdge> sorted = FrozenCallGraph.sortedEdges(given);
        List<CallEdge> expected = oracleEdges(given);
        assertThat(sorted).containsExactlyElementsOf(expected);
        // The first of equal edges is the one kept (the same object, not an equal copy).
        for (int i = 0; i < sorted.size(); i++) assertThat(sorted.get(i)).isSameAs(expected.get(i));
    }

    @RepeatedTest(20)
    void manyCallsOfOneLineKeepTheirFirstsInTheOrderGiven(RepetitionInfo repetition) {
        Random r = new Random(500 + repetition.getCurrentRepetition());
        MethodRef from = new MethodRef("app.C", "m", List.of());
        List<CallEdge> given = new ArrayList<>();
        // Runs of equal sort keys from a few calls to some dozens, with repeats.
        int n = 1 + r.nextInt(60);
        for (int i = 0; i < n; i++) {
            if (!given.isEmpty() && r.nextInt(3) == 0) {
                CallEdge earlier = given.get(r.nextInt(given.size()));
                given.add(earlier.withFlags(earlier.cachedOnce(), earlier.inUserTransaction()));
            } else {
                given.add(new CallEdge(from, method(r), EdgeKind.LOCAL, CallOp.INVOKE, new SourceLocation("src/F.java", r.nextInt(2)),
                        0, null, r.nextBoolean(), false));
            }
        }
        List<CallEdge> sorted = FrozenCallGraph.sortedEdges(given);
        List<CallEdge> expected = oracleEdges(given);
        assertThat(sorted).hasSameSizeAs(expected);
        for (int i = 0; i < sorted.size(); i++) assertThat(sorted.get(i)).isSameAs(expected.get(i));
    }

    @RepeatedTest(20)
    void theGraphsOrderAndLookUpsAreThoseOfThePlainDefinition(RepetitionInfo repetition) {
        Random r = new Random(1000 + repetition.getCurrentRepetition());
        List<CallEdge> given = edges(r, 1 + r.nextInt(300));
        Map<MethodRef, MethodNode> nodes = new LinkedHashMap<>();
        for (CallEdge e : given) {
            nodes.putIfAbsent(e.from(), new MethodNode(e.from(), null, new SourceLocation("src/N.java", r.nextInt(9))));
            nodes.putIfAbsent(e.to(), new MethodNode(e.to(), null, SourceLocation.UNKNOWN));
        }
        FrozenCallGraph graph = new FrozenCallGraph(nodes.values(), given, List.of());

        List<CallEdge> expected = oracleEdges(given);
        assertThat(graph.edges()).containsExactlyElementsOf(expected);
        assertThat(List.copyOf(graph.nodes())).containsExactlyElementsOf(oracleNodes(new ArrayList<>(nodes.values())));
        Map<MethodRef, List<CallEdge>> out = new HashMap<>();
        Map<MethodRef, List<CallEdge>> in = new HashMap<>();
        for (CallEdge e : expected) {
            out.computeIfAbsent(e.from(), k -> new ArrayList<>()).add(e);
            in.computeIfAbsent(e.to(), k -> new ArrayList<>()).add(e);
        }
        for (MethodRef m : nodes.keySet()) {
            assertThat(graph.outgoing(m)).as("outgoing " + m).containsExactlyElementsOf(out.getOrDefault(m, List.of()));
            assertThat(graph.incoming(m)).as("incoming " + m).containsExactlyElementsOf(in.getOrDefault(m, List.of()));
        }
    }

    @Test
    void nodesTiedByTheirJoinedParametersKeepTheOrderGiven() {
        MethodNode pair = new MethodNode(new MethodRef("app.C", "m", List.of("a", "b")), null, SourceLocation.UNKNOWN);
        MethodNode joined = new MethodNode(new MethodRef("app.C", "m", List.of("a,b")), null, SourceLocation.UNKNOWN);
        MethodNode first = new MethodNode(new MethodRef("app.B", "z", List.of()), null, SourceLocation.UNKNOWN);
        assertThat(FrozenCallGraph.sortedNodes(List.of(joined, pair, first))).containsExactly(first, joined, pair);
        assertThat(FrozenCallGraph.sortedNodes(List.of(pair, joined, first))).containsExactly(first, pair, joined);
    }
}
