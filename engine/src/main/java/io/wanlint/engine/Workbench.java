package io.wanlint.engine;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Topology;

/**
 * The analysis steps every command needs. {@link AnalyzerWorkbench} calls the real analyzer and
 * cost model; tests hand the CLI a fake so that commands are tested apart from the analysis.
 */
public interface Workbench {
    /**
     * A preset name or a topology file.
     *
     * @throws io.wanlint.analyzer.api.ConfigurationException when the file is wrong (exit code 2)
     */
    Topology topology(String presetOrFile);

    AnalysisResult analyze(AnalysisRequest request);

    /**
     * Analyses with the {@code --cache} folder; problems with the cache go to {@code cacheWarnings}
     * and never change the result. A workbench without a cache just analyses. The cache's entry may
     * still be being written when this returns: {@link #awaitCacheWrites()} waits for it.
     */
    default AnalysisResult analyze(AnalysisRequest request, java.nio.file.Path cacheDir,
                                   java.util.function.Consumer<io.wanlint.analyzer.api.Diagnostic> cacheWarnings) {
        return analyze(request);
    }

    /** Waits for the cache writes {@link #analyze(AnalysisRequest, java.nio.file.Path, java.util.function.Consumer)} started. */
    default void awaitCacheWrites() { }

    /**
     * For a result of {@link #analyze(AnalysisRequest, java.nio.file.Path, java.util.function.Consumer)}: a
     * name that two results share only when they are equal analyses (whatever else changed in the
     * files, say a comment); empty when the workbench cannot tell.
     */
    default java.util.Optional<io.wanlint.analyzer.cache.AnalysisCache.Served> analysisIdentity(AnalysisResult result) { return java.util.Optional.empty(); }

    /** The round-trip view of an analysed application under a topology. */
    CostView costs(AnalysisResult result, Topology topology);
}
