package io.wanlint.analyzer.cost;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.Replication;
import io.wanlint.analyzer.api.ReplicationMessages;
import io.wanlint.analyzer.api.ReplicationMessages.ReplicatedState;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.SourceFacts;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.api.TransactionContext;
import io.wanlint.analyzer.api.TransactionScopes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Implementation of {@link io.wanlint.analyzer.api.ReplicationModel}: the replication messages of
 * docs/cost-model.md §Replication. Kept apart from {@link CostEngine}: the messages go between the
 * servers of one site, not across the WAN, and they count state changes, not crossings.
 *
 * <p>How a count is made. From the entry point, the executions of every reachable method are a
 * polynomial in {@code n} (a call in a loop runs {@code n} times per run of its caller; calls made
 * once per instance, behind a cache, run 0 times per request; a call closing a cycle is not taken).
 * Unlike the round-trip walk, the arms of exclusive branches and the targets of one dispatch are
 * all counted: an upper bound, exact for the straight-line pages replication matters for.
 *
 * <ul>
 *   <li>A stateful session bean on a site with backups is sent after each business method the
 *       container dispatches to it ({@code per-invocation}), or once per transaction that called it
 *       ({@code per-transaction}): calls joining a transaction another method started count once per
 *       execution of that method, a call whose own attribute starts a transaction once per call, and
 *       calls outside any transaction once per request, with the response.</li>
 *   <li>The HTTP session of a web request, on the entry point's site, is sent once at the end of a
 *       request that may call {@code setAttribute}/{@code removeAttribute} ({@code per-request-when-dirty}),
 *       or once per such call ({@code per-setAttribute}). Known from the sources only: without them
 *       the session is not counted.</li>
 * </ul>
 */
public final class ReplicationCounts {
    private final ComponentModel model;
    private final CallGraph graph;
    private final Replication replication;
    private final TransactionScopes transactions;
    private final Function<Component, String> siteOfComponent;
    private final Function<EntryPoint, String> siteOfEntry;
    private final Map<MethodRef, List<SourceFacts.StateFact>> sessionWrites = new HashMap<>();
    private final Map<EntryPoint, ReplicationMessages> known = new ConcurrentHashMap<>();

    /**
     * @param transactions the transaction contexts of the calls; null counts every stateful call as
     *                     its own transaction (an upper bound)
     */
    public ReplicationCounts(ComponentModel model, CallGraph graph, Replication replication, TransactionScopes transactions,
                             Function<Component, String> siteOfComponent, Function<EntryPoint, String> siteOfEntry) {
        this.model = model == null ? ComponentModel.EMPTY : model;
        this.graph = graph;
        this.replication = replication == null ? Replication.NONE : replication;
        this.transactions = transactions;
        this.siteOfComponent = siteOfComponent;
        this.siteOfEntry = siteOfEntry;
        for (SourceFacts.StateFact f : graph.facts().clusterState()) {
            if (f.kind() == SourceFacts.StateKind.SESSION_ATTRIBUTE_WRITE) {
                sessionWrites.computeIfAbsent(f.method(), m -> new ArrayList<>()).add(f);
            }
        }
    }

    public Replication replication() { return replication; }

    public CallGraph graph() { return graph; }

    public ReplicationMessages of(EntryPoint ep) {
        return known.computeIfAbsent(ep, this::count);
    }

    private ReplicationMessages count(EntryPoint ep) {
        if (!replication.replicates()) return new ReplicationMessages(ep, RoundTrips.ZERO, List.of());
        Walk walk = new Walk(ep.method());
        Map<String, BeanCalls> beans = new LinkedHashMap<>();
        for (MethodRef m : walk.preorder) {
            RoundTrips runs = walk.executions.get(m);
            for (CallEdge e : graph.outgoing(m)) {
                if (!isDispatchedBusinessCall(e)) continue;
                Optional<Component> bean = targetOf(e).filter(c -> c.kind() == ComponentKind.STATEFUL_SESSION);
                if (bean.isEmpty() || bean.get().className().equals(m.className())) continue;
                String site = siteOfComponent.apply(bean.get());
                if (replication.backupsOf(site) == 0) continue;
                beans.computeIfAbsent(bean.get().name(), n -> new BeanCalls(n, site, e.location()))
                        .add(ep, e, runs.timesN(e.loopDepth()), walk);
            }
        }
        List<ReplicatedState> sources = new ArrayList<>();
        for (BeanCalls b : beans.values()) sources.add(b.state());
        if (isWebRequest(ep.kind())) session(ep, walk).ifPresent(sources::add);
        RoundTrips total = RoundTrips.ZERO;
        for (ReplicatedState s : sources) total = total.plus(s.messages());
        return new ReplicationMessages(ep, total, sources);
    }

    /** A business method the container dispatches (so a replicating container sends the bean after it). */
    private static boolean isDispatchedBusinessCall(CallEdge e) {
        return e.kind().isEjb() && !e.cachedOnce() && (e.op() == CallOp.BUSINESS_METHOD || e.op() == CallOp.INVOKE);
    }

    private Optional<Component> targetOf(CallEdge e) {
        if (e.targetComponent() != null) {
            Optional<Component> named = model.byName(e.targetComponent());
            if (named.isPresent()) return named;
        }
        Optional<Component> viaNode = graph.node(e.to()).map(MethodNode::component).flatMap(model::byName);
        return viaNode.isPresent() ? viaNode : model.owning(e.to().className());
    }

    /** The calls of one request on one stateful bean, counted under the topology's policy. */
    private final class BeanCalls {
        final String bean;
        final String site;
        final SourceLocation first;
        RoundTrips invocations = RoundTrips.ZERO;
        /** Calls joining transactions other methods started, by those methods: one message per such transaction. */
        final Map<Set<MethodRef>, RoundTrips> joined = new LinkedHashMap<>();
        /** Calls whose own attribute starts a transaction (or whose context is unknown): one message per call. */
        RoundTrips ownTransactions = RoundTrips.ZERO;
        boolean outsideTransactions;

        BeanCalls(String bean, String site, SourceLocation first) {
            this.bean = bean;
            this.site = site;
            this.first = first;
        }

        void add(EntryPoint ep, CallEdge e, RoundTrips runs, Walk walk) {
            invocations = invocations.plus(runs);
            Set<TransactionContext> contexts = transactions == null ? Set.of() : transactions.contextsOfMethod(ep, e.to());
            if (contexts.isEmpty()) {
                ownTransactions = ownTransactions.plus(runs);
                return;
            }
            Set<MethodRef> starters = new HashSet<>();
            boolean own = false;
            for (TransactionContext t : contexts) {
                if (!t.active() || t.startedBy() == null) outsideTransactions = true;
                else if (t.startedBy().equals(e.to())) own = true;
                else starters.add(t.startedBy());
            }
            if (own) ownTransactions = ownTransactions.plus(runs);
            if (!starters.isEmpty()) {
                RoundTrips started = RoundTrips.ZERO;
                for (MethodRef s : starters) started = atLeastBoth(started, walk.executions.getOrDefault(s, RoundTrips.of(1)));
                joined.merge(Set.copyOf(starters), started, ReplicationCounts::atLeastBoth);
            }
        }

        ReplicatedState state() {
            int backups = replication.backupsOf(site);
            String calls = invocations.formula() + (invocations.equals(RoundTrips.of(1)) ? " business-method call" : " business-method calls");
            if (replication.stateful() == Replication.StatefulPolicy.PER_INVOCATION) {
                return new ReplicatedState(ReplicationMessages.StateKind.STATEFUL_BEAN, bean, site, backups,
                        replication.stateful().keyword(), invocations,
                        calls + ", each followed by the bean's state sent to every backup", first);
            }
            RoundTrips perBackup = ownTransactions;
            for (RoundTrips t : joined.values()) perBackup = perBackup.plus(t);
            List<String> parts = new ArrayList<>();
            if (!joined.isEmpty()) parts.add("once per transaction started by " + joined.keySet().stream()
                    .flatMap(Set::stream).map(m -> m.simpleClassName() + "." + m.name()).sorted().distinct()
                    .reduce((a, b) -> a + ", " + b).orElse(""));
            if (!ownTransactions.isZero()) parts.add(ownTransactions.formula() + " in transactions of their own");
            if (outsideTransactions) {
                perBackup = perBackup.plus(RoundTrips.of(1));
                parts.add("once with the response for the calls outside a transaction");
            }
            return new ReplicatedState(ReplicationMessages.StateKind.STATEFUL_BEAN, bean, site, backups,
                    replication.stateful().keyword(), perBackup, calls + ": " + String.join("; ", parts), first);
        }
    }

    private Optional<ReplicatedState> session(EntryPoint ep, Walk walk) {
        String site = siteOfEntry.apply(ep);
        int backups = replication.backupsOf(site);
        if (backups == 0) return Optional.empty();
        RoundTrips calls = RoundTrips.ZERO;
        SourceLocation first = null;
        for (MethodRef m : walk.preorder) {
            for (SourceFacts.StateFact f : sessionWrites.getOrDefault(m, List.of())) {
                calls = calls.plus(walk.executions.get(m).timesN(f.relatedLine()));
                if (first == null) first = f.location();
            }
        }
        if (first == null) return Optional.empty();
        String what = calls.formula() + (calls.equals(RoundTrips.of(1)) ? " setAttribute/removeAttribute call" : " setAttribute/removeAttribute calls");
        boolean perCall = replication.httpSession() == Replication.SessionPolicy.PER_SET_ATTRIBUTE;
        return Optional.of(new ReplicatedState(ReplicationMessages.StateKind.HTTP_SESSION, "HttpSession", site, backups,
                replication.httpSession().keyword(), perCall ? calls : RoundTrips.of(1),
                perCall ? what + ", each sent to every backup as it is made"
                        : what + " on some path: the session is sent once at the end of the request", first));
    }

    /**
     * Executions per request of every method the entry point reaches, in depth-first preorder.
     * Calls made once per instance are not followed, and a call back into a method still on the
     * walk's stack is not taken (as in {@link CostEngine}).
     */
    private final class Walk {
        final List<MethodRef> preorder = new ArrayList<>();
        final Map<MethodRef, RoundTrips> executions = new HashMap<>();

        Walk(MethodRef root) {
            Map<MethodRef, Integer> state = new HashMap<>(); // 1 on the stack, 2 done
            List<MethodRef> postorder = new ArrayList<>();
            Set<CallEdge> back = new HashSet<>();
            Deque<Frame> stack = new ArrayDeque<>();
            stack.push(new Frame(root, graph.outgoing(root)));
            state.put(root, 1);
            preorder.add(root);
            while (!stack.isEmpty()) {
                Frame f = stack.peek();
                if (f.next == f.out.size()) {
                    state.put(f.method, 2);
                    postorder.add(f.method);
                    stack.pop();
                    continue;
                }
                CallEdge e = f.out.get(f.next++);
                if (!followed(e)) continue;
                Integer s = state.get(e.to());
                if (s == null) {
                    state.put(e.to(), 1);
                    preorder.add(e.to());
                    stack.push(new Frame(e.to(), graph.outgoing(e.to())));
                } else if (s == 1) {
                    back.add(e);
                }
            }
            for (MethodRef m : preorder) executions.put(m, RoundTrips.ZERO);
            executions.put(root, RoundTrips.of(1));
            for (int k = postorder.size() - 1; k >= 0; k--) {
                MethodRef m = postorder.get(k);
                RoundTrips runs = executions.get(m);
                for (CallEdge e : graph.outgoing(m)) {
                    if (!followed(e) || back.contains(e)) continue;
                    executions.merge(e.to(), runs.timesN(e.loopDepth()), RoundTrips::plus);
                }
            }
        }

        private boolean followed(CallEdge e) {
            return e.to() != null && !e.cachedOnce() && graph.node(e.to()).isPresent();
        }
    }

    private static final class Frame {
        final MethodRef method;
        final List<CallEdge> out;
        int next;

        Frame(MethodRef method, List<CallEdge> out) {
            this.method = method;
            this.out = out;
        }
    }

    /** Coefficient by coefficient the larger: the same transactions counted once, however many calls share them. */
    private static RoundTrips atLeastBoth(RoundTrips a, RoundTrips b) {
        int size = Math.max(a.coefficients().size(), b.coefficients().size());
        List<Long> c = new ArrayList<>(size);
        for (int i = 0; i < size; i++) c.add(Math.max(a.coefficient(i), b.coefficient(i)));
        return new RoundTrips(c);
    }

    private static boolean isWebRequest(EntryPoint.Kind kind) {
        return kind == EntryPoint.Kind.SERVLET || kind == EntryPoint.Kind.JSP || kind == EntryPoint.Kind.FILTER
                || kind == EntryPoint.Kind.JAX_RS || kind == EntryPoint.Kind.JAX_WS;
    }
}
