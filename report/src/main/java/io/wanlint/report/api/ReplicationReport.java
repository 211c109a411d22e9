package io.wanlint.report.api;

import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.Replication;
import io.wanlint.analyzer.api.ReplicationMessages;
import io.wanlint.analyzer.api.ReplicationMessages.ReplicatedState;
import io.wanlint.analyzer.api.VisibleText;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The replication messages of the entry points under a topology whose sites have backups
 * (docs/cost-model.md §Replication), shown beside the round trips: a section of {@code predict}'s
 * text, a {@code replication} field per entry point in JSON, a table in HTML. Empty, and shown
 * nowhere, when no site has a backup.
 *
 * @param settings     the topology's replicas and policies
 * @param byEntryPoint the messages of each entry point, by {@link io.wanlint.analyzer.api.EntryPoint#id()}
 */
public record ReplicationReport(Replication settings, Map<String, ReplicationMessages> byEntryPoint) {
    public static final ReplicationReport EMPTY = new ReplicationReport(Replication.NONE, Map.of());

    public ReplicationReport {
        if (settings == null) settings = Replication.NONE;
        byEntryPoint = byEntryPoint == null ? Map.of() : Map.copyOf(byEntryPoint);
    }

    /** The messages of every entry point of an analysis under the cost model's topology; empty without backups. */
    public static ReplicationReport of(io.wanlint.analyzer.api.AnalysisResult result, io.wanlint.analyzer.api.WanCostModel costs) {
        Replication settings = costs.topology().replication();
        if (!settings.replicates()) return EMPTY;
        Map<String, ReplicationMessages> byId = new java.util.LinkedHashMap<>();
        for (ReplicationMessages m : io.wanlint.analyzer.api.ReplicationModel.of(result, costs).messagesAll()) {
            byId.putIfAbsent(m.entryPoint().id(), m);
        }
        return new ReplicationReport(settings, byId);
    }

    /** Whether the report has anything to show (some site has a backup). */
    public boolean shown() { return settings.replicates(); }

    public Optional<ReplicationMessages> of(EntryPointCost cost) {
        return shown() ? Optional.ofNullable(byEntryPoint.get(cost.entryPoint().id())) : Optional.empty();
    }

    /** {@code edge ×2, main ×2; stateful beans per-invocation, HTTP sessions per-request-when-dirty}. */
    public String describeSettings() {
        List<String> sites = new ArrayList<>();
        new TreeMap<>(settings.replicas()).forEach((site, n) -> sites.add(site + " ×" + n));
        return String.join(", ", sites) + "; stateful beans " + settings.stateful().keyword() + ", HTTP sessions "
                + settings.httpSession().keyword();
    }

    /**
     * {@code predict}'s text section: one row per entry point that sends messages, most first, with
     * what it replicates; nothing when not {@link #shown()}.
     */
    public String text(List<EntryPointCost> costs) {
        if (!shown()) return "";
        List<ReplicationMessages> rows = new ArrayList<>();
        long total = 0;
        for (EntryPointCost c : costs) {
            ReplicationMessages m = byEntryPoint.get(c.entryPoint().id());
            if (m == null || m.perRequest().isZero()) continue;
            rows.add(m);
            total += m.perRequest().value();
        }
        rows.sort((a, b) -> b.perRequest().compareTo(a.perRequest()));
        StringBuilder out = new StringBuilder("\nReplication messages per request (" + VisibleText.escape(describeSettings()) + "):\n");
        if (rows.isEmpty()) return out.append("  none: no request changes a replicated stateful bean or HTTP session\n").toString();
        int width = "entry point".length();
        for (ReplicationMessages m : rows) width = Math.max(width, VisibleText.escape(m.entryPoint().id()).length());
        for (ReplicationMessages m : rows) {
            String id = VisibleText.escape(m.entryPoint().id());
            out.append("  ").append(id).append(" ".repeat(width - id.length())).append("  ")
                    .append(m.perRequest().value()).append(m.perRequest().isPolynomial() && m.perRequest().degree() == 0
                            ? "" : " (" + m.perRequest().formula() + ")").append('\n');
            for (ReplicatedState s : m.sources()) {
                out.append("  ").append(" ".repeat(width)).append("    ").append(VisibleText.escape(line(s))).append('\n');
            }
        }
        out.append(String.format(java.util.Locale.ROOT, "%d replication messages for one request to each entry point (n = 1)%n", total));
        return out.toString();
    }

    /** {@code CartBean at main: 6 × 1 backup (per-invocation): 6 business-method calls, …}. */
    public static String line(ReplicatedState s) {
        return s.name() + " at " + s.site() + ": " + s.perBackup().formula() + " × " + s.backups()
                + (s.backups() == 1 ? " backup (" : " backups (") + s.policy() + "): " + s.reason();
    }
}
