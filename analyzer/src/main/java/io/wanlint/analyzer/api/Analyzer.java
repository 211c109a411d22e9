package io.wanlint.analyzer.api;

/**
 * The analyzer's entry point: ingest the inputs, build the component model, the call graph and
 * the transaction scopes. Never throws for bad input: what cannot be read becomes a diagnostic.
 */
public final class Analyzer {
    private Analyzer() {}

    public static AnalysisResult analyze(AnalysisRequest request) {
        return io.wanlint.analyzer.pipeline.AnalysisPipeline.run(request);
    }
}
