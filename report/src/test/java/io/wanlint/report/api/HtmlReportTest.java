package io.wanlint.report.api;

import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.Finding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

class HtmlReportTest {
    private static final Path ROOT = Path.of("/srv/rubis app");
    /** Anything that would make a browser fetch: remote src/href, CSS imports, url() other than an in-page {@code #id}. */
    private static final Pattern REMOTE = Pattern.compile(
            "(?i)(?:src|href|xlink:href|action)\\s*=\\s*[\"']?\\s*(?:https?:)?//|@import|url\\s*\\(\\s*['\"]?\\s*(?!#)");

    private static String render(ReportData data, HtmlReport.Ide ide) {
        return new HtmlReport(ROOT, List.of(ROOT), ide, Graphviz.absent()).render(data, SamplePatches.index());
    }

    /** The sample report with the web-tier JDBC finding's message replaced by markup. */
    static ReportData withHostileMessage() {
        ReportData r = SampleApplication.report();
        Finding f = r.findings().get(0);
        Finding hostile = new Finding(f.ruleId(), f.severity(), "<script>alert('x')</script> & \"quoted\"", f.location(),
                f.entryPoints(), f.evidence(), f.before(), f.after(), f.subject());
        return new ReportData(r.result(), r.topologyName(), r.siteByComponent(), r.costs(), r.afterPatchesByEntryPoint(),
                List.of(hostile, r.findings().get(1)), r.rules(), r.toolVersion(), r.latencyMsByEntryPoint());
    }

    @Test
    void pageIsSelfContainedWithoutRemoteReferences() {
        String html = render(SampleApplication.report(), HtmlReport.Ide.VSCODE);
        assertThat(REMOTE.matcher(html).find()).as("remote reference in %s", html).isFalse();
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<style>").contains("<script>")
                .contains("Content-Security-Policy").contains("default-src &#39;none&#39;")
                .doesNotContain("<link").doesNotContain("<img").doesNotContain("<iframe");
    }

    @Test
    void theRemoteReferenceCheckItselfCatchesRemoteResources() {
        assertThat(REMOTE.matcher("<img src=\"https://cdn.example/x.png\">").find()).isTrue();
        assertThat(REMOTE.matcher("<script src=//cdn.example/x.js>").find()).isTrue();
        assertThat(REMOTE.matcher("body { background: url(x.png) }").find()).isTrue();
        assertThat(REMOTE.matcher("@import 'x.css';").find()).isTrue();
        assertThat(REMOTE.matcher("marker-end=\"url(#arrow)\"").find()).as("an in-page marker").isFalse();
    }

    @Test
    void findingMessagesAreEscapedNotInterpreted() {
        String html = render(withHostileMessage(), HtmlReport.Ide.VSCODE);
        assertThat(html).contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quoted&quot;");
        assertThat(html.split("<script", -1)).as("only wanlint's own script element").hasSize(2);
    }

    @Test
    void summaryShowsTheSameNumbersAsReportSummary() {
        ReportData data = SampleApplication.report();
        ReportSummary s = data.summary();
        String html = render(data, HtmlReport.Ide.NONE);
        assertThat(html).contains("id=\"sum-findings\">" + s.findings() + "<")
                .contains("id=\"sum-errors\">" + s.errors() + "<")
                .contains("id=\"sum-warnings\">" + s.warnings() + "<")
                .contains("id=\"sum-notes\">" + s.notes() + "<")
                .contains("id=\"sum-round-trips-now\">5<")
                .contains("id=\"sum-round-trips-after\">1<")
                .contains("wanlint <span id=\"tool-version\">0.1.0-test</span>")
                .contains("<strong id=\"topology\">edge</strong>")
                .contains("<code>/srv/rubis app</code>");
        assertThat(html).contains("<td data-label=\"Rule\"><a href=\"#rule-WAN003\">WAN003</a></td><td data-label=\"Name\">web-tier-jdbc</td>"
                + "<td class=\"num\" data-label=\"Findings\" title=\"1 finding of WAN003\">1</td>"
                + "<td class=\"num\" data-label=\"Errors\" title=\"1 finding of WAN003 of severity error\">1</td>"
                + "<td class=\"num\" data-label=\"Warnings\" title=\"0 findings of WAN003 of severity warning\">0</td>"
                + "<td class=\"num\" data-label=\"Notes\" title=\"0 findings of WAN003 of severity note\">0</td>");
    }

    @Test
    void entryPointRowHasRoundTripsFormulaAndLatencyBeforeAndAfter() {
        String html = render(SampleApplication.report(), HtmlReport.Ide.NONE);
        assertThat(html).contains("<table class=\"sortable stack\" id=\"entry-point-table\">")
                .containsPattern("<tr><td data-label=\"Entry point\"><code>/viewItem</code></td><td data-label=\"Kind\">servlet</td>"
                        + "<td data-label=\"Site\">edge</td><td class=\"num\" data-label=\"Round trips now\" title=\"[^\"]+\">5</td>"
                        + "<td class=\"num\" data-label=\"After patches\" title=\"[^\"]+\">1</td>"
                        + "<td data-label=\"Formula\" title=\"[^\"]+\"><code>4 \\+ n → 1</code></td>"
                        + "<td class=\"num\" data-label=\"Latency now \\(ms\\)\" data-sort=\"1000\" title=\"[^\"]+\">1000</td>"
                        + "<td class=\"num\" data-label=\"Latency after \\(ms\\)\" data-sort=\"200\" title=\"[^\"]+\">200</td></tr>");
    }

    @Test
    void descriptorEvidenceStepShowsItsClassWithoutAMethod() {
        ReportData r = SampleApplication.report();
        ReportData data = new ReportData(r.result(), r.topologyName(), r.siteByComponent(), r.costs(),
                r.afterPatchesByEntryPoint(), List.of(SampleApplication.remoteEntityView()), r.rules(), r.toolVersion());
        assertThat(render(data, HtmlReport.Ide.NONE))
                .contains("<li><code>ItemBean</code> <code>META-INF/ejb-jar.xml:9</code> declares remote view ItemHome, Item</li>")
                .doesNotContain("ItemBean.null").doesNotContain("ItemBean.<");
    }

    @Test
    void findingsAreGroupedByRuleWithEvidenceAndRoundTrips() {
        String html = render(SampleApplication.report(), HtmlReport.Ide.NONE);
        assertThat(html.indexOf("id=\"rule-WAN001\"")).isPositive().isLessThan(html.indexOf("<section class=\"rule\" id=\"rule-WAN003\""));
        assertThat(html).containsPattern("Round trips: <strong title=\"[^\"]+\">2</strong> \\(<code>1 \\+ n</code>\\) → "
                        + "<strong title=\"[^\"]+\">0</strong> after the patch")
                .contains("<li><code>ViewItemServlet.doGet</code> <code>src/edu/rubis/web/ViewItemServlet.java:35</code>"
                        + " <span class=\"kind\">local call</span> calls BidDao.bidsOf</li>")
                .contains("Entry points: <code>/viewItem</code>");
    }

    @Test
    void patchPreviewIsEscapedWithAddedAndRemovedLinesMarked() {
        String html = render(SampleApplication.report(), HtmlReport.Ide.NONE);
        assertThat(html).contains("Patch: Move the JDBC calls behind the SB_ViewItem façade")
                .contains("<span class=\"file\">--- a/src/edu/rubis/web/BidDao.java</span>")
                .contains("<span class=\"hunk\">@@ -40,5 +40,3 @@</span>")
                .contains("<span class=\"add\">+    return facade.bidsOf(itemId);</span>")
                .contains("<span class=\"del\">-    ResultSet rs = st.executeQuery(&quot;SELECT * FROM bids WHERE item=&quot; + itemId);</span>")
                .contains("<span> public List&lt;Bid&gt; bidsOf(int itemId) throws SQLException {</span>");
        assertThat(html.split("<pre class=\"diff\">", -1)).as("one preview: only WAN003 has a patch").hasSize(2);
    }

    @Test
    void locationsLinkToTheChosenIde() {
        assertThat(render(SampleApplication.report(), HtmlReport.Ide.VSCODE))
                .contains("href=\"vscode://file/srv/rubis%20app/src/edu/rubis/web/BidDao.java:42\"");
        assertThat(render(SampleApplication.report(), HtmlReport.Ide.IDEA))
                .contains("href=\"idea://open?file=%2Fsrv%2Frubis%20app%2Fsrc%2Fedu%2Frubis%2Fweb%2FBidDao.java&amp;line=42\"");
        String none = render(SampleApplication.report(), HtmlReport.Ide.NONE);
        assertThat(none).doesNotContain("vscode://").doesNotContain("idea://").doesNotContain("class=\"ide\"");
    }

    @Test
    void componentGraphIsInlineSvgFromTheBuiltInLayoutWithoutGraphviz() {
        String html = render(SampleApplication.report(), HtmlReport.Ide.NONE);
        String graph = html.substring(html.indexOf("<section id=\"graph\">"));
        assertThat(graph).contains("<svg").contains("SB_ViewItem").doesNotContain("<?xml");
    }

    @Test
    void graphvizPictureIsInlinedWithoutItsRemoteDoctype(@TempDir Path bin) throws Exception {
        // A stand-in for dot that writes what dot writes: XML prolog, DOCTYPE naming a remote DTD, comments.
        Path dot = bin.resolve("dot");
        Files.writeString(dot, """
                #!/bin/sh
                out=""
                while [ $# -gt 0 ]; do if [ "$1" = "-o" ]; then out="$2"; shift; fi; shift; done
                cat > "$out" <<'SVG'
                <?xml version="1.0" encoding="UTF-8" standalone="no"?>
                <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
                <!-- Generated by graphviz -->
                <svg width="80pt" height="40pt" viewBox="0 0 80 40" xmlns="http://www.w3.org/2000/svg"><g id="graph0"><text>drawn by dot</text></g></svg>
                SVG
                """);
        Files.setPosixFilePermissions(dot, PosixFilePermissions.fromString("rwxr-xr-x"));
        String html = new HtmlReport(ROOT, List.of(ROOT), HtmlReport.Ide.NONE, new Graphviz(dot, Duration.ofSeconds(10)))
                .render(SampleApplication.report(), PatchIndex.EMPTY);
        assertThat(html).contains("drawn by dot").doesNotContain("<!DOCTYPE svg").doesNotContain("Generated by graphviz")
                .doesNotContain("<?xml");
        assertThat(REMOTE.matcher(html).find()).isFalse();
    }

    @Test
    void emptyReportSaysThereIsNothingToShow() {
        ReportData empty = new ReportData(new AnalysisResult(List.of(), ComponentModel.EMPTY, SampleApplication.callGraph(),
                null, List.of(), List.of()), "centralized", Map.of(), List.of(), Map.of(), List.of(), List.of(), "0.1.0");
        String html = new HtmlReport(null, List.of(), HtmlReport.Ide.VSCODE, Graphviz.absent()).render(empty, null);
        assertThat(html).contains("id=\"sum-findings\">0<").contains("No findings.").contains("No entry points.")
                .contains("No components.").contains("None: everything could be read.").endsWith("</html>\n");
    }

    @Test
    void pageIsResponsiveAndPrintable() {
        String html = render(SampleApplication.report(), HtmlReport.Ide.NONE);
        assertThat(html).contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
                .contains("@media print").contains("@media (max-width: 640px)").contains("<div class=\"scroll\">");
    }

    @Test
    void aFindingWithoutAPatchSaysWhyAndDoesNotClaimAnAfterThePatchFigure() {
        String html = new HtmlReport(ROOT, List.of(ROOT), HtmlReport.Ide.NONE, Graphviz.absent())
                .render(SampleApplication.report(), SamplePatches.planned());
        assertThat(html).containsPattern("Round trips: <strong title=\"[^\"]+\">2</strong> \\(<span title=\"1 round trip per request "
                        + "once fixed as the rule describes \\(wanlint proposes no patch for it\\)\">1</span> if fixed by hand\\)</p>")
                .contains("<p class=\"no-patch\">no patch: " + SamplePatches.NO_WAN001_PATCH + "</p>")
                .containsPattern("Round trips: <strong title=\"[^\"]+\">2</strong> \\(<code>1 \\+ n</code>\\) → "
                        + "<strong title=\"0 round trips per request once wanlint&#39;s patch below is applied\">0</strong> after the patch")
                .contains("Patch: Move the JDBC calls behind the SB_ViewItem façade");
        assertThat(html.split("after the patch", -1)).as("only the patched finding says 'after the patch'").hasSize(2);
    }

    @Test
    void everyFindingHasAUniqueAnchorFromItsFingerprintAndFilterData() {
        ReportData data = SampleApplication.report();
        String html = render(data, HtmlReport.Ide.NONE);
        List<String> ids = java.util.regex.Pattern.compile("<article class=\"finding\" id=\"([^\"]+)\"").matcher(html)
                .results().map(m -> m.group(1)).toList();
        assertThat(ids).hasSize(data.findings().size()).doesNotHaveDuplicates();
        assertThat(ids).allSatisfy(id -> assertThat(html).contains("href=\"#" + id + "\""));
        assertThat(ids).contains("f-" + io.wanlint.analyzer.api.Fingerprints.of(data.findings().get(0)));
        assertThat(html).contains("id=\"finding-filter\"").contains("<option value=\"WAN003\">WAN003</option>")
                .contains("data-rule=\"WAN003\"").contains("data-severity=\"error\"");
    }

    @Test
    void twoFindingsWithOneFingerprintGetDistinctAnchors() {
        ReportData data = SampleApplication.report();
        List<io.wanlint.analyzer.api.Finding> twice = new java.util.ArrayList<>(data.findings());
        twice.add(data.findings().get(0));
        ReportData doubled = new ReportData(data.result(), data.topologyName(), data.siteByComponent(), data.costs(),
                data.afterPatchesByEntryPoint(), twice, data.rules(), data.toolVersion(), data.latencyMsByEntryPoint());
        String html = render(doubled, HtmlReport.Ide.NONE);
        String id = "f-" + io.wanlint.analyzer.api.Fingerprints.of(data.findings().get(0));
        assertThat(html).contains("id=\"" + id + "\"").contains("id=\"" + id + "-2\"");
    }

    @Test
    void filterDataOfAHostileEntryPointIsEscaped() {
        ReportData r = SampleApplication.report();
        Finding f = r.findings().get(0);
        Finding hostile = new Finding(f.ruleId(), f.severity(), f.message(), f.location(),
                List.of("\"><script>alert(1)</script>"), f.evidence(), f.before(), f.after(), f.subject());
        String html = render(new ReportData(r.result(), r.topologyName(), r.siteByComponent(), r.costs(),
                r.afterPatchesByEntryPoint(), List.of(hostile), r.rules(), r.toolVersion(), r.latencyMsByEntryPoint()),
                HtmlReport.Ide.NONE);
        assertThat(html).doesNotContain("<script>alert(1)").contains("data-where=\"").contains("&lt;script&gt;alert(1)");
    }

    @Test
    void everyFigureSaysWhatWasCounted() {
        String html = render(SampleApplication.report(), HtmlReport.Ide.NONE);
        assertThat(html)
                .as("the entry point's round trips, by what crossed where")
                .contains("title=\"5 round trips per request (4 + n at loop size n = 1): 1 × remote home create() edge → main: 1 round trip; "
                        + "1 × remote EJB business method edge → main: 1 round trip; 1 × JDBC statement execution edge → main: 1 round trip; "
                        + "1 × JDBC result-set batch edge → main: n round trips (1 at loop size n = 1)\">5</td>")
                .as("the latency, as round trips times the round-trip time")
                .contains("title=\"1000 ms of network latency added per request under topology edge: 5 round trips × 200 ms average "
                        + "round-trip time between the sites, at loop size n = 1\">1000</td>")
                .as("the summary's sum")
                .contains("<div title=\"5: the round trips per request of the 1 entry point added up, at loop size n = 1")
                .as("a finding's figure, inline for readers who cannot hover")
                .contains("<p class=\"note\">2 round trips per request (1 + n at loop size n = 1) through this finding&#39;s calls; "
                        + "the evidence below shows 1 JDBC call; n counts the iterations of the loop around a call.</p>");
        // The graph's own labels are the graph layout's (report/graph).
        assertThat(html.substring(0, html.indexOf("<section id=\"graph\">"))).as("no enum names where people read")
                .doesNotContain(">SERVLET<", ">REMOTE_EJB<", ">LOCAL<");
    }

    @Test
    void anEntryPointNoPatchChangesSaysSo() {
        ReportData r = SampleApplication.report();
        ReportData unchanged = new ReportData(r.result(), r.topologyName(), r.siteByComponent(), r.costs(), Map.of(),
                r.findings(), r.rules(), r.toolVersion(), r.latencyMsByEntryPoint());
        assertThat(render(unchanged, HtmlReport.Ide.NONE))
                .contains("title=\"5 round trips per request (4 + n at loop size n = 1): no proposed patch changes this request&#39;s calls\">5</td>")
                .contains("(0 of 1 entry points change)");
    }

    @Test
    void aRulePageLinkAppearsOnlyWithAHelpBase() {
        String linked = new HtmlReport(ROOT, List.of(ROOT), HtmlReport.Ide.NONE, Graphviz.absent(), null,
                RuleHelpLinks.under("https://docs.example.org/wanlint/")).render(SampleApplication.report(), SamplePatches.index());
        assertThat(linked).contains("<a class=\"rule-page\" href=\"https://docs.example.org/wanlint/rules.md#wan003\">rule page</a>");
        assertThat(render(SampleApplication.report(), HtmlReport.Ide.NONE)).doesNotContain("rule-page");
    }

    @Test
    void aFindingWithoutRoundTripsSaysWhyItCostsNone() {
        ReportData r = SampleApplication.report();
        Finding f = SampleApplication.webTierJdbc();
        Finding unreached = new Finding(f.ruleId(), f.severity(), f.message(), f.location(), List.of(), f.evidence(),
                io.wanlint.analyzer.api.RoundTrips.ZERO, io.wanlint.analyzer.api.RoundTrips.ZERO, f.subject());
        ReportData data = new ReportData(r.result(), r.topologyName(), r.siteByComponent(), r.costs(), r.afterPatchesByEntryPoint(),
                List.of(unreached), r.rules(), r.toolVersion());
        assertThat(render(data, HtmlReport.Ide.NONE))
                .contains("<p class=\"note\">0 round trips per request: no entry point reaches this code, so no request pays for it.</p>");
    }

    @Test
    void findingsOfAReportThatPlannedNoPatchesSaySoAndClaimNoAfterThePatchFigure() {
        String html = new HtmlReport(ROOT, List.of(ROOT), HtmlReport.Ide.NONE, Graphviz.absent())
                .render(SampleApplication.report(), PatchIndex.EMPTY);
        assertThat(html).doesNotContain("after the patch");
        assertThat(html.split("<p class=\"no-patch\">no patch: none was planned for this report "
                + "\\(wanlint check and wanlint fix plan patches\\)</p>", -1)).as("one per finding").hasSize(3);
    }
}
