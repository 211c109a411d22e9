package io.wanlint.engine;

import io.wanlint.rules.config.Configuration;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Topology;

/**
 * An analysed application under the topology the user chose, with the run's configuration
 * ({@code wanlint.yaml}): what check, predict and fix work on.
 */
public record Analysis(AnalysisResult result, Topology topology, CostView costs, Configuration configuration) {
    public Analysis {
        if (configuration == null) configuration = Configuration.DEFAULTS;
    }

    public Analysis(AnalysisResult result, Topology topology, CostView costs) {
        this(result, topology, costs, Configuration.DEFAULTS);
    }
}
