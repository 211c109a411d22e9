package io.wanlint.analyzer.api;

import java.util.List;

/**
 * Predicts the WAN round trips of every entry point under a topology (SPEC §4): the sum, over
 * the calls reachable from the entry point, of the cost of each call that crosses sites, times its
 * multiplicity. Each count comes with the crossing calls that make it up.
 */
public final class WanCostModel {
    private final io.wanlint.analyzer.cost.CostEngine engine;

    private WanCostModel(io.wanlint.analyzer.cost.CostEngine engine) { this.engine = engine; }

    public static WanCostModel of(ComponentModel model, CallGraph graph, Topology topology) {
        return new WanCostModel(new io.wanlint.analyzer.cost.CostEngine(model, graph, topology));
    }

    public Topology topology() { return engine.topology(); }

    /** The site a component runs on under this topology. */
    public String siteOf(Component component) { return engine.siteOf(component); }

    public EntryPointCost estimate(EntryPoint entryPoint) { return engine.estimate(entryPoint, CostAdjustment.NONE); }

    public EntryPointCost estimate(EntryPoint entryPoint, CostAdjustment adjustment) {
        return engine.estimate(entryPoint, adjustment);
    }

    /** Every entry point of the graph, in the graph's order. */
    public List<EntryPointCost> estimateAll() {
        return engine.graph().entryPoints().stream().map(this::estimate).toList();
    }

    /** The round-trip latency of a count, in milliseconds: 2 × one-way latency per round trip on each link. */
    public double latencyMs(EntryPointCost cost) { return engine.latencyMs(cost); }
}
