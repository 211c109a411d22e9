package io.wanlint.cli;

import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.EntryPointCost;

import java.util.List;

/** What commands read from the cost model: sites, per-entry-point round trips and latency. */
public interface CostView {
    String siteOf(Component component);

    List<EntryPointCost> estimateAll();

    double latencyMs(EntryPointCost cost);
}
