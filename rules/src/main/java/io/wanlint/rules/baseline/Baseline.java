package io.wanlint.rules.baseline;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.wanlint.analyzer.api.ConfigurationException;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.Fingerprints;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Accepted findings, by fingerprint ({@link Fingerprints}: rule id, key and file, no line), so a
 * baseline survives line shifts and reformatting and only new findings fail a build. The same
 * fingerprint may be accepted more than once (two identical findings in one file); matching
 * counts them.
 *
 * <pre>
 * {"schemaVersion": "1", "tool": "wanlint",
 *  "findings": [{"fingerprint": "…", "ruleId": "WAN003", "file": "src/…/Catalog.java", "key": "…"}]}
 * </pre>
 */
public record Baseline(List<BaselineEntry> entries) {
    public static final String SCHEMA_VERSION = "1";
    private static final Comparator<BaselineEntry> ENTRY_ORDER = Comparator.comparing(BaselineEntry::ruleId)
            .thenComparing(BaselineEntry::file).thenComparing(BaselineEntry::key).thenComparing(BaselineEntry::fingerprint);
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public Baseline {
        entries = List.copyOf(entries);
    }

    public static final Baseline EMPTY = new Baseline(List.of());

    /** The baseline that accepts exactly these findings, sorted so the file diffs well. */
    public static Baseline of(List<Finding> findings) {
        List<BaselineEntry> entries = new ArrayList<>();
        for (Finding f : findings) {
            entries.add(new BaselineEntry(Fingerprints.of(f), f.ruleId(), f.location().file(), f.key()));
        }
        entries.sort(ENTRY_ORDER);
        return new Baseline(entries);
    }

    /** Splits findings into new ones and accepted ones, and lists the entries nothing matched. */
    public BaselineResult filter(List<Finding> findings) {
        Map<String, List<BaselineEntry>> available = new HashMap<>();
        for (BaselineEntry e : entries) available.computeIfAbsent(e.fingerprint(), k -> new ArrayList<>()).add(e);
        List<Finding> fresh = new ArrayList<>();
        List<Finding> accepted = new ArrayList<>();
        for (Finding f : findings) {
            List<BaselineEntry> left = available.get(Fingerprints.of(f));
            if (left != null && !left.isEmpty()) {
                left.remove(0);
                accepted.add(f);
            } else {
                fresh.add(f);
            }
        }
        // What is left unmatched in each list is exactly the stale entries.
        List<BaselineEntry> stale = new ArrayList<>();
        available.values().forEach(stale::addAll);
        stale.sort(ENTRY_ORDER);
        return new BaselineResult(fresh, accepted, stale);
    }

    public void write(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) Files.createDirectories(parent);
        Files.writeString(file, toJson(), StandardCharsets.UTF_8);
    }

    /** The baseline file's text, as {@link #write(Path)} writes it (the CLI writes it through {@code -o}'s rules). */
    public String toJson() {
        ObjectNode root = JSON.createObjectNode();
        root.put("schemaVersion", SCHEMA_VERSION);
        root.put("tool", "wanlint");
        ArrayNode list = root.putArray("findings");
        for (BaselineEntry e : entries) {
            ObjectNode n = list.addObject();
            n.put("fingerprint", e.fingerprint());
            n.put("ruleId", e.ruleId());
            n.put("file", e.file());
            n.put("key", e.key());
        }
        try {
            return JSON.writeValueAsString(root) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a baseline of strings cannot fail to serialise", e);
        }
    }

    /**
     * Reads a baseline written by {@link #write(Path)}.
     *
     * @throws ConfigurationException when the file cannot be read or is not a wanlint baseline
     */
    public static Baseline read(Path file) {
        JsonNode root;
        try {
            root = JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new ConfigurationException(file + ":" + line + ": not a wanlint baseline: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new ConfigurationException(file + ": cannot read baseline: " + e.getMessage());
        }
        if (root == null || !root.isObject() || !root.path("findings").isArray()) {
            throw new ConfigurationException(file + ": not a wanlint baseline (no \"findings\" array)");
        }
        if (!SCHEMA_VERSION.equals(root.path("schemaVersion").asText(SCHEMA_VERSION))) {
            throw new ConfigurationException(file + ": baseline schemaVersion " + root.path("schemaVersion").asText()
                    + " is not supported (expected " + SCHEMA_VERSION + ")");
        }
        List<BaselineEntry> entries = new ArrayList<>();
        int i = 0;
        for (JsonNode n : root.get("findings")) {
            String fp = n.path("fingerprint").asText("");
            String ruleId = n.path("ruleId").asText("");
            String f = n.path("file").asText("");
            String key = n.path("key").asText("");
            if (fp.isEmpty()) {
                // A hand-edited entry may give its parts only: recompute the fingerprint.
                if (ruleId.isEmpty() || key.isEmpty()) {
                    throw new ConfigurationException(file + ": findings[" + i + "] has neither a fingerprint nor ruleId and key");
                }
                fp = Fingerprints.of(ruleId, key, f);
            }
            entries.add(new BaselineEntry(fp, ruleId, f, key));
            i++;
        }
        return new Baseline(entries);
    }
}
