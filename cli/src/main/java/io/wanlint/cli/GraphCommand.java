package io.wanlint.cli;

import io.wanlint.engine.Analysis;
import io.wanlint.engine.ExitCode;

import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.report.api.CallGraphExport;
import io.wanlint.report.api.ComponentGraph;
import io.wanlint.report.api.Graphviz;
import io.wanlint.report.api.Sites;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** {@code wanlint graph}: the component graph or the call graph as DOT, SVG or JSON. */
@Command(name = "graph", mixinStandardHelpOptions = true, versionProvider = VersionInfo.class,
        description = "Draw the component graph or the method-level call graph.",
        footer = ExitCode.ANALYSIS_HELP_FOOTER)
final class GraphCommand extends AnalysisCommand {
    enum Kind { components, calls }

    enum Format { dot, svg, json }

    @Option(names = "--kind", defaultValue = "components", description = "components or calls (default: ${DEFAULT-VALUE}).")
    Kind kind;

    @Option(names = "--format", paramLabel = "dot|svg|json",
            description = "The result's format (default: the one -o FILE's extension names, .dot, .gv, .svg, .json; else dot).")
    Format format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Write the result to FILE instead of stdout (see --format).")
    Path output;


    @Option(names = "--from", paramLabel = "COMPONENT|CLASS#METHOD",
            description = "Only what this reaches: a component (ejb-name, servlet name…) with --kind components,"
                    + " a method (every overload) with --kind calls.")
    String from;

    @Option(names = "--module", paramLabel = "MODULE",
            description = "With --kind components: only the components declared in this deployment module"
                    + " (an EAR member such as web.war, or the project folder holding src/, e.g. ejbca-ejb).")
    String module;

    @Option(names = "--site", paramLabel = "SITE",
            description = "With --kind components: only the components the topology (--topology) places at SITE.")
    String site;

    @Option(names = "--depth", paramLabel = "N",
            description = "With --kind components: only N steps of calls from --from, or from the components that"
                    + " hold entry points.")
    Integer depth;

    enum Collapse { auto, none, package_, module }

    @Option(names = "--collapse", paramLabel = "auto|none|package|module", defaultValue = "auto",
            converter = CollapseConverter.class,
            description = "With --kind components: one node per Java package or per deployment module, edges summed"
                    + " between them (calls counted, round trips per request added up); auto (default) collapses by"
                    + " package above " + ComponentGraph.AUTO_COLLAPSE_ABOVE + " components.")
    Collapse collapse;

    static final class CollapseConverter implements picocli.CommandLine.ITypeConverter<Collapse> {
        @Override public Collapse convert(String value) {
            return switch (value.toLowerCase(java.util.Locale.ROOT)) {
                case "auto" -> Collapse.auto;
                case "none" -> Collapse.none;
                case "package" -> Collapse.package_;
                case "module" -> Collapse.module;
                default -> throw new picocli.CommandLine.TypeConversionException(
                        "expected auto, none, package or module, not '" + value + "'");
            };
        }
    }

    GraphCommand(Wiring wiring) { super(wiring); }

    @Override protected Path output() { return output; }

    @Override protected void checkOptions() {
        format = FormatChoice.choose("graph", Format.class, format, Format.dot, output);
    }

    @Override protected ExitCode execute(Analysis analysis) throws IOException {
        Sites sites = Sites.of(analysis.topology(), sites(analysis));
        List<EntryPointCost> costs = analysis.costs().estimateAll();
        Drawing drawing;
        if (kind == Kind.components) {
            Optional<ComponentGraph> chosen = components(ComponentGraph.of(analysis.result(), sites, costs), analysis);
            if (chosen.isEmpty()) return ExitCode.USAGE;
            ComponentGraph g = chosen.get();
            if (format != Format.json && g.nodeCount() < g.componentCount()) {
                err().println("note: " + g.componentCount() + " components drawn as " + g.nodeCount() + " nodes, one per "
                        + g.nodesStandFor() + (collapse == Collapse.auto ? " (more than " + ComponentGraph.AUTO_COLLAPSE_ABOVE
                        + " components; --collapse none draws each, --from/--module/--site draw fewer)" : ""));
            }
            drawing = new Drawing(g.nodeCount(), g.edgeCount(), g::toDot, g::toSvg, g::toJson);
        } else {
            if (module != null || site != null || depth != null || collapse != Collapse.auto) {
                err().println("error: --module, --site, --depth and --collapse apply to --kind components");
                return ExitCode.USAGE;
            }
            CallGraphExport g = CallGraphExport.of(analysis.result(), sites, costs);
            if (from != null) {
                Optional<CallGraphExport> restricted = g.from(from);
                if (restricted.isEmpty()) {
                    err().println("error: no method " + from + " in the call graph (expected fully.qualified.Class#method)");
                    return ExitCode.USAGE;
                }
                g = restricted.get();
            }
            CallGraphExport chosen = g;
            drawing = new Drawing(chosen.nodeCount(), chosen.edgeCount(), chosen::toDot, chosen::toSvg, chosen::toJson);
        }
        emit(switch (format) {
            case dot -> drawing.dot().get();
            case json -> drawing.json().get();
            case svg -> svg(drawing);
        });
        return ExitCode.OK;
    }

    /** The filters in the order a reader expects: what --from reaches, then within a module, then at a site. */
    private Optional<ComponentGraph> components(ComponentGraph g, Analysis analysis) {
        if (depth != null && depth < 0) {
            err().println("error: --depth must be 0 or more");
            return Optional.empty();
        }
        int steps = depth == null ? -1 : depth;
        if (from != null) {
            Optional<ComponentGraph> reached = g.from(from, steps);
            if (reached.isEmpty()) {
                err().println("error: no component " + from + " in the application (--from takes a component name"
                        + " such as an ejb-name or servlet name; --kind calls takes Class#method)");
                return Optional.empty();
            }
            g = reached.get();
        } else if (depth != null) {
            g = g.depth(steps);
        }
        if (module != null) {
            Optional<ComponentGraph> in = g.inModule(module);
            if (in.isEmpty()) {
                err().println("error: no component in module " + module + "; modules: " + some(g.modules()));
                return Optional.empty();
            }
            g = in.get();
        }
        if (site != null) {
            Optional<ComponentGraph> at = g.atSite(site);
            if (at.isEmpty()) {
                err().println("error: no component at site " + site + " under topology " + analysis.topology().name()
                        + "; sites: " + some(g.siteNames()));
                return Optional.empty();
            }
            g = at.get();
        }
        return Optional.of(g.collapsed(switch (collapse) {
            case auto -> ComponentGraph.Collapse.AUTO;
            case none -> ComponentGraph.Collapse.NONE;
            case package_ -> ComponentGraph.Collapse.PACKAGE;
            case module -> ComponentGraph.Collapse.MODULE;
        }));
    }

    private static String some(List<String> names) {
        if (names.isEmpty()) return "(none)";
        return names.size() <= 20 ? String.join(", ", names)
                : String.join(", ", names.subList(0, 20)) + " … (" + (names.size() - 20) + " more)";
    }

    private record Drawing(int nodes, int edges, java.util.function.Supplier<String> dot, java.util.function.Supplier<String> builtInSvg,
                           java.util.function.Supplier<String> json) {}

    /** Graphviz when installed and the graph is small enough for it; otherwise wanlint's own layout. */
    private String svg(Drawing drawing) {
        Graphviz graphviz = wiring.graphviz();
        if (!graphviz.available()) {
            err().println("note: Graphviz dot is not installed; drew the SVG with wanlint's built-in layout ("
                    + Graphviz.INSTALL_HINT + ")");
            return drawing.builtInSvg().get();
        }
        if (!Graphviz.suits(drawing.nodes(), drawing.edges())) {
            err().println("note: " + drawing.nodes() + " nodes and " + drawing.edges() + " edges are too many for dot; drew the SVG with wanlint's built-in"
                    + " layout (use --from, --module or --site to draw a part with dot)");
            return drawing.builtInSvg().get();
        }
        try {
            return graphviz.toSvg(drawing.dot().get());
        } catch (Graphviz.GraphvizException e) {
            err().println("warning: " + e.getMessage() + "; drew the SVG with wanlint's built-in layout");
            return drawing.builtInSvg().get();
        }
    }
}
