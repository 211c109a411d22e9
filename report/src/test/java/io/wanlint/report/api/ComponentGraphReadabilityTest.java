package io.wanlint.report.api;

import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.Tier;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The component graph of a 150-component application, drawn by the built-in layout (no Graphviz),
 * read as a browser would show it at 100% zoom.
 */
class ComponentGraphReadabilityTest {
    /**
     * Width of a character as a fraction of the font size, for boxes that contain the glyphs: measured
     * in Chromium (getBBox) on these pictures and petstore-1.3.2's, mixed-case text takes up to 0.57 em
     * per character and the widest all-caps label ("JSP") 0.62 em.
     */
    private static final double CHAR_EM = 0.64;

    private static final GeneratedApplication APP = new GeneratedApplication(10);

    /** A {@code <text>} as drawn: its position, effective font size and estimated box. */
    private record Text(String content, double x1, double y1, double x2, double y2, double fontPx) {
        boolean overlaps(Text o) { return x1 < o.x2 && o.x1 < x2 && y1 < o.y2 && o.y1 < y2; }
    }

    private record Svg(Document doc, double width, double height, double scale, List<Text> texts) {}

    @Test
    void theGeneratedApplicationHasAHundredAndFiftyComponents() {
        assertThat(APP.graph().componentCount()).isEqualTo(150);
    }

    @Test
    void aHundredAndFiftyComponentsAreCollapsedByPackageIntoAReadablePicture() throws Exception {
        ComponentGraph g = APP.graph();
        assertThat(g.nodeCount()).as("4 packages per module, per site").isEqualTo(40);
        assertThat(g.nodesStandFor()).isEqualTo("package");
        String svg = g.toSvg();
        keep("generated-150-by-package.svg", svg);
        assertReadable(parse(svg), 2500, 2500);
    }

    @Test
    void everyOneOfAHundredAndFiftyComponentsDrawnStillHasReadableLabelsAndASaneSize() throws Exception {
        ComponentGraph g = APP.graph().collapsed(ComponentGraph.Collapse.NONE);
        assertThat(g.nodeCount()).isEqualTo(150);
        String drawn = g.toSvg();
        keep("generated-150-components.svg", drawn);
        Svg svg = parse(drawn);
        assertReadable(svg, 4500, 4000);
        assertThat(svg.doc().getElementsByTagName("rect").getLength()).isGreaterThanOrEqualTo(150);
    }

    @Test
    void tooManyPackagesMergeTheSmallestIntoTheirParentsAndKeepTheBigOnes() throws Exception {
        ComponentGraph g = new GeneratedApplication(20).graph();
        assertThat(g.componentCount()).isEqualTo(300);
        assertThat(g.nodeCount()).isBetween(30, ComponentGraph.AUTO_COLLAPSE_ABOVE);
        assertThat(g.nodesStandFor()).startsWith("package (small packages merged");
        String dot = g.toDot();
        // The one-class helper packages went up into com.gen; the six-bean EJB packages stay as they are.
        assertThat(dot).contains("\"group:com.gen.*@edge\"").contains("\"group:com.gen.m19.ejb@main\"")
                .doesNotContain("com.gen.m0.util");
        assertReadable(parse(g.toSvg()), 3000, 3000);
    }

    @Test
    void crossSiteEdgesAreHeavySolidAndLabelledWhileLocalEdgesAreThinGreyAndDashed() throws Exception {
        Svg svg = parse(APP.graph().toSvg());
        List<Element> cross = edges(svg.doc(), "edge cross-site"), local = edges(svg.doc(), "edge local");
        assertThat(cross).isNotEmpty();
        assertThat(local).isNotEmpty();
        for (Element g : cross) {
            Element line = line(g);
            assertThat(line.getAttribute("stroke-width")).isEqualTo("2.5");
            assertThat(line.getAttribute("stroke-dasharray")).isEmpty();
            assertThat(line.getAttribute("stroke")).isEqualTo("#c0392b");
        }
        for (Element g : local) {
            Element line = line(g);
            assertThat(line.getAttribute("stroke-width")).isEqualTo("1");
            assertThat(line.getAttribute("stroke-dasharray")).isNotEmpty();
            assertThat(line.getAttribute("stroke")).isEqualTo("#999999");
        }
        List<String> crossLabels = new ArrayList<>();
        for (Element g : cross) {
            NodeList t = g.getElementsByTagName("text");
            if (t.getLength() > 0) crossLabels.add(t.item(0).getTextContent());
        }
        assertThat(crossLabels).as("round trips show on cross-site edges").isNotEmpty()
                .allMatch(l -> l.matches("\\d+( \\+ \\d*n)? round trips?"));
        // The helper class is placed at the edge and called from beans at main, but a plain call runs
        // in the caller's JVM: it is drawn as a local edge, not as a crossing.
        assertThat(local).anySatisfy(g -> assertThat(title(g)).startsWith("local call — 6 calls"));
        assertThat(cross).noneSatisfy(g -> assertThat(title(g)).startsWith("local call"));
    }

    /** The pictures stay under target/graphs for a look in a browser. */
    private static void keep(String name, String svg) throws java.io.IOException {
        java.nio.file.Path dir = java.nio.file.Files.createDirectories(java.nio.file.Path.of("target/graphs"));
        java.nio.file.Files.writeString(dir.resolve(name), svg);
    }

    private static void assertReadable(Svg svg, int maxWidth, int maxHeight) {
        assertThat(svg.scale()).as("drawn at its real size, not scaled to fit").isEqualTo(1.0);
        assertThat(svg.width()).isBetween(300.0, (double) maxWidth);
        assertThat(svg.height()).isBetween(200.0, (double) maxHeight);
        assertThat(svg.texts()).isNotEmpty();
        for (Text t : svg.texts()) {
            assertThat(t.fontPx()).as("font size of '%s'", t.content()).isGreaterThanOrEqualTo(10.0);
            assertThat(t.x1()).as("'%s' inside the picture", t.content()).isGreaterThanOrEqualTo(0.0);
            assertThat(t.x2()).as("'%s' inside the picture", t.content()).isLessThanOrEqualTo(svg.width());
        }
        List<Text> texts = svg.texts();
        for (int i = 0; i < texts.size(); i++) {
            for (int j = i + 1; j < texts.size(); j++) {
                Text a = texts.get(i), b = texts.get(j);
                assertThat(a.overlaps(b)).as("'%s' overlaps '%s'", a, b).isFalse();
            }
        }
        Pattern enumName = enumNames();
        for (String shown : shownWords(svg.doc())) {
            assertThat(enumName.matcher(shown).find()).as("enum name in '%s'", shown).isFalse();
        }
    }

    /** Every enum constant a reader must not see: those with an underscore and those that are not also plain words (JSP, EJB, JDBC…). */
    private static Pattern enumNames() {
        List<String> names = new ArrayList<>();
        Stream.of(EdgeKind.values(), ComponentKind.values(), Tier.values()).flatMap(Stream::of).map(Enum::name)
                .filter(n -> !List.of("JSP", "EJB", "JDBC", "JPA", "RMI", "DAO").contains(n)).forEach(names::add);
        names.add("RT");
        return Pattern.compile("\\b(" + String.join("|", names) + ")\\b");
    }

    private static List<String> shownWords(Document doc) {
        List<String> out = new ArrayList<>();
        for (String tag : List.of("text", "title")) {
            NodeList list = doc.getElementsByTagName(tag);
            for (int i = 0; i < list.getLength(); i++) out.add(list.item(i).getTextContent());
        }
        return out;
    }

    static Svg parse(String svg) throws Exception {
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        Element root = doc.getDocumentElement();
        double width = Double.parseDouble(root.getAttribute("width")), height = Double.parseDouble(root.getAttribute("height"));
        String[] box = root.getAttribute("viewBox").trim().split("\\s+");
        double scale = Math.min(width / Double.parseDouble(box[2]), height / Double.parseDouble(box[3]));
        List<Text> texts = new ArrayList<>();
        NodeList list = doc.getElementsByTagName("text");
        for (int i = 0; i < list.getLength(); i++) {
            Element t = (Element) list.item(i);
            double size = fontSize(t) * scale;
            double x = Double.parseDouble(t.getAttribute("x")) * scale, y = Double.parseDouble(t.getAttribute("y")) * scale;
            String content = t.getTextContent();
            double w = content.length() * CHAR_EM * size;
            double left = switch (t.getAttribute("text-anchor")) {
                case "middle" -> x - w / 2;
                case "end" -> x - w;
                default -> x;
            };
            texts.add(new Text(content, left, y - size, left + w, y + 0.3 * size, size));
        }
        return new Svg(doc, width, height, scale, texts);
    }

    /** The font size in force: the element's own, else the nearest ancestor's, else the SVG default 16. */
    private static double fontSize(Element e) {
        for (Node n = e; n instanceof Element el; n = n.getParentNode()) {
            if (el.hasAttribute("font-size")) return Double.parseDouble(el.getAttribute("font-size").replace("px", ""));
        }
        return 16;
    }

    private static List<Element> edges(Document doc, String cls) {
        List<Element> out = new ArrayList<>();
        NodeList gs = doc.getElementsByTagName("g");
        for (int i = 0; i < gs.getLength(); i++) {
            Element g = (Element) gs.item(i);
            if (g.getAttribute("class").equals(cls)) out.add(g);
        }
        return out;
    }

    private static Element line(Element g) {
        NodeList l = g.getElementsByTagName("line");
        return (Element) (l.getLength() > 0 ? l.item(0) : g.getElementsByTagName("path").item(0));
    }

    private static String title(Element g) {
        NodeList t = g.getElementsByTagName("title");
        return t.getLength() == 0 ? "" : t.item(0).getTextContent();
    }
}
