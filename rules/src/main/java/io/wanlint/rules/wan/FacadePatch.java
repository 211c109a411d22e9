package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CostAdjustment;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.SessionFacadeFix;
import io.wanlint.rules.api.PatchEffect;
import io.wanlint.rules.api.ReachScope;
import io.wanlint.rules.api.RequestReach;
import io.wanlint.rules.api.RuleContext;
import java.util.List;
import java.util.Optional;

/**
 * The session-façade patch (WAN001, WAN002) as the cost model sees it. What the façade takes over
 * and where its one call goes is {@link SessionFacadeFix}'s, the same description the patch
 * ({@code IntroduceSessionFacade}) is written from: every call it takes over that the request makes
 * across the WAN from the client's site now runs next to the beans and costs nothing, and the façade
 * call is {@link #extra}, outside any loop.
 *
 * @param adjustment the cost adjustment
 * @param site       the client method whose code the façade call replaces ({@link SessionFacadeFix#client()})
 * @param extra      round trips to add to the adjusted estimate (the façade call when no existing
 *                   call can stand for it)
 */
record FacadePatch(CostAdjustment adjustment, String site, RoundTrips extra) {

    static FacadePatch of(RuleContext ctx, EntryPoint ep) {
        RequestReach reach = ctx.reach(ep, ReachScope.WHOLE_REQUEST);
        Optional<String> epSite = ctx.siteOf(ep.component());
        List<CallEdge> crossing = new java.util.ArrayList<>();
        for (int i = 0; i < reach.size(); i++) {
            if (!SessionFacadeFix.takesOver(reach.edge(i), ctx.model())) continue;
            // Calls the beans make among themselves are the façade's own work, not the client's.
            if (epSite.isPresent() && !epSite.equals(ctx.siteOf(reach.callerComponent(i)))) continue;
            if (ctx.crossesSites(reach, i)) crossing.add(reach.edge(i));
        }
        Optional<SessionFacadeFix> fix = SessionFacadeFix.of(crossing, ctx.model());
        if (fix.isEmpty()) return new FacadePatch(PatchedCosts.NONE, ep.id(), RoundTrips.ZERO);
        PatchedCosts.Builder patch = new PatchedCosts.Builder();
        for (CallEdge e : fix.get().takenOver()) patch.set(e, 0);
        // The façade is a call of its own, once per request, outside any loop. It is not one of the
        // calls it replaces: another patch (a read-only copy at the edge) may remove those calls,
        // and the façade call must survive that when the patches are combined.
        RoundTrips extra = fix.get().addsFacadeCall() ? RoundTrips.of(ctx.oracle().costs().remoteEjbCall()) : RoundTrips.ZERO;
        return new FacadePatch(patch.build(), fix.get().client().toString(), extra);
    }

    /** The patch as the report's "after patches" composes it with the request's other patches. */
    PatchEffect effect() { return PatchEffect.adding(adjustment, site, extra); }

    /** The entry point's round trips once the façade is in place. */
    RoundTrips after(RuleContext ctx, EntryPoint ep) {
        return ctx.oracle().estimate(ep, adjustment).roundTrips().plus(extra);
    }
}
