package io.wanlint.analyzer.pipeline;

import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.cache.CachedAnalysis;
import io.wanlint.analyzer.cache.IncrementalState;
import io.wanlint.analyzer.cache.InputDigest;
import io.wanlint.analyzer.callgraph.GraphMemory;
import io.wanlint.analyzer.callgraph.SurfaceFingerprint;
import io.wanlint.analyzer.ingest.JavaUnit;
import io.wanlint.analyzer.ingest.JspUnit;
import io.wanlint.analyzer.model.SourceSuppressions;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * What a fresh analysis hands to the cache writer: the entry's parts, put together into a
 * {@link CachedAnalysis} on the writer's thread while the rules run. It holds no parsed tree: the
 * files' surfaces are taken from the trees when it is made, before the rules, so the trees go once
 * the call graph is built, as in a run without a cache. (Taken on the writer's thread beside the
 * rules, which keep both cores busy, they kept every tree alive into the rules' full collection:
 * 1.1-1.6 GB live on HELIUM V instead of 0.4 GB, peak RSS 3.1-3.4 GB instead of 2.5 GB.)
 *
 * @param incremental what the next run needs to update the entry, or null (bytecode input)
 */
record PendingEntry(ComponentModel model, CallGraph graph, List<Diagnostic> diagnostics, SourceSuppressions suppressions,
                    IncrementalState incremental, String identity) implements Supplier<CachedAnalysis> {

    /**
     * The entry of a fresh analysis named by its inputs ({@code key}); with the call graph's
     * {@code memory} (null: none, as for bytecode input), the incremental state, for which every
     * Java file's and translated JSP page's surface is taken from {@code units} and {@code jsps} now.
     *
     * @param graphDiagnostics how many of {@code diagnostics} (the last ones) the call graph gave
     */
    static PendingEntry of(ComponentModel model, CallGraph graph, List<Diagnostic> diagnostics, int graphDiagnostics,
                           SourceSuppressions suppressions, GraphMemory memory, InputDigest key,
                           List<JavaUnit> units, List<JspUnit> jsps) {
        IncrementalState incremental = memory == null ? null : new IncrementalState(key.structure(), key.contentHashes(),
                surfaces(units, jsps), graphDiagnostics, memory);
        return new PendingEntry(model, graph, diagnostics, suppressions, incremental, key.digest());
    }

    @Override public CachedAnalysis get() {
        return CachedAnalysis.of(model, graph, diagnostics, suppressions, incremental, identity);
    }

    /** Every Java file's and translated JSP page's surface fingerprint, for the next run's incremental update. */
    private static Map<String, String> surfaces(List<JavaUnit> units, List<JspUnit> jsps) {
        Map<String, String> surfaces = new HashMap<>(units.parallelStream().collect(
                Collectors.toMap(u -> u.source().path(), u -> SurfaceFingerprint.of(u.unit()), (a, b) -> a)));
        for (JspUnit j : jsps) IncrementalUpdate.pageSurface(j).ifPresent(s -> surfaces.putIfAbsent(j.source().path(), s));
        return surfaces;
    }
}
