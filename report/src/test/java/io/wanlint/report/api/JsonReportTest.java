package io.wanlint.report.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.Fingerprints;
import io.wanlint.analyzer.api.FindingLocation;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class JsonReportTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static JsonSchema schema() throws Exception {
        try (InputStream in = JsonReport.class.getResourceAsStream(JsonReport.SCHEMA_RESOURCE)) {
            assertThat(in).as("schema resource").isNotNull();
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in);
        }
    }

    @Test
    void reportMatchesTheGoldenFile() throws Exception {
        Golden.assertMatches("report/sample-report.json", JsonReport.render(SampleApplication.report()));
    }

    @Test
    void sampleReportIsValidAgainstThePublishedSchema() throws Exception {
        JsonNode report = MAPPER.readTree(JsonReport.render(SampleApplication.report()));
        assertThat(schema().validate(report)).isEmpty();
    }

    @Test
    void emptyReportIsValidAgainstThePublishedSchema() throws Exception {
        var empty = new ReportData(new io.wanlint.analyzer.api.AnalysisResult(List.of(), ComponentModel.EMPTY,
                SampleApplication.callGraph(), null, List.of(), List.of()), "centralized", Map.of(), List.of(),
                Map.of(), List.of(), List.of(), "0.1.0");
        JsonNode report = MAPPER.readTree(JsonReport.render(empty));
        assertThat(schema().validate(report)).isEmpty();
        assertThat(report.get("findings")).isEmpty();
        assertThat(report.get("summary").get("wanRoundTrips").asLong()).isZero();
    }

    @Test
    void schemaRejectsAReportWithAnUnknownSeverity() throws Exception {
        JsonNode report = MAPPER.readTree(JsonReport.render(SampleApplication.report()));
        ((com.fasterxml.jackson.databind.node.ObjectNode) report.get("findings").get(0)).put("severity", "fatal");
        Set<ValidationMessage> errors = schema().validate(report);
        assertThat(errors).isNotEmpty();
    }

    @Test
    void reportCarriesTheFieldsOfSpecSection6() throws Exception {
        JsonNode report = MAPPER.readTree(JsonReport.render(SampleApplication.report()));
        assertThat(report.get("schemaVersion").asText()).isEqualTo("1");
        assertThat(report.get("tool").get("name").asText()).isEqualTo("wanlint");
        assertThat(report.get("topology").asText()).isEqualTo("edge");
        JsonNode facade = report.get("components").get(1);
        assertThat(facade.get("kind").asText()).isEqualTo("STATELESS_SESSION");
        assertThat(facade.get("site").asText()).isEqualTo("main");
        assertThat(facade.get("ejbName").asText()).isEqualTo("SB_ViewItem");
        assertThat(facade.get("transactionAttributes").get(0).get("attribute").asText()).isEqualTo("Required");
        JsonNode ep = report.get("entryPoints").get(0);
        assertThat(ep.get("wanRoundTrips").asLong()).isEqualTo(5);
        assertThat(ep.get("formula").asText()).isEqualTo("4 + n");
        assertThat(ep.get("afterPatches").asLong()).isEqualTo(1);
        assertThat(ep.get("latencyMs").asDouble()).isEqualTo(1000.0);
        JsonNode first = report.get("findings").get(0);
        assertThat(first.get("ruleId").asText()).as("findings sorted by rule").isEqualTo("WAN001");
        JsonNode jdbc = report.get("findings").get(1);
        assertThat(jdbc.get("wanRoundTrips").get("before").asLong()).isEqualTo(2);
        assertThat(jdbc.get("wanRoundTrips").get("beforeFormula").asText()).isEqualTo("1 + n");
        assertThat(jdbc.get("wanRoundTrips").has("afterFormula")).isFalse();
        assertThat(jdbc.get("evidence").get(1).get("kind").asText()).isEqualTo("JDBC");
        assertThat(report.get("diagnostics").get(0).get("level").asText()).isEqualTo("warning");
    }

    @Test
    void descriptorEvidenceStepHasNoMethodAndStillValidates() throws Exception {
        ReportData r = SampleApplication.report();
        ReportData data = new ReportData(r.result(), r.topologyName(), r.siteByComponent(), r.costs(),
                r.afterPatchesByEntryPoint(), List.of(SampleApplication.remoteEntityView()), r.rules(), r.toolVersion());
        JsonNode report = MAPPER.readTree(JsonReport.render(data));
        assertThat(schema().validate(report)).isEmpty();
        JsonNode step = report.at("/findings/0/evidence/0");
        assertThat(step.has("method")).as("no null method: %s", step).isFalse();
        assertThat(step.get("file").asText()).isEqualTo("META-INF/ejb-jar.xml");
    }

    @Test
    void outputDoesNotDependOnTheOrderFindingsArriveIn() {
        ReportData a = SampleApplication.report();
        ReportData b = new ReportData(a.result(), a.topologyName(), a.siteByComponent(), a.costs(),
                a.afterPatchesByEntryPoint(), List.of(a.findings().get(1), a.findings().get(0)), a.rules(),
                a.toolVersion(), a.latencyMsByEntryPoint());
        assertThat(JsonReport.render(b)).isEqualTo(JsonReport.render(a));
    }

    @Test
    void fingerprintSurvivesALineShiftButNotAnotherKey() {
        Finding f = SampleApplication.webTierJdbc();
        FindingLocation moved = new FindingLocation(f.location().file(), f.location().line() + 7,
                f.location().className(), f.location().method());
        Finding shifted = new Finding(f.ruleId(), f.severity(), f.message(), moved, f.entryPoints(), f.evidence(),
                f.before(), f.after(), f.subject());
        Finding other = new Finding(f.ruleId(), f.severity(), f.message(), f.location(), f.entryPoints(), f.evidence(),
                f.before(), f.after(), new FindingSubject.Method(MethodRef.of("edu.rubis.web.OtherDao", "x")));
        assertThat(Fingerprints.of(shifted)).isEqualTo(Fingerprints.of(f)).matches("[0-9a-f]{32}");
        assertThat(Fingerprints.of(other)).isNotEqualTo(Fingerprints.of(f));
    }

    @Test
    void findingsThatWerePlannedSayWhetherTheyHaveAPatchAndWhyNot() throws Exception {
        JsonNode report = MAPPER.readTree(JsonReport.render(SampleApplication.report(), SamplePatches.planned()));
        assertThat(schema().validate(report)).isEmpty();
        JsonNode fineGrained = report.at("/findings/0");
        JsonNode jdbc = report.at("/findings/1");
        assertThat(fineGrained.get("ruleId").asText()).isEqualTo("WAN001");
        assertThat(fineGrained.get("patch").asBoolean()).isFalse();
        assertThat(fineGrained.get("noPatch").asText()).isEqualTo("no patch: " + SamplePatches.NO_WAN001_PATCH);
        assertThat(jdbc.get("patch").asBoolean()).isTrue();
        assertThat(jdbc.has("noPatch")).isFalse();
        // The fields a reader knew are unchanged: same values, same order, the new ones after them.
        JsonNode unplanned = MAPPER.readTree(JsonReport.render(SampleApplication.report()));
        ObjectNode withoutNewFields = (ObjectNode) jdbc.deepCopy();
        withoutNewFields.remove(List.of("patch", "noPatch"));
        assertThat(withoutNewFields).isEqualTo(unplanned.at("/findings/1"));
        assertThat(unplanned.at("/findings/0").has("patch")).as("not planned: not said").isFalse();
    }

    @Test
    void aPatchThatFailedInsideWanlintIsReportedAsTheFindingsNoPatchReason() throws Exception {
        String why = "internal error while planning (IndexOutOfBoundsException: start 680, end 644, length 17517)";
        JsonNode report = MAPPER.readTree(JsonReport.render(SampleApplication.report(), SamplePatches.failed(why)));
        assertThat(schema().validate(report)).isEmpty();
        assertThat(report.at("/findings/1/patch").asBoolean(true)).isFalse();
        assertThat(report.at("/findings/1/noPatch").asText()).isEqualTo("no patch: " + why);
    }

    @Test
    void schemaRejectsANoPatchReasonOnAFindingWithAPatchOrWithoutItsPrefix() throws Exception {
        JsonNode report = MAPPER.readTree(JsonReport.render(SampleApplication.report(), SamplePatches.planned()));
        ObjectNode contradiction = (ObjectNode) report.deepCopy();
        ((ObjectNode) contradiction.at("/findings/1")).put("noPatch", "no patch: but it has one");
        assertThat(schema().validate(contradiction)).isNotEmpty();
        ObjectNode bare = (ObjectNode) report.deepCopy();
        ((ObjectNode) bare.at("/findings/0")).put("noPatch", SamplePatches.NO_WAN001_PATCH);
        assertThat(schema().validate(bare)).isNotEmpty();
        ObjectNode notABoolean = (ObjectNode) report.deepCopy();
        ((ObjectNode) notABoolean.at("/findings/1")).put("patch", "yes");
        assertThat(schema().validate(notABoolean)).isNotEmpty();
    }
}
