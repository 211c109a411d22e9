package io.wanlint.report.graph;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CrossingCall;
import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.RoundTrips;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The WAN round trips calls cost, read from the cost model's crossing calls. */
public final class EdgeCosts {
    private final Map<CallEdge, Integer> unitCost = new HashMap<>();
    private final List<EntryPointCost> costs;

    public EdgeCosts(List<EntryPointCost> costs) {
        this.costs = List.copyOf(costs);
        for (EntryPointCost cost : costs) {
            for (CrossingCall c : cost.crossings()) {
                // The same call reached from two entry points has the same unit cost; keep the larger
                // in case a cached lookup was free from one path and not the other.
                if (c.edge() != null) unitCost.merge(c.edge(), c.unitCost(), Math::max);
            }
        }
    }

    /** Round trips per execution, 0 when the call does not cross sites (or no cost model was given). */
    public int of(CallEdge edge) { return unitCost.getOrDefault(edge, 0); }

    /**
     * What these calls cost one request: for each entry point, the sum of the round trips its paths
     * spend on any of the calls (a call in a loop counts {@code n} times); then the costliest entry
     * point, since one request runs one entry point. Zero when none of the calls crosses sites.
     */
    public RoundTrips perRequest(Collection<CallEdge> calls) {
        Set<CallEdge> wanted = calls instanceof Set<CallEdge> s ? s : new HashSet<>(calls);
        RoundTrips worst = RoundTrips.ZERO;
        for (EntryPointCost cost : costs) {
            RoundTrips sum = RoundTrips.ZERO;
            boolean any = false;
            for (CrossingCall c : cost.crossings()) {
                if (c.edge() != null && wanted.contains(c.edge())) {
                    sum = sum.plus(c.contribution());
                    any = true;
                }
            }
            if (any) worst = RoundTrips.max(worst, sum);
        }
        return worst;
    }
}
