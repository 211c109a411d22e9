package io.wanlint.report.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wanlint.fixtures.HeadlessChromium;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Opens the HTML report in headless Chromium (issue 7 acceptance): it renders, its script runs,
 * nothing is logged to the console, the page requests nothing from the network, and the summary
 * in the rendered DOM matches the JSON report of the same data. Leaves {@code target/report.png}
 * (desktop) and {@code target/report-phone.png} for people to look at. Skipped when no Chromium is
 * installed (Debian: {@code apt-get install chromium}); {@link HeadlessChromium} drives the browser.
 */
class HtmlReportBrowserTest {
    private static final Path TARGET = Path.of("target").toAbsolutePath();
    private static HeadlessChromium chromium;

    @TempDir Path work;

    @BeforeAll
    static void findChromium() {
        chromium = HeadlessChromium.find().orElse(null);
        assumeTrue(chromium != null, "no chromium on PATH: the browser test is skipped");
    }

    private static Path writeSampleReport() throws IOException {
        Files.createDirectories(TARGET);
        Path file = TARGET.resolve("report.html");
        String html = new HtmlReport(TARGET, List.of(TARGET), HtmlReport.Ide.VSCODE, Graphviz.onPath())
                .render(HtmlReportTest.withHostileMessage(), SamplePatches.index());
        Files.writeString(file, html, StandardCharsets.UTF_8);
        return file;
    }

    private static long number(String dom, String id) {
        Matcher m = Pattern.compile("id=\"" + id + "\">(\\d+)<").matcher(dom);
        assertThat(m.find()).as("summary number %s in the rendered page", id).isTrue();
        return Long.parseLong(m.group(1));
    }

    @Test
    void reportRendersWithoutConsoleMessagesOrNetworkRequestsAndMatchesTheJsonSummary() throws Exception {
        HeadlessChromium.PageLoad run = chromium.load(writeSampleReport(), work);
        assertThat(run.exit()).as(run.stderr()).isZero();
        String dom = run.dom();
        assertThat(dom).as("the script ran").contains("<html lang=\"en\" class=\" js\">")
                .contains("<button type=\"button\">Round trips now</button>");
        assertThat(dom).as("the hostile message stayed text").contains("&lt;script&gt;alert('x')&lt;/script&gt;");
        assertThat(run.consoleMessages()).isEmpty();
        assertThat(run.networkRequests()).isEmpty();

        JsonNode summary = new ObjectMapper().readTree(JsonReport.render(HtmlReportTest.withHostileMessage())).get("summary");
        assertThat(number(dom, "sum-findings")).isEqualTo(summary.get("findings").asLong());
        assertThat(number(dom, "sum-errors")).isEqualTo(summary.get("errors").asLong());
        assertThat(number(dom, "sum-warnings")).isEqualTo(summary.get("warnings").asLong());
        assertThat(number(dom, "sum-notes")).isEqualTo(summary.get("notes").asLong());
        assertThat(number(dom, "sum-round-trips-now")).isEqualTo(summary.get("wanRoundTrips").asLong());
        assertThat(number(dom, "sum-round-trips-after")).isEqualTo(summary.get("afterPatches").asLong());
    }

    @Test
    void theChecksCatchAPageThatLogsErrorsAndFetches() throws Exception {
        Path page = TARGET.resolve("bad-page.html");
        Files.createDirectories(TARGET);
        Files.writeString(page, """
                <!DOCTYPE html><html><body><img src="http://example.invalid/x.png">
                <script>undefinedFunction();</script></body></html>
                """, StandardCharsets.UTF_8);
        HeadlessChromium.PageLoad run = chromium.load(page, work);
        assertThat(run.consoleMessages()).anySatisfy(l -> assertThat(l).contains("undefinedFunction"));
        assertThat(run.networkRequests()).containsExactly("http://example.invalid/x.png");
    }

    @Test
    void screenshotsAreSavedForPeopleToLookAt() throws Exception {
        Path page = writeSampleReport();
        Path desktop = TARGET.resolve("report.png"), phone = TARGET.resolve("report-phone.png");
        Files.deleteIfExists(desktop);
        Files.deleteIfExists(phone);
        assertThat(chromium.screenshot(page, desktop, 1200, 2000, work)).isZero();
        assertThat(chromium.screenshot(page, phone, 390, 2400, work)).isZero();
        for (Path png : List.of(desktop, phone)) {
            byte[] bytes = Files.readAllBytes(png);
            assertThat(bytes.length).as("%s has content", png).isGreaterThan(10_000);
            assertThat(new String(bytes, 1, 3, StandardCharsets.US_ASCII)).isEqualTo("PNG");
        }
    }
}
