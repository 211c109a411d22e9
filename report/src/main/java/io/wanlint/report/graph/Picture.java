package io.wanlint.report.graph;

import io.wanlint.analyzer.api.Tier;

import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * A graph ready to draw, whatever it came from (components, groups of components, methods): nodes
 * clustered by site and ordered by tier, edges drawn by what they cost. The DOT writer and the
 * built-in SVG layout both draw from this, so the two pictures agree.
 */
public record Picture(String title, List<Node> nodes, List<Edge> edges) {
    public Picture {
        nodes = List.copyOf(nodes);
        edges = List.copyOf(edges);
    }

    /** @param detail second label line (a kind, a component), may be empty; @param site may be null */
    public record Node(String id, String label, String detail, Tier tier, String site) {
        public Node { Objects.requireNonNull(tier, "tier"); }
    }

    /** How an edge is drawn: what a reader should tell apart at a glance. */
    public enum Line {
        /** Calls that cost WAN round trips: solid, heavy, red, labelled. */
        CROSS_SITE,
        /** Calls within one site (or in-process helper calls): thin, grey, dashed. */
        LOCAL,
        /** A declared reference no observed call covers: thin, light grey, dotted. */
        DECLARED
    }

    /**
     * @param label   shown on the edge, may be empty
     * @param tooltip what the edge stands for in full (kinds, calls, round trips), shown on hover
     */
    public record Edge(String from, String to, String label, String tooltip, Line line) {
        public Edge {
            label = label == null ? "" : label;
            tooltip = tooltip == null || tooltip.isEmpty() ? label : tooltip;
        }

        public boolean crossSite() { return line == Line.CROSS_SITE; }
    }

    /** Every site named by a node, sorted, so colours are assigned the same way on every run. */
    public List<String> sites() {
        TreeSet<String> s = new TreeSet<>();
        for (Node n : nodes) if (n.site() != null) s.add(n.site());
        return List.copyOf(s);
    }

    private static final String[] PALETTE = {"#cfe2ff", "#d1e7dd", "#fff3cd", "#f8d7da", "#e2d9f3", "#ffe5d0", "#d3f2f2"};

    /** The fill colour of a site (grey when unknown). */
    public String colourOf(String site) {
        int i = site == null ? -1 : sites().indexOf(site);
        return i < 0 ? "#eeeeee" : PALETTE[i % PALETTE.length];
    }
}
