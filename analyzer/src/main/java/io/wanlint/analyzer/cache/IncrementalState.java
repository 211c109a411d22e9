package io.wanlint.analyzer.cache;

import io.wanlint.analyzer.callgraph.GraphMemory;

import java.util.Map;

/**
 * What a cache entry keeps, besides the analysis, so that a run after a few Java files changed can
 * update it instead of analysing everything again.
 *
 * @param structure        the {@link InputDigest#structure()} of the run that wrote it
 * @param javaHashes       every Java file's content hash then, by path
 * @param surfaces         every Java file's {@link io.wanlint.analyzer.callgraph.SurfaceFingerprint} then, by path
 * @param graphDiagnostics how many of the entry's diagnostics (the last ones) the call graph gave
 * @param memory           the call graph's own record of the run
 */
public record IncrementalState(String structure, Map<String, String> javaHashes, Map<String, String> surfaces,
                               int graphDiagnostics, GraphMemory memory) {
    public IncrementalState {
        javaHashes = Map.copyOf(javaHashes);
        surfaces = Map.copyOf(surfaces);
    }
}
