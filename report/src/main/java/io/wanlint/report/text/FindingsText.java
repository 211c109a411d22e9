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
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Lays out the human-readable check report: the summary line, then the findings worst first
 * ({@link #WORST_FIRST}); or, compact, one line per finding. Every
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

    /**
     * Worst first, as a reader triages: errors before warnings before notes, each by round trips
     * (before the fix) descending; equal ones keep the report's order (rule, file, line).
     */
    public static final Comparator<Finding> WORST_FIRST = Comparator.comparing(Finding::severity, Comparator.reverseOrder())
            .thenComparing(Finding::before, Comparator.reverseOrder())
            .thenComparing(CheckReportWriter.FINDING_ORDER);

    /** The summary line, then every finding worst first with its message, entry points, evidence and round trips. */
    public void write(ReportData data, PrintWriter out) {
        out.print(summaryLine(data.summary()) + "\n");
        List<Finding> ordered = data.findings().stream().sorted(WORST_FIRST).toList();
        if (ordered.isEmpty()) out.print("No findings.\n");
        for (Finding f : ordered) {
            out.print("\n");
            writeFinding(f, data, out);
        }
        out.flush();
    }

    /**
     * One line per finding, worst first, as compilers and PMD print them:
     * {@code path:line: severity WANxxx message [N round trips]}.
     */
    public void writeCompact(ReportData data, PrintWriter out) {
        for (Finding f : data.findings().stream().sorted(WORST_FIRST).toList()) {
            out.print(text(where(f)) + ": " + ansi.severity(f.severity(), f.severity().label()) + " " + text(f.ruleId()) + " "
                    + text(oneLine(f.message())) + " [" + text(roundTripsCount(f.before())) + "]\n");
        }
        out.flush();
    }

    private void writeFinding(Finding f, ReportData data, PrintWriter out) {
        var loc = f.location();
        String where = text(loc.file() == null || loc.file().isEmpty() ? loc.className()
                : loc.line() > 0 ? loc.file() + ":" + loc.line() : loc.file());
        String member = text(loc.method() == null ? loc.className() : loc.className() + "#" + loc.method());
        String name = data.rule(f.ruleId()).map(RuleDescriptor::name).orElse(null);
        out.print("  " + ansi.severity(f.severity(), pad(f.severity().label(), 7)) + " "
                + ansi.bold(text(f.ruleId() + (name == null ? "" : " " + name))) + "  " + where + "  "
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
            patches.correction(f).ifPresent(how -> out.print("      patch " + text(how) + "\n"));
            return;
        }
        // No patch: the after figure is what a fix would achieve, not what wanlint's patch does.
        out.print("      round trips: " + text(roundTrips(f.before()) + handFixed(f)) + "\n");
        out.print("      no patch: " + text(noPatch.get()) + "\n");
    }

    /** {@code path:line}, the path alone without a line, the class when the finding has no file. */
    private static String where(Finding f) {
        var loc = f.location();
        if (loc.file() == null || loc.file().isEmpty()) return loc.className() == null ? "" : loc.className();
        return loc.line() > 0 ? loc.file() + ":" + loc.line() : loc.file();
    }

    /** {@code 1 round trip}, {@code 5 round trips}, {@code 3 + 2n round trips}. */
    private static String roundTripsCount(RoundTrips r) {
        return r.formula() + (r.degree() == 0 && r.value() == 1 ? " round trip" : " round trips");
    }

    /** The message on one line: a compact report is read line by line (grep, editors' error lists). */
    private static String oneLine(String message) {
        return message == null ? "" : message.replaceAll("\\s*[\\r\\n]+\\s*", " ");
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
