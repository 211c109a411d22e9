package io.wanlint.rules.api;

import io.wanlint.analyzer.api.BranchArm;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
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
    private final Set<CallEdge> looped;

    private RequestReach(EntryPoint entryPoint, List<ReachedCall> calls, Set<CallEdge> looped) {
        this.entryPoint = entryPoint;
        this.calls = List.copyOf(calls);
        this.looped = Collections.unmodifiableSet(looped);
    }

    public EntryPoint entryPoint() { return entryPoint; }

    /** Every reached call, once, in execution order. */
    public List<ReachedCall> calls() { return calls; }

    /** Whether some path from the entry point runs {@code edge} inside a loop. */
    public boolean inLoop(CallEdge edge) { return looped.contains(edge); }

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

    /**
     * A method run on behalf of a component, inside a loop or not, on an instance of class {@code self}
     * when the walk knows it (null otherwise: see {@link CallGraph#outgoing(MethodRef, String)}). Not a
     * record: its hash is taken once, as every call a walk follows looks one up (with a record, hashing
     * and comparing the method's names and parameter types were most of a walk on a large application).
     */
    private static final class State {
        final MethodRef method;
        final String component;
        final boolean inLoop;
        final String self;
        private final int hash;

        State(MethodRef method, String component, boolean inLoop, String self) {
            this.method = method;
            this.component = component;
            this.inLoop = inLoop;
            this.self = self;
            this.hash = ((31 * java.util.Objects.hashCode(method) + java.util.Objects.hashCode(component)) * 31
                    + java.util.Objects.hashCode(self)) * 2 + (inLoop ? 1 : 0);
        }

        @Override public boolean equals(Object o) {
            return this == o || o instanceof State other && hash == other.hash && inLoop == other.inLoop
                    && java.util.Objects.equals(method, other.method) && java.util.Objects.equals(component, other.component)
                    && java.util.Objects.equals(self, other.self);
        }

        @Override public int hashCode() { return hash; }
    }

    /**
     * Per method: the component its code runs for when a caller of another component reaches it, as
     * {@link #componentOf} decides. Depends on the graph and model only, so one per check serves
     * every walk (each walk asked the graph and the model again for every call it followed).
     */
    static final class Owners {
        private final CallGraph graph;
        private final ComponentModel model;
        /** The method's own component and whether that is a helper's (DAO, plain class); a null name when it has none. */
        private record Owner(String component, boolean helper) {}
        private final Map<MethodRef, Owner> byMethod = new java.util.concurrent.ConcurrentHashMap<>();

        Owners(CallGraph graph, ComponentModel model) {
            this.graph = graph;
            this.model = model;
        }

        /**
         * The component whose code runs a plainly called method. Helpers (DAO and PLAIN classes) run in
         * their caller's JVM, so they inherit its component (and with it its site), as the cost model does.
         */
        String componentOf(MethodRef method, String inherited) {
            Owner o = method == null ? null : byMethod.get(method);
            if (o == null) {
                String own = graph.node(method).map(MethodNode::component).orElse(null);
                boolean helper = own != null && model.byName(own)
                        .map(c -> c.kind() == ComponentKind.DAO || c.kind() == ComponentKind.PLAIN).orElse(false);
                o = new Owner(own, helper);
                if (method != null) byMethod.putIfAbsent(method, o);
            }
            if (o.component() == null) return inherited;
            return o.helper() && inherited != null ? inherited : o.component();
        }
    }

    private record Frame(State state, ReachedCall via, Iterator<CallEdge> next) {}

    static RequestReach walk(EntryPoint ep, CallGraph graph, ComponentModel model, ReachScope scope) {
        return walk(ep, graph, model, scope, new Owners(graph, model));
    }

    static RequestReach walk(EntryPoint ep, CallGraph graph, ComponentModel model, ReachScope scope, Owners owners) {
        Map<CallEdge, ReachedCall> first = new LinkedHashMap<>();
        Set<CallEdge> looped = new HashSet<>();
        Set<State> seen = new HashSet<>();
        Deque<Frame> stack = new ArrayDeque<>();
        // The entry point runs on an instance of its component's class (a servlet's, a bean's): calls on
        // this run that class's overrides only.
        String entryClass = ep.component() == null || !graph.dependsOnThisClass(ep.method()) ? null
                : model.byName(ep.component()).map(c -> c.className()).orElse(null);
        State start = new State(ep.method(), owners.componentOf(ep.method(), ep.component()), false, entryClass);
        seen.add(start);
        stack.push(new Frame(start, null, graph.outgoing(ep.method(), entryClass).iterator()));
        // Iterative depth-first walk: deep helper chains must not overflow the stack, and source
        // order keeps "the first call" the one that runs first.
        while (!stack.isEmpty()) {
            Frame top = stack.peek();
            if (!top.next.hasNext()) { stack.pop(); continue; }
            CallEdge edge = top.next.next();
            State s = top.state;
            boolean inLoop = s.inLoop || edge.loopDepth() > 0;
            ReachedCall rc = new ReachedCall(edge, s.component, inLoop, top.via);
            first.putIfAbsent(edge, rc);
            if (inLoop) looped.add(edge);
            if (!entersCallee(edge, scope)) continue;
            String calleeComponent = edge.kind().isEjb()
                    ? ejbTarget(edge, model, s.component)
                    : owners.componentOf(edge.to(), s.component);
            // Where the class makes no difference, one state serves every class.
            String self = edge.receiver().calleeThis(s.self);
            if (self != null && !graph.dependsOnThisClass(edge.to())) self = null;
            State next = new State(edge.to(), calleeComponent, inLoop, self);
            if (seen.add(next)) stack.push(new Frame(next, rc, graph.outgoing(edge.to(), self).iterator()));
        }
        return new RequestReach(ep, new ArrayList<>(first.values()), looped);
    }

    private static boolean entersCallee(CallEdge edge, ReachScope scope) {
        if (edge.kind() == EdgeKind.LOCAL) return true;
        return edge.kind().isEjb() && scope == ReachScope.WHOLE_REQUEST;
    }

    private static String ejbTarget(CallEdge edge, ComponentModel model, String inherited) {
        if (edge.targetComponent() != null) return edge.targetComponent();
        return model.owning(edge.to().className()).map(c -> c.name()).orElse(inherited);
    }
}
