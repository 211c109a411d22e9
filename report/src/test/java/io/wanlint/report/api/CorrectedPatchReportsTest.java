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

/**
 * A patch whose re-analysis measured other round trips than its refactoring predicted says so, with
 * both, in every format; the other fields are those of a patch that delivers its prediction.
 */
class CorrectedPatchReportsTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String HOW = "predicted 12 → 3, re-analysis measured 12 → 4";

    private static JsonSchema schema() throws Exception {
        try (InputStream in = JsonReport.class.getResourceAsStream(JsonReport.SCHEMA_RESOURCE)) {
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in);
        }
    }

    @Test
    void theJsonReportHasAnOptionalPatchCorrectionFieldAfterTheOthers() throws Exception {
        JsonNode report = MAPPER.readTree(JsonReport.render(SampleApplication.report(), SamplePatches.corrected(HOW)));
        assertThat(schema().validate(report)).isEmpty();
        JsonNode jdbc = report.at("/findings/1");
        assertThat(jdbc.get("patchCorrection").asText()).isEqualTo("prediction corrected: " + HOW);
        List<String> names = new java.util.ArrayList<>();
        jdbc.fieldNames().forEachRemaining(names::add);
        assertThat(names).endsWith("patch", "patchCorrection");
        assertThat(report.at("/findings/0").has("patchCorrection")).isFalse();

        JsonNode delivered = MAPPER.readTree(JsonReport.render(SampleApplication.report(), SamplePatches.planned()));
        ObjectNode withoutNewField = (ObjectNode) jdbc.deepCopy();
        withoutNewField.remove("patchCorrection");
        assertThat(withoutNewField).isEqualTo(delivered.at("/findings/1"));
    }

    @Test
    void theSchemaRejectsACorrectionOnAFindingWithoutAPatch() throws Exception {
        JsonNode report = MAPPER.readTree(JsonReport.render(SampleApplication.report(), SamplePatches.planned()));
        ObjectNode contradiction = (ObjectNode) report.deepCopy();
        ((ObjectNode) contradiction.at("/findings/0")).put("patchCorrection", "prediction corrected: " + HOW);
        assertThat(schema().validate(contradiction)).isNotEmpty();
    }

    @Test
    void textSarifAndHtmlShowIt() throws Exception {
        String text = new TextReport(false).render(SampleApplication.report(), SamplePatches.corrected(HOW));
        assertThat(text).contains("      patch prediction corrected: " + HOW + "\n");

        JsonNode sarif = MAPPER.readTree(SarifReport.render(SampleApplication.report(), SamplePatches.corrected(HOW), null));
        List<String> marks = new java.util.ArrayList<>();
        for (JsonNode r : sarif.at("/runs/0/results")) {
            if (r.at("/properties").has("patchCorrection")) marks.add(r.at("/properties/patchCorrection").asText());
        }
        assertThat(marks).containsExactly("prediction corrected: " + HOW);

        String html = new HtmlReport(Path.of("/srv/rubis"), List.of(Path.of("/srv/rubis")), HtmlReport.Ide.NONE, Graphviz.absent())
                .render(SampleApplication.report(), SamplePatches.corrected(HOW));
        assertThat(html).contains("<p class=\"corrected\">Patch prediction corrected: predicted 12 → 3, re-analysis measured 12 → 4</p>");
    }
}
