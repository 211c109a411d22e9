package io.wanlint.rules.api;

import io.wanlint.analyzer.api.BranchArm;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.EntryPoint;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The calls one entry point reaches, each once, in execution order (depth first, source order),
 * with the first path that reaches it. Built by {@link RuleContext#reach}; shared by all rules.
 */
public final class RequestReach {
    private final EntryPoint entryPoint;
    private final List<ReachedCall> calls;
    /** Per reached call, in the same order: its id among the calls of the walks' states (see {@link #callId}). */
    private final int[] callIds;
    /** The states the walk went through, whose numbers {@link #callIds} are. */
    private final Object numbering;
    /** The distinct calls some path runs inside a loop; as a set once {@link #inLoop} is asked (few requests are). */
    private final List<CallEdge> loopedCalls;
    private volatile Set<CallEdge> looped;

    RequestReach(EntryPoint entryPoint, List<ReachedCall> calls, int[] callIds, Object numbering, List<CallEdge> loopedCalls) {
        if (callIds.length != calls.size()) throw new IllegalArgumentException("one id per reached call");
        this.entryPoint = entryPoint;
        this.calls = List.copyOf(calls);
        this.callIds = callIds;
        this.numbering = numbering;
        this.loopedCalls = List.copyOf(loopedCalls);
    }

    public EntryPoint entryPoint() { return entryPoint; }

    /** Every reached call, once, in execution order. */
    public List<ReachedCall> calls() { return calls; }

    /**
     * The id of {@code calls().get(index)}: a small number, one per distinct call, that the walks of one
     * check share while they share their states, so that what a rule works out per call can sit in an
     * array instead of a map hashing the call at every request that reaches it. Walks made apart (after
     * {@link RuleContext}'s walks were released, or by another check) may number calls otherwise: a
     * value kept by id is for the very call object it was made for ({@link ReachedCall#edge()}, compared
     * by identity).
     */
    public int callId(int index) { return callIds[index]; }

    /** What numbered the calls: walks with the same numbering number a call alike. */
    Object numbering() { return numbering; }

    /** Whether some path from the entry point runs {@code edge} inside a loop. */
    public boolean inLoop(CallEdge edge) {
        Set<CallEdge> set = looped;
        if (set == null) looped = set = Collections.unmodifiableSet(new HashSet<>(loopedCalls));
        return set.contains(edge);
    }

    /**
     * The calls matching {@code matching} that one execution of the request can make together, in
     * execution order: where a method chooses between exclusive arms ({@link CallEdge#branches()}:
     * an if/else, the cases of a switch, ?:, catch clauses), only the arm that holds the most
     * matching calls, itself or in what it calls, is kept (the first such arm on a tie). Each call
     * is taken in the method that first reached it, as in {@link #calls()}.
     */
    public List<ReachedCall> onOnePath(java.util.function.Predicate<ReachedCall> matching) {
        // No matching call (most requests of a large application, for WAN001): nothing to choose
        // among, and the arms need not be weighed over every call the request reaches.
        if (calls.stream().noneMatch(matching)) return List.of();
        Map<CallEdge, List<ReachedCall>> children = new HashMap<>();
        List<ReachedCall> top = new ArrayList<>();
        for (ReachedCall rc : calls) {
            if (rc.via() == null) top.add(rc);
            else children.computeIfAbsent(rc.via().edge(), k -> new ArrayList<>()).add(rc);
        }
        // A call comes after the call that entered its method, so reverse order sees callees first.
        Map<CallEdge, Integer> weight = new HashMap<>();
        for (int i = calls.size() - 1; i >= 0; i--) {
            ReachedCall rc = calls.get(i);
            int own = matching.test(rc) ? 1 : 0;
            weight.put(rc.edge(), own + Arms.of(children.getOrDefault(rc.edge(), List.of())).weight(weight));
        }
        Set<CallEdge> kept = new HashSet<>();
        Deque<List<ReachedCall>> todo = new ArrayDeque<>();
        todo.push(top);
        while (!todo.isEmpty()) {
            Arms arms = Arms.of(todo.pop());
            arms.weight(weight);
            for (ReachedCall rc : arms.kept()) {
                if (kept.add(rc.edge())) todo.push(children.getOrDefault(rc.edge(), List.of()));
            }
        }
        return calls.stream().filter(rc -> kept.contains(rc.edge()) && matching.test(rc)).toList();
    }

    /** The calls one method makes, arranged by the exclusive choices that enclose them. */
    private static final class Arms {
        final List<ReachedCall> calls = new ArrayList<>();
        final Map<List<Integer>, java.util.TreeMap<Integer, Arms>> choices = new LinkedHashMap<>();
        int weight;

        static Arms of(List<ReachedCall> siblings) {
            Arms root = new Arms();
            for (ReachedCall rc : siblings) {
                Arms arm = root;
                for (BranchArm b : rc.edge().branches()) {
                    arm = arm.choices.computeIfAbsent(List.of(b.line(), b.column()), k -> new java.util.TreeMap<>())
                            .computeIfAbsent(b.arm(), k -> new Arms());
                }
                arm.calls.add(rc);
            }
            return root;
        }

        /** The calls' weights, plus per choice its heaviest arm's. */
        int weight(Map<CallEdge, Integer> weights) {
            int total = 0;
            for (ReachedCall rc : calls) total += weights.getOrDefault(rc.edge(), 0);
            for (java.util.TreeMap<Integer, Arms> arms : choices.values()) {
                int most = 0;
                for (Arms a : arms.values()) most = Math.max(most, a.weight(weights));
                total += most;
            }
            weight = total;
            return total;
        }

        /** The calls of the heaviest arm of every choice (after {@link #weight}). */
        List<ReachedCall> kept() {
            List<ReachedCall> out = new ArrayList<>(calls);
            for (java.util.TreeMap<Integer, Arms> arms : choices.values()) {
                Arms heaviest = null;
                for (Arms a : arms.values()) if (heaviest == null || a.weight > heaviest.weight) heaviest = a;
                out.addAll(heaviest.kept());
            }
            return out;
        }
    }

    /** A walk of the calls {@code ep} reaches within {@code scope} (tests; a check shares one {@link WalkStates}). */
    static RequestReach walk(EntryPoint ep, CallGraph graph, ComponentModel model, ReachScope scope) {
        return new WalkStates(graph, model).walk(ep, scope);
    }
}
