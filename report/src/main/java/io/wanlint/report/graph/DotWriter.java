package io.wanlint.report.graph;

import io.wanlint.analyzer.api.VisibleText;
import io.wanlint.analyzer.api.Tier;

import java.util.List;

/**
 * Writes a {@link Picture} as Graphviz DOT: one cluster per site ({@code cluster_<site>}) holding one
 * per tier, cross-site edges solid, heavy, red and labelled with their round trips, local edges thin,
 * grey and dashed, declared-only references dotted.
 */
public final class DotWriter {
    /** Above this many edges only cross-site edges carry a visible label; the others keep theirs as a tooltip. */
    static final int LABEL_EVERY_EDGE_UP_TO = 40;

    private DotWriter() {}

    public static String write(Picture p) {
        StringBuilder out = new StringBuilder();
        out.append("digraph ").append(quote(p.title())).append(" {\n");
        out.append("  graph [rankdir=LR, fontname=\"Helvetica\", fontsize=12, newrank=true];\n");
        out.append("  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=12];\n");
        out.append("  edge [fontname=\"Helvetica\", fontsize=10];\n");
        List<String> sites = p.sites();
        for (String site : sites) {
            out.append("  subgraph ").append(quote("cluster_" + site)).append(" {\n");
            out.append("    label=").append(quote("site " + site)).append("; style=\"rounded,filled\"; color=\"#888888\"; fillcolor=\"#fbfbfb\";\n");
            tiers(out, p, site, "    ");
            out.append("  }\n");
        }
        tiers(out, p, null, "  ");
        boolean labelAll = p.edges().size() <= LABEL_EVERY_EDGE_UP_TO;
        for (Picture.Edge e : p.edges()) {
            out.append("  ").append(quote(e.from())).append(" -> ").append(quote(e.to()));
            StringBuilder attrs = new StringBuilder();
            boolean labelled = !e.label().isEmpty() && (labelAll || e.crossSite());
            if (labelled) attrs.append("label=").append(quote(e.label()));
            if (!e.tooltip().isEmpty()) append(attrs, "tooltip=" + quote(e.tooltip()));
            append(attrs, switch (e.line()) {
                case CROSS_SITE -> "penwidth=2.5, color=\"#c0392b\", fontcolor=\"#c0392b\"";
                case LOCAL -> "style=dashed, color=\"#999999\", fontcolor=\"#666666\"";
                case DECLARED -> "style=dotted, color=\"#bbbbbb\", fontcolor=\"#888888\"";
            });
            out.append(" [").append(attrs).append(']');
            out.append(";\n");
        }
        out.append("}\n");
        return out.toString();
    }

    /** The tier clusters of one site (null: the nodes no site is known for). */
    private static void tiers(StringBuilder out, Picture p, String site, String indent) {
        for (Tier tier : Tier.values()) {
            List<Picture.Node> inTier = p.nodes().stream()
                    .filter(n -> n.tier() == tier && java.util.Objects.equals(n.site(), site)).toList();
            if (inTier.isEmpty()) continue;
            out.append(indent).append("subgraph ").append(quote("cluster_" + (site == null ? "" : site + "_") + tier.name()))
                    .append(" {\n");
            out.append(indent).append("  label=").append(quote(KindWords.of(tier)))
                    .append("; style=\"rounded,dashed\"; color=\"#999999\"; fillcolor=\"#ffffff\";\n");
            for (Picture.Node n : inTier) {
                String label = n.detail().isEmpty() ? n.label() : n.label() + "\n" + n.detail();
                out.append(indent).append("  ").append(quote(n.id())).append(" [label=").append(quote(label))
                        .append(", fillcolor=").append(quote(p.colourOf(n.site())));
                if (n.site() != null) out.append(", tooltip=").append(quote(label.replace('\n', ' ') + " (site " + n.site() + ")"));
                out.append("];\n");
            }
            out.append(indent).append("}\n");
        }
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
