package io.wanlint.report.json;

import com.fasterxml.jackson.core.JsonGenerator;
import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.ReplicationMessages;
import io.wanlint.analyzer.api.ReplicationMessages.ReplicatedState;
import io.wanlint.report.api.ReplicationReport;

import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The optional replication fields of the check and predict reports (docs/json-report.md §Replication):
 * written only under a topology whose sites have backups, so reports under the other topologies
 * are unchanged.
 */
public final class ReplicationJson {
    private ReplicationJson() {}

    /** {@code "replication": {"replicas": {...}, "stateful": ..., "httpSession": ...}} after the header's topology. */
    static void writeSettings(JsonGenerator gen, ReplicationReport report) throws IOException {
        if (!report.shown()) return;
        gen.writeObjectFieldStart("replication");
        gen.writeObjectFieldStart("replicas");
        for (Map.Entry<String, Integer> e : new TreeMap<>(report.settings().replicas()).entrySet()) {
            gen.writeNumberField(e.getKey(), e.getValue());
        }
        gen.writeEndObject();
        gen.writeStringField("stateful", report.settings().stateful().keyword());
        gen.writeStringField("httpSession", report.settings().httpSession().keyword());
        gen.writeEndObject();
    }

    /** An entry point's {@code "replication"} object: messages per request and what they replicate. */
    static void writeEntryPoint(JsonGenerator gen, ReplicationReport report, EntryPointCost cost) throws IOException {
        Optional<ReplicationMessages> found = report.of(cost);
        if (found.isEmpty()) return;
        ReplicationMessages m = found.get();
        gen.writeObjectFieldStart("replication");
        gen.writeNumberField("messages", m.perRequest().value());
        gen.writeStringField("formula", m.perRequest().formula());
        gen.writeArrayFieldStart("states");
        for (ReplicatedState s : m.sources()) {
            gen.writeStartObject();
            gen.writeStringField("kind", s.kind().name());
            gen.writeStringField("name", s.name());
            gen.writeStringField("site", s.site());
            gen.writeNumberField("backups", s.backups());
            gen.writeStringField("policy", s.policy());
            gen.writeNumberField("perBackup", s.perBackup().value());
            gen.writeStringField("perBackupFormula", s.perBackup().formula());
            gen.writeNumberField("messages", s.messages().value());
            JsonOutput.optional(gen, "file", s.location().file());
            if (s.location().line() > 0) gen.writeNumberField("line", s.location().line());
            JsonOutput.optional(gen, "reason", s.reason());
            gen.writeEndObject();
        }
        gen.writeEndArray();
        gen.writeEndObject();
    }
}
