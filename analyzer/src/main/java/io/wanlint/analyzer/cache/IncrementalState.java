package io.wanlint.analyzer.cache;

import io.wanlint.analyzer.callgraph.GraphMemory;

import java.util.Map;

/**
 * What a cache entry keeps, besides the analysis, so that a run after a few Java files or JSP pages
 * changed can update it instead of analysing everything again.
 *
 * @param structure        the {@link InputDigest#structure()} of the run that wrote it
 * @param contentHashes    every Java file's and JSP page's content hash then, by path
 * @param surfaces         every Java file's {@link io.wanlint.analyzer.callgraph.SurfaceFingerprint} then, and
 *                         every translated JSP page's (with whether it uses tag libraries), by path
 * @param graphDiagnostics how many of the entry's diagnostics (the last ones) the call graph gave
 * @param memory           the call graph's own record of the run
 */
public record IncrementalState(String structure, Map<String, String> contentHashes, Map<String, String> surfaces,
                               int graphDiagnostics, GraphMemory memory) {
    public IncrementalState {
        contentHashes = Map.copyOf(contentHashes);
        surfaces = Map.copyOf(surfaces);
    }
}
