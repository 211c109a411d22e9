package io.wanlint.report.graph;

import io.wanlint.analyzer.api.Tier;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * A layered layout for when Graphviz is not installed or the graph is too big for it. One band per
 * site, stacked top to bottom; in each band one column per tier (web, EJB, data, external, left to
 * right, at the same x in every band); a tier with many nodes wraps into several columns of
 * {@value #MIN_ROWS} rows or more (about twice as many rows as columns, so a very big graph stays
 * roughly square) rather than growing one column thousands of pixels tall. Nodes are ordered by the
 * barycentre of their neighbours to keep crossings down.
 *
 * <p>Drawn for reading at 100% zoom: the SVG's width and height are its real size (equal to the
 * viewBox, so nothing is scaled down), every text is at least {@value #MIN_FONT} px, and an edge
 * label is only drawn where its box overlaps no node, heading or other label — a label that finds
 * no free place stays in the edge's tooltip. Cross-site edges are placed first, so their round
 * trips are the labels that show.
 */
public final class SvgLayout {
    /** The smallest font size used anywhere in the picture, in px. */
    public static final int MIN_FONT = 10;
    /** Width of a character as a fraction of the font size, generous for Helvetica/Arial so estimated boxes contain the glyphs. */
    public static final double CHAR_EM = 0.66;

    private static final int LABEL_FONT = 12, DETAIL_FONT = MIN_FONT, EDGE_FONT = MIN_FONT, HEADING_FONT = 13;
    private static final int BOX_H = 42, ROW_GAP = 14, COL_GAP = 120, MARGIN = 24;
    private static final int BAND_HEADING = 28, TIER_HEADING = 24, BAND_GAP = 24;
    static final int MIN_ROWS = 16;
    private static final int MAX_LABEL = 40, MIN_BOX_W = 120;
    private static final int SWEEPS = 4;
    /** How far right of its column a curve between two nodes of the column may swing; the picture leaves room for it. */
    private static final int BULGE = 60;

    private SvgLayout() {}

    private record Placed(Picture.Node node, int x, int y, int width) {
        int cx() { return x + width / 2; }
        int cy() { return y + BOX_H / 2; }
        Box box() { return new Box(x, y, x + width, y + BOX_H); }
    }

    /** An axis-aligned box, for overlap checks. */
    record Box(double x1, double y1, double x2, double y2) {
        boolean overlaps(Box o) { return x1 < o.x2 && o.x1 < x2 && y1 < o.y2 && o.y1 < y2; }

        Box grown(double by) { return new Box(x1 - by, y1 - by, x2 + by, y2 + by); }
    }

    /** Estimated box of a one-line text drawn with its baseline at {@code y}. */
    static Box textBox(double x, double y, String text, int fontSize, String anchor) {
        double w = text.length() * CHAR_EM * fontSize;
        double left = switch (anchor) {
            case "middle" -> x - w / 2;
            case "end" -> x - w;
            default -> x;
        };
        return new Box(left, y - fontSize, left + w, y + fontSize * 0.3);
    }

    public static String render(Picture p) {
        return new SvgLayout.Drawing(p).draw();
    }

    /** One rendering: positions, occupied boxes and output. */
    private static final class Drawing {
        private final Picture p;
        private final List<String> bands = new ArrayList<>();
        private final Map<String, Placed> placed = new HashMap<>();
        private final Occupied occupied = new Occupied();
        private final StringBuilder svg = new StringBuilder();
        private final StringBuilder headings = new StringBuilder();
        private int width, height, contentBottom;

        Drawing(Picture p) { this.p = p; }

        String draw() {
            layout();
            int legendY = height;
            contentBottom = height;
            String legend = legend(legendY);
            height = legendY + (legend.isEmpty() ? 0 : 34) + MARGIN;
            svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(width).append("\" height=\"")
                    .append(height).append("\" viewBox=\"0 0 ").append(width).append(' ').append(height)
                    .append("\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"").append(LABEL_FONT).append("\">\n");
            svg.append("<title>").append(xml(p.title())).append("</title>\n");
            svg.append("<defs>\n").append(marker("arrow", "#999999")).append(marker("arrow-cross", "#c0392b"))
                    .append(marker("arrow-declared", "#bbbbbb")).append("</defs>\n");
            svg.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
            svg.append(headings);
            edges();
            nodes();
            svg.append(legend);
            svg.append("</svg>\n");
            return svg.toString();
        }

        private void layout() {
            for (String s : p.sites()) bands.add(s);
            if (bands.isEmpty() || p.nodes().stream().anyMatch(n -> n.site() == null)) bands.add(null);

            // Groups of nodes by band and tier, ordered to reduce crossings.
            Map<String, Map<Tier, List<Picture.Node>>> groups = new LinkedHashMap<>();
            for (String band : bands) groups.put(key(band), new EnumMap<>(Tier.class));
            for (Picture.Node n : p.nodes()) {
                groups.get(key(n.site())).computeIfAbsent(n.tier(), t -> new ArrayList<>()).add(n);
            }
            List<List<Picture.Node>> columns = new ArrayList<>();
            for (Map<Tier, List<Picture.Node>> byTier : groups.values()) columns.addAll(byTier.values());
            reduceCrossings(columns);

            // Columns of a tier sit at the same x in every band; a tier is as wide as its widest band needs.
            Map<Tier, Integer> boxWidth = new EnumMap<>(Tier.class), wraps = new EnumMap<>(Tier.class);
            for (Map<Tier, List<Picture.Node>> byTier : groups.values()) {
                for (Map.Entry<Tier, List<Picture.Node>> e : byTier.entrySet()) {
                    int w = Math.max(MIN_BOX_W, (int) Math.ceil(KindWords.of(e.getKey()).length() * CHAR_EM * HEADING_FONT) + 8);
                    for (Picture.Node n : e.getValue()) {
                        w = Math.max(w, (int) Math.ceil(Math.max(clip(n.label()).length() * CHAR_EM * LABEL_FONT,
                                clip(n.detail()).length() * CHAR_EM * DETAIL_FONT)) + 20);
                    }
                    boxWidth.merge(e.getKey(), w, Math::max);
                    wraps.merge(e.getKey(), columnsFor(e.getValue().size()), Math::max);
                }
            }
            Map<Tier, Integer> tierX = new EnumMap<>(Tier.class);
            int x = MARGIN + 12;
            for (Tier t : Tier.values()) {
                if (!boxWidth.containsKey(t)) continue;
                tierX.put(t, x);
                x += wraps.get(t) * (boxWidth.get(t) + COL_GAP);
            }
            width = Math.max(x - COL_GAP + 12 + BULGE + MARGIN, 320);

            int y = MARGIN;
            for (String band : bands) {
                Map<Tier, List<Picture.Node>> byTier = groups.get(key(band));
                if (byTier.values().stream().allMatch(List::isEmpty)) continue;
                int top = y;
                boolean named = band != null || bands.size() > 1;
                int nodesTop = top + (named ? BAND_HEADING : 0) + TIER_HEADING;
                int rows = 0;
                for (Map.Entry<Tier, List<Picture.Node>> e : byTier.entrySet()) {
                    List<Picture.Node> nodes = e.getValue();
                    int cols = columnsFor(nodes.size()), perCol = ceilDiv(nodes.size(), cols);
                    rows = Math.max(rows, perCol);
                    int w = boxWidth.get(e.getKey());
                    for (int i = 0; i < nodes.size(); i++) {
                        int col = i / perCol, row = i % perCol;
                        Placed at = new Placed(nodes.get(i), tierX.get(e.getKey()) + col * (w + COL_GAP),
                                nodesTop + row * (BOX_H + ROW_GAP), w);
                        placed.put(nodes.get(i).id(), at);
                        occupied.add(at.box().grown(2));
                    }
                    int hx = tierX.get(e.getKey()), hy = top + (named ? BAND_HEADING : 0) + 16;
                    headings.append("<text class=\"tier\" x=\"").append(hx).append("\" y=\"").append(hy)
                            .append("\" font-size=\"").append(HEADING_FONT).append("\" fill=\"#555555\">")
                            .append(xml(KindWords.of(e.getKey()))).append("</text>\n");
                    occupied.add(textBox(hx, hy, KindWords.of(e.getKey()), HEADING_FONT, "start").grown(2));
                }
                int bottom = nodesTop + rows * (BOX_H + ROW_GAP) - ROW_GAP + 12;
                if (named) {
                    String title = band == null ? "site unknown" : "site " + band;
                    headings.insert(0, "<g class=\"site\"><rect x=\"" + MARGIN + "\" y=\"" + top + "\" width=\""
                            + (width - 2 * MARGIN) + "\" height=\"" + (bottom - top) + "\" rx=\"10\" fill=\""
                            + (band == null ? "#fafafa" : p.colourOf(band)) + "\" fill-opacity=\"0.35\" stroke=\"#888888\"/>"
                            + "<text x=\"" + (MARGIN + 12) + "\" y=\"" + (top + 20) + "\" font-size=\"" + HEADING_FONT
                            + "\" font-weight=\"bold\">" + xml(title) + "</text></g>\n");
                    occupied.add(textBox(MARGIN + 12, top + 20, title, HEADING_FONT, "start").grown(2));
                }
                y = bottom + BAND_GAP;
            }
            height = y - BAND_GAP + 12;
        }

        private void edges() {
            List<Picture.Edge> ordered = new ArrayList<>(p.edges());
            // Local lines first so that the cross-site ones are drawn on top of them.
            ordered.sort(Comparator.comparing((Picture.Edge e) -> e.line() == Picture.Line.CROSS_SITE));
            Map<Picture.Edge, double[][]> paths = new LinkedHashMap<>();
            for (Picture.Edge e : ordered) {
                Placed a = placed.get(e.from()), b = placed.get(e.to());
                if (a == null || b == null) continue;
                paths.put(e, line(e, a, b));
            }
            // Labels: cross-site ones claim their place first.
            boolean labelAll = p.edges().size() <= DotWriter.LABEL_EVERY_EDGE_UP_TO;
            Map<Picture.Edge, double[]> labelAt = new HashMap<>();
            List<Picture.Edge> byPriority = new ArrayList<>(paths.keySet());
            byPriority.sort(Comparator.comparing((Picture.Edge e) -> e.line() != Picture.Line.CROSS_SITE));
            for (Picture.Edge e : byPriority) {
                if (e.label().isEmpty() || !(labelAll || e.crossSite())) continue;
                double[] at = placeLabel(clip(e.label()), paths.get(e));
                if (at != null) labelAt.put(e, at);
            }
            for (Map.Entry<Picture.Edge, double[][]> entry : paths.entrySet()) {
                Picture.Edge e = entry.getKey();
                double[][] pts = entry.getValue();
                String colour = switch (e.line()) {
                    case CROSS_SITE -> "#c0392b";
                    case LOCAL -> "#999999";
                    case DECLARED -> "#bbbbbb";
                };
                svg.append("<g class=\"edge ").append(e.line().name().toLowerCase(Locale.ROOT).replace('_', '-')).append("\">");
                if (!e.tooltip().isEmpty()) svg.append("<title>").append(xml(e.tooltip())).append("</title>");
                if (pts.length == 2) {
                    svg.append(String.format(Locale.ROOT, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\"",
                            pts[0][0], pts[0][1], pts[1][0], pts[1][1]));
                } else {
                    svg.append(String.format(Locale.ROOT, "<path d=\"M%.0f,%.0f C%.0f,%.0f %.0f,%.0f %.0f,%.0f\" fill=\"none\"",
                            pts[0][0], pts[0][1], pts[1][0], pts[1][1], pts[2][0], pts[2][1], pts[3][0], pts[3][1]));
                }
                svg.append(" stroke=\"").append(colour).append("\" stroke-width=\"")
                        .append(e.crossSite() ? "2.5" : "1").append('"')
                        .append(switch (e.line()) {
                            case CROSS_SITE -> "";
                            case LOCAL -> " stroke-dasharray=\"6 4\"";
                            case DECLARED -> " stroke-dasharray=\"2 3\"";
                        })
                        .append(" marker-end=\"url(#").append(switch (e.line()) {
                            case CROSS_SITE -> "arrow-cross";
                            case LOCAL -> "arrow";
                            case DECLARED -> "arrow-declared";
                        }).append(")\"/>");
                double[] at = labelAt.get(e);
                if (at != null) {
                    svg.append(String.format(Locale.ROOT, "<text class=\"edge-label\" x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\"",
                                    at[0], at[1]))
                            .append(" fill=\"").append(e.crossSite() ? "#a93226" : "#666666").append("\" font-size=\"")
                            .append(EDGE_FONT).append("\" stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">")
                            .append(xml(clip(e.label()))).append("</text>");
                }
                svg.append("</g>\n");
            }
        }

        /** Two points for a straight line, four for a curve (between nodes of one column). */
        private static double[][] line(Picture.Edge e, Placed a, Placed b) {
            if (a.x() == b.x()) {
                double sx = a.x() + a.width(), bulge = sx + Math.min(BULGE, 30 + Math.abs(a.cy() - b.cy()) / 6.0);
                double ey = b.cy() == a.cy() ? b.cy() + 20 : b.cy();
                return new double[][] {{sx, a.cy()}, {bulge, a.cy()}, {bulge, ey}, {sx, ey}};
            }
            boolean forward = a.x() < b.x();
            double sx = forward ? a.x() + a.width() : a.x(), ex = forward ? b.x() : b.x() + b.width();
            return new double[][] {{sx, a.cy()}, {ex, b.cy()}};
        }

        private static final double[] ALONG = {0.5, 0.4, 0.6, 0.3, 0.7, 0.22, 0.78, 0.15, 0.85};
        private static final double[] ACROSS = {-4, 9, -15};

        /** The first place along the edge where the label's box is free, or null. */
        private double[] placeLabel(String label, double[][] pts) {
            for (double t : ALONG) {
                double[] at = pointAt(pts, t);
                for (double dy : ACROSS) {
                    Box box = textBox(at[0], at[1] + dy, label, EDGE_FONT, "middle");
                    if (box.x1() < 2 || box.x2() > width - 2 || box.y1() < 2 || box.y2() > contentBottom - 2) continue;
                    if (!occupied.overlaps(box.grown(1))) {
                        occupied.add(box.grown(1));
                        return new double[] {at[0], at[1] + dy};
                    }
                }
            }
            return null;
        }

        private static double[] pointAt(double[][] pts, double t) {
            if (pts.length == 2) {
                return new double[] {pts[0][0] + (pts[1][0] - pts[0][0]) * t, pts[0][1] + (pts[1][1] - pts[0][1]) * t};
            }
            double u = 1 - t;
            double x = u * u * u * pts[0][0] + 3 * u * u * t * pts[1][0] + 3 * u * t * t * pts[2][0] + t * t * t * pts[3][0];
            double y = u * u * u * pts[0][1] + 3 * u * u * t * pts[1][1] + 3 * u * t * t * pts[2][1] + t * t * t * pts[3][1];
            return new double[] {x, y};
        }

        private void nodes() {
            for (Picture.Node n : p.nodes()) {
                Placed at = placed.get(n.id());
                String site = n.site() == null ? "" : " (site " + n.site() + ")";
                svg.append("<g class=\"node\"><title>").append(xml(n.label() + (n.detail().isEmpty() ? "" : ", " + n.detail()) + site))
                        .append("</title><rect x=\"").append(at.x()).append("\" y=\"").append(at.y()).append("\" width=\"")
                        .append(at.width()).append("\" height=\"").append(BOX_H).append("\" rx=\"6\" fill=\"")
                        .append(p.colourOf(n.site())).append("\" stroke=\"#333333\"/>");
                if (n.detail().isEmpty()) {
                    svg.append(text(at.cx(), at.y() + 25, clip(n.label()), LABEL_FONT, ""));
                } else {
                    svg.append(text(at.cx(), at.y() + 18, clip(n.label()), LABEL_FONT, ""));
                    svg.append(text(at.cx(), at.y() + 33, clip(n.detail()), DETAIL_FONT, " fill=\"#444444\""));
                }
                svg.append("</g>\n");
            }
        }

        /** Which colour is which site, and which line is which kind of edge. */
        private String legend(int y) {
            StringBuilder out = new StringBuilder("<g class=\"legend\">");
            double x = MARGIN;
            int baseline = y + 20;
            List<String> sites = p.sites();
            if (!sites.isEmpty()) {
                out.append(text(x, baseline, "sites:", LABEL_FONT, "start", ""));
                x += "sites:".length() * CHAR_EM * LABEL_FONT + 8;
                for (String site : sites) {
                    int w = (int) Math.ceil(site.length() * CHAR_EM * LABEL_FONT) + 16;
                    out.append(String.format(Locale.ROOT, "<rect x=\"%.0f\" y=\"%d\" width=\"%d\" height=\"20\" rx=\"4\" fill=\"%s\" stroke=\"#333333\"/>",
                            x, y + 5, w, p.colourOf(site)));
                    out.append(text(x + w / 2.0, baseline, site, LABEL_FONT, "middle", ""));
                    x += w + 8;
                }
                x += 16;
            }
            boolean any = false;
            for (Picture.Line line : Picture.Line.values()) {
                if (p.edges().stream().noneMatch(e -> e.line() == line)) continue;
                any = true;
                String words = switch (line) {
                    case CROSS_SITE -> "crosses sites (round trips per request)";
                    case LOCAL -> "call within a site";
                    case DECLARED -> "declared reference, no call seen";
                };
                String style = switch (line) {
                    case CROSS_SITE -> "stroke=\"#c0392b\" stroke-width=\"2.5\"";
                    case LOCAL -> "stroke=\"#999999\" stroke-width=\"1\" stroke-dasharray=\"6 4\"";
                    case DECLARED -> "stroke=\"#bbbbbb\" stroke-width=\"1\" stroke-dasharray=\"2 3\"";
                };
                out.append(String.format(Locale.ROOT, "<line x1=\"%.0f\" y1=\"%d\" x2=\"%.0f\" y2=\"%d\" %s/>", x, y + 15, x + 30, y + 15, style));
                out.append(text(x + 36, baseline, words, MIN_FONT + 1, "start", " fill=\"#444444\""));
                x += 36 + words.length() * CHAR_EM * (MIN_FONT + 1) + 16;
            }
            out.append("</g>\n");
            width = Math.max(width, (int) Math.ceil(x) + MARGIN);
            return sites.isEmpty() && !any ? "" : out.toString();
        }

        /** Barycentre heuristic: sweep the columns forward and back, ordering each by its neighbours' rows. */
        private void reduceCrossings(List<List<Picture.Node>> order) {
            Map<String, List<String>> neighbours = new HashMap<>();
            for (Picture.Edge e : p.edges()) {
                neighbours.computeIfAbsent(e.from(), k -> new ArrayList<>()).add(e.to());
                neighbours.computeIfAbsent(e.to(), k -> new ArrayList<>()).add(e.from());
            }
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
    }

    /** Boxes already drawn, in a grid of cells so that a check looks at the neighbourhood only. */
    private static final class Occupied {
        private static final int CELL = 120;
        private final Map<Long, List<Box>> cells = new HashMap<>();

        void add(Box b) {
            for (long c : cellsOf(b)) cells.computeIfAbsent(c, k -> new ArrayList<>()).add(b);
        }

        boolean overlaps(Box b) {
            for (long c : cellsOf(b)) {
                for (Box o : cells.getOrDefault(c, List.of())) if (o.overlaps(b)) return true;
            }
            return false;
        }

        private static List<Long> cellsOf(Box b) {
            List<Long> out = new ArrayList<>();
            for (long i = (long) Math.floor(b.x1() / CELL); i <= (long) Math.floor(b.x2() / CELL); i++) {
                for (long j = (long) Math.floor(b.y1() / CELL); j <= (long) Math.floor(b.y2() / CELL); j++) {
                    out.add(i * 1_000_003L + j);
                }
            }
            return out;
        }
    }

    private static String key(String band) { return Objects.requireNonNullElse(band, "\u0000"); }

    /** Columns for a tier of {@code n} nodes: rows = max(MIN_ROWS, √(4n)), i.e. about two rows per column when big. */
    static int columnsFor(int n) {
        int rows = Math.max(MIN_ROWS, (int) Math.ceil(Math.sqrt(4.0 * n)));
        return ceilDiv(n, rows);
    }

    private static int ceilDiv(int a, int b) { return Math.max(1, (a + b - 1) / b); }

    private static String marker(String id, String colour) {
        return "<marker id=\"" + id + "\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\""
                + " orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"" + colour + "\"/></marker>\n";
    }

    private static String text(int x, int y, String s, int fontSize, String attrs) {
        return text(x, y, s, fontSize, "middle", attrs);
    }

    private static String text(double x, int y, String s, int fontSize, String anchor, String attrs) {
        return String.format(Locale.ROOT, "<text x=\"%.0f\" y=\"%d\" text-anchor=\"%s\" font-size=\"%d\"%s>%s</text>",
                x, y, anchor, fontSize, attrs, xml(s));
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
