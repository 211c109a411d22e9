package io.wanlint.report.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.RoundTrips;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PredictionReportTest {
    private static EntryPointCost cost(String id, RoundTrips rt) {
        return new EntryPointCost(new EntryPoint(id, EntryPoint.Kind.SERVLET, SampleApplication.DO_GET, "ViewItem"), "edge", rt, List.of());
    }

    @Test
    void textRowsAreSortedByRoundTripsDescendingKeepingTheOrderOfEqualOnes() {
        ReportData r = SampleApplication.report();
        ReportData data = new ReportData(r.result(), "edge", r.siteByComponent(),
                List.of(cost("/cheap", RoundTrips.of(1)), cost("/loop", new RoundTrips(List.of(1L, 1L))),
                        cost("/five", RoundTrips.of(5)), cost("/also-one", RoundTrips.of(1))),
                Map.of(), List.of(), r.rules(), "0.1.0-test");
        List<String> ids = PredictionReport.renderText(data).lines().skip(1).limit(4).map(l -> l.substring(0, l.indexOf(' '))).toList();
        // A loop is costlier than any constant for large n, as the formula column shows.
        assertThat(ids).containsExactly("/loop", "/five", "/cheap", "/also-one");
    }
}
