package io.wanlint.report.graph;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CrossingCall;
import io.wanlint.analyzer.api.EntryPointCost;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The WAN round trips one execution of a call costs, read from the cost model's crossing calls. */
public final class EdgeCosts {
    private final Map<CallEdge, Integer> unitCost = new HashMap<>();

    public EdgeCosts(List<EntryPointCost> costs) {
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
}
