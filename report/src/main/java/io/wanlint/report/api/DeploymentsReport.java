package io.wanlint.report.api;

import com.fasterxml.jackson.core.JsonGenerator;
import io.wanlint.analyzer.api.DeploymentComparison;
import io.wanlint.analyzer.api.DeploymentComparison.Cell;
import io.wanlint.analyzer.api.DeploymentComparison.Column;
import io.wanlint.analyzer.api.DeploymentComparison.Row;
import io.wanlint.analyzer.api.VisibleText;
import io.wanlint.report.html.Html;
import io.wanlint.report.json.CheckReportWriter;
import io.wanlint.report.json.JsonOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code wanlint predict --compare}: every entry point under several topologies side by side (docs/json-report.md
 * §Deployments), as a text table, as the {@code deployments} field of the predict report's JSON, and as the HTML
 * report's "Deployments" section. The numbers come from {@link DeploymentComparison}; this class only formats them.
 */
public final class DeploymentsReport {
    private DeploymentsReport() {}

    /** Between column groups (one per topology). */
    private static final String SEPARATOR = "   ";

    /** The explanation every format carries. */
    static final String LEGEND = "round trips at n = 1; sensitivity = ms of added latency per ms of one-way delay"
            + " (2 × round trips, Leff & Rayfield); latency at the topology's delays; * = best topology of the row";

    /** One column group per topology: round trips (best marked), sensitivity, latency. */
    public static String renderText(DeploymentComparison comparison) {
        StringBuilder out = new StringBuilder("Deployments: ").append(LEGEND).append('\n');
        for (Column c : comparison.columns()) {
            out.append(String.format(Locale.ROOT, "  %s: browser request %d (%s), one-way delay %s ms%n",
                    VisibleText.escape(c.topology()), c.browserRequest(), c.keepAlive() ? "keep-alive" : "no keep-alive",
                    number(c.oneWayLatencyMs())));
        }
        List<String[]> lines = new ArrayList<>();
        List<String> head = new ArrayList<>(List.of("entry point", "kind"));
        for (int i = 0; i < comparison.columns().size(); i++) head.addAll(List.of("trips", "ms/ms", "latency"));
        lines.add(head.toArray(String[]::new));
        for (Row r : comparison.rows()) lines.add(line(r));
        lines.add(line(comparison.total()));
        lines.add(line(comparison.median()));
        lines.add(line(comparison.worst()));
        for (String[] l : lines) for (int i = 0; i < l.length; i++) l[i] = VisibleText.escape(l[i]);
        int[] widths = new int[lines.get(0).length];
        for (String[] l : lines) for (int i = 0; i < l.length; i++) widths[i] = Math.max(widths[i], l[i].length());
        // A topology's name spans its three columns; a long name widens the group's first one.
        StringBuilder names = new StringBuilder(" ".repeat(widths[0] + 2 + widths[1]));
        for (int g = 0; g < comparison.columns().size(); g++) {
            String name = VisibleText.escape(comparison.columns().get(g).topology());
            int first = 2 + 3 * g, span = widths[first] + widths[first + 1] + widths[first + 2] + 4;
            if (name.length() > span) widths[first] += name.length() - span;
            span = Math.max(span, name.length());
            names.append(SEPARATOR).append(name).append(" ".repeat(span - name.length()));
        }
        out.append(names.toString().stripTrailing()).append('\n');
        for (String[] l : lines) {
            StringBuilder row = new StringBuilder();
            for (int i = 0; i < l.length; i++) {
                String pad = " ".repeat(widths[i] - l[i].length());
                row.append(i < 2 ? l[i] + pad : pad + l[i]).append(i + 1 < l.length ? (i >= 1 && (i - 1) % 3 == 0 ? SEPARATOR : "  ") : "");
            }
            out.append(row.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }

    private static String[] line(Row r) {
        List<String> cells = new ArrayList<>(List.of(r.id(), r.kind() == null ? "" : r.kind().name()));
        for (int i = 0; i < r.cells().size(); i++) {
            Cell c = r.cells().get(i);
            cells.add((r.isBest(i) ? "*" : "") + c.roundTrips());
            cells.add(number(c.sensitivity()));
            cells.add(String.format(Locale.ROOT, "%.0f ms", c.latencyMs()));
        }
        return cells.toArray(String[]::new);
    }

    private static String number(double v) {
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    }

    /** The predict report (its header and {@code entryPoints}, unchanged) with the optional {@code deployments} field. */
    public static String renderJson(ReportData data, DeploymentComparison comparison) {
        return JsonOutput.render(o -> CheckReportWriter.writePrediction(data, JsonReport.SCHEMA_VERSION, o,
                gen -> writeJson(gen, comparison)));
    }

    /** The {@code deployments} field (docs/json-report.md §Deployments). */
    public static void writeJson(JsonGenerator gen, DeploymentComparison comparison) throws IOException {
        gen.writeObjectFieldStart("deployments");
        gen.writeArrayFieldStart("topologies");
        for (Column c : comparison.columns()) {
            gen.writeStartObject();
            gen.writeStringField("name", c.topology());
            gen.writeNumberField("browserRequest", c.browserRequest());
            gen.writeBooleanField("keepAlive", c.keepAlive());
            gen.writeNumberField("oneWayLatencyMs", c.oneWayLatencyMs());
            gen.writeEndObject();
        }
        gen.writeEndArray();
        gen.writeArrayFieldStart("entryPoints");
        for (Row r : comparison.rows()) writeRow(gen, r, comparison);
        gen.writeEndArray();
        gen.writeFieldName("total");
        writeRow(gen, comparison.total(), comparison);
        gen.writeFieldName("medianPage");
        writeRow(gen, comparison.median(), comparison);
        gen.writeFieldName("worstPage");
        writeRow(gen, comparison.worst(), comparison);
        gen.writeEndObject();
    }

    private static void writeRow(JsonGenerator gen, Row r, DeploymentComparison comparison) throws IOException {
        gen.writeStartObject();
        if (r.kind() != null) {
            gen.writeStringField("id", r.id());
            gen.writeStringField("kind", r.kind().name());
        }
        gen.writeArrayFieldStart("best");
        for (int i : r.best()) gen.writeString(comparison.columns().get(i).topology());
        gen.writeEndArray();
        gen.writeArrayFieldStart("costs");
        for (int i = 0; i < r.cells().size(); i++) {
            Cell c = r.cells().get(i);
            gen.writeStartObject();
            gen.writeStringField("topology", comparison.columns().get(i).topology());
            gen.writeNumberField("wanRoundTrips", c.roundTrips());
            gen.writeStringField("formula", c.formula());
            gen.writeNumberField("latencySensitivity", c.sensitivity());
            gen.writeNumberField("latencyMs", c.latencyMs());
            gen.writeEndObject();
        }
        gen.writeEndArray();
        gen.writeEndObject();
    }

    /** The HTML report's "Deployments" section. */
    public static String htmlSection(DeploymentComparison comparison) {
        StringBuilder out = new StringBuilder("<section id=\"deployments\">\n<h2>Deployments</h2>\n<p class=\"meta\">")
                .append(Html.escape(LEGEND)).append(".</p>\n<ul class=\"meta\">\n");
        for (Column c : comparison.columns()) {
            out.append("<li><strong>").append(Html.escape(c.topology())).append("</strong>: browser request ")
                    .append(c.browserRequest()).append(c.keepAlive() ? " (keep-alive)" : " (no keep-alive)")
                    .append(", one-way delay ").append(number(c.oneWayLatencyMs())).append(" ms</li>\n");
        }
        out.append("</ul>\n<div class=\"scroll\"><table class=\"deployments\">\n<thead><tr><th rowspan=\"2\">entry point</th>");
        for (Column c : comparison.columns()) out.append("<th colspan=\"3\">").append(Html.escape(c.topology())).append("</th>");
        out.append("</tr>\n<tr>");
        for (int i = 0; i < comparison.columns().size(); i++) out.append("<th>trips</th><th>ms/ms</th><th>latency</th>");
        out.append("</tr></thead>\n<tbody>\n");
        for (Row r : comparison.rows()) htmlRow(out, r, false);
        htmlRow(out, comparison.total(), true);
        htmlRow(out, comparison.median(), true);
        htmlRow(out, comparison.worst(), true);
        return out.append("</tbody></table></div>\n</section>\n").toString();
    }

    private static void htmlRow(StringBuilder out, Row r, boolean summary) {
        out.append(summary ? "<tr class=\"summary\"><th>" : "<tr><td>").append(Html.escape(r.id())).append(summary ? "</th>" : "</td>");
        for (int i = 0; i < r.cells().size(); i++) {
            Cell c = r.cells().get(i);
            String best = r.isBest(i) ? " class=\"best\" title=\"best\"" : "";
            out.append("<td").append(best).append('>').append(r.isBest(i) ? "<strong>" : "").append(c.roundTrips())
                    .append(r.isBest(i) ? "</strong> ★" : "").append("</td><td>").append(number(c.sensitivity()))
                    .append("</td><td>").append(String.format(Locale.ROOT, "%.0f ms", c.latencyMs())).append("</td>");
        }
        out.append("</tr>\n");
    }
}
