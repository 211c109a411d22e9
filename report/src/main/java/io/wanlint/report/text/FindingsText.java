package io.wanlint.report.text;

import io.wanlint.analyzer.api.EvidenceStep;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.api.VisibleText;
import io.wanlint.report.api.PatchIndex;
import io.wanlint.report.api.ReportData;
import io.wanlint.report.api.ReportSummary;
import io.wanlint.report.json.CheckReportWriter;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Lays out the human-readable check report: findings grouped by rule, then a summary line. Every
 * piece of text that comes from a finding goes through {@link #text} before it is styled or
 * printed: names and strings of the analysed application never reach the terminal raw.
 */
public final class FindingsText {
    private final Ansi ansi;
    private final PatchIndex patches;

    public FindingsText(Ansi ansi) { this(ansi, PatchIndex.EMPTY); }

    /** @param patches the planned patches: a finding planned without one says why, and claims no patched figure */
    public FindingsText(Ansi ansi, PatchIndex patches) {
        this.ansi = ansi;
        this.patches = patches;
    }

    public void write(ReportData data, PrintWriter out) {
        Map<String, List<Finding>> byRule = new LinkedHashMap<>();
        for (Finding f : data.findings().stream().sorted(CheckReportWriter.FINDING_ORDER).toList()) {
            byRule.computeIfAbsent(f.ruleId(), k -> new java.util.ArrayList<>()).add(f);
        }
        for (Map.Entry<String, List<Finding>> group : byRule.entrySet()) {
            String name = data.rule(group.getKey()).map(RuleDescriptor::name).orElse(null);
            int n = group.getValue().size();
            out.print(ansi.bold(text(group.getKey() + (name == null ? "" : " " + name))));
            out.print(" (" + plural(n, "finding") + ")\n");
            for (Finding f : group.getValue()) writeFinding(f, out);
            out.print("\n");
        }
        if (byRule.isEmpty()) out.print("No findings.\n");
        out.print(summaryLine(data.summary()) + "\n");
        out.flush();
    }

    private void writeFinding(Finding f, PrintWriter out) {
        var loc = f.location();
        String where = text(loc.file() == null || loc.file().isEmpty() ? loc.className()
                : loc.line() > 0 ? loc.file() + ":" + loc.line() : loc.file());
        String member = text(loc.method() == null ? loc.className() : loc.className() + "#" + loc.method());
        out.print("  " + ansi.severity(f.severity(), pad(f.severity().label(), 7)) + " " + where + "  "
                + ansi.dim(member) + "\n");
        out.print("      " + text(f.message()) + "\n");
        if (!f.entryPoints().isEmpty()) {
            out.print("      entry points: " + text(String.join(", ", f.entryPoints())) + "\n");
        }
        for (EvidenceStep s : f.evidence()) {
            StringBuilder line = new StringBuilder();
            if (isDescriptor(s.file())) {
                // The line is in the deployment descriptor, not in the class's source.
                line.append(s.file().substring(s.file().lastIndexOf('/') + 1));
            } else {
                line.append(simple(s.className()));
                if (s.method() != null && !s.className().startsWith("jsp:")) line.append('.').append(s.method());
            }
            if (s.line() > 0) line.append(':').append(s.line());
            if (s.description() != null && !s.description().isEmpty()) line.append("  ").append(s.description());
            out.print("        " + ansi.dim("→") + " " + text(line.toString()) + "\n");
        }
        Optional<String> noPatch = patches.whyNoPatch(f);
        if (noPatch.isEmpty()) {
            out.print("      round trips: " + text(roundTrips(f.before())) + " → " + ansi.green(text(roundTrips(f.after()))) + "\n");
            patches.unverified(f).ifPresent(why -> out.print("      patch " + text(why) + "\n"));
            return;
        }
        // No patch: the after figure is what a fix would achieve, not what wanlint's patch does.
        out.print("      round trips: " + text(roundTrips(f.before()) + handFixed(f)) + "\n");
        out.print("      no patch: " + text(noPatch.get()) + "\n");
    }

    /** {@code " (2 if fixed by hand)"}, or nothing when a fix would not lower the count. */
    private static String handFixed(Finding f) {
        return f.after().value() < f.before().value() ? " (" + roundTrips(f.after()) + " if fixed by hand)" : "";
    }

    /** {@code N findings (E errors, W warnings, K notes); R WAN round trips now, A after patches}. */
    public static String summaryLine(ReportSummary s) {
        return plural(s.findings(), "finding") + " (" + plural(s.errors(), "error") + ", "
                + plural(s.warnings(), "warning") + ", " + plural(s.notes(), "note") + "); "
                + s.roundTripsNow() + " WAN round trip" + (s.roundTripsNow() == 1 ? "" : "s") + " now, "
                + s.roundTripsAfter() + " after patches";
    }

    private static String roundTrips(RoundTrips r) {
        return r.degree() > 0 ? r.value() + " (" + r.formula() + ")" : Long.toString(r.value());
    }

    /** Text from the analysed application, with control and bidi characters shown as escapes. */
    private static String text(String raw) { return VisibleText.escape(raw); }

    private static String plural(long n, String word) { return n + " " + word + (n == 1 ? "" : "s"); }

    private static String pad(String s, int width) { return s.length() >= width ? s : s + " ".repeat(width - s.length()); }

    private static boolean isDescriptor(String file) {
        return file != null && !file.isEmpty() && !file.endsWith(".java") && !file.endsWith(".jsp") && !file.endsWith(".jspx");
    }

    /** {@code CatalogServlet}, or the page path of a JSP ({@code jsp:/product.jsp}). */
    private static String simple(String className) {
        if (className == null) return "";
        if (className.startsWith("jsp:")) return className.substring(4);
        int i = className.lastIndexOf('.');
        return i < 0 ? className : className.substring(i + 1);
    }
}
