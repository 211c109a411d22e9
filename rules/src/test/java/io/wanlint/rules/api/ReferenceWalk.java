package io.wanlint.rules.api;

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
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The walk of session 9 (one fresh depth-first walk per entry point, hashing states and calls at every
 * step), kept as the reference the shared-state walk of {@link WalkStates} must agree with.
 */
final class ReferenceWalk {
    private ReferenceWalk() {}

    /** The reached calls, in order, and the calls reached inside a loop. */
    record Outcome(List<ReachedCall> calls, Set<CallEdge> looped) {}

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

    static Outcome walk(EntryPoint ep, CallGraph graph, ComponentModel model, ReachScope scope) {
        Owners owners = new Owners(graph, model);
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
        return new Outcome(new ArrayList<>(first.values()), looped);
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
