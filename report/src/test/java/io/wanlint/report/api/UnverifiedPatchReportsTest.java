package io.wanlint.report.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A patch shown without having been compiled says so, and why, in every format; a verified one says nothing new. */
class UnverifiedPatchReportsTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String WHY = "this Java runtime has no compiler (javax.tools); run wanlint on a JDK";

    private static JsonSchema schema() throws Exception {
        try (InputStream in = JsonReport.class.getResourceAsStream(JsonReport.SCHEMA_RESOURCE)) {
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in);
        }
    }

    @Test
    void theJsonReportHasAnOptionalPatchUnverifiedFieldAfterTheOthers() throws Exception {
        JsonNode report = MAPPER.readTree(JsonReport.render(SampleApplication.report(), SamplePatches.unverified(WHY)));
        assertThat(schema().validate(report)).isEmpty();
        JsonNode jdbc = report.at("/findings/1");
        assertThat(jdbc.get("patch").asBoolean()).isTrue();
        assertThat(jdbc.get("patchUnverified").asText()).isEqualTo("unverified: " + WHY);
        List<String> names = new java.util.ArrayList<>();
        jdbc.fieldNames().forEachRemaining(names::add);
        assertThat(names).endsWith("patch", "patchUnverified");
        assertThat(report.at("/findings/0").has("patchUnverified")).as("no patch, nothing unverified").isFalse();

        JsonNode verified = MAPPER.readTree(JsonReport.render(SampleApplication.report(), SamplePatches.planned()));
        ObjectNode withoutNewField = (ObjectNode) jdbc.deepCopy();
        withoutNewField.remove("patchUnverified");
        assertThat(withoutNewField).isEqualTo(verified.at("/findings/1"));
    }

    @Test
    void theSchemaRejectsAnUnverifiedMarkOnAFindingWithoutAPatch() throws Exception {
        JsonNode report = MAPPER.readTree(JsonReport.render(SampleApplication.report(), SamplePatches.planned()));
        ObjectNode contradiction = (ObjectNode) report.deepCopy();
        ((ObjectNode) contradiction.at("/findings/0")).put("patchUnverified", "unverified: " + WHY);
        assertThat(schema().validate(contradiction)).isNotEmpty();
    }

    @Test
    void theTextReportPrintsTheMarkUnderThePatchedRoundTrips() {
        String text = new TextReport(false).render(SampleApplication.report(), SamplePatches.unverified(WHY));
        assertThat(text).contains("      patch unverified: " + WHY + "\n");
        assertThat(new TextReport(false).render(SampleApplication.report(), SamplePatches.planned())).doesNotContain("unverified");
    }

    @Test
    void sarifCarriesItAsAResultProperty() throws Exception {
        JsonNode sarif = MAPPER.readTree(SarifReport.render(SampleApplication.report(), SamplePatches.unverified(WHY), null));
        JsonNode results = sarif.at("/runs/0/results");
        List<String> marks = new java.util.ArrayList<>();
        for (JsonNode r : results) if (r.at("/properties").has("patchUnverified")) marks.add(r.at("/properties/patchUnverified").asText());
        assertThat(marks).containsExactly("unverified: " + WHY);
    }

    @Test
    void theHtmlReportShowsItAboveThePatchPreview() {
        String html = new HtmlReport(Path.of("/srv/rubis"), List.of(Path.of("/srv/rubis")), HtmlReport.Ide.NONE, Graphviz.absent())
                .render(SampleApplication.report(), SamplePatches.unverified(WHY));
        assertThat(html).contains("<p class=\"unverified\">Patch unverified: this Java runtime has no compiler (javax.tools); run wanlint on a JDK</p>");
    }
}
