package io.wanlint.report.api;

import org.junit.jupiter.api.Test;

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
    void findingsAreGroupedByRuleWithEvidenceAndRoundTrips() {
        String text = new TextReport(false).render(SampleApplication.report());
        assertThat(text.indexOf("WAN001 remote-fine-grained-call (1 finding)"))
                .isNotNegative().isLessThan(text.indexOf("WAN003 web-tier-jdbc (1 finding)"));
        assertThat(text).contains("src/edu/rubis/web/BidDao.java:42")
                .contains("→ ViewItemServlet.doGet:35  calls BidDao.bidsOf")
                .contains("round trips: 2 (1 + n) → 0")
                .contains("entry points: /viewItem");
    }

    @Test
    void summaryCountsSeveritiesAndRoundTrips() {
        String text = new TextReport(false).render(SampleApplication.report());
        assertThat(text).endsWith("2 findings (1 error, 1 warning, 0 notes); 5 WAN round trips now, 1 after patches\n");
    }

    @Test
    void reportWithoutFindingsSaysSo() {
        ReportData r = SampleApplication.report();
        ReportData clean = new ReportData(r.result(), "edge", r.siteByComponent(), r.costs(), Map.of(), List.of(),
                r.rules(), "0.1.0");
        assertThat(new TextReport(false).render(clean))
                .isEqualTo("No findings.\n0 findings (0 errors, 0 warnings, 0 notes); 5 WAN round trips now, 5 after patches\n");
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
}
