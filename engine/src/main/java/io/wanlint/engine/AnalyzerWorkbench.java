package io.wanlint.engine;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Analyzer;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.Topologies;
import io.wanlint.analyzer.api.Topology;
import io.wanlint.analyzer.api.WanCostModel;
import io.wanlint.analyzer.cache.AnalysisCache;

import java.util.List;
import java.util.Optional;

/** The real {@link Workbench}: the analyzer facade and {@link WanCostModel}. */
public final class AnalyzerWorkbench implements Workbench {
    @Override public Topology topology(String presetOrFile) { return Topologies.resolve(presetOrFile); }

    @Override public AnalysisResult analyze(AnalysisRequest request) { return Analyzer.analyze(request); }

    /** Caches whose entries may still be being written. */
    private final List<AnalysisCache> writing = new java.util.ArrayList<>();

    /** The cache is written in the background, while the rules and reports run. */
    @Override public AnalysisResult analyze(AnalysisRequest request, java.nio.file.Path cacheDir,
                                            java.util.function.Consumer<io.wanlint.analyzer.api.Diagnostic> cacheWarnings) {
        AnalysisCache cache = AnalysisCache.in(cacheDir, cacheWarnings).deferringWrites();
        synchronized (writing) {
            writing.add(cache);
        }
        AnalysisResult result = Analyzer.analyze(request, cache);
        cache.served().ifPresent(id -> identities.put(result, id));
        return result;
    }

    /** The identity of each cached analysis this workbench returned (by the result object itself: records compare deeply). */
    private final java.util.Map<AnalysisResult, AnalysisCache.Served> identities = java.util.Collections.synchronizedMap(new java.util.IdentityHashMap<>());

    @Override public Optional<AnalysisCache.Served> analysisIdentity(AnalysisResult result) {
        return Optional.ofNullable(identities.get(result));
    }

    @Override public void awaitCacheWrites() {
        List<AnalysisCache> caches;
        synchronized (writing) {
            caches = List.copyOf(writing);
            writing.clear();
        }
        caches.forEach(AnalysisCache::awaitWrites);
    }

    @Override public CostView costs(AnalysisResult result, Topology topology) {
        WanCostModel model = WanCostModel.of(result.model(), result.callGraph(), topology, result.transactions());
        return new CostView() {
            @Override public String siteOf(Component component) { return model.siteOf(component); }

            @Override public List<EntryPointCost> estimateAll() { return model.estimateAll(); }

            @Override public double latencyMs(EntryPointCost cost) { return model.latencyMs(cost); }

            @Override public Optional<WanCostModel> model() { return Optional.of(model); }
        };
    }
}
