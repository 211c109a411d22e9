package io.wanlint.rules.api;

/**
 * The rules' thresholds, set in {@code wanlint.yaml} under {@code settings} or the rule's own mapping.
 *
 * @param minCrossSiteCalls WAN001: cross-site EJB business calls per request that make a use case
 *                          chatty (default 2: one call per page is what a façade achieves)
 * @param readWriteRatio    WAN005: reads per write from which an entity counts as read-mostly
 *                          (default 10: ten reads per write, see docs/rules.md §WAN005)
 */
public record RuleSettings(int minCrossSiteCalls, double readWriteRatio) {
    public static final RuleSettings DEFAULTS = new RuleSettings(2, 10.0);

    public RuleSettings {
        if (minCrossSiteCalls < 1) throw new IllegalArgumentException("minCrossSiteCalls must be at least 1");
        if (!(readWriteRatio > 0)) throw new IllegalArgumentException("readWriteRatio must be positive");
    }

    public RuleSettings withMinCrossSiteCalls(int n) { return new RuleSettings(n, readWriteRatio); }

    public RuleSettings withReadWriteRatio(double r) { return new RuleSettings(minCrossSiteCalls, r); }
}
