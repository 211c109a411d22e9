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


    @Option(names = "--from", paramLabel = "CLASS#METHOD",
            description = "With --kind calls: only what this method (every overload) reaches.")
    String from;

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
            if (from != null) {
                err().println("error: --from applies to --kind calls");
                return ExitCode.USAGE;
            }
            ComponentGraph g = ComponentGraph.of(analysis.result(), sites, costs);
            drawing = new Drawing(g.nodeCount(), g::toDot, g::toSvg, g::toJson);
        } else {
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
            drawing = new Drawing(chosen.nodeCount(), chosen::toDot, chosen::toSvg, chosen::toJson);
        }
        emit(switch (format) {
            case dot -> drawing.dot().get();
            case json -> drawing.json().get();
            case svg -> svg(drawing);
        });
        return ExitCode.OK;
    }

    private record Drawing(int nodes, java.util.function.Supplier<String> dot, java.util.function.Supplier<String> builtInSvg,
                           java.util.function.Supplier<String> json) {}

    /** Graphviz when installed and the graph is small enough for it; otherwise wanlint's own layout. */
    private String svg(Drawing drawing) {
        Graphviz graphviz = wiring.graphviz();
        if (!graphviz.available()) {
            err().println("note: Graphviz dot is not installed; drew the SVG with wanlint's built-in layout ("
                    + Graphviz.INSTALL_HINT + ")");
            return drawing.builtInSvg().get();
        }
        if (drawing.nodes() > Graphviz.MAX_NODES) {
            err().println("note: " + drawing.nodes() + " nodes is too many for dot; drew the SVG with wanlint's built-in"
                    + " layout (use --from to draw one request path with dot)");
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
