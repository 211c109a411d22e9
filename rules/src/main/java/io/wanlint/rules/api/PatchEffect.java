package io.wanlint.rules.api;

import io.wanlint.analyzer.api.CostAdjustment;
import io.wanlint.analyzer.api.RoundTrips;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a finding's patch does to one entry point's round trips, as the cost model sees it: new unit
 * costs for the calls it changes, plus the round trips of the calls it adds (a façade called once
 * outside a loop whose remote calls it absorbs), keyed by the client method whose code the patch
 * replaces with that call.
 */
public record PatchEffect(CostAdjustment adjustment, Map<String, RoundTrips> addedCalls) {
    public static final PatchEffect NONE = new PatchEffect(CostAdjustment.NONE, Map.of());

    public PatchEffect {
        if (adjustment == null) adjustment = CostAdjustment.NONE;
        addedCalls = addedCalls == null ? Map.of() : Map.copyOf(addedCalls);
    }

    public static PatchEffect of(CostAdjustment adjustment) { return new PatchEffect(adjustment, Map.of()); }

    /**
     * A patch that also adds a call ({@code call} round trips, zero when it does not cross sites) in
     * the client method {@code site}, e.g. {@code com.x.ViewItem#doGet}: the façade call that replaces
     * the code it moves.
     */
    public static PatchEffect adding(CostAdjustment adjustment, String site, RoundTrips call) {
        return new PatchEffect(adjustment, call.equals(RoundTrips.ZERO) ? Map.of() : Map.of(site, call));
    }

    /** The round trips of the added calls. */
    public RoundTrips extra() {
        RoundTrips sum = RoundTrips.ZERO;
        for (RoundTrips r : addedCalls.values()) sum = sum.plus(r);
        return sum;
    }

    /**
     * Both patches applied: each call costs the least either patch leaves it. Patches that add their
     * call in the same client method write the same façade there (WAN001, WAN002 and WAN007 on one
     * servlet method): one call. Patches rewriting different methods of one request each add theirs
     * (petstore {@code /product.jsp}: the WAN003 DAO façade in one helper, the WAN001 façade in another).
     */
    public PatchEffect and(PatchEffect other) {
        CostAdjustment a = adjustment;
        CostAdjustment b = other.adjustment;
        CostAdjustment both = (ep, edge, cost) -> Math.min(a.unitCost(ep, edge, cost), b.unitCost(ep, edge, cost));
        Map<String, RoundTrips> calls = new LinkedHashMap<>(addedCalls);
        other.addedCalls.forEach((site, call) -> calls.merge(site, call, (x, y) -> x.compareTo(y) >= 0 ? x : y));
        return new PatchEffect(both, calls);
    }
}
