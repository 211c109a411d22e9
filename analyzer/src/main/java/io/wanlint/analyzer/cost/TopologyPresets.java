package io.wanlint.analyzer.cost;

import io.wanlint.analyzer.api.VisibleText;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ConfigurationException;
import io.wanlint.analyzer.api.CostTable;
import io.wanlint.analyzer.api.EntityCache;
import io.wanlint.analyzer.api.Placement;
import io.wanlint.analyzer.api.Replication;
import io.wanlint.analyzer.api.Topologies;
import io.wanlint.analyzer.api.Topology;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The topology presets (docs/cost-model.md §Topologies), expressed as ordinary {@code kind:} placement rules so that a
 * topology file extending a preset can put its own rules in front of them.
 */
public final class TopologyPresets {
    private TopologyPresets() {}

    /** Site names the presets use. */
    public static final String EDGE = "edge", MAIN = "main", EXTERNAL = "external", CLIENT = "client";

    /** One-way latency of every preset link: the 100 ms of the Pet Store / RUBiS experiments. */
    public static final double DEFAULT_LATENCY_MS = 100;

    private static final List<ComponentKind> WEB_KINDS = List.of(ComponentKind.SERVLET, ComponentKind.JSP,
            ComponentKind.FILTER, ComponentKind.LISTENER, ComponentKind.TAG_HANDLER, ComponentKind.JAX_RS_RESOURCE,
            ComponentKind.WEB_ACTION, ComponentKind.MANAGED_BEAN);

    private static final List<ComponentKind> BACK_END_KINDS = List.of(ComponentKind.STATELESS_SESSION,
            ComponentKind.SINGLETON_SESSION, ComponentKind.ENTITY_BMP, ComponentKind.ENTITY_CMP,
            ComponentKind.MESSAGE_DRIVEN, ComponentKind.JPA_ENTITY);

    /**
     * A preset by name (case-insensitive).
     *
     * @throws ConfigurationException listing the presets when the name is not one
     */
    public static Topology preset(String name) {
        String key = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        return switch (key) {
            case "edge" -> edge();
            case "centralized" -> centralized();
            case "edge-db" -> edgeDb();
            case "edge-cache" -> edgeCache();
            case "cluster" -> cluster();
            default -> throw new ConfigurationException("unknown topology preset '" + VisibleText.quote(name) + "' (presets: "
                    + String.join(", ", Topologies.PRESETS) + ")");
        };
    }

    /**
     * A preset name, else a {@code .yaml}/{@code .yml}/{@code .json} topology file; null or blank
     * means the default {@code edge}.
     */
    public static Topology resolve(String presetOrFile) {
        if (presetOrFile == null || presetOrFile.isBlank()) return edge();
        String trimmed = presetOrFile.trim();
        if (Topologies.PRESETS.contains(trimmed.toLowerCase(Locale.ROOT))) return preset(trimmed);
        String lower = trimmed.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".yaml") || lower.endsWith(".yml") || lower.endsWith(".json")) {
            Path file;
            try {
                file = Path.of(trimmed);
            } catch (InvalidPathException e) {
                throw new ConfigurationException("invalid topology file name '" + VisibleText.quote(trimmed) + "'");
            }
            if (!Files.isRegularFile(file)) throw new ConfigurationException("topology file not found: " + trimmed);
            return TopologyFiles.load(file);
        }
        throw new ConfigurationException("unknown topology '" + VisibleText.quote(trimmed) + "': expected a preset ("
                + String.join(", ", Topologies.PRESETS) + ") or a .yaml, .yml or .json topology file");
    }

    /** Web components and stateful session beans at the edge; the rest of the application, database and broker at main. */
    static Topology edge() {
        List<Placement> rules = new ArrayList<>();
        for (ComponentKind k : WEB_KINDS) rules.add(kind(k, EDGE));
        rules.add(kind(ComponentKind.STATEFUL_SESSION, EDGE));
        for (ComponentKind k : BACK_END_KINDS) rules.add(kind(k, MAIN));
        rules.add(kind(ComponentKind.EXTERNAL, EXTERNAL));
        // Helpers run where their callers run: those only the web tier uses sit at the edge with it.
        rules.add(new Placement("tier:WEB", EDGE));
        return new Topology("edge", rules, MAIN, EDGE, MAIN, MAIN, EXTERNAL, DEFAULT_LATENCY_MS, Map.of(),
                CostTable.DEFAULTS);
    }

    /**
     * docs/cost-model.md §Topologies: everything at main, external services included; the browser is the remote client. This
     * is the baseline the research measured against (every page costs exactly its 2 round trips), so
     * partner services are taken to be as close to the server as they were in those measurements. A
     * topology file places them elsewhere when they are not.
     */
    static Topology centralized() {
        List<Placement> rules = List.of(kind(ComponentKind.EXTERNAL, MAIN));
        return new Topology("centralized", rules, MAIN, CLIENT, MAIN, MAIN, MAIN, DEFAULT_LATENCY_MS, Map.of(),
                CostTable.DEFAULTS);
    }

    /** Trade2's ES/RDB: the whole application server (and its broker) at the edge, only the database at main. */
    static Topology edgeDb() {
        List<Placement> rules = List.of(kind(ComponentKind.EXTERNAL, EXTERNAL));
        return new Topology("edge-db", rules, EDGE, EDGE, MAIN, EDGE, EXTERNAL, DEFAULT_LATENCY_MS, Map.of(),
                CostTable.DEFAULTS);
    }

    /**
     * Leff &amp; Rayfield's ES/RBES: the web and EJB tiers at the edge with a transactional EJB cache, and a back-end server
     * clustered with the database at main. Placed like {@code edge-db} (JDBC from the edge and external calls cost the
     * same); entity accesses are charged by the cache ({@link EntityCache}, {@code EdgeCacheCharges}).
     */
    static Topology edgeCache() {
        List<Placement> rules = List.of(kind(ComponentKind.EXTERNAL, EXTERNAL));
        return new Topology("edge-cache", rules, EDGE, EDGE, MAIN, EDGE, EXTERNAL, DEFAULT_LATENCY_MS, Map.of(),
                CostTable.DEFAULTS, EntityCache.at(MAIN));
    }

    /** Servers per application-server site in the {@code cluster} preset: a primary and one backup (buddy replication). */
    public static final int CLUSTER_REPLICAS = 2;

    /**
     * {@code edge} with both application-server sites running {@value #CLUSTER_REPLICAS} servers:
     * stateful beans replicated after every invocation (JBoss clustering), HTTP sessions once per
     * request that changed them (docs/cost-model.md §Replication).
     */
    static Topology cluster() {
        Topology edge = edge();
        Replication replication = new Replication(Map.of(EDGE, CLUSTER_REPLICAS, MAIN, CLUSTER_REPLICAS),
                Replication.StatefulPolicy.PER_INVOCATION, Replication.SessionPolicy.PER_REQUEST_WHEN_DIRTY);
        return new Topology("cluster", edge.placements(), edge.defaultSite(), edge.clientSite(), edge.databaseSite(),
                edge.brokerSite(), edge.externalSite(), edge.oneWayLatencyMs(), edge.linkLatencyMs(), edge.costs(), replication);
    }

    private static Placement kind(ComponentKind k, String site) { return new Placement("kind:" + k.name(), site); }
}
