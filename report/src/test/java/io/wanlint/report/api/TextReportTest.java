package io.wanlint.report.api;

import org.junit.jupiter.api.Test;

import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.Severity;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class TextReportTest {
    @Test
    void plainReportMatchesTheGoldenFile() throws Exception {
        Golden.assertMatches("report/sample-report.txt", new TextReport(false).render(SampleApplication.report()));
    }

    @Test
    void plainReportHasNoEscapeCodesAndColouredReportHas() {
        String plain = new TextReport(false).render(SampleApplication.report());
        String coloured = new TextReport(true).render(SampleApplication.report());
        assertThat(plain).doesNotContain("\u001b[");
        assertThat(coloured).contains("\u001b[1;31merror").contains("\u001b[0m");
        assertThat(coloured.replaceAll("\u001b\\[[0-9;]*m", "")).isEqualTo(plain);
    }

    @Test
    void findingsComeWorstFirstWithTheirRuleEvidenceAndRoundTrips() {
        String text = new TextReport(false).render(SampleApplication.report());
        assertThat(text.indexOf("  error   WAN003 web-tier-jdbc  src/edu/rubis/web/BidDao.java:42"))
                .isNotNegative().isLessThan(text.indexOf("  warning WAN001 remote-fine-grained-call  src/edu/rubis/web/ViewItemServlet.java:31"));
        assertThat(text).contains("src/edu/rubis/web/BidDao.java:42")
                .contains("→ ViewItemServlet.doGet:35  calls BidDao.bidsOf")
                .contains("round trips: 2 (1 + n) → 0")
                .contains("entry points: /viewItem");
    }

    @Test
    void summaryLeadsAndCountsSeveritiesAndRoundTrips() {
        String text = new TextReport(false).render(SampleApplication.report());
        assertThat(text).startsWith("2 findings (1 error, 1 warning, 0 notes); 5 WAN round trips now, 1 after patches\n");
    }

    @Test
    void reportWithoutFindingsSaysSo() {
        ReportData r = SampleApplication.report();
        ReportData clean = new ReportData(r.result(), "edge", r.siteByComponent(), r.costs(), Map.of(), List.of(),
                r.rules(), "0.1.0");
        assertThat(new TextReport(false).render(clean))
                .isEqualTo("0 findings (0 errors, 0 warnings, 0 notes); 5 WAN round trips now, 5 after patches\nNo findings.\n");
    }

    @Test
    void aFindingWithoutAPatchSaysWhyAndGivesItsAfterFigureAsAdvice() {
        String text = new TextReport(false).render(SampleApplication.report(), SamplePatches.planned());
        assertThat(text).contains("      round trips: 2 (1 if fixed by hand)\n      no patch: " + SamplePatches.NO_WAN001_PATCH + "\n")
                .doesNotContain("round trips: 2 → 1")
                .contains("round trips: 2 (1 + n) → 0\n");
    }

    @Test
    void aPatchThatFailedInsideWanlintIsTheFindingsNoPatchLine() {
        String why = "internal error while planning (IndexOutOfBoundsException: start 680, end 644, length 17517)";
        String text = new TextReport(false).render(SampleApplication.report(), SamplePatches.failed(why));
        assertThat(text).contains("      round trips: 2 (1 + n) (0 if fixed by hand)\n      no patch: " + why + "\n");
    }

    @Test
    void aFindingWhoseFixWouldNotLowerTheCountGivesNoAfterFigure() {
        ReportData r = SampleApplication.report();
        var f = SampleApplication.fineGrained();
        var noSaving = new io.wanlint.analyzer.api.Finding(f.ruleId(), f.severity(), f.message(), f.location(), f.entryPoints(),
                f.evidence(), f.before(), f.before(), f.subject());
        ReportData data = new ReportData(r.result(), r.topologyName(), r.siteByComponent(), r.costs(), r.afterPatchesByEntryPoint(),
                List.of(noSaving), r.rules(), r.toolVersion());
        PatchIndex declined = PatchIndex.of(Map.of(), Map.of(), Map.of(noSaving, "no saving"));
        assertThat(new TextReport(false).render(data, declined)).contains("      round trips: 2\n      no patch: no saving\n");
    }

    private static Finding finding(String rule, Severity severity, String file, int line, RoundTrips before) {
        return new Finding(rule, severity, rule + " at " + file + ":" + line, new FindingLocation(file, line, "shop.Page", "doGet"),
                List.of("/page"), List.of(), before, RoundTrips.of(0), new io.wanlint.analyzer.api.FindingSubject.Place("shop.Page", rule + file + line));
    }

    private static ReportData with(List<Finding> findings) {
        ReportData r = SampleApplication.report();
        return new ReportData(r.result(), r.topologyName(), r.siteByComponent(), r.costs(), r.afterPatchesByEntryPoint(),
                findings, r.rules(), r.toolVersion());
    }

    @Test
    void errorsComeBeforeWarningsBeforeNotesEachByRoundTripsDescendingThenByFileAndLine() {
        ReportData data = with(List.of(
                finding("WAN005", Severity.NOTE, "src/A.java", 1, RoundTrips.of(100)),
                finding("WAN001", Severity.WARNING, "src/B.java", 9, RoundTrips.of(3)),
                finding("WAN001", Severity.WARNING, "src/C.java", 1, new RoundTrips(List.of(1L, 2L))),
                finding("WAN001", Severity.WARNING, "src/B.java", 4, RoundTrips.of(3)),
                finding("WAN003", Severity.ERROR, "src/Z.java", 7, RoundTrips.of(1))));
        List<String> heads = new TextReport(false).render(data).lines().filter(l -> l.startsWith("  ") && !l.startsWith("   ")).toList();
        assertThat(heads).extracting(l -> l.substring(l.indexOf("src/"), l.indexOf("  shop.")))
                .containsExactly("src/Z.java:7", "src/C.java:1", "src/B.java:4", "src/B.java:9", "src/A.java:1");
    }

    @Test
    void compactPrintsOneLinePerFindingWorstFirstAsCompilersDo() {
        ReportData data = with(List.of(
                finding("WAN001", Severity.WARNING, "src/B.java", 9, RoundTrips.of(1)),
                finding("WAN007", Severity.WARNING, "src/C.java", 12, new RoundTrips(List.of(1L, 2L))),
                finding("WAN003", Severity.ERROR, "src/Z.java", 7, RoundTrips.of(4))));
        assertThat(new TextReport(false).renderCompact(data)).isEqualTo("""
                src/Z.java:7: error WAN003 WAN003 at src/Z.java:7 [4 round trips]
                src/C.java:12: warning WAN007 WAN007 at src/C.java:12 [1 + 2n round trips]
                src/B.java:9: warning WAN001 WAN001 at src/B.java:9 [1 round trip]
                """);
        assertThat(new TextReport(false).renderCompact(with(List.of()))).isEmpty();
    }

    @Test
    void compactEscapesNamesAndMessagesFromTheAnalysedCode() {
        String file = "src/Evil\u202Egnp.java";
        Finding evil = new Finding("WAN001", Severity.WARNING, "calls Bean.get\u001b[2J()\non two lines",
                new FindingLocation(file, 3, "shop.Evil", "doGet"), List.of("/e"), List.of(), RoundTrips.of(2), RoundTrips.of(1), new io.wanlint.analyzer.api.FindingSubject.Place("shop.Evil", "doGet"));
        String out = new TextReport(false).renderCompact(with(List.of(evil)));
        assertThat(out).doesNotContain("\u202E").doesNotContain("\u001b")
                .startsWith(io.wanlint.analyzer.api.VisibleText.escape(file) + ":3: warning WAN001 calls Bean.get")
                .endsWith("[2 round trips]\n");
        assertThat(out.lines()).hasSize(1);
    }
}
