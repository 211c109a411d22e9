package io.wanlint.cli.reports;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import io.wanlint.cli.VersionInfo;
import io.wanlint.fixtures.Fixtures;
import io.wanlint.fixtures.HeadlessChromium;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The reports of the real fixture applications, produced through {@code wanlint check} (issues 5
 * and 7 acceptance): every JSON report validates against the published schema and every SARIF log
 * against the official SARIF 2.1.0 schema, and the two agree; one fixture's JSON and SARIF are
 * golden files; one fixture's HTML report is opened in headless Chromium.
 */
class FixtureReportsTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** The fixture whose reports are golden files and whose HTML report is opened in the browser. */
    private static final String GOLDEN_FIXTURE = "rubis-entity";
    private static final String SRCROOT_PLACEHOLDER = "file:///SRCROOT/";

    @SuppressWarnings("unused") // the fixtures for @FieldSource
    static final List<String> APPLICATIONS = Fixtures.APPLICATIONS;

    private static JsonSchema published;
    private static JsonSchema sarif;

    @BeforeAll
    static void loadSchemas() {
        published = FixtureReports.publishedSchema();
        sarif = FixtureReports.sarifSchema();
    }

    private static JsonNode report(String fixture, String format) throws IOException {
        FixtureReports.Output run = FixtureReports.check(fixture, format);
        assertThat(run.exit()).as("exit code of check %s --format %s: %s", fixture, format, run.err()).isIn(0, 1);
        assertThat(run.err()).as("stderr of check %s --format %s", fixture, format).doesNotContain("error:");
        return MAPPER.readTree(run.out());
    }

    @ParameterizedTest(name = "{0}")
    @FieldSource("APPLICATIONS")
    void jsonReportIsValidAgainstThePublishedSchema(String fixture) throws Exception {
        JsonNode json = report(fixture, "json");
        assertThat(published.validate(json)).as("schema violations in the JSON report of %s", fixture).isEmpty();
        JsonNode summary = json.get("summary");
        List<String> severities = new ArrayList<>();
        json.get("findings").forEach(f -> severities.add(f.get("severity").asText()));
        assertThat(summary.get("findings").asInt()).isEqualTo(severities.size());
        assertThat(summary.get("errors").asInt()).isEqualTo(severities.stream().filter("error"::equals).count());
        assertThat(summary.get("warnings").asInt()).isEqualTo(severities.stream().filter("warning"::equals).count());
        assertThat(summary.get("notes").asInt()).isEqualTo(severities.stream().filter("note"::equals).count());
    }

    /**
     * GitHub's documented ingestion limits ("SARIF support for code scanning", limits): 20 runs per
     * file, 25,000 results per run, 25,000 rules per run, 1,000 locations per result of which 100 are
     * shown, 10,000 thread-flow locations per result of which 1,000 are shown, 20 tags per rule of which
     * 10 are shown; a result's message must link each related location it wants shown ({@code [text](id)}),
     * and a security rule needs {@code security-severity} to be rated.
     */
    private static void assertMeetsCodeScanningLimits(JsonNode log) {
        assertThat(log.get("runs").size()).isLessThanOrEqualTo(20);
        for (JsonNode run : log.get("runs")) {
            assertThat(run.get("results").size()).isLessThanOrEqualTo(25_000);
            JsonNode rules = run.at("/tool/driver/rules");
            assertThat(rules.size()).isLessThanOrEqualTo(25_000);
            for (JsonNode rule : rules) {
                assertThat(rule.at("/properties/tags").size()).isLessThanOrEqualTo(10);
                assertThat(rule.at("/properties/precision").asText()).isIn("very-high", "high", "medium", "low");
                boolean security = rule.at("/properties/tags").toString().contains("\"security\"");
                assertThat(rule.at("/properties/security-severity").isMissingNode()).as("security-severity of %s", rule.get("id"))
                        .isEqualTo(!security);
                assertThat(rule.at("/fullDescription/text").asText()).doesNotContain("`", "**", "](");
            }
            for (JsonNode result : run.get("results")) {
                assertThat(result.path("locations").size() + result.path("relatedLocations").size()).isLessThanOrEqualTo(101);
                for (JsonNode flow : result.path("codeFlows"))
                    for (JsonNode thread : flow.path("threadFlows"))
                        assertThat(thread.path("locations").size()).isLessThanOrEqualTo(1_000);
                String message = result.at("/message/text").asText();
                for (JsonNode related : result.path("relatedLocations"))
                    assertThat(message).contains("](" + related.get("id").asInt() + ")");
                assertThat(result.path("partialFingerprints").size()).isPositive();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @FieldSource("APPLICATIONS")
    void sarifLogIsValidAgainstTheOfficialSchemaAndAgreesWithTheJsonReport(String fixture) throws Exception {
        JsonNode log = report(fixture, "sarif");
        assertThat(sarif.validate(log)).as("SARIF 2.1.0 violations in the log of %s", fixture).isEmpty();
        JsonNode run = log.at("/runs/0");
        JsonNode findings = report(fixture, "json").get("findings");
        JsonNode results = run.get("results");
        assertThat(results).as("SARIF results vs JSON findings").hasSize(findings.size());
        Path app = Fixtures.app(fixture);
        // code scanning resolves URIs against the repository's root: the fixtures lie in wanlint's own work tree
        Path base = Path.of(URI.create(run.at("/originalUriBaseIds/%SRCROOT%/uri").asText()));
        assertThat(app.toAbsolutePath().normalize()).startsWith(base);
        assertThat(base.resolve(".git")).as("the repository root").exists();
        for (int i = 0; i < results.size(); i++) {
            JsonNode result = results.get(i), finding = findings.get(i);
            assertThat(result.get("ruleId").asText()).isEqualTo(finding.get("ruleId").asText());
            assertThat(result.at("/partialFingerprints/wanlint~1v1").asText()).as("fingerprint of result %d", i)
                    .isEqualTo(finding.get("fingerprint").asText());
            JsonNode artifact = result.at("/locations/0/physicalLocation/artifactLocation");
            String uri = artifact.get("uri").asText();
            assertThat(URI.create(uri).isAbsolute() || uri.startsWith("/")).as("relative uri %s", uri).isFalse();
            assertThat(artifact.get("uriBaseId").asText()).isEqualTo("%SRCROOT%");
            assertThat(base.resolve(URI.create(uri).getPath())).as("the file result %d points at", i).isRegularFile();
            assertThat(result.at("/locations/0/physicalLocation/region/startLine").asInt())
                    .isEqualTo(finding.at("/location/line").asInt());
        }
        assertMeetsCodeScanningLimits(log);
        JsonNode notifications = run.at("/invocations/0/toolExecutionNotifications");
        assertThat(notifications.isMissingNode() ? 0 : notifications.size()).as("diagnostics")
                .isEqualTo(report(fixture, "json").get("diagnostics").size());
    }

    @Test
    void theOfficialSchemaRejectsALogWithAnUnknownLevelOrNoRuns() throws Exception {
        ObjectNode badLevel = (ObjectNode) report(GOLDEN_FIXTURE, "sarif").deepCopy();
        ((ObjectNode) badLevel.at("/runs/0/results/0")).put("level", "fatal");
        assertThat(sarif.validate(badLevel)).isNotEmpty();
        ObjectNode noRuns = (ObjectNode) report(GOLDEN_FIXTURE, "sarif").deepCopy();
        noRuns.remove("runs");
        assertThat(sarif.validate(noRuns)).isNotEmpty();
    }

    /**
     * {@code rubis-entity}'s JSON and SARIF, byte for byte, except for what differs between
     * machines: the tool version and the absolute source root. Run with
     * {@code -Dwanlint.updateGolden=true} to rewrite them after an intended change, then review the diff.
     */
    @Nested
    class GoldenFiles {
        private static final Path DIR = Path.of("src/test/resources/golden");

        private static String normalised(String report) {
            String version = "\"" + VersionInfo.version() + "\"";
            // SARIF's %SRCROOT% is the repository holding the fixture (RepositoryRoot), the JSON report's root the fixture
            String root = io.wanlint.report.api.RepositoryRoot.forReports(Fixtures.app(GOLDEN_FIXTURE), null).toUri().toString();
            assertThat(report).contains("\"version\": " + version);
            return report.replace("\"version\": " + version, "\"version\": \"VERSION\"")
                    .replace("\"semanticVersion\": " + version, "\"semanticVersion\": \"VERSION\"")
                    .replace("\"" + root + "\"", "\"" + SRCROOT_PLACEHOLDER + "\"");
        }

        private static void assertMatchesGolden(String name, String actual) throws IOException {
            Path file = DIR.resolve(name);
            if (Boolean.getBoolean("wanlint.updateGolden")) {
                Files.createDirectories(DIR);
                Files.writeString(file, actual, StandardCharsets.UTF_8);
            }
            assertThat(file).as("golden file %s (create it with -Dwanlint.updateGolden=true)", file).exists();
            assertThat(actual).isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
        }

        @Test
        void jsonReportMatchesTheGoldenFile() throws Exception {
            report(GOLDEN_FIXTURE, "json");
            String json = normalised(FixtureReports.check(GOLDEN_FIXTURE, "json").out());
            assertThat(json).doesNotContain(Fixtures.root().toString());
            assertMatchesGolden(GOLDEN_FIXTURE + ".json", json);
        }

        @Test
        void sarifLogMatchesTheGoldenFile() throws Exception {
            report(GOLDEN_FIXTURE, "sarif");
            String log = normalised(FixtureReports.check(GOLDEN_FIXTURE, "sarif").out());
            assertThat(log).as("the source root became the placeholder").contains(SRCROOT_PLACEHOLDER)
                    .doesNotContain(Fixtures.root().toString());
            assertMatchesGolden(GOLDEN_FIXTURE + ".sarif", log);
        }
    }

    /**
     * The HTML report of a fixture in headless Chromium: no console message, no network request,
     * the summary in the page equals the JSON report's. Leaves {@code target/fixture-report.png}.
     * Skipped when no Chromium is installed.
     */
    @Nested
    class InHeadlessChromium {
        private static final Path TARGET = Path.of("target").toAbsolutePath();
        private static final Map<String, String> SUMMARY_IDS = Map.of(
                "sum-findings", "findings", "sum-errors", "errors", "sum-warnings", "warnings", "sum-notes", "notes",
                "sum-round-trips-now", "wanRoundTrips", "sum-round-trips-after", "afterPatches");

        @TempDir Path work;
        private HeadlessChromium chromium;
        private Path page;

        @BeforeEach
        void writeReport() throws IOException {
            chromium = HeadlessChromium.find().orElse(null);
            assumeTrue(chromium != null, "no chromium on PATH: the browser test is skipped");
            FixtureReports.Output html = FixtureReports.check(GOLDEN_FIXTURE, "html");
            assertThat(html.exit()).as(html.err()).isIn(0, 1);
            Files.createDirectories(TARGET);
            page = TARGET.resolve("fixture-report.html");
            Files.writeString(page, html.out(), StandardCharsets.UTF_8);
        }

        private static long number(String dom, String id) {
            Matcher m = Pattern.compile("id=\"" + id + "\">(\\d+)<").matcher(dom);
            assertThat(m.find()).as("summary number %s in the rendered page", id).isTrue();
            return Long.parseLong(m.group(1));
        }

        @Test
        void reportRendersWithoutConsoleMessagesOrNetworkRequestsAndMatchesTheJsonSummary() throws Exception {
            HeadlessChromium.PageLoad load = chromium.load(page, work);
            assertThat(load.exit()).as(load.stderr()).isZero();
            assertThat(load.dom()).as("the page's script ran").contains("class=\" js\"");
            assertThat(load.consoleMessages()).isEmpty();
            assertThat(load.networkRequests()).isEmpty();
            JsonNode json = report(GOLDEN_FIXTURE, "json");
            SUMMARY_IDS.forEach((id, field) ->
                    assertThat(number(load.dom(), id)).as(id).isEqualTo(json.get("summary").get(field).asLong()));
            json.get("entryPoints").forEach(ep -> assertThat(load.dom()).contains(ep.get("id").asText()));
        }

        @Test
        void screenshotIsSavedForPeopleToLookAt() throws Exception {
            Path png = TARGET.resolve("fixture-report.png");
            Files.deleteIfExists(png);
            assertThat(chromium.screenshot(page, png, 1200, 2000, work)).isZero();
            byte[] bytes = Files.readAllBytes(png);
            assertThat(bytes.length).as("%s has content", png).isGreaterThan(10_000);
            assertThat(new String(bytes, 1, 3, StandardCharsets.US_ASCII)).isEqualTo("PNG");
        }
    }
}
