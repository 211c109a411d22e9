package io.wanlint.report.api;

import com.fasterxml.jackson.core.JsonGenerator;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EjbReference;
import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.report.graph.DotWriter;
import io.wanlint.report.graph.EdgeCosts;
import io.wanlint.report.graph.Picture;
import io.wanlint.report.graph.SvgLayout;
import io.wanlint.report.json.ComponentJson;
import io.wanlint.report.json.JsonOutput;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The component graph ({@code wanlint graph --kind components}): components grouped by tier and
 * coloured by site; edges are the calls between components (heavy and labelled with their round
 * trips when they cross sites) and the declared ejb-refs that no observed call covers (dashed).
 * JSON lists the components and their resolved ejb-refs.
 */
public final class ComponentGraph {
    /** A resolved ejb-ref / ejb-local-ref / injection between two components. */
    public record Reference(String from, String to, boolean local, String name) {
        public String kind() { return local ? "ejb-local-ref" : "ejb-ref"; }
    }

    private record Link(String from, String to) {}

    private final ComponentModel model;
    private final Sites sites;
    private final List<Reference> references;
    private final Map<Link, List<CallEdge>> calls;
    private final EdgeCosts costs;

    private ComponentGraph(ComponentModel model, Sites sites, List<Reference> references,
                           Map<Link, List<CallEdge>> calls, EdgeCosts costs) {
        this.model = model;
        this.sites = sites;
        this.references = references;
        this.calls = calls;
        this.costs = costs;
    }

    /**
     * @param costs entry-point costs whose crossing calls label cross-site edges; empty for no labels
     */
    public static ComponentGraph of(AnalysisResult result, Sites sites, List<EntryPointCost> costs) {
        ComponentModel model = result.model();
        List<Reference> refs = new ArrayList<>();
        for (Component c : model.components()) {
            for (EjbReference r : c.ejbRefs()) {
                if (r.target() != null && model.byName(r.target()).isPresent()) {
                    refs.add(new Reference(c.name(), r.target(), r.local(), r.name()));
                }
            }
        }
        Map<Link, List<CallEdge>> calls = new LinkedHashMap<>();
        if (result.callGraph() != null) {
            for (CallEdge e : result.callGraph().edges()) {
                String from = componentOf(result, e.from(), null);
                String to = componentOf(result, e.to(), e.targetComponent());
                if (from != null && to != null && !from.equals(to)) {
                    calls.computeIfAbsent(new Link(from, to), k -> new ArrayList<>()).add(e);
                }
            }
        }
        return new ComponentGraph(model, sites, List.copyOf(refs), calls, new EdgeCosts(costs));
    }

    private static String componentOf(AnalysisResult result, MethodRef method, String named) {
        if (named != null && result.model().byName(named).isPresent()) return named;
        String fromNode = result.callGraph().node(method).map(MethodNode::component).orElse(null);
        if (fromNode != null && result.model().byName(fromNode).isPresent()) return fromNode;
        return result.model().owning(method.className()).map(Component::name).orElse(null);
    }

    public List<Reference> references() { return references; }

    public int nodeCount() { return model.components().size(); }

    public String toDot() { return DotWriter.write(picture()); }

    /** An SVG drawn by wanlint's own layered layout (no Graphviz needed). */
    public String toSvg() { return SvgLayout.render(picture()); }

    public void writeJson(Writer out) throws IOException {
        try (JsonGenerator gen = JsonOutput.open(out)) {
            gen.writeStartObject();
            gen.writeStringField("schemaVersion", JsonReport.SCHEMA_VERSION);
            gen.writeArrayFieldStart("components");
            for (Component c : model.components()) ComponentJson.write(gen, c, sites.ofComponent(c.name()));
            gen.writeEndArray();
            gen.writeArrayFieldStart("references");
            for (Reference r : references) {
                gen.writeStartObject();
                gen.writeStringField("from", r.from());
                gen.writeStringField("to", r.to());
                gen.writeStringField("kind", r.kind());
                JsonOutput.optional(gen, "name", r.name());
                gen.writeEndObject();
            }
            gen.writeEndArray();
            gen.writeEndObject();
            gen.writeRaw('\n');
        }
    }

    public String toJson() {
        return JsonOutput.render(this::writeJson);
    }

    private Picture picture() {
        List<Picture.Node> nodes = new ArrayList<>();
        for (Component c : model.components()) {
            nodes.add(new Picture.Node(c.name(), c.name(), c.kind().name(), c.tier(), sites.ofComponent(c.name())));
        }
        List<Picture.Edge> edges = new ArrayList<>();
        for (Map.Entry<Link, List<CallEdge>> e : calls.entrySet()) {
            TreeSet<String> kinds = new TreeSet<>();
            int roundTrips = 0;
            for (CallEdge call : e.getValue()) {
                if (call.kind() != EdgeKind.LOCAL) kinds.add(call.kind().name());
                roundTrips += costs.of(call);
            }
            String label = String.join(", ", kinds) + (roundTrips > 0 ? (kinds.isEmpty() ? "" : " · ") + roundTrips + " RT" : "");
            edges.add(new Picture.Edge(e.getKey().from(), e.getKey().to(), label, crossSite(e.getKey()), false));
        }
        for (Reference r : references) {
            Link link = new Link(r.from(), r.to());
            if (calls.containsKey(link)) continue;
            edges.add(new Picture.Edge(r.from(), r.to(), r.kind(), crossSite(link), true));
        }
        return new Picture("components", nodes, dedupe(edges));
    }

    private boolean crossSite(Link link) {
        String a = sites.ofComponent(link.from()), b = sites.ofComponent(link.to());
        return a != null && b != null && !a.equals(b);
    }

    /** Two refs to the same bean (remote and local) draw one dashed edge. */
    private static List<Picture.Edge> dedupe(List<Picture.Edge> edges) {
        Map<List<String>, Picture.Edge> seen = new LinkedHashMap<>();
        for (Picture.Edge e : edges) seen.putIfAbsent(List.of(e.from(), e.to(), String.valueOf(e.dashed())), e);
        return List.copyOf(seen.values());
    }
}
