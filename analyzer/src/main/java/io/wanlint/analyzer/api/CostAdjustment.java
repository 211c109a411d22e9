package io.wanlint.analyzer.api;

/**
 * A what-if for the cost model: how a patch changes the unit cost of a call (a façade makes the
 * first remote call cost 1 and the rest 0; deferring an HTTP call to a message bean makes it a
 * JMS send at the main site). {@link #NONE} keeps every standard cost.
 */
@FunctionalInterface
public interface CostAdjustment {
    /**
     * @param standardCost the unit cost the table of docs/cost-model.md §Cost table gives this call under the topology
     * @return the unit cost after the patch
     */
    int unitCost(EntryPoint entryPoint, CallEdge edge, int standardCost);

    CostAdjustment NONE = (ep, edge, cost) -> cost;
}
