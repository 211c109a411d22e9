package io.wanlint.report.api;

import com.fasterxml.jackson.core.JsonGenerator;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.Multiplicity;
import io.wanlint.analyzer.api.Tier;
import io.wanlint.report.graph.DotWriter;
import io.wanlint.report.graph.EdgeCosts;
import io.wanlint.report.graph.KindWords;
import io.wanlint.report.graph.Picture;
import io.wanlint.report.graph.SvgLayout;
import io.wanlint.report.json.JsonOutput;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The method-level call graph as {@code wanlint graph --kind calls} shows it (docs/json-report.md §Graph JSON): one node
 * per method (and per API target such as a JDBC or HTTP call, with no component), one edge per call
 * site with its kind, line, multiplicity and whether it can run inside a transaction. Node ids
 * ({@code n1}, {@code n2}…) follow the sorted method signatures, so they are stable across runs.
 */
public final class CallGraphExport {
    private static final Comparator<MethodRef> METHOD_ORDER = Comparator.comparing(MethodRef::className)
            .thenComparing(MethodRef::name).thenComparing(m -> String.join(",", m.parameterTypes()));

    /** One node: a method of the application, or an API it calls ({@code component} null). */
    private record Node(String id, MethodRef method, String component, String site, Tier tier, EdgeKind reachedBy) {}

    private final AnalysisResult result;
    private final Sites sites;
    private final EdgeCosts costs;
    private final List<CallEdge> edges;
    private final Map<MethodRef, Node> nodes;

    private CallGraphExport(AnalysisResult result, Sites sites, EdgeCosts costs, Set<MethodRef> methods,
                            List<CallEdge> edges) {
        this.result = result;
        this.sites = sites;
        this.costs = costs;
        this.edges = List.copyOf(edges);
        this.nodes = number(methods);
    }

    /** The whole call graph. */
    public static CallGraphExport of(AnalysisResult result, Sites sites, List<EntryPointCost> costs) {
        CallGraph graph = result.callGraph();
        Set<MethodRef> methods = new HashSet<>();
        for (MethodNode n : graph.nodes()) methods.add(n.ref());
        for (CallEdge e : graph.edges()) { methods.add(e.from()); methods.add(e.to()); }
        return new CallGraphExport(result, sites, new EdgeCosts(costs), methods, graph.edges());
    }

    /**
     * What is reachable from {@code classAndMethod} ({@code fully.qualified.Class#method}, every
     * overload), or empty when no method of the graph has that name.
     */
    public Optional<CallGraphExport> from(String classAndMethod) {
        Deque<MethodRef> work = new ArrayDeque<>();
        for (MethodRef m : nodes.keySet()) if (m.shortId().equals(classAndMethod)) work.add(m);
        if (work.isEmpty()) return Optional.empty();
        Set<MethodRef> seen = new HashSet<>(work);
        List<CallEdge> reached = new ArrayList<>();
        CallGraph graph = result.callGraph();
        while (!work.isEmpty()) {
            for (CallEdge e : graph.outgoing(work.poll())) {
                reached.add(e);
                if (seen.add(e.to())) work.add(e.to());
            }
        }
        // Keep the graph's own edge order so output does not depend on the traversal.
        Set<CallEdge> keep = new HashSet<>(reached);
        List<CallEdge> ordered = edges.stream().filter(keep::contains).toList();
        return Optional.of(new CallGraphExport(result, sites, costs, seen, ordered));
    }

    public int nodeCount() { return nodes.size(); }

    public int edgeCount() { return edges.size(); }

    public String toDot() { return DotWriter.write(picture()); }

    /** An SVG drawn by wanlint's own layered layout (no Graphviz needed). */
    public String toSvg() { return SvgLayout.render(picture()); }

    public void writeJson(Writer out) throws IOException {
        try (JsonGenerator gen = JsonOutput.open(out)) {
            gen.writeStartObject();
            gen.writeStringField("schemaVersion", JsonReport.SCHEMA_VERSION);
            gen.writeArrayFieldStart("nodes");
            for (Node n : nodes.values()) {
                gen.writeStartObject();
                gen.writeStringField("id", n.id());
                gen.writeStringField("className", n.method().className());
                gen.writeStringField("method", n.method().name());
                JsonOutput.stringArray(gen, "parameterTypes", n.method().parameterTypes());
                gen.writeStringField("component", n.component());
                gen.writeStringField("site", n.site());
                gen.writeEndObject();
            }
            gen.writeEndArray();
            gen.writeArrayFieldStart("edges");
            for (CallEdge e : edges) {
                gen.writeStartObject();
                gen.writeStringField("from", nodes.get(e.from()).id());
                gen.writeStringField("to", nodes.get(e.to()).id());
                gen.writeStringField("kind", e.kind().name());
                gen.writeStringField("op", e.op().name());
                JsonOutput.optional(gen, "file", e.location().file());
                gen.writeNumberField("line", e.line());
                gen.writeStringField("multiplicity", e.multiplicity().json());
                gen.writeBooleanField("inTransaction", result.transactions() != null
                        && result.transactions().everInTransaction(e));
                int rt = costs.of(e);
                if (rt > 0) gen.writeNumberField("wanRoundTrips", rt);
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

    private Map<MethodRef, Node> number(Set<MethodRef> methods) {
        CallGraph graph = result.callGraph();
        Map<MethodRef, CallEdge> firstCallTo = new HashMap<>();
        for (CallEdge e : edges) firstCallTo.putIfAbsent(e.to(), e);
        Map<MethodRef, Node> out = new LinkedHashMap<>();
        int i = 1;
        for (MethodRef m : methods.stream().sorted(METHOD_ORDER).toList()) {
            Optional<MethodNode> node = graph.node(m);
            CallEdge call = firstCallTo.get(m);
            boolean api = node.isEmpty() && call != null && call.kind() != EdgeKind.LOCAL && !call.kind().isEjb();
            String id = "n" + i++;
            if (api) {
                out.put(m, new Node(id, m, null, sites.ofTarget(call), tierOfApi(call.kind()), call.kind()));
            } else {
                String component = node.map(MethodNode::component)
                        .or(() -> Optional.ofNullable(call).map(CallEdge::targetComponent))
                        .or(() -> result.model().owning(m.className()).map(Component::name))
                        .orElse(null);
                Tier tier = result.model().byName(component == null ? "" : component).map(Component::tier).orElse(Tier.WEB);
                out.put(m, new Node(id, m, component, sites.ofComponent(component), tier, null));
            }
        }
        return out;
    }

    private static Tier tierOfApi(EdgeKind kind) {
        return switch (kind) {
            case JDBC, JPA, JMS_SEND -> Tier.DATA;
            case HTTP_EXTERNAL, SOCKET, MAIL, RMI -> Tier.EXTERNAL;
            default -> Tier.EJB;
        };
    }

    private Picture picture() {
        List<Picture.Node> pn = new ArrayList<>();
        for (Node n : nodes.values()) {
            String detail = n.component() != null ? n.component() : n.reachedBy() != null ? KindWords.of(n.reachedBy()) : "";
            pn.add(new Picture.Node(n.id(), n.method().simpleClassName() + "." + n.method().name(), detail,
                    n.tier(), n.site()));
        }
        List<Picture.Edge> pe = new ArrayList<>();
        for (CallEdge e : edges) {
            Node a = nodes.get(e.from()), b = nodes.get(e.to());
            int rt = costs.of(e);
            boolean sitesDiffer = a.site() != null && b.site() != null && !a.site().equals(b.site());
            // A plain call runs in the caller's JVM, whatever site its callee's class is placed at.
            boolean crossing = rt > 0 || (sitesDiffer && e.kind() != EdgeKind.LOCAL);
            StringBuilder label = new StringBuilder(KindWords.of(e.kind()));
            if (e.multiplicity() == Multiplicity.PER_ITERATION) label.append(" in a loop");
            if (rt > 0) label.append(" · ").append(KindWords.roundTrips(String.valueOf(rt)));
            String tooltip = label + " (line " + e.line() + ")";
            pe.add(new Picture.Edge(a.id(), b.id(), label.toString(), tooltip,
                    crossing ? Picture.Line.CROSS_SITE : Picture.Line.LOCAL));
        }
        return new Picture("calls", pn, pe);
    }
}
