package io.wanlint.analyzer.pipeline;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;

/** Runs the analysis phases in order. Wired up as the phases land (integration owned by the lead). */
public final class AnalysisPipeline {
    private AnalysisPipeline() {}

    public static AnalysisResult run(AnalysisRequest request) {
        throw new UnsupportedOperationException("analysis pipeline not wired yet");
    }
}
