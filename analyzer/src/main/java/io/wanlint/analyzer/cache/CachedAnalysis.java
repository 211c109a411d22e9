package io.wanlint.analyzer.cache;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.EjbReference;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.SourceFacts;
import io.wanlint.analyzer.api.UnseenCode;
import io.wanlint.analyzer.callgraph.FrozenCallGraph;
import io.wanlint.analyzer.model.SourceSuppressions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the analysis derived from its inputs after ingest, in the form the cache stores: the
 * component model before tier placement (placement is cheap and re-run), the call graph's parts,
 * the diagnostics of the parse, JSP, model and call-graph phases, and the in-code suppressions.
 * Components are stored without their EJB references, which are listed once in
 * {@code ejbRefLists} and picked by {@code ejbRefsOf}: every servlet and JSP of a web module carries
 * the module's whole {@code ejb-ref} list, which written out in full made a 500k-line application's
 * entry three hundred megabytes.
 * Everything here is a pure function of the inputs' paths and contents, the request's options and
 * the analyzer build, which is exactly what {@link AnalysisCache} keys it by. {@code incremental},
 * when present, is what a later run needs to update the analysis after Java files or JSP pages changed.
 * {@code identity} names the analysis itself rather than its inputs: the input digest of the run that
 * first computed it, kept by every later run whose analysis came out equal (an unchanged run, or an
 * update after changes that changed none of the facts, as a comment edited in place); later steps key
 * what they derive from the analysis alone by it (issue 22).
 */
public record CachedAnalysis(List<Component> components, List<Integer> ejbRefsOf, List<List<EjbReference>> ejbRefLists,
                             List<MethodNode> nodes, List<CallEdge> edges,
                             List<EntryPoint> entryPoints, SourceFacts facts, List<UnseenCode> unseenCode, List<Diagnostic> diagnostics,
                             List<SourceSuppressions.Entry> suppressions, IncrementalState incremental, String identity) {
    public CachedAnalysis {
        components = List.copyOf(components);
        ejbRefsOf = List.copyOf(ejbRefsOf);
        ejbRefLists = ejbRefLists.stream().map(List::copyOf).toList();
        if (ejbRefsOf.size() != components.size()) {
            throw new IllegalArgumentException("ejbRefsOf has " + ejbRefsOf.size() + " entries for " + components.size() + " components");
        }
        nodes = List.copyOf(nodes);
        edges = List.copyOf(edges);
        entryPoints = List.copyOf(entryPoints);
        if (facts == null) facts = SourceFacts.NONE;
        unseenCode = unseenCode == null ? List.of() : List.copyOf(unseenCode);
        diagnostics = List.copyOf(diagnostics);
        suppressions = List.copyOf(suppressions);
        java.util.Objects.requireNonNull(identity, "identity");
    }

    /** The parts of a computed analysis, with what an incremental run needs (null: nothing) and the analysis's identity. */
    public static CachedAnalysis of(ComponentModel model, CallGraph graph, List<Diagnostic> diagnostics,
                                    SourceSuppressions suppressions, IncrementalState incremental, String identity) {
        List<Component> bare = new ArrayList<>();
        List<Integer> refsOf = new ArrayList<>();
        Map<List<EjbReference>, Integer> lists = new LinkedHashMap<>();
        for (Component c : model.components()) {
            refsOf.add(lists.computeIfAbsent(c.ejbRefs(), k -> lists.size()));
            bare.add(c.withEjbRefs(List.of()));
        }
        return new CachedAnalysis(bare, refsOf, List.copyOf(lists.keySet()), List.copyOf(graph.nodes()), graph.edges(),
                graph.entryPoints(), graph.facts(), graph.unseenCode(), diagnostics, suppressions.entries(), incremental, identity);
    }

    /** The same analysis with what an incremental run needs. */
    public CachedAnalysis withIncremental(IncrementalState state) {
        return new CachedAnalysis(components, ejbRefsOf, ejbRefLists, nodes, edges, entryPoints, facts, unseenCode, diagnostics,
                suppressions, state, identity);
    }

    /**
     * Whether this analysis and {@code other} say the same about the application: the same call graph
     * (nodes, calls, entry points, facts) and diagnostics. Meant for an update that kept the model and
     * the suppressions as they were, which are then the same too.
     */
    public boolean sameFactsAs(CachedAnalysis other) {
        return nodes.equals(other.nodes) && edges.equals(other.edges) && entryPoints.equals(other.entryPoints)
                && facts.equals(other.facts) && unseenCode.equals(other.unseenCode) && diagnostics.equals(other.diagnostics) && components.equals(other.components)
                && ejbRefsOf.equals(other.ejbRefsOf) && ejbRefLists.equals(other.ejbRefLists) && suppressions.equals(other.suppressions);
    }

    /** The model again; components that shared a reference list share it again. */
    public ComponentModel model() {
        List<Component> out = new ArrayList<>(components.size());
        for (int i = 0; i < components.size(); i++) out.add(components.get(i).withEjbRefs(ejbRefLists.get(ejbRefsOf.get(i))));
        return new ComponentModel(out);
    }

    /** The graph again; the graph orders its parts itself, and they were stored in that order. */
    public CallGraph graph() { return FrozenCallGraph.of(nodes, edges, entryPoints, facts, unseenCode); }

    public SourceSuppressions sourceSuppressions() { return SourceSuppressions.ofEntries(suppressions); }
}
