package io.wanlint.analyzer.api;

import java.util.List;

/**
 * The predicted WAN round trips of one entry point under a topology, with the crossing calls
 * that make up the count (so every number can be explained).
 *
 * @param site the site the entry point's component runs on
 */
public record EntryPointCost(EntryPoint entryPoint, String site, RoundTrips roundTrips, List<CrossingCall> crossings) {
    public EntryPointCost {
        crossings = List.copyOf(crossings);
    }
}
