package io.wanlint.rules.api;

import io.wanlint.analyzer.api.CostAdjustment;
import io.wanlint.analyzer.api.RoundTrips;

/**
 * What a finding's patch does to one entry point's round trips, as the cost model sees it: new unit
 * costs for the calls it changes, plus the round trips of a call it adds (a façade called once
 * outside a loop whose remote calls it absorbs).
 */
public record PatchEffect(CostAdjustment adjustment, RoundTrips extra) {
    public static final PatchEffect NONE = new PatchEffect(CostAdjustment.NONE, RoundTrips.ZERO);

    public PatchEffect {
        if (adjustment == null) adjustment = CostAdjustment.NONE;
        if (extra == null) extra = RoundTrips.ZERO;
    }

    public static PatchEffect of(CostAdjustment adjustment) { return new PatchEffect(adjustment, RoundTrips.ZERO); }

    /**
     * Both patches applied: each call costs the least either patch leaves it, and the calls the
     * patches add are one façade call, not several (the patches of one request share the façade).
     */
    public PatchEffect and(PatchEffect other) {
        CostAdjustment a = adjustment;
        CostAdjustment b = other.adjustment;
        CostAdjustment both = (ep, edge, cost) -> Math.min(a.unitCost(ep, edge, cost), b.unitCost(ep, edge, cost));
        return new PatchEffect(both, extra.compareTo(other.extra) >= 0 ? extra : other.extra);
    }
}
