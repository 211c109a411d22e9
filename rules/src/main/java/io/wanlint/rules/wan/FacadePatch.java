package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.rules.api.ReachScope;
import io.wanlint.rules.api.ReachedCall;
import io.wanlint.rules.api.RequestReach;
import io.wanlint.rules.api.RuleContext;
import java.util.List;
import java.util.Optional;

/**
 * The session-façade patch (WAN001, WAN002) as a cost adjustment: the request's first cross-site
 * EJB call becomes the one façade call, every other EJB call and home lookup it made across the
 * WAN now runs next to the beans and costs nothing.
 */
final class FacadePatch {
    private FacadePatch() {}

    static PatchedCosts of(RuleContext ctx, EntryPoint ep) {
        RequestReach reach = ctx.reach(ep, ReachScope.WHOLE_REQUEST);
        Optional<String> epSite = ctx.siteOf(ep.component());
        List<ReachedCall> crossing = reach.calls().stream()
                .filter(rc -> rc.edge().kind().isEjb() || rc.edge().kind() == EdgeKind.JNDI_LOOKUP)
                // Calls the beans make among themselves are the façade's own work, not the client's.
                .filter(rc -> epSite.isEmpty() || epSite.equals(ctx.siteOf(rc.callerComponent())))
                .filter(ctx::crossesSites)
                .toList();
        PatchedCosts.Builder patch = new PatchedCosts.Builder();
        List<ReachedCall> invocations = crossing.stream()
                .filter(rc -> rc.edge().kind().isEjb() && rc.edge().op() != CallOp.LOOKUP)
                .toList();
        // The façade is called once per request: prefer a call that is not inside a loop.
        invocations.stream().filter(rc -> !reach.inLoop(rc.edge()) && !rc.edge().cachedOnce()).findFirst()
                .or(() -> invocations.stream().findFirst())
                .ifPresent(rc -> patch.set(rc.edge(), ctx.oracle().costs().remoteEjbCall()));
        for (ReachedCall rc : crossing) patch.set(rc.edge(), 0);
        return patch.build();
    }
}
