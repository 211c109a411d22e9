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
 * @param cache            the edge servers' transactional EJB cache ({@code edge-cache}); null when entities are not
 *                         cached
 */
public record Topology(String name, List<Placement> placements, String defaultSite, String clientSite,
                       String databaseSite, String brokerSite, String externalSite,
                       double oneWayLatencyMs, Map<String, Double> linkLatencyMs, CostTable costs, EntityCache cache) {
    public Topology {
        placements = placements == null ? List.of() : List.copyOf(placements);
        linkLatencyMs = linkLatencyMs == null ? Map.of() : Map.copyOf(linkLatencyMs);
        if (costs == null) costs = CostTable.DEFAULTS;
    }

    /** A topology without an entity cache. */
    public Topology(String name, List<Placement> placements, String defaultSite, String clientSite,
                    String databaseSite, String brokerSite, String externalSite,
                    double oneWayLatencyMs, Map<String, Double> linkLatencyMs, CostTable costs) {
        this(name, placements, defaultSite, clientSite, databaseSite, brokerSite, externalSite, oneWayLatencyMs,
                linkLatencyMs, costs, null);
    }

    /** The same topology with another cost table (e.g. a browser request of 1 with keep-alive). */
    public Topology withCosts(CostTable other) {
        return new Topology(name, placements, defaultSite, clientSite, databaseSite, brokerSite, externalSite,
                oneWayLatencyMs, linkLatencyMs, other, cache);
    }

    /** One-way latency between two sites in milliseconds (0 on the same site). */
    public double latencyMs(String a, String b) {
        if (a.equals(b)) return 0;
        String key = a.compareTo(b) < 0 ? a + "<->" + b : b + "<->" + a;
        return linkLatencyMs.getOrDefault(key, oneWayLatencyMs);
    }
}
