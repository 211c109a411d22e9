package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.rules.api.CallMemo;
import io.wanlint.rules.api.FindingSink;
import io.wanlint.rules.api.ReachScope;
import io.wanlint.rules.api.ReachedCall;
import io.wanlint.rules.api.RequestReach;
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
import java.util.Optional;
import java.util.Set;

/**
 * WAN001: a request that talks to EJBs at another site in small steps. Reported for an entry
 * point that makes at least {@code minCrossSiteCalls} (default 2) cross-site EJB business
 * invocations (business methods, entity accessors, {@code remove()}, finders, entity-home
 * {@code create()}), or any such call inside a loop, or any accessor on a remote entity interface.
 * Lookups and session-home {@code create()} are WAN006's. Calls cached once per instance do not
 * count, nor do calls the request's estimate does not charge. Under a topology that keeps caller and
 * bean on one site, nothing is reported. Entry points that make the same calls at the same place (a
 * servlet's GET and POST, pages sharing a helper) are one finding listing them all, with the figures
 * of one request of the worst of them.
 */
@RuleInfo(id = "WAN001", name = "remote-fine-grained-call", severity = Severity.WARNING,
        summary = "Several cross-site EJB calls, a remote entity accessor or a remote call in a loop for one request",
        since = "0.1.0", tags = {"performance", "wan", "ejb", "facade"})
public final class RemoteFineGrainedCall implements Rule {
    private static final RuleDescriptor DESCRIPTOR = RuleDescriptors.of(RemoteFineGrainedCall.class);

    @Override public RuleDescriptor descriptor() { return DESCRIPTOR; }

    @Override public boolean perEntryPoint() { return true; }

    @Override public void check(RuleContext ctx, FindingSink sink) {
        Map<Cause, List<Request>> causes = new LinkedHashMap<>();
        ctx.forEachEntryPoint(this, ep -> {
            Optional<Request> offending = offendingOnce(ctx, ep);
            offending.ifPresent(r -> causes.computeIfAbsent(r.cause(ctx), c -> new ArrayList<>()).add(r));
            return offending.isPresent();
        });
        foldFacadesIntoTheirCallers(causes);
        causes.values().forEach(requests -> sink.report(finding(ctx, requests), e -> FacadePatch.of(ctx, e).effect()));
    }

    /**
     * A remote façade method is an entry point of its own (outside clients call it) and often also
     * the middle of a web request (a servlet calls it). When the calls it makes alone are among those
     * a web request makes, that is one cause and one fix: its request joins that finding (after the
     * web request, whose key the finding keeps) instead of making a second one.
     */
    private static void foldFacadesIntoTheirCallers(Map<Cause, List<Request>> causes) {
        for (Cause c : List.copyOf(causes.keySet())) {
            List<Request> requests = causes.get(c);
            if (requests.stream().anyMatch(r -> r.ep().kind() != EntryPoint.Kind.REMOTE_FACADE)) continue;
            causes.entrySet().stream()
                    .filter(o -> !o.getKey().equals(c) && o.getKey().calls().containsAll(c.calls())
                            && o.getValue().stream().anyMatch(r -> r.ep().kind() != EntryPoint.Kind.REMOTE_FACADE))
                    .map(Map.Entry::getValue).findFirst()
                    .ifPresent(web -> {
                        web.addAll(requests);
                        causes.remove(c);
                    });
        }
    }

    /** One place, one set of calls: entry points (GET/POST twins, pages sharing a helper) that make it are one finding. */
    private record Cause(FindingLocation at, Set<CallEdge> calls) {}

    /** The offending calls one request makes, as its estimate counts them. */
    private record Request(EntryPoint ep, List<ReachedCall> calls, long inLoops, long accessors) {
        Cause cause(RuleContext ctx) {
            Set<CallEdge> edges = new LinkedHashSet<>();
            calls.forEach(rc -> edges.add(rc.edge()));
            return new Cause(ctx.locationOf(calls.get(0).edge()), edges);
        }
    }

    /**
     * The cross-site business calls of one request that its estimate charges (a call it does not
     * charge costs no round trip, and a message must not count it), when they make a finding.
     */
    private static Optional<Request> offending(RuleContext ctx, EntryPoint ep, CallMemo<Boolean> remoteInvocations) {
        RequestReach reach = ctx.reach(ep, ReachScope.WHOLE_REQUEST);
        Set<CallEdge> paid = null;
        List<ReachedCall> offending = new ArrayList<>();
        for (int i = 0; i < reach.size(); i++) {
            if (!remoteInvocations.of(reach, i) || !ctx.crossesSites(reach, i)) continue;
            if (paid == null) paid = Estimates.paid(ctx, ep);
            if (paid.contains(reach.edge(i))) offending.add(reach.call(i));
        }
        // None (most requests): no path to choose, and choosing one would make every reached call's ReachedCall.
        if (offending.isEmpty()) return Optional.empty();
        // Calls in exclusive arms (one command per request) are not made by the same request.
        Set<ReachedCall> candidates = new HashSet<>(offending);
        offending = reach.onOnePath(candidates::contains);
        if (offending.isEmpty()) return Optional.empty();
        long inLoops = offending.stream().filter(rc -> reach.inLoop(rc.edge())).count();
        long accessors = offending.stream()
                .filter(rc -> rc.edge().op() == CallOp.ENTITY_GET || rc.edge().op() == CallOp.ENTITY_SET).count();
        if (offending.size() < ctx.settings().minCrossSiteCalls() && inLoops == 0 && accessors == 0) return Optional.empty();
        return Optional.of(new Request(ep, offending, inLoops, accessors));
    }

    /** The calls WAN001 reports for one request, if it reports any (for WAN002 and WAN007, which then say nothing more). */
    static Optional<Set<CallEdge>> reportedCalls(RuleContext ctx, EntryPoint ep) {
        return offendingOnce(ctx, ep).map(r -> r.cause(ctx).calls());
    }

    /** {@link #offending} of each entry point, made once per check: WAN002, WAN003 and WAN007 ask again. */
    private static Optional<Request> offendingOnce(RuleContext ctx, EntryPoint ep) {
        OffendingByRequest shared = ctx.derived(OffendingByRequest.class, OffendingByRequest::new);
        return shared.byEntry.computeIfAbsent(ep, e -> offending(ctx, e, shared.remoteInvocations));
    }

    private static final class OffendingByRequest {
        final Map<EntryPoint, Optional<Request>> byEntry = new java.util.concurrent.ConcurrentHashMap<>();
        /** Whether a call is a remote business invocation made each time, once per call: every request's pass asks. */
        final CallMemo<Boolean> remoteInvocations;

        OffendingByRequest(RuleContext ctx) {
            remoteInvocations = ctx.callMemo(e -> e.kind() == EdgeKind.REMOTE_EJB && !e.cachedOnce()
                    && isBusinessInvocation(e, ctx.targetOf(e)));
        }
    }

    /** Business invocations count; lookups and session-home {@code create()} belong to WAN006. */
    static boolean isBusinessInvocation(CallEdge e, Optional<Component> target) {
        return switch (e.op()) {
            case BUSINESS_METHOD, ENTITY_UPDATE, INVOKE, ENTITY_GET, ENTITY_SET, REMOVE, HOME_FIND, HOME_METHOD -> true;
            case HOME_CREATE, HOME_REMOVE -> target.map(c -> c.kind().isEntity()).orElse(false);
            default -> false;
        };
    }

    /**
     * One finding for the requests that make the same calls at the same place: its figures are those
     * of the worst of them, its key that of the first (the key it had alone, so baselines still match).
     */
    private Finding finding(RuleContext ctx, List<Request> requests) {
        List<EntryPoint> eps = requests.stream().map(Request::ep).toList();
        Estimates.BeforeAfter figures = Estimates.ofEffects(ctx, eps, e -> FacadePatch.of(ctx, e).effect());
        Request worst = requests.get(eps.indexOf(figures.worst()));
        EntryPoint ep = worst.ep();
        List<ReachedCall> offending = worst.calls();
        var cost = Estimates.costOf(ctx, ep, offending.stream().map(ReachedCall::edge).toList());
        StringBuilder msg = new StringBuilder()
                .append(figures.perRequest()).append(", ").append(cost.formula()).append(" of them through ")
                .append(offending.size()).append(offending.size() == 1 ? " remote call on " : " remote calls on ")
                .append(callsByBean(ctx, offending));
        long inLoops = worst.inLoops();
        long accessors = worst.accessors();
        if (inLoops > 0) msg.append(", ").append(inLoops).append(" of them inside ").append(inLoops == 1 ? "a loop" : "loops");
        if (accessors > 0) {
            msg.append(inLoops > 0 ? " and " : ", ").append(accessors)
                    .append(accessors == 1 ? " entity accessor" : " entity accessors").append(" called remotely");
        }
        msg.append(MissingFacade.saidInstead(ctx, ep)).append(NPlusOneFinder.named(ctx, offending));
        msg.append(ReplicatedStatefulCalls.said(ctx, ep, offending));
        if (figures.saves()) {
            msg.append("; a session façade returning a transfer object makes it ").append(figures.after().formula());
        } else {
            msg.append("; no WAN saving: a session façade would still cost this request as many round trips");
        }
        return new Finding(DESCRIPTOR.id(), DESCRIPTOR.defaultSeverity(), msg.toString(), ctx.locationOf(offending.get(0).edge()),
                requests.stream().map(r -> r.ep().id()).toList(), Evidence.chain(ctx, ep, offending.get(0), offending),
                figures.before(), figures.after(), new FindingSubject.Request(requests.get(0).ep().keyId()));
    }

    /** {@code Book (findByPrimaryKey, getTitle ×2), Cart (addItem)} in order of first call. */
    private static String callsByBean(RuleContext ctx, List<ReachedCall> offending) {
        Map<String, Map<String, Integer>> byBean = new LinkedHashMap<>();
        for (ReachedCall rc : offending) {
            String bean = ctx.targetOf(rc.edge()).map(Component::name)
                    .orElse(Evidence.displayClass(rc.edge().to().className()));
            byBean.computeIfAbsent(bean, b -> new LinkedHashMap<>()).merge(Evidence.clientMethod(rc.edge()), 1, Integer::sum);
        }
        List<String> parts = new ArrayList<>();
        byBean.forEach((bean, methods) -> {
            List<String> ms = new ArrayList<>();
            methods.forEach((m, n) -> ms.add(n == 1 ? m : m + " ×" + n));
            parts.add(bean + " (" + String.join(", ", ms) + ")");
        });
        return String.join(", ", parts);
    }
}
