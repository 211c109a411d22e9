package io.wanlint.analyzer.cache;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.SourceFacts;
import io.wanlint.analyzer.callgraph.FrozenCallGraph;
import io.wanlint.analyzer.model.SourceSuppressions;
import java.util.List;

/**
 * What the analysis derived from its inputs after ingest, in the form the cache stores: the
 * component model before tier placement (placement is cheap and re-run), the call graph's parts,
 * the diagnostics of the parse, JSP, model and call-graph phases, and the in-code suppressions.
 * Everything here is a pure function of the inputs' paths and contents, the request's options and
 * the analyzer build, which is exactly what {@link AnalysisCache} keys it by.
 */
public record CachedAnalysis(List<Component> components, List<MethodNode> nodes, List<CallEdge> edges,
                             List<EntryPoint> entryPoints, SourceFacts facts, List<Diagnostic> diagnostics,
                             List<SourceSuppressions.Entry> suppressions) {
    public CachedAnalysis {
        components = List.copyOf(components);
        nodes = List.copyOf(nodes);
        edges = List.copyOf(edges);
        entryPoints = List.copyOf(entryPoints);
        if (facts == null) facts = SourceFacts.NONE;
        diagnostics = List.copyOf(diagnostics);
        suppressions = List.copyOf(suppressions);
    }

    /** The parts of a freshly computed analysis. */
    public static CachedAnalysis of(ComponentModel model, CallGraph graph, List<Diagnostic> diagnostics,
                                    SourceSuppressions suppressions) {
        return new CachedAnalysis(model.components(), List.copyOf(graph.nodes()), graph.edges(), graph.entryPoints(),
                graph.facts(), diagnostics, suppressions.entries());
    }

    public ComponentModel model() { return new ComponentModel(components); }

    /** The graph again; the graph orders its parts itself, and they were stored in that order. */
    public CallGraph graph() { return FrozenCallGraph.of(nodes, edges, entryPoints, facts); }

    public SourceSuppressions sourceSuppressions() { return SourceSuppressions.ofEntries(suppressions); }
}
