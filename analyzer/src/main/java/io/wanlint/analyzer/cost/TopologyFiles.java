package io.wanlint.analyzer.cost;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.wanlint.analyzer.api.VisibleText;
import io.wanlint.analyzer.api.ConfigurationException;
import io.wanlint.analyzer.api.CostTable;
import io.wanlint.analyzer.api.EntityCache;
import io.wanlint.analyzer.api.Placement;
import io.wanlint.analyzer.api.Replication;
import io.wanlint.analyzer.api.Topology;
import java.io.IOException;
import java.io.Reader;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Loads a YAML or JSON topology file (docs/cost-model.md §Topologies):
 *
 * <pre>
 * name: two-sites
 * extends: edge            # optional preset to start from
 * sites: [edge, main, partner]
 * latencyMs: 100           # default one-way latency
 * links: [{between: [edge, partner], latencyMs: 40}]
 * default: main            # site of components no rule places
 * database: main
 * broker: main
 * external: partner
 * client: edge
 * place:                   # first match wins, before the preset's rules
 *   - {match: "com.acme.web.**", site: edge}
 *   - {match: "CatalogEJB", site: main}
 * costs: {remoteEjbCall: 1, outboundHttp: 3}
 * cache:                   # the edge EJB cache (edge-cache); false removes the preset's
 *   backEnd: main
 *   missCost: 1
 *   finderCost: 1
 *   commitCost: 1
 *   missProbability: {Account: 0.25, Quote: 0}
 * replicas: {edge: 3}      # servers per site (1 when not listed)
 * replication: {stateful: per-transaction, httpSession: per-setAttribute}
 * </pre>
 *
 * <p>The file is read token by token into a small tree that keeps each value's line, so every
 * mistake (unknown key, wrong type, unknown site or cost name, malformed syntax) becomes a
 * {@link ConfigurationException} naming the file, the key and the line.
 *
 * <p>Sites: when {@code sites} is given, every site the file names must be in it or be a site of
 * the preset it extends; without {@code sites}, the sites are the ones the file uses. Without
 * {@code extends} the file starts from an empty topology: no rules, everything at {@code main},
 * browsers at {@code client}, external services at {@code external}, 100 ms, default costs.
 */
public final class TopologyFiles {
    private TopologyFiles() {}

    private static final List<String> KEYS = List.of("name", "extends", "sites", "latencyMs", "links", "default",
            "database", "broker", "external", "client", "place", "costs", "cache", "replicas", "replication");

    private static final RecordComponent[] COST_FIELDS = CostTable.class.getRecordComponents();

    /**
     * @throws ConfigurationException naming the file, the key and the line of what is wrong
     */
    public static Topology load(Path file) {
        String fileName = file.toString();
        String lower = fileName.toLowerCase(Locale.ROOT);
        // YAML is a superset of JSON, but the JSON parser reports JSON mistakes more precisely.
        JsonFactory factory = lower.endsWith(".json") ? new JsonFactory() : new YAMLFactory();
        Node root;
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
             JsonParser parser = factory.createParser(in)) {
            JsonToken first = parser.nextToken();
            if (first == null) throw new ConfigurationException(fileName + ": the topology file is empty");
            root = read(parser);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            int line = at == null ? 0 : at.getLineNr();
            throw new ConfigurationException(fileName + ":" + line + ": malformed " + (lower.endsWith(".json") ? "JSON" : "YAML")
                    + ": " + VisibleText.parserMessage(e.getOriginalMessage()));
        } catch (IOException e) {
            throw new ConfigurationException(fileName + ": cannot read the topology file: " + e.getMessage());
        }
        return new Interpreter(fileName, defaultName(file)).topology(root);
    }

    private static String defaultName(Path file) {
        String n = file.getFileName() == null ? "topology" : file.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot > 0 ? n.substring(0, dot) : n;
    }

    // ---- a parsed document that remembers lines ----

    private sealed interface Node permits Obj, Arr, Scalar {
        int line();

        String typeName();
    }

    private record Field(String key, int line, Node value) {}

    private record Obj(int line, List<Field> fields) implements Node {
        @Override public String typeName() { return "a mapping"; }
    }

    private record Arr(int line, List<Node> items) implements Node {
        @Override public String typeName() { return "a list"; }
    }

    private record Scalar(int line, JsonToken token, String text) implements Node {
        @Override public String typeName() {
            return switch (token) {
                case VALUE_STRING -> "a string";
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
                case VALUE_TRUE, VALUE_FALSE -> "a boolean";
                case VALUE_NULL -> "null";
                default -> "a value";
            };
        }
    }

    /** Reads the value at the parser's current token, leaving the parser on its last token. */
    private static Node read(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        int line = p.currentTokenLocation().getLineNr();
        if (t == JsonToken.START_OBJECT) {
            List<Field> fields = new ArrayList<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                int keyLine = p.currentTokenLocation().getLineNr();
                p.nextToken();
                fields.add(new Field(key, keyLine, read(p)));
            }
            return new Obj(line, List.copyOf(fields));
        }
        if (t == JsonToken.START_ARRAY) {
            List<Node> items = new ArrayList<>();
            while (p.nextToken() != JsonToken.END_ARRAY) items.add(read(p));
            return new Arr(line, List.copyOf(items));
        }
        return new Scalar(line, t, t == JsonToken.VALUE_NULL ? null : p.getText());
    }

    // ---- turning the tree into a Topology ----

    /** Interprets one file; holds the file name so every error can name it. */
    private static final class Interpreter {
        private final String fileName;
        private final String fallbackName;
        private final Set<String> knownSites = new LinkedHashSet<>();
        private boolean sitesDeclared;

        Interpreter(String fileName, String fallbackName) {
            this.fileName = fileName;
            this.fallbackName = fallbackName;
        }

        Topology topology(Node root) {
            Obj doc = object(root, "(top level)");
            Map<String, Field> byKey = new LinkedHashMap<>();
            for (Field f : doc.fields()) {
                if (!KEYS.contains(f.key())) {
                    throw error(f.line(), f.key(), "unknown key (expected one of: " + String.join(", ", KEYS) + ")");
                }
                if (byKey.putIfAbsent(f.key(), f) != null) throw error(f.line(), f.key(), "duplicate key");
            }

            Topology base = blank();
            Field ext = byKey.get("extends");
            if (ext != null) {
                String preset = string(ext.value(), "extends");
                try {
                    base = TopologyPresets.preset(preset);
                } catch (ConfigurationException e) {
                    throw error(ext.line(), "extends", e.getMessage());
                }
            }
            Field sites = byKey.get("sites");
            if (sites != null) {
                sitesDeclared = true;
                Arr list = array(sites.value(), "sites");
                for (Node n : list.items()) {
                    String s = string(n, "sites");
                    if (s.isBlank()) throw error(n.line(), "sites", "a site name is empty");
                    knownSites.add(s);
                }
                addSitesOf(base);
            }

            String name = byKey.containsKey("name") ? string(byKey.get("name").value(), "name") : fallbackName;
            double latency = byKey.containsKey("latencyMs")
                    ? nonNegativeNumber(byKey.get("latencyMs").value(), "latencyMs") : base.oneWayLatencyMs();
            Map<String, Double> links = new LinkedHashMap<>(base.linkLatencyMs());
            if (byKey.containsKey("links")) readLinks(array(byKey.get("links").value(), "links"), links);

            String defaultSite = siteOr(byKey, "default", base.defaultSite());
            String database = siteOr(byKey, "database", base.databaseSite());
            String broker = siteOr(byKey, "broker", base.brokerSite());
            String external = siteOr(byKey, "external", base.externalSite());
            String client = siteOr(byKey, "client", base.clientSite());

            List<Placement> placements = new ArrayList<>();
            if (byKey.containsKey("place")) readPlacements(array(byKey.get("place").value(), "place"), placements);
            placements.addAll(base.placements());

            CostTable costs = byKey.containsKey("costs")
                    ? readCosts(object(byKey.get("costs").value(), "costs"), base.costs()) : base.costs();
            EntityCache cache = byKey.containsKey("cache") ? readCache(byKey.get("cache"), base.cache(), database) : base.cache();
            Replication replication = base.replication();
            if (byKey.containsKey("replicas")) {
                replication = replication.withReplicas(readReplicas(object(byKey.get("replicas").value(), "replicas"),
                        replication.replicas()));
            }
            if (byKey.containsKey("replication")) {
                replication = readReplication(object(byKey.get("replication").value(), "replication"), replication);
            }
            return new Topology(name, placements, defaultSite, client, database, broker, external, latency, links, costs,
                    replication, cache);
        }

        private static final List<String> CACHE_KEYS = List.of("backEnd", "missCost", "finderCost", "commitCost", "missProbability");

        /** {@code cache: false} (no cache), or a mapping over the base's cache (else one at the database's site). */
        private EntityCache readCache(Field field, EntityCache base, String database) {
            if (field.value() instanceof Scalar s && (s.token() == JsonToken.VALUE_FALSE || s.token() == JsonToken.VALUE_NULL)) return null;
            Obj cache = object(field.value(), "cache");
            EntityCache from = base != null ? base : EntityCache.at(database);
            String backEnd = from.backEndSite();
            int miss = from.missCost(), finder = from.finderCost(), commit = from.commitCost();
            Map<String, Double> probabilities = new LinkedHashMap<>(from.missProbability());
            Set<String> seen = new LinkedHashSet<>();
            for (Field f : cache.fields()) {
                String key = "cache." + f.key();
                if (!seen.add(f.key())) throw error(f.line(), key, "duplicate key");
                switch (f.key()) {
                    case "backEnd" -> backEnd = site(f.value(), key);
                    case "missCost" -> miss = nonNegativeInt(f.value(), key);
                    case "finderCost" -> finder = nonNegativeInt(f.value(), key);
                    case "commitCost" -> commit = nonNegativeInt(f.value(), key);
                    case "missProbability" -> {
                        for (Field entity : object(f.value(), key).fields()) {
                            String at = key + "." + entity.key();
                            double p = nonNegativeNumber(entity.value(), at);
                            if (p > 1) throw error(entity.line(), at, "a probability is at most 1");
                            probabilities.put(entity.key(), p);
                        }
                    }
                    default -> throw error(f.line(), key, "unknown key (expected one of: " + String.join(", ", CACHE_KEYS) + ")");
                }
            }
            return new EntityCache(backEnd, miss, finder, commit, probabilities);
        }

        private static Topology blank() {
            return new Topology("custom", List.of(), TopologyPresets.MAIN, TopologyPresets.CLIENT, TopologyPresets.MAIN,
                    TopologyPresets.MAIN, TopologyPresets.EXTERNAL, TopologyPresets.DEFAULT_LATENCY_MS, Map.of(),
                    CostTable.DEFAULTS);
        }

        private void addSitesOf(Topology t) {
            knownSites.add(t.defaultSite());
            knownSites.add(t.clientSite());
            knownSites.add(t.databaseSite());
            knownSites.add(t.brokerSite());
            knownSites.add(t.externalSite());
            for (Placement p : t.placements()) knownSites.add(p.site());
            if (t.cache() != null) knownSites.add(t.cache().backEndSite());
        }

        private void readLinks(Arr list, Map<String, Double> links) {
            for (int i = 0; i < list.items().size(); i++) {
                String key = "links[" + i + "]";
                Obj link = object(list.items().get(i), key);
                String a = null, b = null;
                Double ms = null;
                for (Field f : link.fields()) {
                    switch (f.key()) {
                        case "between" -> {
                            Arr pair = array(f.value(), key + ".between");
                            if (pair.items().size() != 2) {
                                throw error(f.line(), key + ".between", "expected exactly two sites, found " + pair.items().size());
                            }
                            a = site(pair.items().get(0), key + ".between");
                            b = site(pair.items().get(1), key + ".between");
                            if (a.equals(b)) throw error(f.line(), key + ".between", "a link joins two different sites");
                        }
                        case "latencyMs" -> ms = nonNegativeNumber(f.value(), key + ".latencyMs");
                        default -> throw error(f.line(), key + "." + f.key(), "unknown key (expected: between, latencyMs)");
                    }
                }
                if (a == null) throw error(link.line(), key, "missing 'between'");
                if (ms == null) throw error(link.line(), key, "missing 'latencyMs'");
                links.put(a.compareTo(b) < 0 ? a + "<->" + b : b + "<->" + a, ms);
            }
        }

        private void readPlacements(Arr list, List<Placement> out) {
            for (int i = 0; i < list.items().size(); i++) {
                String key = "place[" + i + "]";
                Obj rule = object(list.items().get(i), key);
                String match = null, site = null;
                for (Field f : rule.fields()) {
                    switch (f.key()) {
                        case "match" -> {
                            match = string(f.value(), key + ".match");
                            String m = match;
                            int line = f.line();
                            PlacementRules.problemWith(m).ifPresent(problem -> { throw error(line, key + ".match", problem); });
                        }
                        case "site" -> site = site(f.value(), key + ".site");
                        default -> throw error(f.line(), key + "." + f.key(), "unknown key (expected: match, site)");
                    }
                }
                if (match == null) throw error(rule.line(), key, "missing 'match'");
                if (site == null) throw error(rule.line(), key, "missing 'site'");
                out.add(new Placement(match.trim(), site));
            }
        }

        /** {@code replicas: {edge: 3}}: on top of the preset's counts; each at least 1 (one server, no backup). */
        private Map<String, Integer> readReplicas(Obj replicas, Map<String, Integer> base) {
            Map<String, Integer> out = new LinkedHashMap<>(base);
            Set<String> seen = new LinkedHashSet<>();
            for (Field f : replicas.fields()) {
                String key = "replicas." + f.key();
                if (!seen.add(f.key())) throw error(f.line(), key, "duplicate key");
                String site = site(new Scalar(f.line(), JsonToken.VALUE_STRING, f.key()), key);
                int n = nonNegativeInt(f.value(), key);
                if (n < 1) throw error(f.line(), key, "a site runs at least 1 server");
                out.put(site, n);
            }
            return out;
        }

        private Replication readReplication(Obj policies, Replication base) {
            Replication out = base;
            Set<String> seen = new LinkedHashSet<>();
            for (Field f : policies.fields()) {
                String key = "replication." + f.key();
                if (!seen.add(f.key())) throw error(f.line(), key, "duplicate key");
                String value = string(f.value(), key);
                switch (f.key()) {
                    case "stateful" -> out = out.withStateful(Replication.StatefulPolicy.parse(value).orElseThrow(() ->
                            error(f.line(), key, "unknown policy '" + VisibleText.quote(value) + "' (expected: per-invocation, per-transaction)")));
                    case "httpSession" -> out = out.withHttpSession(Replication.SessionPolicy.parse(value).orElseThrow(() ->
                            error(f.line(), key, "unknown policy '" + VisibleText.quote(value)
                                    + "' (expected: per-request-when-dirty, per-setAttribute)")));
                    default -> throw error(f.line(), key, "unknown key (expected: stateful, httpSession)");
                }
            }
            return out;
        }

        private CostTable readCosts(Obj costs, CostTable base) {
            Object[] values = new Object[COST_FIELDS.length];
            try {
                for (int i = 0; i < COST_FIELDS.length; i++) values[i] = COST_FIELDS[i].getAccessor().invoke(base);
            } catch (IllegalAccessException | InvocationTargetException e) {
                throw new IllegalStateException("CostTable accessors must be public", e);
            }
            Set<String> seen = new LinkedHashSet<>();
            for (Field f : costs.fields()) {
                int index = costIndex(f.key());
                if (index < 0) {
                    throw error(f.line(), "costs." + f.key(), "unknown cost (expected one of: " + String.join(", ", costNames()) + ")");
                }
                if (!seen.add(f.key())) throw error(f.line(), "costs." + f.key(), "duplicate key");
                int v = nonNegativeInt(f.value(), "costs." + f.key());
                if (f.key().equals("jdbcFetchSize") && v == 0) throw error(f.line(), "costs.jdbcFetchSize", "must be at least 1");
                values[index] = v;
            }
            try {
                Class<?>[] types = new Class<?>[COST_FIELDS.length];
                for (int i = 0; i < types.length; i++) types[i] = COST_FIELDS[i].getType();
                return CostTable.class.getDeclaredConstructor(types).newInstance(values);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("CostTable must keep its canonical constructor", e);
            }
        }

        private static int costIndex(String name) {
            for (int i = 0; i < COST_FIELDS.length; i++) if (COST_FIELDS[i].getName().equals(name)) return i;
            return -1;
        }

        private static List<String> costNames() {
            List<String> names = new ArrayList<>();
            for (RecordComponent c : COST_FIELDS) names.add(c.getName());
            return names;
        }

        private String siteOr(Map<String, Field> byKey, String key, String fallback) {
            Field f = byKey.get(key);
            return f == null ? fallback : site(f.value(), key);
        }

        private String site(Node n, String key) {
            String s = string(n, key);
            if (s.isBlank()) throw error(n.line(), key, "a site name is empty");
            if (sitesDeclared && !knownSites.contains(s)) {
                throw error(n.line(), key, "unknown site '" + VisibleText.quote(s) + "' (sites: " + String.join(", ", knownSites) + ")");
            }
            return s;
        }

        private Obj object(Node n, String key) {
            if (n instanceof Obj o) return o;
            throw wrongType(n, key, "a mapping");
        }

        private Arr array(Node n, String key) {
            if (n instanceof Arr a) return a;
            throw wrongType(n, key, "a list");
        }

        private String string(Node n, String key) {
            if (n instanceof Scalar s && s.token() == JsonToken.VALUE_STRING) return s.text();
            throw wrongType(n, key, "a string");
        }

        private double nonNegativeNumber(Node n, String key) {
            if (n instanceof Scalar s && (s.token() == JsonToken.VALUE_NUMBER_INT || s.token() == JsonToken.VALUE_NUMBER_FLOAT)) {
                double v = Double.parseDouble(s.text());
                if (v < 0 || Double.isNaN(v) || Double.isInfinite(v)) throw error(n.line(), key, "must be a non-negative number");
                return v;
            }
            throw wrongType(n, key, "a number");
        }

        private int nonNegativeInt(Node n, String key) {
            if (n instanceof Scalar s && s.token() == JsonToken.VALUE_NUMBER_INT) {
                int v;
                try {
                    v = Integer.parseInt(s.text().replace("_", ""));
                } catch (NumberFormatException e) {
                    throw error(n.line(), key, "is too large");
                }
                if (v < 0) throw error(n.line(), key, "must not be negative");
                return v;
            }
            throw wrongType(n, key, "a whole number");
        }

        private ConfigurationException wrongType(Node n, String key, String expected) {
            return error(n.line(), key, "expected " + expected + ", found " + n.typeName());
        }

        private ConfigurationException error(int line, String key, String message) {
            // The key may be the file's own text (a topology file linked to a secret): a short, escaped excerpt only.
            return new ConfigurationException(fileName + ":" + line + ": " + VisibleText.quote(key) + ": " + message);
        }
    }
}
