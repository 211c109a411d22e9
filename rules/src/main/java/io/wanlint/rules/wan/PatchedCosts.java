package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CostAdjustment;
import io.wanlint.analyzer.api.EntryPoint;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A rule's patch as the cost model sees it: new unit costs for the calls the patch changes, the
 * standard cost for every other call.
 */
record PatchedCosts(Map<CallEdge, Integer> unitCosts) implements CostAdjustment {
    /** No call changes. */
    static final PatchedCosts NONE = new PatchedCosts(Map.of());

    PatchedCosts {
        unitCosts = Map.copyOf(unitCosts);
    }

    @Override public int unitCost(EntryPoint entryPoint, CallEdge edge, int standardCost) {
        Integer patched = unitCosts.get(edge);
        return patched == null ? standardCost : patched;
    }

    /** Builds a patch: the first call set keeps its cost, later ones for the same call are ignored. */
    static final class Builder {
        private final Map<CallEdge, Integer> costs = new LinkedHashMap<>();

        Builder set(CallEdge edge, int unitCost) {
            costs.putIfAbsent(edge, unitCost);
            return this;
        }

        PatchedCosts build() { return new PatchedCosts(costs); }
    }
}
