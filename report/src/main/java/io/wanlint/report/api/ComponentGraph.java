package io.wanlint.report.api;

import com.fasterxml.jackson.core.JsonGenerator;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EjbReference;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.api.Tier;
import io.wanlint.report.graph.DotWriter;
import io.wanlint.report.graph.EdgeCosts;
import io.wanlint.report.graph.KindWords;
import io.wanlint.report.graph.Picture;
import io.wanlint.report.graph.SvgLayout;
import io.wanlint.report.json.ComponentJson;
import io.wanlint.report.json.JsonOutput;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Arrays;
import java.util.Deque;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The component graph ({@code wanlint graph --kind components}): components clustered by site and
 * ordered by tier; edges are the calls between components and the declared ejb-refs that no
 * observed call covers. Calls that cost WAN round trips are drawn heavy and labelled with what they
 * cost a request; calls within a site thin and dashed.
 *
 * <p>Views of a big application: {@link #from} (what a component reaches), {@link #inModule},
 * {@link #atSite}, {@link #depth}, each returning a smaller graph; {@link #collapsed} draws one node
 * per package or module. By default ({@link Collapse#AUTO}) a graph of more than
 * {@value #AUTO_COLLAPSE_ABOVE} components is drawn by package, small packages merged into their
 * parents until at most {@value #AUTO_COLLAPSE_ABOVE} groups are left. JSON always lists the
 * components (of the filtered view) and their references, never groups.
 */
public final class ComponentGraph {
    /** A resolved ejb-ref / ejb-local-ref / injection between two components. */
    public record Reference(String from, String to, boolean local, String name) {
        public String kind() { return local ? "ejb-local-ref" : "ejb-ref"; }
    }

    /** How components are grouped into drawn nodes. */
    public enum Collapse {
        /** One node per component. */
        NONE,
        /** One node per Java package (per site: a package split over two sites is two nodes). */
        PACKAGE,
        /** One node per deployment module (EAR member, or the project folder holding {@code src/}), per site. */
        MODULE,
        /** {@link #NONE} up to {@value ComponentGraph#AUTO_COLLAPSE_ABOVE} components, else by package. */
        AUTO
    }

    /** Above this many components, {@link Collapse#AUTO} draws packages rather than components. */
    public static final int AUTO_COLLAPSE_ABOVE = 60;

    private record Link(String from, String to) {}

    private final AnalysisResult result;
    private final List<Component> shown;
    private final Sites sites;
    private final List<Reference> references;
    private final Map<Link, List<CallEdge>> calls;
    private final EdgeCosts costs;
    private final Collapse collapse;

    private ComponentGraph(AnalysisResult result, List<Component> shown, Sites sites, List<Reference> references,
                           Map<Link, List<CallEdge>> calls, EdgeCosts costs, Collapse collapse) {
        this.result = result;
        this.shown = List.copyOf(shown);
        this.sites = sites;
        this.references = references;
        this.calls = calls;
        this.costs = costs;
        this.collapse = collapse;
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
        return new ComponentGraph(result, model.components(), sites, List.copyOf(refs), calls, new EdgeCosts(costs),
                Collapse.AUTO);
    }

    private static String componentOf(AnalysisResult result, MethodRef method, String named) {
        if (named != null && result.model().byName(named).isPresent()) return named;
        String fromNode = result.callGraph().node(method).map(MethodNode::component).orElse(null);
        if (fromNode != null && result.model().byName(fromNode).isPresent()) return fromNode;
        return result.model().owning(method.className()).map(Component::name).orElse(null);
    }

    private ComponentGraph showing(List<Component> components) {
        return new ComponentGraph(result, components, sites, references, calls, costs, collapse);
    }

    /** The same components drawn with another grouping. */
    public ComponentGraph collapsed(Collapse how) {
        return new ComponentGraph(result, shown, sites, references, calls, costs, how);
    }

    /**
     * What {@code component} reaches through calls and declared references, up to {@code depth}
     * steps (negative: no limit), itself included; empty when no shown component has that name.
     */
    public Optional<ComponentGraph> from(String component, int depth) {
        if (shown.stream().noneMatch(c -> c.name().equals(component))) return Optional.empty();
        return Optional.of(reach(List.of(component), depth));
    }

    /**
     * What requests reach within {@code depth} steps: from the components that hold entry points
     * (when none is shown, from those nothing shown calls).
     */
    public ComponentGraph depth(int depth) {
        Set<String> names = names();
        List<String> roots = new ArrayList<>();
        if (result.callGraph() != null) {
            for (EntryPoint ep : result.callGraph().entryPoints()) {
                if (ep.component() != null && names.contains(ep.component()) && !roots.contains(ep.component())) {
                    roots.add(ep.component());
                }
            }
        }
        if (roots.isEmpty()) {
            Set<String> called = new HashSet<>();
            for (Link l : links()) if (!l.from().equals(l.to())) called.add(l.to());
            for (Component c : shown) if (!called.contains(c.name())) roots.add(c.name());
        }
        return reach(roots, depth);
    }

    private ComponentGraph reach(List<String> roots, int depth) {
        Map<String, List<String>> out = new HashMap<>();
        for (Link l : links()) out.computeIfAbsent(l.from(), k -> new ArrayList<>()).add(l.to());
        Map<String, Integer> distance = new HashMap<>();
        Deque<String> work = new ArrayDeque<>();
        for (String r : roots) { distance.put(r, 0); work.add(r); }
        while (!work.isEmpty()) {
            String at = work.poll();
            int d = distance.get(at);
            if (depth >= 0 && d >= depth) continue;
            for (String next : out.getOrDefault(at, List.of())) {
                if (distance.putIfAbsent(next, d + 1) == null) work.add(next);
            }
        }
        return showing(shown.stream().filter(c -> distance.containsKey(c.name())).toList());
    }

    /** The components of one deployment module ({@link #modules()}); empty when none is in it. */
    public Optional<ComponentGraph> inModule(String module) {
        List<Component> in = shown.stream().filter(c -> moduleOf(c).equals(module)).toList();
        return in.isEmpty() ? Optional.empty() : Optional.of(showing(in));
    }

    /** The components the topology places at {@code site}; empty when none is there. */
    public Optional<ComponentGraph> atSite(String site) {
        List<Component> at = shown.stream().filter(c -> site.equals(sites.ofComponent(c.name()))).toList();
        return at.isEmpty() ? Optional.empty() : Optional.of(showing(at));
    }

    /** The deployment modules of the shown components, sorted. */
    public List<String> modules() {
        return shown.stream().map(ComponentGraph::moduleOf).distinct().sorted().toList();
    }

    /** The sites of the shown components, sorted. */
    public List<String> siteNames() {
        return shown.stream().map(c -> sites.ofComponent(c.name())).filter(Objects::nonNull).distinct().sorted().toList();
    }

    public List<Reference> references() { return references; }

    /** How many components this view shows. */
    public int componentCount() { return shown.size(); }

    /** How many nodes the picture draws (groups when collapsed). */
    public int nodeCount() { return grouping().groups(); }

    /** How many edges the picture draws (between groups when collapsed). */
    public int edgeCount() { return picture().edges().size(); }

    /** What one drawn node stands for, e.g. "component", "package", "package (first 3 parts)", "module". */
    public String nodesStandFor() { return grouping().describe(); }

    public String toDot() { return DotWriter.write(picture()); }

    /** An SVG drawn by wanlint's own layout (no Graphviz needed), readable at 100% zoom. */
    public String toSvg() { return SvgLayout.render(picture()); }

    public void writeJson(Writer out) throws IOException {
        try (JsonGenerator gen = JsonOutput.open(out)) {
            gen.writeStartObject();
            gen.writeStringField("schemaVersion", JsonReport.SCHEMA_VERSION);
            gen.writeArrayFieldStart("components");
            for (Component c : shown) ComponentJson.write(gen, c, sites.ofComponent(c.name()));
            gen.writeEndArray();
            gen.writeArrayFieldStart("references");
            Set<String> names = names();
            for (Reference r : references) {
                if (!names.contains(r.from()) || !names.contains(r.to())) continue;
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

    /** The deployment module a component is declared in (see {@link Collapse#MODULE}). */
    static String moduleOf(Component c) {
        for (SourceLocation l : c.declaredIn()) {
            if (!l.file().isEmpty()) return moduleOfPath(l.file());
        }
        return "(unknown module)";
    }

    /**
     * {@code app.ear!/web.war!/WEB-INF/web.xml}: the innermost archive ({@code web.war}); else the
     * folder holding the last {@code src} folder of the path ({@code ejbca-ejb/src/main/...}:
     * {@code ejbca-ejb}; {@code src/components/catalog/src/...}: {@code src/components/catalog}),
     * else the folder holding {@code WEB-INF}/{@code META-INF}, else the first folder;
     * {@code (root)} when that is the analysed folder itself.
     */
    static String moduleOfPath(String file) {
        String[] parts = file.split("!/");
        if (parts.length > 1) {
            String archive = parts[parts.length - 2];
            return archive.substring(archive.lastIndexOf('/') + 1);
        }
        List<String> segments = Arrays.asList(file.split("/"));
        int at = segments.subList(0, segments.size() - 1).lastIndexOf("src");
        if (at < 0) {
            for (int i = 0; i < segments.size() - 1 && at < 0; i++) {
                if (segments.get(i).equals("WEB-INF") || segments.get(i).equals("META-INF")) at = i;
            }
        }
        if (at < 0) at = segments.size() > 1 ? 1 : 0;
        return at == 0 ? "(root)" : String.join("/", segments.subList(0, at));
    }

    /** The package of a component's class; a JSP's folder. */
    static String packageOf(Component c) {
        String cls = c.className() == null ? "" : c.className();
        if (cls.contains("/")) {
            int slash = cls.lastIndexOf('/');
            return slash <= 0 ? "JSPs in /" : "JSPs in " + cls.substring(0, slash);
        }
        int dot = cls.lastIndexOf('.');
        return dot < 0 ? "(default package)" : cls.substring(0, dot);
    }

    /** The enclosing package, or null for a top-level package, a JSP folder or the default package. */
    private static String parent(String pkg) {
        if (pkg.startsWith("JSPs in ") || pkg.startsWith("(")) return null;
        int dot = pkg.lastIndexOf('.');
        return dot < 0 ? null : pkg.substring(0, dot);
    }

    /** Components grouped for drawing: the group key of each shown component. */
    private record Grouping(Collapse how, boolean merged, Map<String, String> groupOf) {
        int groups() { return new HashSet<>(groupOf.values()).size(); }

        String describe() {
            return switch (how) {
                case NONE, AUTO -> "component";
                case PACKAGE -> merged ? "package (small packages merged into their parent, shown as name.*)" : "package";
                case MODULE -> "module";
            };
        }
    }

    private Grouping grouping() {
        Collapse how = collapse;
        if (how == Collapse.AUTO) how = shown.size() > AUTO_COLLAPSE_ABOVE ? Collapse.PACKAGE : Collapse.NONE;
        if (how == Collapse.NONE) {
            Map<String, String> id = new LinkedHashMap<>();
            for (Component c : shown) id.put(c.name(), c.name());
            return new Grouping(Collapse.NONE, false, id);
        }
        if (how == Collapse.MODULE) return new Grouping(how, false, groupBy(c -> moduleOf(c)));
        Map<String, String> packageOf = new HashMap<>();
        for (Component c : shown) packageOf.put(c.name(), packageOf(c));
        if (collapse == Collapse.AUTO) mergeSmallPackages(packageOf);
        Set<String> merged = new HashSet<>();
        for (Component c : shown) if (!packageOf.get(c.name()).equals(packageOf(c))) merged.add(packageOf.get(c.name()));
        return new Grouping(how, !merged.isEmpty(), groupBy(c -> {
            String key = packageOf.get(c.name());
            return merged.contains(key) ? key + ".*" : key;
        }));
    }

    /**
     * Too many packages to read: merge the smallest package into its parent (a one-class package
     * first, the deepest among equals), again and again, until at most {@value #AUTO_COLLAPSE_ABOVE}
     * groups are left. Big packages keep their detail; cutting every package to its first parts
     * would draw ejbca's 1,660 components as a few nodes named {@code org.ejbca}.
     */
    private void mergeSmallPackages(Map<String, String> packageOf) {
        while (true) {
            Map<String, Integer> size = new HashMap<>();
            Set<String> groups = new HashSet<>();
            for (Component c : shown) {
                String key = packageOf.get(c.name());
                size.merge(key, 1, Integer::sum);
                groups.add(key + "@" + sites.ofComponent(c.name()));
            }
            if (groups.size() <= AUTO_COLLAPSE_ABOVE) return;
            String smallest = size.keySet().stream().filter(k -> parent(k) != null)
                    .min(Comparator.comparingInt((String k) -> size.get(k))
                            .thenComparing(k -> -k.split("\\.").length).thenComparing(k -> k))
                    .orElse(null);
            if (smallest == null) return;
            String into = parent(smallest);
            packageOf.replaceAll((name, key) -> key.equals(smallest) ? into : key);
        }
    }

    private Map<String, String> groupBy(java.util.function.Function<Component, String> name) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Component c : shown) {
            String site = sites.ofComponent(c.name());
            out.put(c.name(), "group:" + name.apply(c) + (site == null ? "" : "@" + site));
        }
        return out;
    }

    private Set<String> names() {
        Set<String> out = new HashSet<>();
        for (Component c : shown) out.add(c.name());
        return out;
    }

    /** Calls and references between shown components. */
    private Set<Link> links() {
        Set<String> names = names();
        Set<Link> out = new LinkedHashSet<>();
        for (Link l : calls.keySet()) if (names.contains(l.from()) && names.contains(l.to())) out.add(l);
        for (Reference r : references) if (names.contains(r.from()) && names.contains(r.to())) out.add(new Link(r.from(), r.to()));
        return out;
    }

    /**
     * Edges between drawn nodes: every call between two components of different groups counts once
     * in its group pair; the pair's round trips per request are {@link EdgeCosts#perRequest} of all
     * those calls (summed over the calls of one request, the costliest entry point).
     */
    private Picture picture() {
        Grouping grouping = grouping();
        Map<String, String> groupOf = grouping.groupOf();
        Map<String, List<Component>> members = new LinkedHashMap<>();
        for (Component c : shown) members.computeIfAbsent(groupOf.get(c.name()), k -> new ArrayList<>()).add(c);

        List<Picture.Node> nodes = new ArrayList<>();
        for (Map.Entry<String, List<Component>> g : members.entrySet()) {
            List<Component> in = g.getValue();
            Component first = in.get(0);
            String site = sites.ofComponent(first.name());
            if (in.size() == 1) {
                nodes.add(new Picture.Node(g.getKey(), first.name(), KindWords.of(first.kind()), first.tier(), site));
                continue;
            }
            String name = g.getKey().substring("group:".length(), site == null ? g.getKey().length() : g.getKey().lastIndexOf('@'));
            nodes.add(new Picture.Node(g.getKey(), tail(name), in.size() + " components", mostCommonTier(in), site));
        }

        Map<Link, List<CallEdge>> between = new LinkedHashMap<>();
        for (Map.Entry<Link, List<CallEdge>> e : calls.entrySet()) {
            String a = groupOf.get(e.getKey().from()), b = groupOf.get(e.getKey().to());
            if (a == null || b == null || a.equals(b)) continue;
            between.computeIfAbsent(new Link(a, b), k -> new ArrayList<>()).addAll(e.getValue());
        }
        Map<Link, TreeSet<String>> declared = new LinkedHashMap<>();
        for (Reference r : references) {
            String a = groupOf.get(r.from()), b = groupOf.get(r.to());
            if (a == null || b == null || a.equals(b)) continue;
            Link link = new Link(a, b);
            if (!between.containsKey(link)) declared.computeIfAbsent(link, k -> new TreeSet<>()).add(KindWords.reference(r.local()));
        }

        Map<String, String> siteOfNode = new HashMap<>();
        for (Picture.Node n : nodes) if (n.site() != null) siteOfNode.put(n.id(), n.site());
        List<Picture.Edge> edges = new ArrayList<>();
        for (Map.Entry<Link, List<CallEdge>> e : between.entrySet()) edges.add(callEdge(e.getKey(), e.getValue(), siteOfNode));
        for (Map.Entry<Link, TreeSet<String>> e : declared.entrySet()) {
            String words = String.join(", ", e.getValue());
            edges.add(new Picture.Edge(e.getKey().from(), e.getKey().to(), words, words, Picture.Line.DECLARED));
        }
        return new Picture("components", nodes, edges);
    }

    private Picture.Edge callEdge(Link link, List<CallEdge> calls, Map<String, String> siteOfNode) {
        TreeSet<String> kinds = new TreeSet<>();
        boolean remote = false;
        for (CallEdge call : calls) {
            kinds.add(KindWords.of(call.kind()));
            remote |= call.kind() != EdgeKind.LOCAL;
        }
        RoundTrips rt = costs.perRequest(calls);
        String fromSite = siteOfNode.get(link.from()), toSite = siteOfNode.get(link.to());
        boolean sitesDiffer = fromSite != null && toSite != null && !fromSite.equals(toSite);
        // A plain call into a helper class runs in the caller's JVM whatever site the helper is placed
        // at: only calls that cost round trips, or remote kinds between sites, are drawn as crossing.
        boolean crossing = !rt.isZero() || (sitesDiffer && remote);
        String what = String.join(", ", kinds);
        String cost = rt.isZero() ? "" : KindWords.roundTrips(rt.formula());
        String tooltip = what + " — " + KindWords.calls(calls.size()) + (cost.isEmpty() ? "" : ", " + cost + " per request");
        String label = crossing ? (cost.isEmpty() ? what : cost) : what;
        return new Picture.Edge(link.from(), link.to(), label, tooltip, crossing ? Picture.Line.CROSS_SITE : Picture.Line.LOCAL);
    }

    private static Tier mostCommonTier(List<Component> in) {
        Map<Tier, Integer> count = new EnumMap<>(Tier.class);
        for (Component c : in) count.merge(c.tier(), 1, Integer::sum);
        Tier best = null;
        for (Map.Entry<Tier, Integer> e : count.entrySet()) if (best == null || e.getValue() > count.get(best)) best = e.getKey();
        return best;
    }

    /** A long package name keeps its end, where packages differ. */
    private static String tail(String name) {
        return name.length() <= 38 ? name : "…" + name.substring(name.length() - 37);
    }
}
