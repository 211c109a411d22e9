package io.wanlint.report.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wanlint.fixtures.HeadlessChromium;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The HTML report of a 126-component application in headless Chromium at 1400 and 400 px (issue 26
 * acceptance): the page never scrolls sideways (tables wrap, a wide graph scrolls in its own box),
 * graph labels are at least 10 px on screen, and the filter bar hides the findings of other rules.
 * A script in a harness page measures the report in an iframe of the width under test (headless
 * Chromium lays pages out at least 500 px wide, so a 400 px window alone would not test 400 px) and
 * writes what it found into the DOM that {@code --dump-dom} returns. Screenshots for people:
 * {@code target/layout/report-1400.png}, {@code report-400.png}. Skipped, saying why, without Chromium.
 */
class HtmlReportLayoutTest {
    private static final Path OUT = Path.of("target", "layout").toAbsolutePath();
    private static final int HEIGHT = 900;
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Pattern PROBE = Pattern.compile("<pre id=\"probe\"[^>]*>([^<]*)</pre>");
    private static HeadlessChromium chromium;
    private static String report;

    @TempDir Path work;

    @BeforeAll
    static void writeTheReport() throws IOException {
        chromium = HeadlessChromium.find().orElse(null);
        assumeTrue(chromium != null, "no chromium or chrome on PATH (nor WANLINT_CHROMIUM): the HTML layout test is skipped");
        LargeApplication.ReportAndPatches app = LargeApplication.build();
        assertThat(app.data().result().model().components()).hasSizeGreaterThanOrEqualTo(100);
        // The built-in layout: what a machine without Graphviz (most CI runners) draws.
        report = new HtmlReport(OUT, List.of(Path.of("procurement")), HtmlReport.Ide.VSCODE, Graphviz.absent())
                .render(app.data(), app.patches());
        Files.createDirectories(OUT);
        Files.writeString(OUT.resolve("report.html"), report, StandardCharsets.UTF_8);
    }

    /** A page holding the report in an iframe {@code width} px wide, with the probe script. */
    private static Path harness(int width) throws IOException {
        String probe;
        try (InputStream in = HtmlReportLayoutTest.class.getResourceAsStream("layout-probe.js")) {
            probe = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String srcdoc = report.replace("&", "&amp;").replace("\"", "&quot;");
        Path page = OUT.resolve("harness-" + width + ".html");
        Files.writeString(page, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><style>body{margin:0}"
                + "iframe{border:0;display:block}</style></head><body>\n<iframe id=\"report\" width=\"" + width + "\" height=\""
                + HEIGHT + "\" srcdoc=\"" + srcdoc + "\"></iframe>\n<pre id=\"probe\" hidden></pre>\n<script>" + probe
                + "</script>\n</body></html>\n", StandardCharsets.UTF_8);
        return page;
    }

    /** Each width is measured once (a Chromium run costs seconds); the tests read the same measurements. */
    private static final java.util.Map<Integer, JsonNode> MEASURED = new java.util.concurrent.ConcurrentHashMap<>();

    private JsonNode measure(int width) throws Exception {
        JsonNode known = MEASURED.get(width);
        if (known != null) return known;
        HeadlessChromium.PageLoad load = chromium.load(harness(width), work, Math.max(width, 600), HEIGHT + 200);
        assertThat(load.exit()).as(load.stderr()).isZero();
        assertThat(load.consoleMessages()).isEmpty();
        Matcher m = PROBE.matcher(load.dom());
        assertThat(m.find() && !m.group(1).isBlank()).as("the probe wrote its measurements").isTrue();
        JsonNode probe = MAPPER.readTree(m.group(1).replace("&quot;", "\"").replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">"));
        Files.writeString(OUT.resolve("probe-" + width + ".json"), probe.toPrettyString(), StandardCharsets.UTF_8);
        MEASURED.put(width, probe);
        return probe;
    }

    @ParameterizedTest(name = "{0} px")
    @ValueSource(ints = {1400, 400})
    void thePageNeverScrollsSidewaysAndTheGraphScrollsInItsOwnBox(int width) throws Exception {
        JsonNode probe = measure(width);
        assertThat(probe.path("viewportWidth").asInt()).as("the report is laid out at the width under test").isEqualTo(width);
        assertThat(probe.path("scripted").asBoolean()).isTrue();
        assertThat(probe.path("scrollWidth").asInt()).as("no horizontal scroll; sticking out: %s", probe.path("overflowing"))
                .isLessThanOrEqualTo(probe.path("clientWidth").asInt());
        assertThat(probe.path("overflowing")).as("elements wider than the page outside a scroll box").isEmpty();
        assertThat(probe.path("brokenWords")).as("words broken across lines in table cells").isEmpty();
        assertThat(probe.path("unexplainedNumbers")).as("figures without a title saying what was counted").isEmpty();
        assertThat(probe.path("graphLabels").asInt()).as("the component graph is drawn with labels (126 components, one node per package above 60)").isGreaterThanOrEqualTo(10);
        assertThat(probe.path("graphBoxRight").asInt()).as("the graph's scroll box fits the page").isLessThanOrEqualTo(width);
    }

    /**
     * The page never shrinks the graph to fit (that made 44-component labels 6 px): labels are drawn
     * at the size the SVG gives them, which must be at least 10 px. The sizes themselves are the
     * graph layout's (report/graph).
     */
    @ParameterizedTest(name = "{0} px")
    @ValueSource(ints = {1400, 400})
    void graphLabelsAreDrawnUnscaledAndAtLeastTenPixels(int width) throws Exception {
        JsonNode probe = measure(width);
        assertThat(probe.path("smallestGraphScale").asDouble()).as("the page does not shrink the graph").isGreaterThanOrEqualTo(1.0);
        assertThat(probe.path("smallestDeclaredLabelPx").asDouble()).as("smallest label size the SVG declares, px").isGreaterThanOrEqualTo(10.0);
        assertThat(probe.path("smallestGraphLabelPx").asDouble()).as("smallest graph label on screen, px").isGreaterThanOrEqualTo(10.0);
    }

    @Test
    void theFilterBarShowsOnlyTheChosenRuleOrTheFindingsOfTheTypedComponent() throws Exception {
        JsonNode probe = measure(1400);
        long wan003 = LargeApplication.build().data().findings().stream().filter(f -> f.ruleId().equals("WAN003")).count();
        int all = LargeApplication.build().data().findings().size();
        assertThat(probe.path("filterShown").asBoolean()).isTrue();
        assertThat(probe.path("findings").asInt()).isEqualTo(all);
        assertThat(probe.at("/byRule/shown").asInt()).isEqualTo((int) wan003).isPositive();
        assertThat(probe.at("/byRule/rules").toString()).isEqualTo("[\"WAN003\"]");
        assertThat(probe.at("/byRule/count").asText()).isEqualTo(wan003 + " of " + all + " findings");
        assertThat(probe.at("/byText/shown").asInt()).as("WAN001 and WAN003 of servlet 12").isEqualTo(2);
        assertThat(probe.at("/byText/where")).allSatisfy(w -> assertThat(w.asText()).endsWith(".purchaseorderapprovalworkflowservlet12"));
        assertThat(probe.path("afterReset").asInt()).isEqualTo(all);
    }

    @ParameterizedTest(name = "{0} px")
    @ValueSource(ints = {1400, 400})
    void screenshotsAreSavedForPeopleToLookAt(int width) throws Exception {
        Path png = OUT.resolve("report-" + width + ".png");
        Files.deleteIfExists(png);
        // 400 px: the harness, whose iframe has the width (the window alone would lay out at 500 px).
        Path page = width < 500 ? harness(width) : OUT.resolve("report.html");
        assertThat(chromium.screenshot(page, png, width, HEIGHT, work)).isZero();
        byte[] bytes = Files.readAllBytes(png);
        assertThat(bytes.length).isGreaterThan(10_000);
        assertThat(new String(bytes, 1, 3, StandardCharsets.US_ASCII)).isEqualTo("PNG");
    }
}
