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

    /**
     * Analyses with an on-disk cache in {@code cacheDir} ({@code --cache}): when no input changed
     * since the cache's entry for these inputs was written, the phases after ingest are skipped and
     * the stored result is returned — the same result a fresh analysis gives, timings apart; when
     * only Java files' method bodies or JSP pages' scriptlets changed, the cached analysis is updated
     * from those files.
     *
     * @param cacheWarnings receives problems with the cache (unreadable, corrupt, unwritable); the
     *                      analysis never fails because of the cache
     */
    public static AnalysisResult analyze(AnalysisRequest request, java.nio.file.Path cacheDir,
                                         java.util.function.Consumer<Diagnostic> cacheWarnings) {
        return analyze(request, io.wanlint.analyzer.cache.AnalysisCache.in(cacheDir, cacheWarnings));
    }

    /**
     * Analyses with a cache the caller made: one {@link io.wanlint.analyzer.cache.AnalysisCache#deferringWrites()
     * writing in the background} lets the caller's own work overlap the cache's write.
     */
    public static AnalysisResult analyze(AnalysisRequest request, io.wanlint.analyzer.cache.AnalysisCache cache) {
        return io.wanlint.analyzer.pipeline.AnalysisPipeline.run(request, cache);
    }
}
