package io.wanlint.report.api;

import io.wanlint.report.json.JsonOutput;
import io.wanlint.report.json.CheckReportWriter;

import java.io.IOException;
import java.io.Writer;

/**
 * The JSON check report (docs/json-report.md §Check report), versioned by {@link #SCHEMA_VERSION} and described by the JSON
 * Schema at {@link #SCHEMA_RESOURCE}. Output is deterministic: same data, same bytes.
 */
public final class JsonReport {
    public static final String SCHEMA_VERSION = "1";
    /** Classpath resource of the report's JSON Schema (draft 2020-12). */
    public static final String SCHEMA_RESOURCE = "/io/wanlint/report/wanlint-report.schema.json";

    private JsonReport() {}

    public static void write(ReportData data, Writer out) throws IOException {
        write(data, PatchIndex.EMPTY, out);
    }

    /**
     * The report, where each finding that {@code patches} planned also says whether it has a patch
     * ({@code "patch"}) and, if not, why ({@code "noPatch": "no patch: …"}).
     */
    public static void write(ReportData data, PatchIndex patches, Writer out) throws IOException {
        CheckReportWriter.write(data, patches == null ? PatchIndex.EMPTY : patches, SCHEMA_VERSION, out);
    }

    public static String render(ReportData data) {
        return render(data, PatchIndex.EMPTY);
    }

    public static String render(ReportData data, PatchIndex patches) {
        return JsonOutput.render(o -> write(data, patches, o));
    }
}
