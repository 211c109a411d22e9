package io.wanlint.report.api;

import io.wanlint.analyzer.api.VisibleText;
import io.wanlint.report.json.JsonOutput;
import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.report.json.CheckReportWriter;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code wanlint predict}: the WAN round trips of every entry point under a topology, now and after
 * the patches, with the latency they cost at the topology's link latency.
 */
public final class PredictionReport {
    private PredictionReport() {}

    /** The check report's {@code entryPoints} array with its header fields (docs/json-report.md §Predict report). */
    public static String renderJson(ReportData data) {
        return JsonOutput.render(o -> CheckReportWriter.writePrediction(data, JsonReport.SCHEMA_VERSION, o));
    }

    /**
     * A fixed-width table, one row per entry point, costliest first (round trips descending, for large n: a loop before any constant; equal
     * ones in the analysis's order), then the totals.
     */
    public static String renderText(ReportData data) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"entry point", "kind", "site", "round trips", "formula", "latency", "after patches"});
        long now = 0;
        long after = 0;
        List<EntryPointCost> costliestFirst = data.costs().stream()
                .sorted(java.util.Comparator.comparing(EntryPointCost::roundTrips, java.util.Comparator.reverseOrder())).toList();
        for (EntryPointCost c : costliestFirst) {
            RoundTrips a = data.afterPatches(c);
            Double latency = data.latencyMsByEntryPoint().get(c.entryPoint().id());
            rows.add(new String[] {c.entryPoint().id(), c.entryPoint().kind().name(), c.site() == null ? "" : c.site(),
                    Long.toString(c.roundTrips().value()), c.roundTrips().formula(),
                    latency == null ? "" : String.format(Locale.ROOT, "%.0f ms", latency), Long.toString(a.value())});
            now += c.roundTrips().value();
            after += a.value();
        }
        // Entry point ids are class names and URL patterns of the analysed application: escaped for the terminal.
        for (String[] r : rows) for (int i = 0; i < r.length; i++) r[i] = VisibleText.escape(r[i]);
        int[] widths = new int[rows.get(0).length];
        for (String[] r : rows) for (int i = 0; i < r.length; i++) widths[i] = Math.max(widths[i], r[i].length());
        StringBuilder out = new StringBuilder();
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                boolean numeric = i == 3 || i == 5 || i == 6;
                String cell = numeric ? " ".repeat(widths[i] - r[i].length()) + r[i] : r[i] + " ".repeat(widths[i] - r[i].length());
                out.append(cell).append(i + 1 < r.length ? "  " : "");
            }
            out.append('\n');
        }
        out.append(String.format(Locale.ROOT, "%d entry points under topology %s: %d WAN round trips now, %d after patches (n = 1)\n",
                data.costs().size(), VisibleText.escape(data.topologyName()), now, after));
        out.append(data.replication().text(costliestFirst));
        return out.toString().stripTrailing() + "\n";
    }
}
