package io.wanlint.analyzer.api;

import java.util.Map;

/**
 * The transactional EJB cache of the {@code edge-cache} topology (Leff &amp; Rayfield's ES/RBES; docs/cost-model.md
 * §Topologies): the edge servers keep copies of entity state, a back-end server clustered with the database runs finders
 * and validates commits. Every cost here can be overridden in a topology file's {@code cache:} mapping.
 *
 * @param backEndSite     the site of the back-end server (the database's)
 * @param missCost        round trips of one cache miss (the entity's state fetched from the back end)
 * @param finderCost      round trips of a finder, a query or a home method, which run at the back end
 * @param commitCost      round trips of the commit of a transaction that touched entities (its creates, updates and
 *                        removes shipped in one call, validated optimistically)
 * @param missProbability per entity (component name): the probability that an access by primary key misses, from 0 to 1;
 *                        an entity not listed hits when it is read-mostly and misses once per transaction otherwise
 */
public record EntityCache(String backEndSite, int missCost, int finderCost, int commitCost, Map<String, Double> missProbability) {
    public EntityCache {
        missProbability = missProbability == null ? Map.of() : Map.copyOf(missProbability);
        for (Map.Entry<String, Double> p : missProbability.entrySet()) {
            if (!(p.getValue() >= 0 && p.getValue() <= 1)) {
                throw new IllegalArgumentException("miss probability of " + p.getKey() + " must be between 0 and 1: " + p.getValue());
            }
        }
        if (missCost < 0 || finderCost < 0 || commitCost < 0) throw new IllegalArgumentException("cache costs must not be negative");
    }

    /** One round trip per miss, per finder and per commit: the costs the paper's ES/RBES measurements imply. */
    public static EntityCache at(String backEndSite) { return new EntityCache(backEndSite, 1, 1, 1, Map.of()); }
}
