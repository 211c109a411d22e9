package io.wanlint.analyzer.api;

import java.util.List;
import java.util.Map;

/**
 * Where every component, the database, the JMS broker and external services run (docs/cost-model.md §Topologies).
 *
 * @param placements       rules, first match wins
 * @param defaultSite      site of components no rule places
 * @param clientSite       where browsers and remote clients are
 * @param oneWayLatencyMs  default one-way latency of a link between two different sites
 * @param linkLatencyMs    per-link overrides, keyed {@code siteA<->siteB} with names sorted
 * @param replication      servers per site and when conversational state travels between them
 *                         (docs/cost-model.md §Replication); {@link Replication#NONE} for one server per site
 * @param cache            the edge servers' transactional EJB cache ({@code edge-cache}); null when entities are not
 *                         cached
 */
public record Topology(String name, List<Placement> placements, String defaultSite, String clientSite,
                       String databaseSite, String brokerSite, String externalSite,
                       double oneWayLatencyMs, Map<String, Double> linkLatencyMs, CostTable costs,
                       Replication replication, EntityCache cache) {
    public Topology {
        placements = placements == null ? List.of() : List.copyOf(placements);
        linkLatencyMs = linkLatencyMs == null ? Map.of() : Map.copyOf(linkLatencyMs);
        if (costs == null) costs = CostTable.DEFAULTS;
        if (replication == null) replication = Replication.NONE;
    }

    /** A topology of one server per site, without an entity cache. */
    public Topology(String name, List<Placement> placements, String defaultSite, String clientSite,
                    String databaseSite, String brokerSite, String externalSite,
                    double oneWayLatencyMs, Map<String, Double> linkLatencyMs, CostTable costs) {
        this(name, placements, defaultSite, clientSite, databaseSite, brokerSite, externalSite, oneWayLatencyMs,
                linkLatencyMs, costs, Replication.NONE, (EntityCache) null);
    }

    /** A topology with replicated sites, without an entity cache. */
    public Topology(String name, List<Placement> placements, String defaultSite, String clientSite,
                    String databaseSite, String brokerSite, String externalSite,
                    double oneWayLatencyMs, Map<String, Double> linkLatencyMs, CostTable costs, Replication replication) {
        this(name, placements, defaultSite, clientSite, databaseSite, brokerSite, externalSite, oneWayLatencyMs,
                linkLatencyMs, costs, replication, (EntityCache) null);
    }

    /** A topology of one server per site with an entity cache (null: none). */
    public Topology(String name, List<Placement> placements, String defaultSite, String clientSite,
                    String databaseSite, String brokerSite, String externalSite,
                    double oneWayLatencyMs, Map<String, Double> linkLatencyMs, CostTable costs, EntityCache cache) {
        this(name, placements, defaultSite, clientSite, databaseSite, brokerSite, externalSite, oneWayLatencyMs,
                linkLatencyMs, costs, Replication.NONE, cache);
    }

    /** This topology with other replication settings. */
    public Topology withReplication(Replication r) {
        return new Topology(name, placements, defaultSite, clientSite, databaseSite, brokerSite, externalSite,
                oneWayLatencyMs, linkLatencyMs, costs, r, cache);
    }

    /** The same topology with another cost table (e.g. a browser request of 1 with keep-alive). */
    public Topology withCosts(CostTable other) {
        return new Topology(name, placements, defaultSite, clientSite, databaseSite, brokerSite, externalSite,
                oneWayLatencyMs, linkLatencyMs, other, replication, cache);
    }

/** One-way latency between two sites in milliseconds (0 on the same site). */
    public double latencyMs(String a, String b) {
        if (a.equals(b)) return 0;
        String key = a.compareTo(b) < 0 ? a + "<->" + b : b + "<->" + a;
        return linkLatencyMs.getOrDefault(key, oneWayLatencyMs);
    }
}
