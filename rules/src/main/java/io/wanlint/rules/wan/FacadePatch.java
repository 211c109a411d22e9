package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.CostAdjustment;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.rules.api.PatchEffect;
import io.wanlint.rules.api.ReachScope;
import io.wanlint.rules.api.ReachedCall;
import io.wanlint.rules.api.RequestReach;
import io.wanlint.rules.api.RuleContext;
import java.util.List;
import java.util.Optional;

/**
 * The session-façade patch (WAN001, WAN002): the request's first cross-site EJB call becomes the
 * one façade call, every other EJB call and home lookup it made across the WAN now runs next to
 * the beans and costs nothing. When every such call sits in a loop, the façade is called once
 * outside it: all of them cost 0 and the façade call is {@link #extra}.
 *
 * @param adjustment the cost adjustment
 * @param site       the client method whose code the façade call replaces (where the request's first
 *                   paid cross-site EJB call is made)
 * @param extra      round trips to add to the adjusted estimate (the façade call when no existing
 *                   call can stand for it)
 */
record FacadePatch(CostAdjustment adjustment, String site, RoundTrips extra) {

    static FacadePatch of(RuleContext ctx, EntryPoint ep) {
        RequestReach reach = ctx.reach(ep, ReachScope.WHOLE_REQUEST);
        Optional<String> epSite = ctx.siteOf(ep.component());
        List<ReachedCall> crossing = reach.calls().stream()
                .filter(rc -> rc.edge().kind().isEjb() || rc.edge().kind() == EdgeKind.JNDI_LOOKUP)
                // Calls the beans make among themselves are the façade's own work, not the client's.
                .filter(rc -> epSite.isEmpty() || epSite.equals(ctx.siteOf(rc.callerComponent())))
                .filter(ctx::crossesSites)
                .toList();
        PatchedCosts.Builder patch = new PatchedCosts.Builder();
        for (ReachedCall rc : crossing) patch.set(rc.edge(), 0);
        // The façade is a call of its own, once per request, outside any loop. It is not one of the
        // calls it replaces: another patch (a read-only copy at the edge) may remove those calls,
        // and the façade call must survive that when the patches are combined.
        Optional<ReachedCall> firstPaid = crossing.stream()
                .filter(rc -> rc.edge().kind().isEjb() && rc.edge().op() != CallOp.LOOKUP && !rc.edge().cachedOnce()).findFirst();
        RoundTrips extra = firstPaid.isPresent() ? RoundTrips.of(ctx.oracle().costs().remoteEjbCall()) : RoundTrips.ZERO;
        String site = firstPaid.or(() -> crossing.stream().findFirst()).map(rc -> rc.edge().from().toString()).orElse(ep.id());
        return new FacadePatch(patch.build(), site, extra);
    }

    /** The patch as the report's "after patches" composes it with the request's other patches. */
    PatchEffect effect() { return PatchEffect.adding(adjustment, site, extra); }

    /** The entry point's round trips once the façade is in place. */
    RoundTrips after(RuleContext ctx, EntryPoint ep) {
        return ctx.oracle().estimate(ep, adjustment).roundTrips().plus(extra);
    }
}
