package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.api.Severity;
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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * WAN001: a request that talks to EJBs at another site in small steps. Reported once per entry
 * point that makes at least {@code minCrossSiteCalls} (default 2) cross-site EJB business
 * invocations (business methods, entity accessors, {@code remove()}, finders, entity-home
 * {@code create()}), or any such call inside a loop, or any accessor on a remote entity interface.
 * Lookups and session-home {@code create()} are WAN006's. Calls cached once per instance do not
 * count. Under a topology that keeps caller and bean on one site, nothing is reported.
 */
@RuleInfo(id = "WAN001", name = "remote-fine-grained-call", severity = Severity.WARNING,
        summary = "Several cross-site EJB calls, a remote entity accessor or a remote call in a loop for one request",
        since = "0.1.0", tags = {"performance", "wan", "ejb", "facade"})
public final class RemoteFineGrainedCall implements Rule {
    private static final RuleDescriptor DESCRIPTOR = RuleDescriptors.of(RemoteFineGrainedCall.class);

    @Override public RuleDescriptor descriptor() { return DESCRIPTOR; }

    @Override public void check(RuleContext ctx, FindingSink sink) {
        for (EntryPoint ep : ctx.entryPoints()) {
            RequestReach reach = ctx.reach(ep, ReachScope.WHOLE_REQUEST);
            List<ReachedCall> offending = new ArrayList<>();
            for (ReachedCall rc : reach.calls()) {
                CallEdge e = rc.edge();
                if (e.kind() != EdgeKind.REMOTE_EJB || e.cachedOnce()) continue;
                if (!isBusinessInvocation(e, ctx.targetOf(e)) || !ctx.crossesSites(rc)) continue;
                offending.add(rc);
            }
            // Calls in exclusive arms (one command per request) are not made by the same request.
            Set<ReachedCall> candidates = new HashSet<>(offending);
            offending = reach.onOnePath(candidates::contains);
            if (offending.isEmpty()) continue;
            long inLoops = offending.stream().filter(rc -> reach.inLoop(rc.edge())).count();
            long accessors = offending.stream()
                    .filter(rc -> rc.edge().op() == CallOp.ENTITY_GET || rc.edge().op() == CallOp.ENTITY_SET).count();
            if (offending.size() < ctx.settings().minCrossSiteCalls() && inLoops == 0 && accessors == 0) continue;
            sink.report(finding(ctx, ep, offending, inLoops, accessors), e -> FacadePatch.of(ctx, e).effect());
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

    private Finding finding(RuleContext ctx, EntryPoint ep, List<ReachedCall> offending, long inLoops, long accessors) {
        ReachedCall first = offending.get(0);
        var before = ctx.oracle().estimate(ep).roundTrips();
        var after = FacadePatch.of(ctx, ep).after(ctx, ep);
        StringBuilder msg = new StringBuilder()
                .append(Estimates.roundTrips(before)).append(" through ").append(offending.size())
                .append(offending.size() == 1 ? " remote call on " : " remote calls on ")
                .append(callsByBean(ctx, offending))
                .append(" per request to ").append(ep.id());
        if (inLoops > 0) msg.append(", ").append(inLoops).append(" of them inside ").append(inLoops == 1 ? "a loop" : "loops");
        if (accessors > 0) {
            msg.append(inLoops > 0 ? " and " : ", ").append(accessors)
                    .append(accessors == 1 ? " entity accessor" : " entity accessors").append(" called remotely");
        }
        msg.append("; a session façade returning a transfer object makes it ").append(after.formula());
        return new Finding(DESCRIPTOR.id(), DESCRIPTOR.defaultSeverity(), msg.toString(), ctx.locationOf(first.edge()),
                List.of(ep.id()), Evidence.chain(ctx, ep, first, offending), before, after, ep.id());
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
