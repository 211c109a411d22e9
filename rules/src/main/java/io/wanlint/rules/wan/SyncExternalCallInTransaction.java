package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.EvidenceStep;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.api.TransactionContext;
import io.wanlint.rules.api.RequestReach;
import io.wanlint.rules.api.CallMemo;
import io.wanlint.rules.api.FindingSink;
import io.wanlint.rules.api.ReachScope;
import io.wanlint.rules.api.ReachedCall;
import io.wanlint.rules.api.Rule;
import io.wanlint.rules.api.RuleContext;
import io.wanlint.rules.api.RuleDescriptors;
import io.wanlint.rules.api.RuleInfo;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * WAN004: an outbound HTTP/SOAP, socket, mail or RMI call, or a remote EJB call to another site,
 * made while a transaction is active (container-managed {@code Required}, {@code RequiresNew},
 * {@code Mandatory}, or a {@code UserTransaction} span), as the call graph's transaction scopes
 * say. One finding per cause: the calls a method makes inside the transactions of a single
 * boundary are reported on that boundary (the method that started the transaction), its evidence
 * reaching the calls; a method whose calls run inside the transactions of several boundaries (a
 * shared notification helper) is one finding at its call, listing every boundary, with the figures
 * of the worst. A method whose attribute suspends the transaction has no active context and is silent,
 * and so is a transaction whose only work is the call ({@link TransactionalWork}). The advice fits
 * the code: a message bean for external calls, a separate transaction for code that already is a
 * message-driven bean, a façade for remote EJB calls (the transaction's own work, undone with it).
 */
@RuleInfo(id = "WAN004", name = "sync-external-call-in-transaction", severity = Severity.ERROR,
        summary = "Synchronous external or cross-site remote call while a transaction holds its locks",
        since = "0.1.0", tags = {"performance", "wan", "transactions", "jms"})
public final class SyncExternalCallInTransaction implements Rule {
    private static final RuleDescriptor DESCRIPTOR = RuleDescriptors.of(SyncExternalCallInTransaction.class);

    @Override public RuleDescriptor descriptor() { return DESCRIPTOR; }

    @Override public java.util.Set<ReachScope> scopesWalkedFromEveryEntryPoint() { return java.util.Set.of(ReachScope.WHOLE_REQUEST); }

    /**
     * The transaction traversal of each request making a synchronous WAN call, which {@link #check} asks
     * for first (the traversals were a tenth of the rules' time on a large application, on one thread);
     * the scopes cache it, and it is a function of the entry point alone.
     */
    @Override public void prepare(RuleContext ctx, EntryPoint ep) {
        RequestReach walk = ctx.reach(ep, ReachScope.WHOLE_REQUEST);
        CallMemo<WanCall> wanCalls = wanCalls(ctx);
        for (int i = 0; i < walk.size(); i++) {
            if (isSynchronousWanCall(ctx, wanCalls.of(walk, i), walk, i)) {
                ctx.transactions().contextsOfMethod(ep, ep.method());
                return;
            }
        }
    }

    /**
     * A WAN call reached from an entry point inside the transaction a boundary started.
     *
     * @param maker the application method making the call (the last frame before the API or the bean)
     */
    private record Hit(MethodRef boundary, String how, EntryPoint ep, ReachedCall call, MethodRef maker) {}

    @Override public boolean perEntryPoint() { return true; }

    @Override public void check(RuleContext ctx, FindingSink sink) {
        CallMemo<WanCall> wanCalls = wanCalls(ctx);
        List<Hit> hits = new ArrayList<>();
        Set<List<Object>> seen = new HashSet<>();
        ctx.forEachEntryPoint(this, ep -> {
            int before = hits.size();
            RequestReach walk = ctx.reach(ep, ReachScope.WHOLE_REQUEST);
            TransactionalWork work = null;
            for (int i = 0; i < walk.size(); i++) {
                if (!isSynchronousWanCall(ctx, wanCalls.of(walk, i), walk, i)) continue;
                CallEdge edge = walk.edge(i);
                for (TransactionContext tx : ctx.transactions().contextsOf(ep, edge)) {
                    if (!tx.active() || tx.startedBy() == null) continue;
                    if (work == null) work = TransactionalWork.of(ctx, ep, walk);
                    // A transaction whose only work is the call holds no locks and has nothing to undo.
                    if (!work.around(tx.startedBy(), i)) continue;
                    // A reach lists each call once; the same boundary can still come through two contexts of it.
                    if (seen.add(List.of(tx.startedBy(), ep, edge))) {
                        hits.add(new Hit(tx.startedBy(), tx.how(), ep, walk.call(i), edge.from()));
                    }
                }
            }
            return hits.size() > before;
        });
        for (Group g : group(hits)) finding(ctx, g).to(sink);
    }

    /**
     * The findings' groups: per method making WAN calls, the boundaries whose transactions run them.
     * A method under one boundary joins that boundary's finding (where it always was, with its
     * fingerprint); a method under several is a finding of its own, whatever boundary reaches it.
     */
    private static List<Group> group(List<Hit> hits) {
        Map<MethodRef, Set<MethodRef>> boundariesOf = new LinkedHashMap<>();
        for (Hit h : hits) boundariesOf.computeIfAbsent(h.maker(), m -> new LinkedHashSet<>()).add(h.boundary());
        Set<MethodRef> shared = new HashSet<>();
        boundariesOf.forEach((maker, bs) -> { if (bs.size() > 1) shared.add(maker); });
        Map<MethodRef, Group> groups = new LinkedHashMap<>();
        for (Hit h : hits) {
            // A boundary that also is a shared maker would get that maker's key and file: one finding then.
            MethodRef at = shared.contains(h.maker()) ? h.maker() : h.boundary();
            groups.computeIfAbsent(at, m -> new Group(m, shared.contains(m))).hits.add(h);
        }
        return List.copyOf(groups.values());
    }

    /** The hits of one finding, keyed by its boundary or by the shared method making the calls. */
    private static final class Group {
        final MethodRef method;
        final boolean shared;
        final List<Hit> hits = new ArrayList<>();

        Group(MethodRef method, boolean shared) {
            this.method = method;
            this.shared = shared;
        }

        /** The calls each entry point makes in this finding, once each, in reach order. */
        Map<EntryPoint, List<ReachedCall>> byEntryPoint() {
            Map<EntryPoint, List<ReachedCall>> out = new LinkedHashMap<>();
            Map<EntryPoint, Set<CallEdge>> edges = new LinkedHashMap<>();
            for (Hit h : hits) {
                if (edges.computeIfAbsent(h.ep(), e -> new HashSet<>()).add(h.call().edge())) {
                    out.computeIfAbsent(h.ep(), e -> new ArrayList<>()).add(h.call());
                }
            }
            return out;
        }

        /** The transaction boundaries, in order of first reach, with how each started its transaction. */
        Map<MethodRef, Set<String>> boundaries() {
            Map<MethodRef, Set<String>> out = new LinkedHashMap<>();
            for (Hit h : hits) {
                Set<String> how = out.computeIfAbsent(h.boundary(), b -> new LinkedHashSet<>());
                if (h.how() != null) how.add(h.how());
            }
            return out;
        }

        /**
         * The boundary whose transaction runs {@code call} along its evidence path from {@code ep}: the
         * first of the entry point's boundaries on the path (a Required method started it and the
         * later ones joined), unless a later one requires a new transaction.
         */
        MethodRef boundaryOn(EntryPoint ep, ReachedCall call) {
            Map<MethodRef, String> mine = new LinkedHashMap<>();
            for (Hit h : hits) if (h.ep().equals(ep)) mine.putIfAbsent(h.boundary(), h.how() == null ? "" : h.how());
            List<MethodRef> onPath = new ArrayList<>();
            onPath.add(ep.method());
            for (CallEdge e : call.path()) onPath.add(e.to());
            MethodRef found = null;
            for (MethodRef m : onPath) {
                if (mine.containsKey(m) && (found == null || "RequiresNew".equals(mine.get(m)))) found = m;
            }
            return found != null ? found : mine.keySet().iterator().next();
        }
    }

    /** Whether a call is a synchronous WAN call by what it is ({@link #wanCall}), and where it crosses sites if that decides. */
    private static boolean isSynchronousWanCall(RuleContext ctx, WanCall what, RequestReach walk, int index) {
        return what == WanCall.ALWAYS || what == WanCall.WHEN_CROSSING && ctx.crossesSites(walk, index);
    }

    /** What a call alone says of it being a synchronous WAN call. */
    private enum WanCall { ALWAYS, WHEN_CROSSING, NEVER }

    private static WanCall wanCall(CallEdge e) {
        if (e.kind().isExternal()) return WanCall.ALWAYS;
        return e.kind() == EdgeKind.REMOTE_EJB && e.op() != CallOp.LOOKUP ? WanCall.WHEN_CROSSING : WanCall.NEVER;
    }

    /** {@link #wanCall} once per call of the check (the preparation and the check go through every reached call). */
    private record WanCalls(CallMemo<WanCall> memo) {}

    private static CallMemo<WanCall> wanCalls(RuleContext ctx) {
        return ctx.derived(WanCalls.class, c -> new WanCalls(c.callMemo(SyncExternalCallInTransaction::wanCall))).memo();
    }

    private Estimates.Reported finding(RuleContext ctx, Group g) {
        Map<EntryPoint, List<ReachedCall>> byEp = g.byEntryPoint();
        List<EntryPoint> eps = List.copyOf(byEp.keySet());
        Map<MethodRef, Set<String>> boundaries = g.boundaries();
        boolean external = g.hits.stream().anyMatch(h -> h.call().edge().kind().isExternal());
        boolean inMessageBean = boundaries.keySet().stream().allMatch(b -> isMessageBean(ctx, b));
        // Only a call that is not the transaction's own work can move after commit, and a message bean's
        // transaction is split in that bean rather than by another one: neither case has a JMS patch.
        Fix fix = !external ? Fix.FACADE : inMessageBean ? Fix.SEPARATE_TRANSACTION : Fix.MESSAGE_BEAN;
        Estimates.BeforeAfter figures = Estimates.of(ctx, eps,
                ep -> fix == Fix.MESSAGE_BEAN ? asJmsSends(ctx, byEp.get(ep)) : PatchedCosts.NONE);
        // The calls of the worst request: those its round trips count.
        List<ReachedCall> worstCalls = byEp.get(figures.worst());
        ReachedCall first = worstCalls.get(0);
        List<String> calls = new ArrayList<>();
        for (ReachedCall rc : worstCalls) {
            var loc = ctx.locationOf(rc.edge());
            calls.add(Evidence.describe(rc.edge()) + " at " + Evidence.displayClass(loc.className()) + ":" + loc.line());
        }
        String share = figures.share(ctx, worstCalls.stream().map(ReachedCall::edge).toList()) + heldAndUndone(worstCalls);
        String advice = switch (fix) {
            case MESSAGE_BEAN -> "send a JMS message in the transaction and let a message-driven bean make the call after commit"
                    + (figures.saves() ? ": " + figures.after().formula()
                            : " (no WAN saving: the request pays as many round trips, but the locks no longer wait on the call)");
            case SEPARATE_TRANSACTION -> "this already runs in a message-driven bean, so another one would not help: make the "
                    + "call after the transaction's work commits (that work in a RequiresNew method called first, the call "
                    + "outside it) or in a transaction of its own";
            case FACADE -> "the remote calls are the transaction's own work (they join it and roll back with it), so a "
                    + "message-driven bean would take them out of it: run that work on the beans' site instead (a session "
                    + "façade there making the calls locally), so that the locks do not wait on the WAN";
        };
        String count = worstCalls.size() + (worstCalls.size() == 1 ? " synchronous WAN call: " : " synchronous WAN calls: ");
        String msg;
        FindingLocation at;
        List<EvidenceStep> evidence = new ArrayList<>(Evidence.chain(ctx, figures.worst(), first, worstCalls));
        if (!g.shared) {
            at = location(ctx, g.method, g.hits.get(0).call());
            msg = Evidence.displayMethod(g.method) + " holds a " + how(boundaries.get(g.method)) + " transaction open across "
                    + count + String.join("; ", calls) + " (" + share + "); " + advice;
        } else {
            FindingLocation call = ctx.locationOf(g.hits.get(0).call().edge());
            at = new FindingLocation(call.file(), call.line(), g.method.className(), g.method.name());
            MethodRef worst = g.boundaryOn(figures.worst(), first);
            List<String> names = new ArrayList<>(new LinkedHashSet<>(boundaries.keySet().stream().map(Evidence::displayMethod).toList()));
            msg = Evidence.displayMethod(g.method) + " makes " + count + String.join("; ", calls) + ", inside the transactions started by "
                    + names.size() + " methods (" + String.join(", ", names) + "); in the worst, the "
                    + how(boundaries.get(worst)) + " transaction of " + Evidence.displayMethod(worst) + ", "
                    + share + ". In " + Evidence.displayMethod(g.method)
                    + " (one fix for every transaction), " + advice;
            boundaries.forEach((b, how) -> {
                SourceLocation d = ctx.declarationOf(b);
                evidence.add(new EvidenceStep(d.file(), d.line(), b.className(), b.name(), null,
                        "transaction boundary " + Evidence.displayMethod(b) + " (" + how(how) + ")"));
            });
        }
        return new Estimates.Reported(new Finding(DESCRIPTOR.id(), DESCRIPTOR.defaultSeverity(), msg, at,
                eps.stream().map(EntryPoint::id).toList(), evidence, figures.before(), figures.after(), new FindingSubject.Method(g.method)),
                figures.patch());
    }

    /** The fixes a finding can advise; only the message bean changes round trips. */
    private enum Fix { MESSAGE_BEAN, SEPARATE_TRANSACTION, FACADE }

    /**
     * {@code with locks held, and not undone on rollback}: external calls are not transactional; a
     * remote EJB call joins the transaction (container-managed or a client's {@code UserTransaction})
     * and is undone with it.
     */
    private static String heldAndUndone(List<ReachedCall> calls) {
        long external = calls.stream().filter(rc -> rc.edge().kind().isExternal()).count();
        if (external == calls.size()) return " with locks held, and not undone on rollback";
        if (external == 0) return " with locks held (the remote calls join the transaction and roll back with it)";
        return " with locks held, and the external " + (external == 1 ? "call" : "calls") + " not undone on rollback";
    }

    /** Whether the transaction's boundary is a message-driven bean's method (its onMessage). */
    private static boolean isMessageBean(RuleContext ctx, MethodRef boundary) {
        return ctx.graph().node(boundary).map(n -> n.component()).flatMap(ctx::component)
                .or(() -> ctx.model().byClass(boundary.className()))
                .map(c -> c.kind() == io.wanlint.analyzer.api.ComponentKind.MESSAGE_DRIVEN).orElse(false);
    }

    private static String how(Set<String> how) {
        return how == null || how.isEmpty() ? "a" : String.join("/", how);
    }

    /** The transactional method's declaration; failing that, its call on the path to the external call. */
    private static FindingLocation location(RuleContext ctx, MethodRef txMethod, ReachedCall first) {
        SourceLocation declared = ctx.declarationOf(txMethod);
        if (!declared.file().isEmpty()) {
            return new FindingLocation(declared.file(), declared.line(), txMethod.className(), txMethod.name());
        }
        CallEdge inMethod = first.path().stream().filter(e -> e.from().equals(txMethod)).findFirst().orElse(first.edge());
        FindingLocation call = ctx.locationOf(inMethod);
        return new FindingLocation(call.file(), call.line(), txMethod.className(), txMethod.name());
    }

    /**
     * The patch: each external call becomes a JMS send, free when the broker is on the caller's site;
     * remote EJB calls, the transaction's own work, stay.
     */
    private static PatchedCosts asJmsSends(RuleContext ctx, List<ReachedCall> calls) {
        PatchedCosts.Builder patch = new PatchedCosts.Builder();
        String broker = ctx.oracle().brokerSite();
        for (ReachedCall rc : calls) {
            if (!rc.edge().kind().isExternal()) continue;
            boolean local = ctx.siteOf(rc.callerComponent()).map(broker::equals).orElse(false);
            patch.set(rc.edge(), local ? 0 : ctx.oracle().costs().jmsSend());
        }
        return patch.build();
    }
}
