package io.wanlint.cli;

import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Topology;

/** An analysed application under the topology the user chose: what check, predict and fix work on. */
public record Analysis(AnalysisResult result, Topology topology, CostView costs) {}
