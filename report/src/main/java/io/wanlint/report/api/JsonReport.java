package io.wanlint.report.api;

import io.wanlint.report.json.CheckReportWriter;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * The JSON check report (SPEC §6), versioned by {@link #SCHEMA_VERSION} and described by the JSON
 * Schema at {@link #SCHEMA_RESOURCE}. Output is deterministic: same data, same bytes.
 */
public final class JsonReport {
    public static final String SCHEMA_VERSION = "1";
    /** Classpath resource of the report's JSON Schema (draft 2020-12). */
    public static final String SCHEMA_RESOURCE = "/io/wanlint/report/wanlint-report.schema.json";

    private JsonReport() {}

    public static void write(ReportData data, Writer out) throws IOException {
        CheckReportWriter.write(data, SCHEMA_VERSION, out);
    }

    public static String render(ReportData data) {
        StringWriter out = new StringWriter();
        try {
            write(data, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return out.toString();
    }
}
