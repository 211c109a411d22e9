package io.wanlint.report.api;

import io.wanlint.report.text.Ansi;
import io.wanlint.report.text.FindingsText;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;

/**
 * The check report for people and CI logs: a summary line, then the findings worst first (errors,
 * warnings, notes, each by round trips descending), each with its rule, location, message, entry
 * points, evidence chain and round trips before → after.
 * ANSI colour only when the caller enables it (a terminal, {@code NO_COLOR} unset, no {@code --no-color}).
 */
public final class TextReport {
    private final boolean color;

    public TextReport(boolean color) { this.color = color; }

    public void write(ReportData data, Writer out) { write(data, PatchIndex.EMPTY, out); }

    /**
     * The report, where each finding that {@code patches} planned without a patch says why
     * ({@code no patch: …}) and gives its after figure as what a fix by hand would achieve.
     */
    public void write(ReportData data, PatchIndex patches, Writer out) {
        PrintWriter pw = out instanceof PrintWriter p ? p : new PrintWriter(out);
        new FindingsText(new Ansi(color), patches == null ? PatchIndex.EMPTY : patches).write(data, pw);
        pw.flush();
    }

    public String render(ReportData data) { return render(data, PatchIndex.EMPTY); }

    public String render(ReportData data, PatchIndex patches) {
        StringWriter out = new StringWriter();
        write(data, patches, out);
        return out.toString();
    }

    /**
     * The compact report: one line per finding, worst first, {@code path:line: severity WANxxx message
     * [N round trips]}, as compilers and PMD print them (for editors' error lists and grep).
     */
    public String renderCompact(ReportData data) {
        StringWriter out = new StringWriter();
        PrintWriter pw = new PrintWriter(out);
        new FindingsText(new Ansi(color)).writeCompact(data, pw);
        pw.flush();
        return out.toString();
    }

    /** The summary line that leads the text report, e.g. for a {@code predict} or {@code fix} summary. */
    public static String summaryLine(ReportSummary summary) { return FindingsText.summaryLine(summary); }
}
