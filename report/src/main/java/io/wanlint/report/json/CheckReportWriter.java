package io.wanlint.report.json;

import com.fasterxml.jackson.core.JsonGenerator;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.CrossingCall;
import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.EvidenceStep;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.api.Fingerprints;
import io.wanlint.report.api.PatchIndex;
import io.wanlint.report.api.ReportData;
import io.wanlint.report.api.ReportSummary;

import java.io.IOException;
import java.io.Writer;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Writes the check report (docs/json-report.md §Check report), field by field, in a fixed order. */
public final class CheckReportWriter {
    /** The order findings are listed in every format: by rule, then place, then identity. */
    public static final Comparator<Finding> FINDING_ORDER = Comparator.comparing(Finding::ruleId)
            .thenComparing(f -> nullToEmpty(f.location().file()))
            .thenComparingInt(f -> f.location().line())
            .thenComparing(f -> nullToEmpty(f.location().className()))
            .thenComparing(f -> nullToEmpty(f.location().method()))
            .thenComparing(Finding::key);

    private CheckReportWriter() {}

    public static void write(ReportData data, String schemaVersion, Writer out) throws IOException {
        write(data, PatchIndex.EMPTY, schemaVersion, out);
    }

    /** The report; each finding {@code patches} planned also says whether it has a patch and, if not, why. */
    public static void write(ReportData data, PatchIndex patches, String schemaVersion, Writer out) throws IOException {
        try (JsonGenerator gen = JsonOutput.open(out)) {
            writeHeader(gen, data, schemaVersion);
            writeSummary(gen, data.summary());

            gen.writeArrayFieldStart("components");
            for (Component c : data.result().model().components()) {
                ComponentJson.write(gen, c, data.siteByComponent().get(c.name()));
            }
            gen.writeEndArray();

            gen.writeArrayFieldStart("entryPoints");
            for (EntryPointCost cost : data.costs()) writeEntryPoint(gen, data, cost);
            gen.writeEndArray();

            gen.writeArrayFieldStart("findings");
            for (Finding f : data.findings().stream().sorted(FINDING_ORDER).toList()) writeFinding(gen, f, patches);
            gen.writeEndArray();

            gen.writeArrayFieldStart("rules");
            for (RuleDescriptor r : data.rules().stream().sorted(Comparator.comparing(RuleDescriptor::id)).toList()) {
                gen.writeStartObject();
                gen.writeStringField("id", r.id());
                gen.writeStringField("name", r.name());
                gen.writeStringField("severity", r.defaultSeverity().label());
                JsonOutput.optional(gen, "summary", r.summary());
                JsonOutput.optional(gen, "since", r.since());
                gen.writeEndObject();
            }
            gen.writeEndArray();

            gen.writeArrayFieldStart("diagnostics");
            for (Diagnostic d : data.result().diagnostics()) {
                gen.writeStartObject();
                gen.writeStringField("level", d.level().name().toLowerCase(Locale.ROOT));
                gen.writeStringField("file", d.location().file());
                gen.writeNumberField("line", d.location().line());
                gen.writeStringField("message", d.message());
                gen.writeEndObject();
            }
            gen.writeEndArray();
            gen.writeEndObject();
            gen.writeRaw('\n');
        }
    }

    /** The {@code wanlint predict --format json} document: the report's header and its {@code entryPoints} array. */
    public static void writePrediction(ReportData data, String schemaVersion, Writer out) throws IOException {
        writePrediction(data, schemaVersion, out, gen -> { });
    }

    /** Fields after the predict report's own, such as {@code deployments}; optional, so the SPEC's fields stay as they are. */
    @FunctionalInterface
    public interface ExtraFields {
        void write(JsonGenerator gen) throws IOException;
    }

    public static void writePrediction(ReportData data, String schemaVersion, Writer out, ExtraFields extra) throws IOException {
        try (JsonGenerator gen = JsonOutput.open(out)) {
            writeHeader(gen, data, schemaVersion);
            gen.writeArrayFieldStart("entryPoints");
            for (EntryPointCost cost : data.costs()) writeEntryPoint(gen, data, cost);
            gen.writeEndArray();
            extra.write(gen);
            gen.writeEndObject();
            gen.writeRaw('\n');
        }
    }

    /** Opens the document: schema version, tool, topology — the same for the check and predict reports. */
    private static void writeHeader(JsonGenerator gen, ReportData data, String schemaVersion) throws IOException {
        gen.writeStartObject();
        gen.writeStringField("schemaVersion", schemaVersion);
        gen.writeObjectFieldStart("tool");
        gen.writeStringField("name", "wanlint");
        gen.writeStringField("version", data.toolVersion());
        gen.writeEndObject();
        gen.writeStringField("topology", data.topologyName());
        ReplicationJson.writeSettings(gen, data.replication());
    }

    private static void writeSummary(JsonGenerator gen, ReportSummary s) throws IOException {
        gen.writeObjectFieldStart("summary");
        gen.writeNumberField("findings", s.findings());
        gen.writeNumberField("errors", s.errors());
        gen.writeNumberField("warnings", s.warnings());
        gen.writeNumberField("notes", s.notes());
        gen.writeNumberField("wanRoundTrips", s.roundTripsNow());
        gen.writeNumberField("afterPatches", s.roundTripsAfter());
        gen.writeEndObject();
    }

    private static void writeEntryPoint(JsonGenerator gen, ReportData data, EntryPointCost cost) throws IOException {
        var ep = cost.entryPoint();
        RoundTrips after = data.afterPatches(cost);
        gen.writeStartObject();
        gen.writeStringField("id", ep.id());
        gen.writeStringField("kind", ep.kind().name());
        gen.writeStringField("className", ep.method().className());
        gen.writeStringField("method", ep.method().name());
        JsonOutput.optional(gen, "component", ep.component());
        JsonOutput.optional(gen, "site", cost.site());
        gen.writeNumberField("wanRoundTrips", cost.roundTrips().value());
        gen.writeStringField("formula", cost.roundTrips().formula());
        gen.writeNumberField("afterPatches", after.value());
        gen.writeStringField("afterFormula", after.formula());
        Double latency = data.latencyMsByEntryPoint().get(ep.id());
        if (latency != null) gen.writeNumberField("latencyMs", latency);
        ReplicationJson.writeEntryPoint(gen, data.replication(), cost);
        gen.writeArrayFieldStart("crossings");
        for (CrossingCall c : cost.crossings()) {
            gen.writeStartObject();
            CallEdge e = c.edge();
            if (e != null) {
                gen.writeStringField("className", e.from().className());
                gen.writeStringField("method", e.from().name());
                gen.writeNumberField("line", e.line());
                gen.writeStringField("kind", e.kind().name());
                gen.writeStringField("target", e.to().shortId());
            }
            gen.writeStringField("fromSite", c.fromSite());
            gen.writeStringField("toSite", c.toSite());
            gen.writeNumberField("unitCost", c.unitCost());
            gen.writeNumberField("roundTrips", c.contribution().value());
            gen.writeStringField("formula", c.contribution().formula());
            JsonOutput.optional(gen, "reason", c.reason());
            gen.writeEndObject();
        }
        gen.writeEndArray();
        gen.writeEndObject();
    }

    private static void writeFinding(JsonGenerator gen, Finding f, PatchIndex patches) throws IOException {
        gen.writeStartObject();
        gen.writeStringField("ruleId", f.ruleId());
        gen.writeStringField("severity", f.severity().label());
        gen.writeStringField("message", f.message());
        gen.writeObjectFieldStart("location");
        gen.writeStringField("file", nullToEmpty(f.location().file()));
        gen.writeNumberField("line", f.location().line());
        gen.writeStringField("className", nullToEmpty(f.location().className()));
        if (f.location().method() != null) gen.writeStringField("method", f.location().method());
        gen.writeEndObject();
        JsonOutput.stringArray(gen, "entryPoints", f.entryPoints());
        gen.writeArrayFieldStart("evidence");
        for (EvidenceStep s : f.evidence()) {
            gen.writeStartObject();
            gen.writeStringField("className", s.className());
            // A descriptor step (an entity's remote view declared in ejb-jar.xml) sits in no method.
            JsonOutput.optional(gen, "method", s.method());
            gen.writeNumberField("line", s.line());
            JsonOutput.optional(gen, "file", s.file());
            if (s.kind() != null) gen.writeStringField("kind", s.kind().name());
            JsonOutput.optional(gen, "description", s.description());
            gen.writeEndObject();
        }
        gen.writeEndArray();
        gen.writeObjectFieldStart("wanRoundTrips");
        gen.writeNumberField("before", f.before().value());
        gen.writeNumberField("after", f.after().value());
        if (f.before().degree() > 0) gen.writeStringField("beforeFormula", f.before().formula());
        if (f.after().degree() > 0) gen.writeStringField("afterFormula", f.after().formula());
        gen.writeEndObject();
        gen.writeStringField("fingerprint", Fingerprints.of(f));
        if (patches.planned(f)) {
            // Written last so that readers of the fields above see them unchanged.
            Optional<String> why = patches.whyNoPatch(f);
            gen.writeBooleanField("patch", why.isEmpty());
            if (why.isPresent()) gen.writeStringField("noPatch", "no patch: " + why.get());
            // Optional and last: a patch shown without having been compiled says so, never silently.
            Optional<String> unverified = patches.unverified(f);
            if (unverified.isPresent()) gen.writeStringField("patchUnverified", unverified.get());
            Optional<String> correction = patches.correction(f);
            if (correction.isPresent()) gen.writeStringField("patchCorrection", correction.get());
        }
        gen.writeEndObject();
    }

    private static String nullToEmpty(String s) { return s == null ? "" : s; }

}
