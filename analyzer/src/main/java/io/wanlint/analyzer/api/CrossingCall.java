package io.wanlint.analyzer.api;

/**
 * One interaction that crosses sites, as counted for an entry point.
 *
 * @param edge         the call, or null for the browser request that reaches the entry point
 * @param fromSite     caller's site
 * @param toSite       callee's site (database, broker, external, another component's)
 * @param unitCost     round trips per execution (docs/cost-model.md §Cost table)
 * @param contribution unitCost times the multiplicity along the path from the entry point
 * @param reason       e.g. {@code remote EJB business method}, {@code JDBC statement execution}
 */
public record CrossingCall(CallEdge edge, String fromSite, String toSite, int unitCost,
                           RoundTrips contribution, String reason) {}
