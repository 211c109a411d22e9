package io.wanlint.engine;

import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.EntryPointCost;

import io.wanlint.analyzer.api.WanCostModel;
import java.util.List;
import java.util.Optional;

/** What commands read from the cost model: sites, per-entry-point round trips and latency. */
public interface CostView {
    String siteOf(Component component);

    List<EntryPointCost> estimateAll();

    double latencyMs(EntryPointCost cost);

    /**
     * The cost model behind this view, when there is one: the rules estimate with it too, so each
     * entry point is walked once per run (its estimates are memoised) rather than once per user.
     */
    default Optional<WanCostModel> model() { return Optional.empty(); }
}
