package io.wanlint.analyzer.cost;

import io.wanlint.analyzer.api.BranchArm;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.CostAdjustment;
import io.wanlint.analyzer.api.CrossingCall;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.api.Topology;
import io.wanlint.analyzer.api.TransactionContext;
import io.wanlint.analyzer.api.TransactionScopes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Implementation of {@link io.wanlint.analyzer.api.WanCostModel}: the round-trip model of docs/cost-model.md.
 *
 * <p>How a count is made. The path from an entry point carries a <em>current site</em>: it starts
 * at the entry component's site; an EJB call (remote or local view) moves it to the callee's site
 * for the callee's body; any other call keeps it, because a helper runs in its caller's JVM even
 * when it belongs to another component. Each call is charged by {@link CallCharges} from the
 * current site. A call inside loops is multiplied by {@code n} per enclosing loop, summed along
 * the path, so a getter in a loop of a method called in a loop costs {@code n^2}.
 *
 * <p>Speed. The charges of a method body depend only on (method, current site), so they are
 * computed once per pair and shared by every entry point. Per entry point, one depth-first walk
 * of the reachable (method, site) pairs finds the execution count of each pair as a polynomial in
 * {@code n} (dynamic programming in topological order), so shared callees are not re-walked per
 * path and the crossing list stays one line per call site. The whole estimate is cached per entry
 * point when no {@link CostAdjustment} is given. Which target of a dispatch site and which arm of an
 * exclusive choice a body keeps is decided once per body for the standard estimates, when no cycle
 * is reachable from it (its choices then depend on the body alone); below a cycle, where the walk's
 * cut depends on the entry point, and for patched estimates, each walk decides. The counts and the
 * crossing list stay per entry point: they are the estimate's output, one line per call it reaches.
 *
 * <p>Recursion. A call that closes a cycle — it re-enters a (method, site) that is on the
 * depth-first walk's stack when the walk meets it — is treated as not taken: it and the
 * re-entered body contribute 0, on every path through its caller (counts are per (method, site),
 * not per path, which is what keeps them linear). Each walk starts at its own entry point and
 * visits calls in source order, so the result does not depend on what was estimated before.
 *
 * <p>Thread safety: the caches are concurrent; estimates may be requested from several threads.
 */
public final class CostEngine {
    private final ComponentModel model;
    private final CallGraph graph;
    private final Topology topology;
    /** Transaction contexts per entry point; null: every entity call is taken to run in its own transaction. */
    private final TransactionScopes transactions;
    private final PlacementRules rules;
    private final ColocationGroups groups;
    private final CallCharges charges;
    private final Map<String, String> siteByComponent = new ConcurrentHashMap<>();
    private final Map<State, Body> bodies = new ConcurrentHashMap<>();
    private final Map<EntryPoint, Standard> standardEstimates = new ConcurrentHashMap<>();

    public CostEngine(ComponentModel model, CallGraph graph, Topology topology) {
        this(model, graph, topology, null);
    }

    /**
     * @param transactions the transaction contexts of the calls, which decide how often entity beans
     *                     are loaded and stored; null takes every entity call to run in a transaction
     *                     of its own (an upper bound)
     * @throws io.wanlint.analyzer.api.ConfigurationException when rules naming components put two
     *         members of one co-location group on different sites (an undeployable topology)
     */
    public CostEngine(ComponentModel model, CallGraph graph, Topology topology, TransactionScopes transactions) {
        this.model = model == null ? ComponentModel.EMPTY : model;
        this.graph = graph;
        this.topology = topology;
        this.transactions = transactions;
        this.rules = PlacementRules.compile(topology.placements());
        this.groups = ColocationGroups.of(this.model, graph, topology, rules);
        this.charges = new CallCharges(topology, this);
    }

    public Topology topology() { return topology; }

    public CallGraph graph() { return graph; }

    /**
     * The site of the component's co-location group ({@link ColocationGroups}: components joined
     * through local views share a JVM), else of the first placement rule matching the component,
     * else the topology's default site.
     */
    public String siteOf(Component component) {
        return siteByComponent.computeIfAbsent(component.kind().name() + '|' + component.tier() + '|' + component.name() + '|' + component.className(),
                k -> groups.siteOf(component).orElseGet(() -> rules.explicitSite(component).orElse(topology.defaultSite())));
    }

    /** The site a placement rule gives, without falling back to the default site. */
    Optional<String> explicitSiteOf(Component component) { return rules.explicitSite(component); }

    /** The component a call reaches: its declared target, else the callee's component, else the type's owner. */
    Optional<Component> targetOf(CallEdge edge) {
        if (edge.targetComponent() != null) {
            Optional<Component> named = model.byName(edge.targetComponent());
            if (named.isPresent()) return named;
        }
        return componentOfMethod(edge.to());
    }

    /** The component whose class (or one of whose interfaces) is {@code className}. */
    Optional<Component> componentOfClass(String className) { return model.owning(className); }

    private Optional<Component> componentOfMethod(MethodRef method) {
        if (method == null) return Optional.empty();
        Optional<Component> viaNode = graph.node(method).map(MethodNode::component).flatMap(model::byName);
        return viaNode.isPresent() ? viaNode : model.owning(method.className());
    }

    /** The site the entry point's component runs on (a component of the entry's kind when the model lacks it). */
    public String siteOf(EntryPoint entryPoint) {
        Optional<Component> c = Optional.ofNullable(entryPoint.component()).flatMap(model::byName)
                .or(() -> componentOfMethod(entryPoint.method()));
        if (c.isPresent()) return siteOf(c.get());
        Component stand = Component.simple(entryPoint.id(), kindOf(entryPoint.kind()), entryPoint.method().className(),
                List.of(), List.of());
        return siteOf(stand);
    }

    private static ComponentKind kindOf(EntryPoint.Kind kind) {
        return switch (kind) {
            case SERVLET -> ComponentKind.SERVLET;
            case JSP -> ComponentKind.JSP;
            case FILTER -> ComponentKind.FILTER;
            case LISTENER -> ComponentKind.LISTENER;
            case JAX_RS -> ComponentKind.JAX_RS_RESOURCE;
            // a POJO endpoint is a servlet of its WAR
            case JAX_WS -> ComponentKind.SERVLET;
            case WEB_ACTION -> ComponentKind.WEB_ACTION;
            case JSF -> ComponentKind.MANAGED_BEAN;
            case MESSAGE_DRIVEN -> ComponentKind.MESSAGE_DRIVEN;
            case TIMER, REMOTE_FACADE -> ComponentKind.STATELESS_SESSION;
        };
    }

    /**
     * The predicted round trips of an entry point, with its crossing calls: the browser request
     * first (when the page is served from another site than the browsers'), then the calls in the
     * order the walk meets them, then the JPA flush at commit if one is charged. Crossings with a
     * zero contribution (cached lookups, pooled connections, further result-set batches, JPA
     * writes deferred to the flush) are listed to explain why they cost nothing.
     *
     * @param adjustment applied to the unit cost of every crossing call except the browser request
     *                   (no patch changes how a browser reaches the page)
     */
    public EntryPointCost estimate(EntryPoint entryPoint, CostAdjustment adjustment) {
        Standard standard = standardEstimates.computeIfAbsent(entryPoint, this::standard);
        if (adjustment == null || adjustment == CostAdjustment.NONE || standard.unchangedBy(adjustment)) return standard.cost;
        EntryPointCost pruned = walk(entryPoint, adjustment, true);
        return pruned != null ? pruned : walk(entryPoint, adjustment, false);
    }

    private Standard standard(EntryPoint ep) {
        PricedCalls priced = new PricedCalls();
        EntryPointCost cost = walk(ep, priced, true);
        if (cost == null) {
            // The walk that leaves out the free bodies could not tell: walked again in full, asking every price afresh.
            priced = new PricedCalls();
            cost = walk(ep, priced, false);
        }
        return new Standard(cost, priced.edges.toArray(CallEdge[]::new), priced.costs.stream().mapToInt(Integer::intValue).toArray());
    }

    /**
     * An entry point's estimate with every price its walk asked the adjustment for. The walk is a
     * function of the graph and of those answers alone, so an adjustment that answers each of them
     * with the standard cost yields this very estimate: a patch that changes no call this entry
     * point pays for (the common case when a rule tries its patch on thousands of requests that
     * merely pass by the patched calls) costs a look-up per priced call instead of a walk.
     */
    private record Standard(EntryPointCost cost, CallEdge[] edges, int[] costs) {
        boolean unchangedBy(CostAdjustment adjustment) {
            EntryPoint ep = cost.entryPoint();
            for (int i = 0; i < edges.length; i++) {
                if (adjustment.unitCost(ep, edges[i], costs[i]) != costs[i]) return false;
            }
            return true;
        }
    }

    /** The standard costs, recording each distinct (call, standard cost) the walk asks about. */
    private static final class PricedCalls implements CostAdjustment {
        final List<CallEdge> edges = new ArrayList<>();
        final List<Integer> costs = new ArrayList<>();
        private final Map<CallEdge, Integer> first = new HashMap<>();
        private final java.util.Set<List<Object>> more = new java.util.HashSet<>();

        @Override public int unitCost(EntryPoint entryPoint, CallEdge edge, int standardCost) {
            Integer known = first.putIfAbsent(edge, standardCost);
            if (known == null || known != standardCost && more.add(List.of(edge, standardCost))) {
                edges.add(edge);
                costs.add(standardCost);
            }
            return standardCost;
        }
    }

    /** Σ over crossings of round trips at {@code n = 1} × 2 × the one-way latency of the crossed link. */
    public double latencyMs(EntryPointCost cost) {
        double total = 0;
        for (CrossingCall c : cost.crossings()) {
            total += c.contribution().value() * 2 * topology.latencyMs(c.fromSite(), c.toSite());
        }
        return total;
    }

    // ---- the walk ----

    /**
     * A method body executed with the current site {@code site}, on an instance of class {@code self}
     * when the walk knows it (null otherwise): a call on {@code this} then runs only that class's
     * override ({@link CallGraph#outgoing(MethodRef, String)}), so the class is part of the key. Not a
     * record: its hash is taken once, because every walk looks states up in hash maps many times.
     */
    static final class State {
        private final MethodRef method;
        private final String site;
        private final String self;
        private final int hash;

        State(MethodRef method, String site) {
            this(method, site, null);
        }

        State(MethodRef method, String site, String self) {
            this.method = method;
            this.site = site;
            this.self = self;
            this.hash = 31 * (31 * java.util.Objects.hashCode(method) + java.util.Objects.hashCode(site)) + java.util.Objects.hashCode(self);
        }

        MethodRef method() { return method; }

        String site() { return site; }

        String self() { return self; }

        @Override public boolean equals(Object o) {
            return this == o || o instanceof State other && hash == other.hash
                    && java.util.Objects.equals(method, other.method) && java.util.Objects.equals(site, other.site)
                    && java.util.Objects.equals(self, other.self);
        }

        @Override public int hashCode() { return hash; }

        @Override public String toString() { return "State[method=" + method + ", site=" + site + ", self=" + self + "]"; }
    }

    /**
     * One call of a body as seen from a current site: what it costs when it crosses (null when it
     * does not) and which body it runs next (null when the walk does not follow it).
     */
    record Step(CallEdge edge, CallCharges.Charge charge, List<CallCharges.Charge> persistence, State next) {
        Step {
            persistence = persistence == null ? List.of() : List.copyOf(persistence);
        }

        Step(CallEdge edge, CallCharges.Charge charge, State next) { this(edge, charge, List.of(), next); }
    }

    private Body body(State state) {
        Body known = bodies.get(state);
        if (known != null) return known;
        return bodies.computeIfAbsent(state, s -> {
            List<CallEdge> out = graph.outgoing(s.method(), s.self());
            List<Step> steps = new ArrayList<>(out.size());
            for (CallEdge e : out) steps.add(onInstance(charges.step(e, s.site()), s.self()));
            return new Body(s, steps);
        });
    }

    /** The step with the class of its callee's {@code this} in the body it runs next, from the caller's {@code self}. */
    private Step onInstance(Step step, String self) {
        State next = step.next();
        if (next == null) return step;
        String callee = step.edge().receiver().calleeThis(self);
        // Where the class makes no difference, the body stays the one every class shares.
        if (callee == null || !graph.dependsOnThisClass(next.method())) return step;
        return new Step(step.edge(), step.charge(), step.persistence(), new State(next.method(), next.site(), callee));
    }

    /** The class whose instance runs an entry point: its component's (a servlet's, a bean's), when the model has it. */
    private String entryClass(EntryPoint ep) {
        if (!graph.dependsOnThisClass(ep.method())) return null;
        return Optional.ofNullable(ep.component()).flatMap(model::byName).map(Component::className).orElse(null);
    }

    /**
     * A body's steps with what every walk would otherwise recompute per entry point: which steps
     * are alternatives of one dispatch site, whether any step sits in an exclusive arm, and the
     * bodies the steps run next (resolved once, then shared by every walk: one canonical body per
     * state, so walks key their bookkeeping by identity instead of hashing states).
     */
    private final class Body {
        final State state;
        final List<Step> steps;
        /** Per step: the first step of its dispatch site ({@link DispatchSite}), or -1 when it stands alone. */
        final int[] dispatchSite;
        final boolean dispatches;
        final boolean branches;
        /** {@link #containerCallback} of the body's method, made once: every walk asks it of every body it counts. */
        final String callback;
        /**
         * The standard walk's choices in this body ({@link Choices}), once a walk has found that no
         * cycle is reachable from it; null before. Written once per body, read by later walks on any thread.
         */
        volatile Choices standardChoices;
        /** The same for the walks that leave out the free bodies ({@link #free}), whose cycles are fewer. */
        volatile Choices prunedChoices;
        /** Whether a step of the body is charged: a crossing of its own or persistence work. */
        final boolean charged;
        /** Whether a step charges a commit of the edge cache, whose count reads how often the transaction's starters run. */
        final boolean chargesCommit;
        /**
         * Whether no charged step is reachable from this body, itself included (see {@link #free}):
         * {@link #UNDECIDED} until {@link #decideFree} has looked at it. Written once per body with a
         * value every thread would compute alike.
         */
        volatile byte reach = UNDECIDED;
        /** Per step: the body it runs next, null until first needed (racy but idempotent: bodies are canonical). */
        private final Body[] next;

        Body(State state, List<Step> steps) {
            this.state = state;
            this.steps = List.copyOf(steps);
            this.dispatchSite = new int[steps.size()];
            this.next = new Body[steps.size()];
            Map<DispatchSite, Integer> first = new HashMap<>();
            boolean anyDispatch = false, anyBranch = false;
            for (int i = 0; i < steps.size(); i++) {
                CallEdge e = steps.get(i).edge();
                anyBranch |= !e.branches().isEmpty();
                if (DispatchSite.dispatches(e)) {
                    Integer at = first.putIfAbsent(DispatchSite.of(e, i), i);
                    dispatchSite[i] = at == null ? i : at;
                    anyDispatch = true;
                } else {
                    dispatchSite[i] = -1;
                }
            }
            this.dispatches = anyDispatch;
            this.branches = anyBranch;
            this.callback = containerCallback(state.method());
            boolean anyCharge = false, anyCommit = false;
            for (Step step : this.steps) {
                anyCharge |= step.charge() != null || !step.persistence().isEmpty();
                for (CallCharges.Charge p : step.persistence()) {
                    anyCommit |= p.counting() == CallCharges.Counting.CACHE_COMMIT
                            || p.counting() == CallCharges.Counting.CACHE_COMMIT_IN_TRANSACTION;
                }
            }
            this.charged = anyCharge;
            this.chargesCommit = anyCommit;
        }

        /** Whether nothing this body runs, itself or below, is charged (after {@link #decideFree} reached it). */
        boolean free() { return reach == FREE; }

        Body next(int step) {
            Body b = next[step];
            if (b == null) {
                State s = steps.get(step).next();
                if (s == null) return null;
                b = body(s);
                next[step] = b;
            }
            return b;
        }
    }

    /** Per-walk bookkeeping for one reachable (method, site). */
    private static final class Visit {
        final State state;
        final Body body;
        final List<Step> steps;
        /** Per step: the visit of the body it runs next (null when it runs none), whatever kind of step it is. */
        final Visit[] children;
        // The sets and maps below stay null until a step is put in them (most bodies have none): a walk
        // makes a visit per reachable body, and allocating them all was much of the walks' garbage.
        private BitSet backSteps;
        /** Steps to the targets of a dispatch that another, costlier target stands for. */
        private BitSet otherTargets;
        /** The cost of each step kept for its dispatch site (indexed like {@link #steps}). */
        RoundTrips[] stepCost;
        /** Whether no cycle is reachable from this body (no back step in it or below it). */
        boolean acyclic;
        /** Steps in arms of exclusive choices that a costlier arm stands for, at n = 1 and for large n. */
        private BitSet otherArmsAtOne;
        private BitSet otherArmsAsymptotic;
        /** For each step of {@link #otherArmsAtOne}: the choice whose costlier arm stands for it. */
        private Map<Integer, BranchArm> excludedAt;
        /** Round trips of one execution of this body and what it calls (dispatch alternatives at their costliest). */
        RoundTrips subtree = RoundTrips.ZERO;
        RoundTrips executions = RoundTrips.ZERO;
        /**
         * Executions of this container callback per shared transaction: the calls of one transaction
         * that need the same callback are taken to touch the instances the most frequent of them does.
         */
        private Map<TransactionKey, RoundTrips> perTransaction;
        /** The most executions of any one EJB call site into this body: one call stands for one instance. */
        RoundTrips mostPerEjbCall = RoundTrips.ZERO;
        int nextStep;
        boolean onStack = true;

        Visit(Body body) {
            this.state = body.state;
            this.body = body;
            this.steps = body.steps;
            this.children = new Visit[steps.size()];
        }

        boolean back(int step) { return backSteps != null && backSteps.get(step); }

        void setBack(int step) {
            if (backSteps == null) backSteps = new BitSet();
            backSteps.set(step);
        }

        boolean otherTarget(int step) { return otherTargets != null && otherTargets.get(step); }

        void setOtherTarget(int step) {
            if (otherTargets == null) otherTargets = new BitSet();
            otherTargets.set(step);
        }

        boolean otherArm(Selection selection, int step) {
            BitSet arms = selection == Selection.AT_ONE ? otherArmsAtOne : otherArmsAsymptotic;
            return arms != null && arms.get(step);
        }

        boolean anyOtherArm(Selection selection) {
            return (selection == Selection.AT_ONE ? otherArmsAtOne : otherArmsAsymptotic) != null;
        }

        /** Both selections exclude the same steps (a set is made with its first step, so null is empty). */
        boolean sameArmsExcluded() { return java.util.Objects.equals(otherArmsAtOne, otherArmsAsymptotic); }

        void setOtherArm(Selection selection, int step) {
            if (selection == Selection.AT_ONE) {
                if (otherArmsAtOne == null) otherArmsAtOne = new BitSet();
                otherArmsAtOne.set(step);
            } else {
                if (otherArmsAsymptotic == null) otherArmsAsymptotic = new BitSet();
                otherArmsAsymptotic.set(step);
            }
        }

        void excludedAt(int step, BranchArm because) {
            if (excludedAt == null) excludedAt = new HashMap<>();
            excludedAt.putIfAbsent(step, because);
        }

        BranchArm excludedAt(int step) { return excludedAt == null ? null : excludedAt.get(step); }

        void sharePerTransaction(TransactionKey tx, RoundTrips runs) {
            if (perTransaction == null) perTransaction = new HashMap<>();
            perTransaction.merge(tx, runs, CostEngine::atLeastBoth);
        }
    }

    private static final byte UNDECIDED = 0;
    private static final byte COSTLY = 1;
    private static final byte FREE = 2;

    /**
     * Decides, for every body reachable from {@code root} not decided yet, whether it is free: no charged
     * step is reachable from it. A property of the bodies alone (their steps and the bodies those run), so
     * it is decided once per body for every walk: one pass of Tarjan's strongly connected components (a
     * cycle's bodies are free together or not at all), iterative because call chains are deep. Threads
     * deciding the same bodies at once write the same values.
     */
    private static void decideFree(Body root) {
        if (root.reach != UNDECIDED) return;
        final class Node {
            final Body body;
            final int index;
            int low;
            int nextStep;
            boolean onStack = true;
            /** Whether a charged step is reachable through a body of another, decided component. */
            boolean costlyBelow;

            Node(Body body, int index) {
                this.body = body;
                this.index = index;
                this.low = index;
            }
        }
        Map<Body, Node> nodes = new java.util.IdentityHashMap<>();
        Deque<Node> components = new ArrayDeque<>();
        Deque<Node> calls = new ArrayDeque<>();
        Node start = new Node(root, 0);
        nodes.put(root, start);
        components.push(start);
        calls.push(start);
        while (!calls.isEmpty()) {
            Node v = calls.peek();
            if (v.nextStep < v.body.steps.size()) {
                Body next = v.body.next(v.nextStep++);
                if (next == null) continue;
                Node w = nodes.get(next);
                if (w == null) {
                    byte known = next.reach;
                    if (known != UNDECIDED) {
                        v.costlyBelow |= known == COSTLY;
                        continue;
                    }
                    w = new Node(next, nodes.size());
                    nodes.put(next, w);
                    components.push(w);
                    calls.push(w);
                } else if (w.onStack) {
                    // On the stack: in v's component, decided with it.
                    v.low = Math.min(v.low, w.index);
                } else {
                    v.costlyBelow |= w.body.reach == COSTLY;
                }
                continue;
            }
            calls.pop();
            Node caller = calls.peek();
            if (v.low == v.index) {
                List<Node> component = new ArrayList<>();
                boolean costly = false;
                Node m;
                do {
                    m = components.pop();
                    m.onStack = false;
                    component.add(m);
                    costly |= m.body.charged || m.costlyBelow;
                } while (m != v);
                byte decided = costly ? COSTLY : FREE;
                for (Node member : component) member.body.reach = decided;
                if (caller != null) caller.costlyBelow |= costly;
            } else if (caller != null) {
                caller.low = Math.min(caller.low, v.low);
            }
        }
    }

    /**
     * The estimate of {@code ep}. With {@code prune}, the walk leaves out the free bodies ({@link #decideFree}):
     * they cost nothing, every caller of a body that is not free is not free either, and a depth-first walk
     * meets the other bodies in the same order with or without them, so the estimate is the same — except
     * where a count reads what the left-out bodies did (how often a transaction's starter ran, whether some
     * exclusive arm was left out): then it returns null, and the caller walks again without pruning.
     */
    private EntryPointCost walk(EntryPoint ep, CostAdjustment adjustment, boolean prune) {
        String entrySite = siteOf(ep);
        List<CrossingCall> crossings = new ArrayList<>();
        if (isWebRequest(ep.kind()) && !entrySite.equals(topology.clientSite())) {
            int unit = topology.costs().browserRequest();
            crossings.add(new CrossingCall(null, topology.clientSite(), entrySite, unit, RoundTrips.of(unit),
                    unit == 1 ? "HTTP request from a remote browser, keep-alive" : "HTTP request from a remote browser, no keep-alive"));
        }

        // Iterative depth-first walk: deep call chains in large applications must not overflow the stack.
        Map<Body, Visit> visits = new java.util.IdentityHashMap<>();
        List<Visit> preorder = new ArrayList<>();
        List<Visit> postorder = new ArrayList<>();
        Deque<Visit> stack = new ArrayDeque<>();
        Visit root = new Visit(body(new State(ep.method(), entrySite, entryClass(ep))));
        if (prune) decideFree(root.body);
        boolean pruned = false;
        visits.put(root.body, root);
        preorder.add(root);
        stack.push(root);
        while (!stack.isEmpty()) {
            Visit v = stack.peek();
            if (v.nextStep == v.steps.size()) {
                v.onStack = false;
                postorder.add(v);
                stack.pop();
                continue;
            }
            int i = v.nextStep++;
            Body next = v.body.next(i);
            if (next == null) continue;
            if (prune && next.free()) {
                pruned = true;
                continue;
            }
            Visit w = visits.get(next);
            if (w == null) {
                w = new Visit(next);
                visits.put(next, w);
                preorder.add(w);
                stack.push(w);
            } else if (w.onStack) {
                v.setBack(i);
            }
            v.children[i] = w;
        }

        if (pruned) {
            // A commit of the edge cache counts the runs of its transaction's starters, which may be left out.
            for (Visit v : preorder) if (v.body.chargesCommit) return null;
        }
        boolean choicesDiffer = keepOneTargetPerDispatch(postorder, ep, adjustment, adjustment instanceof PricedCalls, prune);
        List<CrossingCall> before = List.copyOf(crossings);
        RoundTrips total = count(ep, adjustment, root, preorder, postorder, Selection.AT_ONE, crossings, pruned);
        if (total == null) return null;
        if (choicesDiffer) {
            // The arms costliest at n = 1 are not those costliest for large n: the count is the larger of both paths.
            RoundTrips asymptotic = count(ep, adjustment, root, preorder, postorder, Selection.ASYMPTOTIC,
                    new ArrayList<>(before), pruned);
            if (asymptotic == null) return null;
            total = RoundTrips.max(total, asymptotic);
        }
        return new EntryPointCost(ep, entrySite, total, crossings);
    }

    /** Which arm of each exclusive choice the count follows: the costliest at n = 1, or for large n. */
    private enum Selection { AT_ONE, ASYMPTOTIC }

    /**
     * Executions of every reachable body along the arms {@code selection} keeps, and the crossings
     * they charge, appended to {@code crossings}; returns the sum of all of {@code crossings}, or null
     * when {@code pruned} (the walk left free bodies out) hides what a reason says.
     */
    private RoundTrips count(EntryPoint ep, CostAdjustment adjustment, Visit root, List<Visit> preorder,
                             List<Visit> postorder, Selection selection,
                             List<CrossingCall> crossings, boolean pruned) {
        boolean armsExcluded = false;
        for (Visit v : preorder) {
            v.executions = RoundTrips.ZERO;
            v.perTransaction = null;
            v.mostPerEjbCall = RoundTrips.ZERO;
            armsExcluded |= v.anyOtherArm(selection);
        }

        // Reverse postorder is a topological order once back steps are dropped.
        root.executions = RoundTrips.of(1);
        for (int k = postorder.size() - 1; k >= 0; k--) {
            Visit v = postorder.get(k);
            // Every caller of v comes before it in this order, so its per-transaction share is complete.
            if (v.perTransaction != null) {
                for (RoundTrips once : v.perTransaction.values()) v.executions = v.executions.plus(once);
            }
            for (int i = 0; i < v.steps.size(); i++) {
                Step s = v.steps.get(i);
                if (s.next() == null || v.back(i) || v.otherTarget(i) || v.otherArm(selection, i)) continue;
                Visit w = v.children[i];
                // A free body left out of the walk: how often it runs changes no count.
                if (w == null) continue;
                RoundTrips runs = v.executions.timesN(s.edge().loopDepth());
                TransactionKey shared = s.edge().op() == CallOp.CONTAINER_CALLBACK
                        ? sharedTransaction(ep, s.edge().from(), s.edge().targetComponent()) : null;
                if (s.edge().kind().isEjb()) w.mostPerEjbCall = atLeastBoth(w.mostPerEjbCall, runs);
                if (shared == null) w.executions = w.executions.plus(runs);
                else w.sharePerTransaction(shared, v.mostPerEjbCall.timesN(s.edge().loopDepth()));
            }
        }

        CrossingCall firstDeferredWrite = null;
        boolean explicitFlush = false;
        CrossingCall firstDirtyField = null;
        boolean loadsEntities = false;
        Map<TransactionKey, Integer> storeAtCommit = new HashMap<>();
        Map<TransactionKey, RoundTrips> storedPerTransaction = new HashMap<>();
        Map<TransactionKey, String> onceSuffix = new HashMap<>();
        java.util.Set<TransactionKey> loadedByFinder = new java.util.HashSet<>();
        for (Visit v : preorder) {
            String callback = v.body.callback;
            for (int i = 0; i < v.steps.size(); i++) {
                Step s = v.steps.get(i);
                if (v.back(i) || v.otherTarget(i)) continue;
                if (v.otherArm(selection, i)) {
                    if (s.charge() != null && selection == Selection.AT_ONE) {
                        BranchArm choice = v.excludedAt(i);
                        crossings.add(new CrossingCall(s.edge(), v.state.site(), s.charge().toSite(), s.charge().unitCost(),
                                RoundTrips.ZERO, s.charge().reason() + "; not counted: another arm of the exclusive choice at line "
                                + choice.line() + " costs at least as much"));
                    }
                    continue;
                }
                RoundTrips runs = v.executions.timesN(s.edge().loopDepth());
                for (CallCharges.Charge p : s.persistence()) {
                    int unit = adjustment.unitCost(ep, s.edge(), p.unitCost());
                    TransactionKey shared = p.counting() == CallCharges.Counting.CMP_LOAD
                            || p.counting() == CallCharges.Counting.CMP_STORE
                            ? sharedTransaction(ep, s.edge().to(), s.edge().targetComponent()) : null;
                    RoundTrips contribution = RoundTrips.ZERO;
                    String reason = p.reason();
                    switch (p.counting()) {
                        case PER_EXECUTION -> contribution = runs.times(unit);
                        case EXPLAINED_ONLY, DEFERRED_TO_FLUSH, DIRTY_FIELD -> { }
                        case CMP_LOAD -> {
                            if (shared == null) {
                                contribution = runs.times(unit);
                                reason += " (the call runs in a transaction of its own, which loads the state)";
                            } else {
                                reason += ": 0, loaded with the finder in the caller's transaction";
                            }
                        }
                        case CMP_STORE -> {
                            if (shared == null) {
                                contribution = runs.times(unit);
                                reason += " of the call's own transaction";
                            } else {
                                // Once per (bean, transaction): charged at its first setter, filled in below.
                                storedPerTransaction.merge(shared, runs.times(unit), CostEngine::atLeastBoth);
                                if (storeAtCommit.containsKey(shared)) reason += " (written with the same commit)";
                                else storeAtCommit.put(shared, crossings.size());
                            }
                        }
                        case CACHE_MISS, CACHE_COMMIT, CACHE_COMMIT_IN_TRANSACTION -> {
                            // The edge cache (EdgeCacheCharges): a miss per (entity, transaction), a commit per transaction.
                            boolean commit = p.counting() != CallCharges.Counting.CACHE_MISS;
                            TransactionKey tx = cacheTransaction(ep, s.edge(), commit ? COMMIT : p.entity());
                            if (tx == null && !s.edge().kind().isEjb() && p.counting() != CallCharges.Counting.CACHE_COMMIT_IN_TRANSACTION) {
                                // JPA without known transaction contexts: one persistence context per request, as the
                                // flush at commit is counted once per entry point without the cache.
                                tx = new TransactionKey(commit ? COMMIT : p.entity(), java.util.Set.of(ep.method()));
                            }
                            if (tx == null) {
                                if (p.counting() == CallCharges.Counting.CACHE_COMMIT_IN_TRANSACTION) {
                                    reason += ": 0 here, the call shares no transaction and its state was just fetched: nothing to ship or validate";
                                } else {
                                    contribution = runs.times(unit);
                                    reason += "; the call runs in a transaction of its own";
                                }
                            } else if (!commit && loadedByFinder.contains(tx)) {
                                reason += ": 0, a finder of the same transaction returned its state";
                            } else {
                                // A miss per instance (the most any access runs); one commit per execution of the
                                // method that starts the transaction.
                                if (commit) storedPerTransaction.putIfAbsent(tx, executionsOf(tx.startedBy(), preorder, runs).times(unit));
                                else storedPerTransaction.merge(tx, runs.times(unit), CostEngine::atLeastBoth);
                                if (storeAtCommit.containsKey(tx)) reason += " (counted once for the transaction)";
                                else {
                                    storeAtCommit.put(tx, crossings.size());
                                    onceSuffix.put(tx, ", once per transaction");
                                }
                            }
                        }
                    }
                    crossings.add(new CrossingCall(s.edge(), s.next() == null ? v.state.site() : s.next().site(),
                            p.toSite(), unit, contribution, reason));
                }
                CallCharges.Charge c = s.charge();
                if (c == null) continue;
                int unit = adjustment.unitCost(ep, s.edge(), c.unitCost());
                RoundTrips contribution = switch (c.counting()) {
                    case PER_EXECUTION, CMP_LOAD, CMP_STORE, CACHE_FINDER -> runs.times(unit);
                    case EXPLAINED_ONLY, DEFERRED_TO_FLUSH, DIRTY_FIELD, CACHE_MISS, CACHE_COMMIT, CACHE_COMMIT_IN_TRANSACTION
                            -> RoundTrips.ZERO;
                };
                if (c.counting() == CallCharges.Counting.CACHE_FINDER) {
                    TransactionKey tx = cacheTransaction(ep, s.edge(), c.entity());
                    if (tx != null) loadedByFinder.add(tx);
                }
                String reason = callback == null ? c.reason() : c.reason() + "; in " + callback;
                if (v != root && v.executions.isZero() && c.counting() == CallCharges.Counting.PER_EXECUTION) {
                    // Whether a left-out free body had an arm left out too is not known here.
                    if (!armsExcluded && pruned) return null;
                    if (armsExcluded) {
                        reason += "; not counted: reached only through alternatives (exclusive branches, dispatch targets) that costlier ones stand for";
                    }
                }
                CrossingCall crossing = new CrossingCall(s.edge(), v.state.site(), c.toSite(), unit, contribution, reason);
                crossings.add(crossing);
                if (c.counting() == CallCharges.Counting.DEFERRED_TO_FLUSH && firstDeferredWrite == null) {
                    firstDeferredWrite = crossing;
                }
                if (c.counting() == CallCharges.Counting.DIRTY_FIELD && firstDirtyField == null) firstDirtyField = crossing;
                if ((s.edge().op() == CallOp.JPA_FIND || s.edge().op() == CallOp.JPA_QUERY)
                        && c.counting() == CallCharges.Counting.PER_EXECUTION) {
                    loadsEntities = true;
                }
                if (s.edge().op() == CallOp.JPA_FLUSH && c.counting() == CallCharges.Counting.PER_EXECUTION) explicitFlush = true;
            }
        }
        storeAtCommit.forEach((tx, at) -> {
            CrossingCall first = crossings.get(at);
            crossings.set(at, new CrossingCall(first.edge(), first.fromSite(), first.toSite(), first.unitCost(),
                    storedPerTransaction.get(tx), first.reason() + onceSuffix.getOrDefault(tx, ", once per transaction that sets its fields")));
        });
        // A managed entity's changed fields are written by the same flush as the explicit writes.
        if (firstDeferredWrite == null && firstDirtyField != null && loadsEntities) firstDeferredWrite = firstDirtyField;
        if (firstDeferredWrite != null && !explicitFlush) {
            // Writes are sent when the persistence context is flushed at commit: one round trip per
            // entry point however many entities were written (the statements travel as one batch).
            int unit = adjustment.unitCost(ep, firstDeferredWrite.edge(), topology.costs().jpaOperation());
            crossings.add(new CrossingCall(firstDeferredWrite.edge(), firstDeferredWrite.fromSite(),
                    firstDeferredWrite.toSite(), unit, RoundTrips.of(unit), "JPA flush at commit of the deferred writes"));
        }

        RoundTrips total = RoundTrips.ZERO;
        for (CrossingCall c : crossings) total = total.plus(c.contribution());
        return total;
    }

    /**
     * A call through an interface or an overridable method reaches every implementation the class
     * hierarchy allows (CHA), yet each execution runs only one of them. The count takes the
     * costliest target of each call site — an upper bound that does not add alternatives up — and
     * treats the other targets as not run from there. Likewise the arms of an exclusive choice
     * ({@link BranchArm}): a body costs the maximum over the arms, and the walk follows the costliest
     * arm. Bodies are costed children first (postorder).
     *
     * @return whether some choice's costliest arm at n = 1 is not its costliest for large n
     */
    private boolean keepOneTargetPerDispatch(List<Visit> postorder, EntryPoint ep, CostAdjustment adjustment,
                                             boolean standard, boolean prune) {
        boolean differ = false;
        for (Visit v : postorder) {
            // Children come first in postorder (a child still on the stack is a back step).
            boolean acyclic = v.backSteps == null;
            for (int i = 0; acyclic && i < v.children.length; i++) acyclic = v.children[i] == null || v.children[i].acyclic;
            v.acyclic = acyclic;
            // Walks that leave free bodies out see fewer cycles: their choices are kept apart.
            Choices known = standard && acyclic ? (prune ? v.body.prunedChoices : v.body.standardChoices) : null;
            if (known != null) {
                // Below a body that reaches no cycle, the choices depend on the body alone: the same in
                // every walk that prices every call at its standard cost. The prices are still asked, in
                // the same order, so that the estimate records the calls it pays for as before.
                askPrices(v, ep, adjustment);
                known.applyTo(v);
                differ |= known.differ;
                continue;
            }
            boolean differHere = choose(v, ep, adjustment);
            differ |= differHere;
            if (standard && acyclic) {
                if (prune) v.body.prunedChoices = new Choices(v, differHere);
                else v.body.standardChoices = new Choices(v, differHere);
            }
        }
        return differ;
    }

    /**
     * What a body's walk decides once its children are costed: the kept target of each dispatch site
     * and arm of each exclusive choice, with the costs behind them. Shared read-only by the visits of
     * later walks (nothing changes a visit's choices after they are made).
     */
    private record Choices(RoundTrips subtree, RoundTrips[] stepCost, BitSet otherTargets, BitSet otherArmsAtOne,
                           BitSet otherArmsAsymptotic, Map<Integer, BranchArm> excludedAt, boolean differ) {
        Choices(Visit v, boolean differ) {
            this(v.subtree, v.stepCost, v.otherTargets, v.otherArmsAtOne, v.otherArmsAsymptotic, v.excludedAt, differ);
        }

        void applyTo(Visit v) {
            v.subtree = subtree;
            v.stepCost = stepCost;
            v.otherTargets = otherTargets;
            v.otherArmsAtOne = otherArmsAtOne;
            v.otherArmsAsymptotic = otherArmsAsymptotic;
            v.excludedAt = excludedAt;
        }
    }

    /** The prices {@link #choose} asks for the visit's steps, in its order. */
    private static void askPrices(Visit v, EntryPoint ep, CostAdjustment adjustment) {
        for (int i = 0; i < v.steps.size(); i++) {
            Step s = v.steps.get(i);
            if (v.back(i)) continue;
            CallCharges.Charge c = s.charge();
            if (c != null && (c.counting() == CallCharges.Counting.PER_EXECUTION || c.counting() == CallCharges.Counting.CACHE_FINDER)) {
                adjustment.unitCost(ep, s.edge(), c.unitCost());
            }
            for (CallCharges.Charge p : s.persistence()) {
                if (p.counting() != CallCharges.Counting.EXPLAINED_ONLY) adjustment.unitCost(ep, s.edge(), p.unitCost());
            }
        }
    }

    /** Keeps one target per dispatch site and one arm per exclusive choice of {@code v}; returns whether the arms kept at n = 1 and for large n differ. */
    private boolean choose(Visit v, EntryPoint ep, CostAdjustment adjustment) {
        {
            v.stepCost = new RoundTrips[v.steps.size()];
            // Per dispatch site (indexed by its first step): the step kept so far, -1 before any.
            int[] costliest = null;
            if (v.body.dispatches) {
                costliest = new int[v.steps.size()];
                java.util.Arrays.fill(costliest, -1);
            }
            boolean branches = false;
            for (int i = 0; i < v.steps.size(); i++) {
                Step s = v.steps.get(i);
                if (v.back(i)) continue;
                branches |= !s.edge().branches().isEmpty();
                RoundTrips here = RoundTrips.ZERO;
                CallCharges.Charge c = s.charge();
                if (c != null && (c.counting() == CallCharges.Counting.PER_EXECUTION || c.counting() == CallCharges.Counting.CACHE_FINDER)) {
                    here = RoundTrips.of(adjustment.unitCost(ep, s.edge(), c.unitCost()));
                }
                for (CallCharges.Charge p : s.persistence()) {
                    // Upper bound for choosing among targets: every entity access as its own transaction.
                    if (p.counting() != CallCharges.Counting.EXPLAINED_ONLY) {
                        here = here.plus(RoundTrips.of(adjustment.unitCost(ep, s.edge(), p.unitCost())));
                    }
                }
                if (v.children[i] != null) here = here.plus(v.children[i].subtree);
                here = here.timesN(s.edge().loopDepth());
                // A call that does not dispatch is a site of its own: no other step can share it.
                int site = v.body.dispatchSite[i];
                int best = site < 0 ? -1 : costliest[site];
                if (best < 0) {
                    if (site >= 0) costliest[site] = i;
                    v.stepCost[i] = here;
                } else if (here.compareTo(v.stepCost[best]) > 0) {
                    v.setOtherTarget(best);
                    costliest[site] = i;
                    v.stepCost[i] = here;
                } else {
                    v.setOtherTarget(i);
                }
            }
            if (!branches) {
                RoundTrips own = RoundTrips.ZERO;
                for (int i = 0; i < v.steps.size(); i++) {
                    if (!v.back(i) && !v.otherTarget(i)) own = own.plus(v.stepCost[i]);
                }
                v.subtree = own;
                return false;
            }
            Arm tree = new Arm();
            for (int i = 0; i < v.steps.size(); i++) {
                if (v.back(i) || v.otherTarget(i)) continue;
                Arm arm = tree;
                for (BranchArm b : v.steps.get(i).edge().branches()) {
                    arm = arm.choices.computeIfAbsent(List.of(b.line(), b.column()), k -> new java.util.TreeMap<>())
                            .computeIfAbsent(b.arm(), k -> new Arm());
                }
                arm.steps.add(i);
            }
            v.subtree = tree.cost(v.stepCost);
            tree.exclude(v, Selection.AT_ONE, null);
            tree.exclude(v, Selection.ASYMPTOTIC, null);
            return !v.sameArmsExcluded();
        }
    }

    /** One arm of an exclusive choice (or a whole body): its own steps and the choices nested in it. */
    private static final class Arm {
        final List<Integer> steps = new ArrayList<>();
        /** By the choice's (line, column): its arms by index. */
        final Map<List<Integer>, java.util.TreeMap<Integer, Arm>> choices = new java.util.LinkedHashMap<>();
        RoundTrips cost = RoundTrips.ZERO;

        /** The sum of the steps and, per choice, the maximum over its arms. */
        RoundTrips cost(RoundTrips[] stepCost) {
            RoundTrips total = RoundTrips.ZERO;
            for (int i : steps) total = total.plus(stepCost[i]);
            for (java.util.TreeMap<Integer, Arm> arms : choices.values()) {
                RoundTrips most = RoundTrips.ZERO;
                for (Arm a : arms.values()) most = RoundTrips.max(most, a.cost(stepCost));
                total = total.plus(most);
            }
            cost = total;
            return total;
        }

        /** Marks the steps of every arm but the costliest (under {@code selection}) of each choice. */
        void exclude(Visit v, Selection selection, BranchArm because) {
            for (int i : steps) {
                if (because == null) continue;
                v.setOtherArm(selection, i);
                if (selection == Selection.AT_ONE) v.excludedAt(i, because);
            }
            for (Map.Entry<List<Integer>, java.util.TreeMap<Integer, Arm>> choice : choices.entrySet()) {
                Arm kept = null;
                for (Arm a : choice.getValue().values()) {
                    if (kept == null || costlier(a.cost, kept.cost, selection)) kept = a;
                }
                BranchArm at = new BranchArm(choice.getKey().get(0), choice.getKey().get(1), -1);
                for (Arm a : choice.getValue().values()) a.exclude(v, selection, a == kept ? because : because == null ? at : because);
            }
        }

        /** Strictly costlier: ties keep the earlier arm, so the walk is deterministic. */
        private static boolean costlier(RoundTrips a, RoundTrips b, Selection selection) {
            if (selection == Selection.AT_ONE && a.value() != b.value()) return a.value() > b.value();
            return a.compareTo(b) > 0;
        }
    }

    /**
     * The call site a step belongs to: alternatives share place, kind and callee signature. Only
     * calls to application methods dispatch; API calls (and calls without a line) each stand alone.
     */
    private record DispatchSite(SourceLocation location, EdgeKind kind, String name, List<String> parameterTypes,
                                int alone) {
        static DispatchSite of(CallEdge e, int step) {
            return new DispatchSite(e.location(), e.kind(), e.to().name(), e.to().parameterTypes(), dispatches(e) ? -1 : step);
        }

        static boolean dispatches(CallEdge e) {
            return (e.kind() == EdgeKind.LOCAL || e.kind().isEjb()) && e.location().line() > 0;
        }
    }

    /**
     * The transaction an entity method shares with other calls from this entry point: the methods
     * that started the transactions it runs in, with the bean. Null when it runs in a transaction of
     * its own per call (its attribute starts one because the caller has none), in none at all (each
     * call then loads and stores on its own, as containers do), when the contexts are unknown, or
     * when some path reaches it without a transaction (an upper bound).
     */
    private TransactionKey sharedTransaction(EntryPoint ep, MethodRef entityMethod, String bean) {
        if (transactions == null || entityMethod == null) return null;
        java.util.Set<TransactionContext> contexts = transactions.contextsOfMethod(ep, entityMethod);
        if (contexts.isEmpty()) return null;
        java.util.Set<MethodRef> starters = new java.util.HashSet<>();
        for (TransactionContext t : contexts) {
            if (!t.active() || t.startedBy() == null || t.startedBy().equals(entityMethod)) return null;
            starters.add(t.startedBy());
        }
        return new TransactionKey(bean, java.util.Set.copyOf(starters));
    }

    /** How often the methods that start a transaction run from the entry point; {@code otherwise} when the walk has none. */
    private static RoundTrips executionsOf(java.util.Set<MethodRef> starters, List<Visit> preorder, RoundTrips otherwise) {
        RoundTrips total = RoundTrips.ZERO;
        for (Visit v : preorder) if (starters.contains(v.state.method())) total = total.plus(v.executions);
        return total.isZero() ? otherwise : total;
    }

    /**
     * The transaction an access to a cached entity runs in (the hook of {@link EdgeCacheCharges}): the entity bean
     * method's own, as for CMP; for a JPA operation or a setter, its caller's, which may have started it.
     */
    private TransactionKey cacheTransaction(EntryPoint ep, CallEdge edge, String key) {
        if (edge.kind().isEjb()) return sharedTransaction(ep, edge.to(), key);
        if (transactions == null || edge.from() == null) return null;
        java.util.Set<TransactionContext> contexts = transactions.contextsOfMethod(ep, edge.from());
        if (contexts.isEmpty()) return null;
        java.util.Set<MethodRef> starters = new java.util.HashSet<>();
        for (TransactionContext t : contexts) {
            if (!t.active() || t.startedBy() == null) return null;
            starters.add(t.startedBy());
        }
        return new TransactionKey(key, java.util.Set.copyOf(starters));
    }

    /** One entity bean within the transactions started by {@code startedBy}. */
    private record TransactionKey(String bean, java.util.Set<MethodRef> startedBy) {}

    /** The key of a transaction's commit, which no entity name can equal. */
    private static final String COMMIT = "\0commit";

    /**
     * The smallest count at least as large as both for every {@code n >= 0}, coefficient by
     * coefficient ({@code 2} and {@code n} give {@code 2 + n}): the calls on one bean in one
     * transaction that run most often stand for the instances the others touch.
     */
    private static RoundTrips atLeastBoth(RoundTrips a, RoundTrips b) {
        int size = Math.max(a.coefficients().size(), b.coefficients().size());
        List<Long> c = new ArrayList<>(size);
        for (int i = 0; i < size; i++) c.add(Math.max(a.coefficient(i), b.coefficient(i)));
        return new RoundTrips(c);
    }

    /** {@code "AccountBean.ejbLoad, called by the container"} for a BMP callback body, else null. */
    private String containerCallback(MethodRef method) {
        if (!method.name().equals("ejbLoad") && !method.name().equals("ejbStore")) return null;
        if (!method.parameterTypes().isEmpty()) return null;
        return method.simpleClassName() + "." + method.name() + ", called by the container";
    }

    private static boolean isWebRequest(EntryPoint.Kind kind) {
        return kind == EntryPoint.Kind.SERVLET || kind == EntryPoint.Kind.JSP || kind == EntryPoint.Kind.FILTER
                || kind == EntryPoint.Kind.JAX_RS || kind == EntryPoint.Kind.JAX_WS
                || kind == EntryPoint.Kind.WEB_ACTION || kind == EntryPoint.Kind.JSF;
    }
}
