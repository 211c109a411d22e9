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
 */
public record Topology(String name, List<Placement> placements, String defaultSite, String clientSite,
                       String databaseSite, String brokerSite, String externalSite,
                       double oneWayLatencyMs, Map<String, Double> linkLatencyMs, CostTable costs,
                       Replication replication) {
    public Topology {
        placements = placements == null ? List.of() : List.copyOf(placements);
        linkLatencyMs = linkLatencyMs == null ? Map.of() : Map.copyOf(linkLatencyMs);
        if (costs == null) costs = CostTable.DEFAULTS;
        if (replication == null) replication = Replication.NONE;
    }

    /** A topology of one server per site. */
    public Topology(String name, List<Placement> placements, String defaultSite, String clientSite,
                    String databaseSite, String brokerSite, String externalSite,
                    double oneWayLatencyMs, Map<String, Double> linkLatencyMs, CostTable costs) {
        this(name, placements, defaultSite, clientSite, databaseSite, brokerSite, externalSite, oneWayLatencyMs,
                linkLatencyMs, costs, Replication.NONE);
    }

    /** This topology with other replication settings. */
    public Topology withReplication(Replication r) {
        return new Topology(name, placements, defaultSite, clientSite, databaseSite, brokerSite, externalSite,
                oneWayLatencyMs, linkLatencyMs, costs, r);
    }

    /** One-way latency between two sites in milliseconds (0 on the same site). */
    public double latencyMs(String a, String b) {
        if (a.equals(b)) return 0;
        String key = a.compareTo(b) < 0 ? a + "<->" + b : b + "<->" + a;
        return linkLatencyMs.getOrDefault(key, oneWayLatencyMs);
    }
}
