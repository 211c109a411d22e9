package io.wanlint.rules.api;

import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.CostAdjustment;
import io.wanlint.analyzer.api.CostTable;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.Replication;
import io.wanlint.analyzer.api.WanCostModel;

/**
 * The part of the WAN cost model the rules need: where components run and what an entry point
 * costs, as is and under a what-if {@link CostAdjustment} that models a rule's patch. Narrow on
 * purpose, so rules can be tested with a hand-written cost function; production code uses
 * {@link #of(WanCostModel)}. Implementations are called from several threads at once (the
 * {@link RuleEngine} runs rules in parallel) and must be safe for it.
 */
public interface RoundTripOracle {
    /** The topology's name ({@code edge}, {@code centralized}, …), for messages. */
    String topologyName();

    /** The site a component runs on. */
    String siteOf(Component component);

    String databaseSite();

    /** The site of the JMS broker. */
    String brokerSite();

    /** Unit costs of the topology (façade call = {@link CostTable#remoteEjbCall()}, JMS send, …). */
    CostTable costs();

    /** Servers per site and replication policies of the topology (none by default: one server per site). */
    default Replication replication() { return Replication.NONE; }

    /** The entry point's predicted round trips under the topology. */
    default EntryPointCost estimate(EntryPoint entryPoint) { return estimate(entryPoint, CostAdjustment.NONE); }

    /**
     * The prediction after a patch. Implementations must consult {@code adjustment} for every call
     * reachable from the entry point, including calls whose standard cost is 0.
     */
    EntryPointCost estimate(EntryPoint entryPoint, CostAdjustment adjustment);

    /** The production oracle: the analyzer's cost model under its topology. */
    static RoundTripOracle of(WanCostModel model) {
        return new RoundTripOracle() {
            @Override public String topologyName() { return model.topology().name(); }

            @Override public String siteOf(Component component) { return model.siteOf(component); }

            @Override public String databaseSite() { return model.topology().databaseSite(); }

            @Override public String brokerSite() { return model.topology().brokerSite(); }

            @Override public CostTable costs() { return model.topology().costs(); }

            @Override public Replication replication() { return model.topology().replication(); }

            @Override public EntryPointCost estimate(EntryPoint entryPoint, CostAdjustment adjustment) {
                return model.estimate(entryPoint, adjustment);
            }
        };
    }
}
