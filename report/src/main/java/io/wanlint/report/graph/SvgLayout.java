package io.wanlint.report.graph;

import io.wanlint.analyzer.api.Tier;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A small layered layout, for when Graphviz is not installed: one column per tier (WEB, EJB,
 * DATA, EXTERNAL, left to right), nodes as boxes ordered by the barycentre of their neighbours to
 * keep crossings down, edges as straight lines (curves within a column). Linear in the size of
 * the graph apart from the per-column sorts, so it also serves graphs too big for {@code dot}.
 */
public final class SvgLayout {
    private static final int BOX_H = 36, ROW_GAP = 16, COL_GAP = 150, MARGIN = 24, HEADER = 30, CHAR_W = 7;
    private static final int MAX_LABEL = 44;
    private static final int SWEEPS = 4;

    private SvgLayout() {}

    private record Placed(Picture.Node node, int column, int x, int y, int width) {
        int cy() { return y + BOX_H / 2; }
    }

    public static String render(Picture p) {
        List<Tier> columns = new ArrayList<>();
        for (Tier t : Tier.values()) if (p.nodes().stream().anyMatch(n -> n.tier() == t)) columns.add(t);
        List<List<Picture.Node>> order = new ArrayList<>();
        for (Tier t : columns) order.add(new ArrayList<>(p.nodes().stream().filter(n -> n.tier() == t).toList()));

        Map<String, List<String>> neighbours = new HashMap<>();
        for (Picture.Edge e : p.edges()) {
            neighbours.computeIfAbsent(e.from(), k -> new ArrayList<>()).add(e.to());
            neighbours.computeIfAbsent(e.to(), k -> new ArrayList<>()).add(e.from());
        }
        reduceCrossings(order, neighbours);

        Map<String, Placed> placed = new HashMap<>();
        int x = MARGIN, maxRows = 0;
        for (int c = 0; c < order.size(); c++) {
            int width = 90;
            for (Picture.Node n : order.get(c)) {
                width = Math.max(width, Math.max(clip(n.label()).length(), clip(n.detail()).length()) * CHAR_W + 24);
            }
            int y = MARGIN + HEADER;
            for (Picture.Node n : order.get(c)) {
                placed.put(n.id(), new Placed(n, c, x, y, width));
                y += BOX_H + ROW_GAP;
            }
            maxRows = Math.max(maxRows, order.get(c).size());
            x += width + COL_GAP;
        }
        List<String> sites = p.sites();
        int width = Math.max(x - COL_GAP + MARGIN + 60, 240);
        int legendY = MARGIN + HEADER + maxRows * (BOX_H + ROW_GAP) + 10;
        int height = legendY + (sites.isEmpty() ? 0 : 30) + MARGIN;

        StringBuilder svg = new StringBuilder();
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(width).append("\" height=\"")
                .append(height).append("\" viewBox=\"0 0 ").append(width).append(' ').append(height)
                .append("\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"11\">\n");
        svg.append("<title>").append(xml(p.title())).append("</title>\n");
        svg.append("<defs>\n").append(marker("arrow", "#555555")).append(marker("arrow-cross", "#c0392b")).append("</defs>\n");
        svg.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");

        int colX = MARGIN;
        for (int c = 0; c < columns.size(); c++) {
            Placed first = order.get(c).isEmpty() ? null : placed.get(order.get(c).get(0).id());
            int w = first == null ? 90 : first.width();
            svg.append("<g class=\"tier\"><rect x=\"").append(colX - 10).append("\" y=\"").append(MARGIN)
                    .append("\" width=\"").append(w + 20).append("\" height=\"").append(legendY - MARGIN - 4)
                    .append("\" rx=\"8\" fill=\"none\" stroke=\"#999999\" stroke-dasharray=\"4 3\"/>")
                    .append("<text x=\"").append(colX).append("\" y=\"").append(MARGIN + 18)
                    .append("\" font-weight=\"bold\">").append(columns.get(c).name()).append("</text></g>\n");
            colX += w + COL_GAP;
        }

        for (Picture.Edge e : p.edges()) {
            Placed a = placed.get(e.from()), b = placed.get(e.to());
            if (a == null || b == null) continue;
            String colour = e.crossSite() ? "#c0392b" : "#555555";
            svg.append("<g class=\"edge\">");
            int lx, ly;
            if (a.column() == b.column()) {
                int sx = a.x() + a.width(), ex = b.x() + b.width(), bulge = sx + 40 + Math.abs(a.cy() - b.cy()) / 6;
                svg.append("<path d=\"M").append(sx).append(',').append(a.cy()).append(" C").append(bulge).append(',')
                        .append(a.cy()).append(' ').append(bulge).append(',').append(b.cy() == a.cy() ? b.cy() + 20 : b.cy())
                        .append(' ').append(ex).append(',').append(b.cy()).append("\" fill=\"none\"");
                lx = bulge;
                ly = (a.cy() + b.cy()) / 2;
            } else {
                boolean forward = a.column() < b.column();
                int sx = forward ? a.x() + a.width() : a.x(), ex = forward ? b.x() : b.x() + b.width();
                svg.append("<line x1=\"").append(sx).append("\" y1=\"").append(a.cy()).append("\" x2=\"").append(ex)
                        .append("\" y2=\"").append(b.cy()).append('"');
                lx = (sx + ex) / 2;
                ly = (a.cy() + b.cy()) / 2 - 3;
            }
            svg.append(" stroke=\"").append(colour).append("\" stroke-width=\"").append(e.crossSite() ? "2.5" : "1")
                    .append('"').append(e.dashed() ? " stroke-dasharray=\"5 3\"" : "")
                    .append(" marker-end=\"url(#").append(e.crossSite() ? "arrow-cross" : "arrow").append(")\"/>");
            if (!e.label().isEmpty()) {
                svg.append("<text x=\"").append(lx).append("\" y=\"").append(ly).append("\" text-anchor=\"middle\" fill=\"")
                        .append(colour).append("\" font-size=\"9\" stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">")
                        .append(xml(e.label())).append("</text>");
            }
            svg.append("</g>\n");
        }

        for (List<Picture.Node> column : order) {
            for (Picture.Node n : column) {
                Placed at = placed.get(n.id());
                svg.append("<g class=\"node\"><title>").append(xml(n.label() + (n.site() == null ? "" : " (site " + n.site() + ")")))
                        .append("</title><rect x=\"").append(at.x()).append("\" y=\"").append(at.y()).append("\" width=\"")
                        .append(at.width()).append("\" height=\"").append(BOX_H).append("\" rx=\"6\" fill=\"")
                        .append(p.colourOf(n.site())).append("\" stroke=\"#333333\"/>");
                int cx = at.x() + at.width() / 2;
                if (n.detail().isEmpty()) {
                    svg.append(text(cx, at.y() + 22, clip(n.label()), ""));
                } else {
                    svg.append(text(cx, at.y() + 15, clip(n.label()), ""));
                    svg.append(text(cx, at.y() + 29, clip(n.detail()), " fill=\"#555555\" font-size=\"9\""));
                }
                svg.append("</g>\n");
            }
        }

        if (!sites.isEmpty()) {
            int lx = MARGIN;
            svg.append("<g class=\"legend\"><text x=\"").append(lx).append("\" y=\"").append(legendY + 16).append("\">sites:</text>");
            lx += 44;
            for (String site : sites) {
                int w = site.length() * CHAR_W + 16;
                svg.append("<rect x=\"").append(lx).append("\" y=\"").append(legendY + 3).append("\" width=\"").append(w)
                        .append("\" height=\"18\" rx=\"4\" fill=\"").append(p.colourOf(site)).append("\" stroke=\"#333333\"/>")
                        .append(text(lx + w / 2, legendY + 16, site, ""));
                lx += w + 8;
            }
            svg.append("</g>\n");
        }
        svg.append("</svg>\n");
        return svg.toString();
    }

    /** Barycentre heuristic: sweep left to right and back, ordering each column by its neighbours' rows. */
    private static void reduceCrossings(List<List<Picture.Node>> order, Map<String, List<String>> neighbours) {
        Map<String, Double> position = new HashMap<>();
        for (List<Picture.Node> column : order) {
            for (int i = 0; i < column.size(); i++) position.put(column.get(i).id(), (double) i);
        }
        for (int sweep = 0; sweep < SWEEPS; sweep++) {
            boolean forward = sweep % 2 == 0;
            for (int k = 0; k < order.size(); k++) {
                List<Picture.Node> column = order.get(forward ? k : order.size() - 1 - k);
                Map<String, Double> key = new HashMap<>();
                for (Picture.Node n : column) {
                    double sum = 0;
                    int count = 0;
                    for (String m : neighbours.getOrDefault(n.id(), List.of())) {
                        Double pos = position.get(m);
                        if (pos != null && !m.equals(n.id())) { sum += pos; count++; }
                    }
                    key.put(n.id(), count == 0 ? position.get(n.id()) : sum / count);
                }
                column.sort(Comparator.comparingDouble((Picture.Node n) -> key.get(n.id())).thenComparing(Picture.Node::id));
                for (int i = 0; i < column.size(); i++) position.put(column.get(i).id(), (double) i);
            }
        }
    }

    private static String marker(String id, String colour) {
        return "<marker id=\"" + id + "\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\""
                + " orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"" + colour + "\"/></marker>\n";
    }

    private static String text(int x, int y, String s, String attrs) {
        return String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\"%s>%s</text>", x, y, attrs, xml(s));
    }

    private static String clip(String s) { return s.length() <= MAX_LABEL ? s : s.substring(0, MAX_LABEL - 1) + "…"; }

    static String xml(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                default -> { if (c >= 0x20 || c == '\t' || c == '\n') b.append(c); }
            }
        }
        return b.toString();
    }
}
