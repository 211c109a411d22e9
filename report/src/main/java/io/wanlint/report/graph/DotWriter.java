package io.wanlint.report.graph;

import io.wanlint.analyzer.api.VisibleText;
import io.wanlint.analyzer.api.Tier;

import java.util.List;

/** Writes a {@link Picture} as Graphviz DOT: tiers as clusters, sites as fill colours, cross-site edges heavy. */
public final class DotWriter {
    private DotWriter() {}

    public static String write(Picture p) {
        StringBuilder out = new StringBuilder();
        out.append("digraph ").append(quote(p.title())).append(" {\n");
        out.append("  graph [rankdir=LR, fontname=\"Helvetica\", fontsize=11, newrank=true];\n");
        out.append("  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=10];\n");
        out.append("  edge [fontname=\"Helvetica\", fontsize=9, color=\"#555555\"];\n");
        for (Tier tier : Tier.values()) {
            List<Picture.Node> inTier = p.nodes().stream().filter(n -> n.tier() == tier).toList();
            if (inTier.isEmpty()) continue;
            out.append("  subgraph ").append(quote("cluster_" + tier.name())).append(" {\n");
            out.append("    label=").append(quote(tier.name())).append("; style=\"rounded,dashed\"; color=\"#999999\";\n");
            for (Picture.Node n : inTier) {
                String label = n.detail().isEmpty() ? n.label() : n.label() + "\n" + n.detail();
                out.append("    ").append(quote(n.id())).append(" [label=").append(quote(label))
                        .append(", fillcolor=").append(quote(p.colourOf(n.site())));
                if (n.site() != null) out.append(", tooltip=").append(quote("site: " + n.site()));
                out.append("];\n");
            }
            out.append("  }\n");
        }
        for (Picture.Edge e : p.edges()) {
            out.append("  ").append(quote(e.from())).append(" -> ").append(quote(e.to()));
            StringBuilder attrs = new StringBuilder();
            if (!e.label().isEmpty()) attrs.append("label=").append(quote(e.label()));
            if (e.crossSite()) append(attrs, "penwidth=2.5, color=\"#c0392b\", fontcolor=\"#c0392b\"");
            if (e.dashed()) append(attrs, "style=dashed");
            if (!attrs.isEmpty()) out.append(" [").append(attrs).append(']');
            out.append(";\n");
        }
        List<String> sites = p.sites();
        if (!sites.isEmpty()) {
            out.append("  subgraph \"cluster_legend\" {\n    label=\"sites\"; style=\"rounded\"; color=\"#cccccc\";\n");
            for (String site : sites) {
                out.append("    ").append(quote("site:" + site)).append(" [label=").append(quote(site))
                        .append(", fillcolor=").append(quote(p.colourOf(site))).append("];\n");
            }
            out.append("  }\n");
        }
        out.append("}\n");
        return out.toString();
    }

    private static void append(StringBuilder attrs, String more) {
        if (!attrs.isEmpty()) attrs.append(", ");
        attrs.append(more);
    }

    /**
     * A DOT double-quoted string; a newline becomes DOT's centred line break. Other control and bidi
     * characters (a class name may hold an ESC) are shown as {@code \x1b}: they are not allowed in
     * the XML of the SVG that Graphviz draws from this.
     */
    static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> { }
                default -> {
                    if (VisibleText.isHidden(c)) {
                        StringBuilder visible = new StringBuilder();
                        VisibleText.appendVisible(visible, c);
                        b.append(visible.toString().replace("\\", "\\\\"));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }
}
