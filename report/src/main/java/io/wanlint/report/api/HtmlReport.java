package io.wanlint.report.api;

import io.wanlint.report.html.HtmlPage;
import io.wanlint.report.html.IdeLinks;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The check report as one self-contained HTML file that works offline and never makes a network
 * request (inline CSS, JS and SVG; a Content-Security-Policy forbids fetches): summary, sortable
 * table of entry points with round trips and latency before/after, findings grouped by rule with
 * evidence and patch previews, the component graph, diagnostics, and "open in IDE" links.
 * Readable when printed and at phone width.
 */
public final class HtmlReport {
    /** Which editor the location links open. */
    public enum Ide { VSCODE, IDEA, NONE }

    private static final Pattern SVG_START = Pattern.compile("<svg[\\s>]");
    private static final Pattern XML_COMMENT = Pattern.compile("<!--.*?-->", Pattern.DOTALL);

    private final Path sourceRoot;
    private final List<Path> analysedPaths;
    private final Ide ide;
    private final Graphviz graphviz;
    private final String ideRoot;
    private final RuleHelpLinks help;

    /**
     * @param sourceRoot    the analysed root that report paths are relative to (for IDE links); null for no links
     * @param analysedPaths the paths the user gave, shown in the header
     * @param graphviz      draws the component graph when installed; otherwise wanlint's own layout draws it
     */
    public HtmlReport(Path sourceRoot, List<Path> analysedPaths, Ide ide, Graphviz graphviz) {
        this(sourceRoot, analysedPaths, ide, graphviz, null);
    }

    /**
     * @param ideRoot the repository root in the reader's checkout ({@code --ide-root}) that location
     *                links open files under; null: the analysed folder on this machine
     */
    public HtmlReport(Path sourceRoot, List<Path> analysedPaths, Ide ide, Graphviz graphviz, String ideRoot) {
        this(sourceRoot, analysedPaths, ide, graphviz, ideRoot, RuleHelpLinks.NONE);
    }

    /** @param help where the rule pages are ({@code --help-base-uri}): each rule's section links its page; NONE: no links */
    public HtmlReport(Path sourceRoot, List<Path> analysedPaths, Ide ide, Graphviz graphviz, String ideRoot, RuleHelpLinks help) {
        this.help = help == null ? RuleHelpLinks.NONE : help;
        this.ideRoot = ideRoot;
        this.sourceRoot = sourceRoot;
        this.analysedPaths = analysedPaths == null ? List.of() : List.copyOf(analysedPaths);
        this.ide = ide == null ? Ide.NONE : ide;
        this.graphviz = graphviz == null ? Graphviz.absent() : graphviz;
    }

    public String render(ReportData data, PatchIndex patches) {
        return new HtmlPage(data, patches == null ? PatchIndex.EMPTY : patches, new IdeLinks(ide, sourceRoot, ideRoot),
                analysedPaths, componentSvg(data), "", help).render();
    }

    /** The report with a "Deployments" section: every entry point under several topologies ({@code predict --compare}). */
    public String render(ReportData data, PatchIndex patches, io.wanlint.analyzer.api.DeploymentComparison deployments) {
        return new HtmlPage(data, patches == null ? PatchIndex.EMPTY : patches, new IdeLinks(ide, sourceRoot, ideRoot),
                analysedPaths, componentSvg(data), DeploymentsReport.htmlSection(deployments), help).render();
    }

    public void write(ReportData data, PatchIndex patches, Writer out) throws IOException {
        out.write(render(data, patches));
        out.flush();
    }

    private String componentSvg(ReportData data) {
        if (data.result().model().components().isEmpty()) return "";
        ComponentGraph graph = ComponentGraph.of(data.result(), new Sites(data.siteByComponent(), null, null, null), data.costs());
        if (graphviz.available() && Graphviz.suits(graph.nodeCount(), graph.edgeCount())) {
            try {
                return inlineable(graphviz.toSvg(graph.toDot()));
            } catch (Graphviz.GraphvizException e) {
                // The built-in layout below always works; the picture matters more than who drew it.
            }
        }
        return inlineable(graph.toSvg());
    }

    /** An SVG document as an element for inline HTML: no XML prolog, DOCTYPE (it names a remote DTD) or comments. */
    static String inlineable(String svg) {
        var m = SVG_START.matcher(svg);
        String element = m.find() ? svg.substring(m.start()) : svg;
        return XML_COMMENT.matcher(element).replaceAll("").strip();
    }
}
