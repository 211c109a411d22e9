package io.wanlint.report.api;

import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.api.Severity;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything a check report shows, gathered by the caller so that reporters only format.
 *
 * @param result                    the analysis (files, model, call graph, diagnostics)
 * @param topologyName              the topology the costs were computed under ({@code edge}, a file name…)
 * @param siteByComponent           the site of every component, by component name
 * @param costs                     the round trips of every entry point, in the order to report them
 * @param afterPatchesByEntryPoint  round trips of an entry point (by {@link io.wanlint.analyzer.api.EntryPoint#id()})
 *                                  once every proposed patch is applied; absent means unchanged
 * @param findings                  the findings to report, in any order (reporters sort them)
 * @param rules                     metadata of the rules that ran
 * @param toolVersion               wanlint's version
 * @param latencyMsByEntryPoint     added client latency of each entry point (by id) under the topology;
 *                                  absent entries are reported without a latency
 * @param replication               replication messages per entry point when the topology's sites have
 *                                  backups; {@link ReplicationReport#EMPTY} otherwise
 */
public record ReportData(AnalysisResult result, String topologyName, Map<String, String> siteByComponent,
                         List<EntryPointCost> costs, Map<String, RoundTrips> afterPatchesByEntryPoint,
                         List<Finding> findings, List<RuleDescriptor> rules, String toolVersion,
                         Map<String, Double> latencyMsByEntryPoint, ReplicationReport replication) {
    public ReportData {
        Objects.requireNonNull(result, "result");
        topologyName = topologyName == null ? "" : topologyName;
        siteByComponent = siteByComponent == null ? Map.of() : Map.copyOf(siteByComponent);
        costs = costs == null ? List.of() : List.copyOf(costs);
        afterPatchesByEntryPoint = afterPatchesByEntryPoint == null ? Map.of() : Map.copyOf(afterPatchesByEntryPoint);
        findings = findings == null ? List.of() : List.copyOf(findings);
        rules = rules == null ? List.of() : List.copyOf(rules);
        toolVersion = toolVersion == null ? "" : toolVersion;
        latencyMsByEntryPoint = latencyMsByEntryPoint == null ? Map.of() : Map.copyOf(latencyMsByEntryPoint);
        if (replication == null) replication = ReplicationReport.EMPTY;
    }

    /** The report without replication messages. */
    public ReportData(AnalysisResult result, String topologyName, Map<String, String> siteByComponent,
                      List<EntryPointCost> costs, Map<String, RoundTrips> afterPatchesByEntryPoint,
                      List<Finding> findings, List<RuleDescriptor> rules, String toolVersion,
                      Map<String, Double> latencyMsByEntryPoint) {
        this(result, topologyName, siteByComponent, costs, afterPatchesByEntryPoint, findings, rules, toolVersion,
                latencyMsByEntryPoint, ReplicationReport.EMPTY);
    }

    /** The report without latencies. */
    public ReportData(AnalysisResult result, String topologyName, Map<String, String> siteByComponent,
                      List<EntryPointCost> costs, Map<String, RoundTrips> afterPatchesByEntryPoint,
                      List<Finding> findings, List<RuleDescriptor> rules, String toolVersion) {
        this(result, topologyName, siteByComponent, costs, afterPatchesByEntryPoint, findings, rules, toolVersion,
                Map.of());
    }

    /** Round trips of an entry point after the patches: the current count when no patch changes it. */
    public RoundTrips afterPatches(EntryPointCost cost) {
        return afterPatchesByEntryPoint.getOrDefault(cost.entryPoint().id(), cost.roundTrips());
    }

    public Optional<RuleDescriptor> rule(String id) {
        return rules.stream().filter(r -> r.id().equals(id)).findFirst();
    }

    /** The counts every format shows in its summary. */
    public ReportSummary summary() {
        int errors = 0, warnings = 0, notes = 0;
        for (Finding f : findings) {
            if (f.severity() == Severity.ERROR) errors++;
            else if (f.severity() == Severity.WARNING) warnings++;
            else notes++;
        }
        long now = 0, after = 0;
        for (EntryPointCost c : costs) {
            now += c.roundTrips().value();
            after += afterPatches(c).value();
        }
        return new ReportSummary(findings.size(), errors, warnings, notes, now, after);
    }
}
