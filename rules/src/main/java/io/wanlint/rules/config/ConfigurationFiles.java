package io.wanlint.rules.config;

import io.wanlint.analyzer.api.PathGlob;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.wanlint.analyzer.api.ConfigurationException;
import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.analyzer.api.VisibleText;
import io.wanlint.rules.api.RuleSettings;
import io.wanlint.rules.api.Rules;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reads {@code wanlint.yaml} / {@code wanlint.yml} / {@code wanlint.json}:
 *
 * <pre>
 * topology: edge                 # preset or topology file, relative to this file
 * exclude: ["**&#47;generated/**", "legacy/admin"]
 * rules:
 *   WAN001: off                  # on | off | true | false | error | warning | note
 *   WAN003: { severity: warning }
 *   WAN005: { severity: note, readWriteRatio: 5 }
 * settings:                      # thresholds, by rule (the README's shape)
 *   WAN001: { minCrossSiteCalls: 3 }
 * </pre>
 *
 * A threshold may be given in the rule's mapping under {@code rules} or under {@code settings},
 * not in both.
 *
 * Every mistake is a {@link ConfigurationException} naming the file, the line and the key.
 */
public final class ConfigurationFiles {
    private ConfigurationFiles() {}

    /** File names looked for, in order, by {@link #find(Path)}. */
    public static final List<String> NAMES = List.of("wanlint.yaml", "wanlint.yml", "wanlint.json");

    private static final List<String> TOP_KEYS = List.of("topology", "exclude", "rules", "settings");
    /** Thresholds, by the rule that reads them. */
    private static final Map<String, List<String>> OPTIONS =
            Map.of("WAN001", List.of("minCrossSiteCalls"), "WAN005", List.of("readWriteRatio"));

    /** The configuration file in {@code folder}, if there is one. */
    public static Optional<Path> find(Path folder) {
        for (String n : NAMES) {
            Path p = folder.resolve(n);
            if (Files.isRegularFile(p)) return Optional.of(p);
        }
        return Optional.empty();
    }

    /**
     * Loads a configuration file that was found, not named by the user: in the analysed folder (or
     * the current one), which may be someone else's repository. Neither the file nor the topology
     * file it names is followed out of {@code tree} (through a link or a path): their content would
     * otherwise end up in wanlint's error messages. A file the user names with {@code --config} or
     * {@code --topology} is read wherever it is.
     *
     * @param topologyUsed false when {@code --topology} overrides the file's: its topology is not read then
     * @throws ConfigurationException naming the file that leaves the tree
     */
    public static Configuration loadFoundIn(Path tree, Path file, boolean topologyUsed) {
        confine(tree, file);
        Configuration c = load(file);
        if (topologyUsed && c.topology() != null && !isPreset(c.topology())) {
            Path topology;
            try {
                topology = Path.of(c.topology());
            } catch (java.nio.file.InvalidPathException e) {
                return c; // reported as an invalid topology name when it is resolved
            }
            if (Files.exists(topology)) confine(tree, topology);
        }
        return c;
    }

    private static void confine(Path tree, Path file) {
        Path treeReal, real;
        try {
            treeReal = tree.toRealPath();
            real = file.toRealPath();
        } catch (IOException e) {
            return; // not there: the loader says so
        }
        if (real.startsWith(treeReal)) return;
        boolean byPath = !file.toAbsolutePath().normalize().startsWith(tree.toAbsolutePath().normalize());
        throw new ConfigurationException(file + (byPath ? " is outside" : " is a link out of")
                + " the analysed tree; not read (name it on the command line to use it)");
    }

    public static Configuration load(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ConfigurationException(file + ": cannot read configuration: " + e.getMessage());
        }
        Configuration c = parse(text, file.toString(), file.getFileName().toString().endsWith(".json"));
        // A topology file is relative to the configuration, not to the working directory.
        String topology = c.topology();
        if (topology != null && !isPreset(topology)) {
            Path base = file.toAbsolutePath().getParent();
            topology = base == null ? topology : base.resolve(topology).normalize().toString();
        }
        return new Configuration(c.disabledRules(), c.severities(), c.settings(), topology, c.excludedPaths(),
                file.toString());
    }

    /**
     * Parses configuration text.
     *
     * @param fileName used in error messages
     * @param json     JSON rather than YAML
     */
    public static Configuration parse(String text, String fileName, boolean json) {
        Node root;
        JsonFactory factory = json ? new JsonFactory() : new YAMLFactory();
        try (JsonParser p = factory.createParser(text)) {
            JsonToken t = p.nextToken();
            root = t == null ? new Mapping(List.of(), 1) : read(p);
        } catch (JsonProcessingException e) {
            JsonLocation loc = e.getLocation();
            int line = loc == null ? 0 : loc.getLineNr();
            throw new ConfigurationException(fileName + ":" + line + ": not valid " + (json ? "JSON" : "YAML") + ": "
                    + VisibleText.parserMessage(e.getOriginalMessage()));
        } catch (IOException e) {
            throw new ConfigurationException(fileName + ": cannot read configuration: " + e.getMessage());
        }
        return new Interpreter(fileName).configuration(root);
    }

    /** The file's own text in a message: a short, escaped excerpt (the file may be a link to someone's secret). */
    private static String q(String token) { return VisibleText.quote(token); }

    private static boolean isPreset(String topology) {
        return io.wanlint.analyzer.api.Topologies.PRESETS.contains(topology);
    }

    // A tiny tree that keeps line numbers, which Jackson's JsonNode drops.
    private sealed interface Node permits Scalar, Sequence, Mapping { int line(); }

    private record Scalar(String text, int line) implements Node {}

    private record Sequence(List<Node> items, int line) implements Node {}

    private record Entry(String key, int line, Node value) {}

    private record Mapping(List<Entry> entries, int line) implements Node {}

    private static Node read(JsonParser p) throws IOException {
        int line = p.currentTokenLocation().getLineNr();
        JsonToken t = p.currentToken();
        if (t == JsonToken.START_OBJECT) {
            List<Entry> entries = new ArrayList<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                int keyLine = p.currentTokenLocation().getLineNr();
                p.nextToken();
                entries.add(new Entry(key, keyLine, read(p)));
            }
            return new Mapping(entries, line);
        }
        if (t == JsonToken.START_ARRAY) {
            List<Node> items = new ArrayList<>();
            while (p.nextToken() != JsonToken.END_ARRAY) items.add(read(p));
            return new Sequence(items, line);
        }
        return new Scalar(t == JsonToken.VALUE_NULL ? null : p.getText(), line);
    }

    /** Turns the tree into a {@link Configuration}, failing on the first mistake with its line. */
    private static final class Interpreter {
        private final String file;
        private final Map<String, RuleDescriptor> rules = new LinkedHashMap<>();
        /** Thresholds already set ("WAN005.readWriteRatio"), so that a second one is an error, not a silent override. */
        private final Set<String> thresholdsSet = new HashSet<>();

        Interpreter(String file) {
            this.file = file;
            for (RuleDescriptor d : Rules.descriptors()) {
                rules.put(d.id(), d);
            }
        }

        private ConfigurationException error(int line, String message) {
            return new ConfigurationException(file + ":" + line + ": " + message);
        }

        Configuration configuration(Node root) {
            if (!(root instanceof Mapping m)) throw error(root.line(), "expected a mapping of " + String.join(", ", TOP_KEYS));
            String topology = null;
            List<PathGlob> excludes = new ArrayList<>();
            Set<String> disabled = new HashSet<>();
            Map<String, Severity> severities = new LinkedHashMap<>();
            RuleSettings settings = RuleSettings.DEFAULTS;
            Set<String> seen = new HashSet<>();
            for (Entry e : m.entries()) {
                if (!seen.add(e.key())) throw error(e.line(), "duplicate key '" + q(e.key()) + "'");
                switch (e.key()) {
                    case "topology" -> topology = text(e, "a preset (edge, centralized, edge-db, cluster) or a topology file");
                    case "exclude" -> {
                        for (Scalar s : strings(e)) {
                            if (s.text() == null || s.text().isBlank()) throw error(s.line(), "empty path pattern in 'exclude'");
                            excludes.add(PathGlob.of(s.text()));
                        }
                    }
                    case "rules" -> {
                        if (!(e.value() instanceof Mapping rm)) throw error(e.line(), "'rules' must map rule ids to settings");
                        Set<String> seenRules = new HashSet<>();
                        for (Entry r : rm.entries()) {
                            String id = ruleId(r, "rules");
                            if (!seenRules.add(id)) throw error(r.line(), "rule " + id + " is configured twice");
                            settings = rule(id, r, disabled, severities, settings);
                        }
                    }
                    case "settings" -> {
                        if (!(e.value() instanceof Mapping sm)) throw error(e.line(), "'settings' must map rule ids to thresholds");
                        Set<String> seenRules = new HashSet<>();
                        for (Entry r : sm.entries()) {
                            String id = ruleId(r, "settings");
                            if (!seenRules.add(id)) throw error(r.line(), "settings." + id + " is given twice");
                            settings = thresholds(id, r, settings);
                        }
                    }
                    default -> throw error(e.line(), "unknown key '" + q(e.key()) + "' (known keys: " + String.join(", ", TOP_KEYS) + ")");
                }
            }
            return new Configuration(disabled, severities, settings, topology, excludes, file);
        }

        private String ruleId(Entry r, String section) {
            String k = r.key().trim();
            if (rules.containsKey(k.toUpperCase(Locale.ROOT))) return k.toUpperCase(Locale.ROOT);
            for (RuleDescriptor d : rules.values()) if (d.name().equals(k)) return d.id();
            throw error(r.line(), "unknown rule id '" + q(k) + "' under '" + section + "' (known rules: "
                    + String.join(", ", rules.keySet()) + ")");
        }

        private RuleSettings rule(String id, Entry r, Set<String> disabled, Map<String, Severity> severities,
                                  RuleSettings settings) {
            if (r.value() instanceof Scalar s) {
                String v = s.text() == null ? "" : s.text().trim().toLowerCase(Locale.ROOT);
                switch (v) {
                    case "off", "false", "disabled", "no" -> disabled.add(id);
                    case "on", "true", "enabled", "yes" -> { }
                    default -> severities.put(id, severity(s, "rules." + id));
                }
                return settings;
            }
            if (!(r.value() instanceof Mapping m)) {
                throw error(r.line(), "rules." + id + " must be on, off, a severity, or a mapping");
            }
            List<String> options = OPTIONS.getOrDefault(id, List.of());
            for (Entry o : m.entries()) {
                String key = "rules." + id + "." + q(o.key());
                if (o.key().equals("enabled")) {
                    String v = text(o, "true or false");
                    if (v.equalsIgnoreCase("false") || v.equalsIgnoreCase("off")) disabled.add(id);
                    else if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("on")) {
                        throw error(o.line(), key + " must be true or false, not '" + q(v) + "'");
                    }
                } else if (o.key().equals("severity")) {
                    if (!(o.value() instanceof Scalar s)) throw error(o.line(), key + " must be error, warning or note");
                    severities.put(id, severity(s, key));
                } else if (options.contains(o.key())) {
                    settings = option(settings, id, o, key);
                } else {
                    List<String> known = new ArrayList<>(List.of("enabled", "severity"));
                    known.addAll(options);
                    throw error(o.line(), "unknown key '" + key + "' (known keys for " + id + ": "
                            + String.join(", ", known) + ")");
                }
            }
            return settings;
        }

        /** {@code settings: {ID: {threshold: value, ...}}}: only the rule's thresholds, nothing else. */
        private RuleSettings thresholds(String id, Entry r, RuleSettings settings) {
            List<String> options = OPTIONS.getOrDefault(id, List.of());
            if (options.isEmpty()) {
                throw error(r.line(), "settings." + id + ": " + id + " has no thresholds (rules with thresholds: "
                        + String.join(", ", OPTIONS.keySet().stream().sorted().toList()) + ")");
            }
            if (!(r.value() instanceof Mapping m)) {
                throw error(r.line(), "settings." + id + " must be a mapping of " + String.join(", ", options));
            }
            for (Entry o : m.entries()) {
                String key = "settings." + id + "." + q(o.key());
                if (!options.contains(o.key())) {
                    throw error(o.line(), "unknown key '" + key + "' (thresholds of " + id + ": " + String.join(", ", options) + ")");
                }
                settings = option(settings, id, o, key);
            }
            return settings;
        }

        private RuleSettings option(RuleSettings settings, String id, Entry o, String key) {
            if (!thresholdsSet.add(id + "." + o.key())) {
                throw error(o.line(), key + ": " + id + "'s " + o.key() + " is already set (under 'rules' or 'settings')");
            }
            String v = text(o, "a number");
            double d;
            try {
                d = Double.parseDouble(v);
            } catch (NumberFormatException ex) {
                throw error(o.line(), key + " must be a number, not '" + q(v) + "'");
            }
            return switch (o.key()) {
                case "readWriteRatio" -> {
                    if (!(d > 0) || Double.isInfinite(d)) throw error(o.line(), key + " must be a positive number, not " + q(v));
                    yield settings.withReadWriteRatio(d);
                }
                case "minCrossSiteCalls" -> {
                    if (d < 1 || d != Math.rint(d) || d > Integer.MAX_VALUE) {
                        throw error(o.line(), key + " must be a whole number of at least 1, not " + q(v));
                    }
                    yield settings.withMinCrossSiteCalls((int) d);
                }
                default -> throw new IllegalStateException("option without a setter: " + o.key());
            };
        }

        private Severity severity(Scalar s, String key) {
            String v = s.text() == null ? "" : s.text().trim().toLowerCase(Locale.ROOT);
            for (Severity sev : Severity.values()) if (sev.label().equals(v)) return sev;
            throw error(s.line(), key + ": '" + q(s.text()) + "' is not on, off or a severity (error, warning, note)");
        }

        private String text(Entry e, String expected) {
            if (e.value() instanceof Scalar s && s.text() != null && !s.text().isBlank()) return s.text().trim();
            throw error(e.line(), "'" + e.key() + "' must be " + expected);
        }

        private List<Scalar> strings(Entry e) {
            if (e.value() instanceof Scalar s) return List.of(s);
            if (e.value() instanceof Sequence seq) {
                return seq.items().stream().map(i -> {
                    if (i instanceof Scalar s) return s;
                    throw error(i.line(), "'" + e.key() + "' must be a list of path patterns");
                }).collect(Collectors.toList());
            }
            throw error(e.line(), "'" + e.key() + "' must be a list of path patterns");
        }
    }
}
