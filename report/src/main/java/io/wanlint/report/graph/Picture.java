package io.wanlint.report.graph;

import io.wanlint.analyzer.api.Tier;

import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * A graph ready to draw, whatever it came from (components or methods): nodes grouped by tier and
 * coloured by site, edges marked when they cross sites. The DOT writer and the built-in SVG layout
 * both draw from this, so the two pictures agree.
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

    /** @param label may be empty; @param dashed a declared reference rather than an observed call */
    public record Edge(String from, String to, String label, boolean crossSite, boolean dashed) {}

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
