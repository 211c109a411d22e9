package io.wanlint.analyzer.cost;

import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.CostAdjustment;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.Topology;

/** Implementation of {@link io.wanlint.analyzer.api.WanCostModel}; owned by the cost-model work. */
public final class CostEngine {
    private final ComponentModel model;
    private final CallGraph graph;
    private final Topology topology;

    public CostEngine(ComponentModel model, CallGraph graph, Topology topology) {
        this.model = model;
        this.graph = graph;
        this.topology = topology;
    }

    public Topology topology() { return topology; }

    public CallGraph graph() { return graph; }

    public String siteOf(Component component) { throw new UnsupportedOperationException("cost model not implemented yet"); }

    public EntryPointCost estimate(EntryPoint entryPoint, CostAdjustment adjustment) {
        throw new UnsupportedOperationException("cost model not implemented yet");
    }

    public double latencyMs(EntryPointCost cost) { throw new UnsupportedOperationException("cost model not implemented yet"); }
}
