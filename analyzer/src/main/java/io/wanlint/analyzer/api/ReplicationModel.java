package io.wanlint.analyzer.api;

import java.util.List;

/**
 * Predicts the replication messages of every entry point under a topology's {@link Replication}
 * (docs/cost-model.md §Replication): how often the stateful session beans and the HTTP session a
 * request changes are sent to their backups. Zero everywhere when no site has a backup.
 */
public final class ReplicationModel {
    private final io.wanlint.analyzer.cost.ReplicationCounts counts;

    private ReplicationModel(io.wanlint.analyzer.cost.ReplicationCounts counts) { this.counts = counts; }

    /** The model of an analysed application, with the sites {@code costs} gives its components. */
    public static ReplicationModel of(AnalysisResult result, WanCostModel costs) {
        return new ReplicationModel(new io.wanlint.analyzer.cost.ReplicationCounts(result.model(), result.callGraph(),
                costs.topology().replication(), result.transactions(), costs::siteOf, costs::siteOf));
    }

    /**
     * The model with sites given by the caller (a rule's oracle): {@code siteOfEntry} places the HTTP
     * sessions, and may answer null to leave them out.
     */
    public static ReplicationModel of(AnalysisResult result, Replication replication,
                                      java.util.function.Function<Component, String> siteOf,
                                      java.util.function.Function<EntryPoint, String> siteOfEntry) {
        return new ReplicationModel(new io.wanlint.analyzer.cost.ReplicationCounts(result.model(), result.callGraph(),
                replication, result.transactions(), siteOf, siteOfEntry));
    }

    /** Whether the topology has a backup anywhere (otherwise every count is 0 and reports leave them out). */
    public boolean replicates() { return counts.replication().replicates(); }

    public Replication replication() { return counts.replication(); }

    /** The messages of one entry point; computed once and cached. */
    public ReplicationMessages messages(EntryPoint entryPoint) { return counts.of(entryPoint); }

    /** Every entry point of the graph, in the graph's order. */
    public List<ReplicationMessages> messagesAll() {
        return counts.graph().entryPoints().stream().map(this::messages).toList();
    }
}
