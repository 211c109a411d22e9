package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.api.TransactionContext;
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
 * say. The finding sits on the method that started the transaction; its evidence reaches the
 * call. A method whose attribute suspends the transaction has no active context and is silent.
 */
@RuleInfo(id = "WAN004", name = "sync-external-call-in-transaction", severity = Severity.ERROR,
        summary = "Synchronous external or cross-site remote call while a transaction holds its locks",
        since = "0.1.0", tags = {"performance", "wan", "transactions", "jms"})
public final class SyncExternalCallInTransaction implements Rule {
    private static final RuleDescriptor DESCRIPTOR = RuleDescriptors.of(SyncExternalCallInTransaction.class);

    @Override public RuleDescriptor descriptor() { return DESCRIPTOR; }

    /** The external calls one transaction makes, and who reaches them. */
    private static final class Scope {
        final Set<String> how = new LinkedHashSet<>();
        final List<ReachedCall> calls = new ArrayList<>();
        /** The edges of {@link #calls}, to keep one reached call per edge without scanning the list. */
        final Set<CallEdge> edges = new HashSet<>();
        final Map<EntryPoint, List<ReachedCall>> byEntryPoint = new LinkedHashMap<>();
    }

    @Override public void check(RuleContext ctx, FindingSink sink) {
        Map<MethodRef, Scope> scopes = new LinkedHashMap<>();
        for (EntryPoint ep : ctx.entryPoints()) {
            for (ReachedCall rc : ctx.reach(ep, ReachScope.WHOLE_REQUEST).calls()) {
                if (!isSynchronousWanCall(ctx, rc)) continue;
                for (TransactionContext tx : ctx.transactions().contextsOf(ep, rc.edge())) {
                    if (!tx.active() || tx.startedBy() == null) continue;
                    Scope s = scopes.computeIfAbsent(tx.startedBy(), m -> new Scope());
                    if (tx.how() != null) s.how.add(tx.how());
                    if (s.edges.add(rc.edge())) s.calls.add(rc);
                    List<ReachedCall> mine = s.byEntryPoint.computeIfAbsent(ep, e -> new ArrayList<>());
                    // A reach lists each call once, so rc is already here only when the same
                    // transaction method is met through another context of this very call.
                    if (mine.isEmpty() || mine.get(mine.size() - 1) != rc) mine.add(rc);
                }
            }
        }
        scopes.forEach((method, scope) -> finding(ctx, method, scope).to(sink));
    }

    private static boolean isSynchronousWanCall(RuleContext ctx, ReachedCall rc) {
        CallEdge e = rc.edge();
        if (e.kind().isExternal()) return true;
        return e.kind() == EdgeKind.REMOTE_EJB && e.op() != CallOp.LOOKUP && ctx.crossesSites(rc);
    }

    private Estimates.Reported finding(RuleContext ctx, MethodRef txMethod, Scope scope) {
        List<EntryPoint> eps = List.copyOf(scope.byEntryPoint.keySet());
        Estimates.BeforeAfter figures = Estimates.of(ctx, eps, ep -> asJmsSends(ctx, scope.byEntryPoint.get(ep)));
        // The calls of the worst request: those its round trips count.
        List<ReachedCall> worstCalls = scope.byEntryPoint.get(figures.worst());
        ReachedCall first = worstCalls.get(0);
        FindingLocation at = location(ctx, txMethod, scope.calls.get(0));
        List<String> calls = new ArrayList<>();
        for (ReachedCall rc : worstCalls) {
            var loc = ctx.locationOf(rc.edge());
            calls.add(Evidence.describe(rc.edge()) + " at " + Evidence.displayClass(loc.className()) + ":" + loc.line());
        }
        String how = scope.how.isEmpty() ? "a" : String.join("/", scope.how);
        String msg = Evidence.displayMethod(txMethod) + " holds a " + how + " transaction open across "
                + worstCalls.size() + (worstCalls.size() == 1 ? " synchronous WAN call: " : " synchronous WAN calls: ")
                + String.join("; ", calls) + " (" + figures.share(ctx, worstCalls.stream().map(ReachedCall::edge).toList())
                + " with locks held, and not undone on rollback); send a JMS message in the transaction and let a "
                + "message-driven bean make the call after commit" + (figures.saves() ? ": " + figures.after().formula()
                        : " (no WAN saving: the request pays as many round trips, but the locks no longer wait on the call)");
        return new Estimates.Reported(new Finding(DESCRIPTOR.id(), DESCRIPTOR.defaultSeverity(), msg, at, eps.stream().map(EntryPoint::id).toList(),
                Evidence.chain(ctx, figures.worst(), first, worstCalls),
                figures.before(), figures.after(), new FindingSubject.Method(txMethod)), figures.patch());
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

    /** The patch: each call becomes a JMS send, free when the broker is on the caller's site. */
    private static PatchedCosts asJmsSends(RuleContext ctx, List<ReachedCall> calls) {
        PatchedCosts.Builder patch = new PatchedCosts.Builder();
        String broker = ctx.oracle().brokerSite();
        for (ReachedCall rc : calls) {
            boolean local = ctx.siteOf(rc.callerComponent()).map(broker::equals).orElse(false);
            patch.set(rc.edge(), local ? 0 : ctx.oracle().costs().jmsSend());
        }
        return patch.build();
    }
}
