package io.wanlint.analyzer.cache;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.PhaseTiming;
import io.wanlint.analyzer.model.SourceSuppressions;
import java.util.List;

/** Compares a cached or updated analysis with a fresh one, part by part for a readable failure. */
final class SameAnalysis {
    private SameAnalysis() {}

    /** Everything a report is made of, compared part by part for a readable failure. */
    static void assertSame(AnalysisResult actual, AnalysisResult expected) {
        assertThat(actual.files()).isEqualTo(expected.files());
        assertThat(actual.model().components()).isEqualTo(expected.model().components());
        assertThat(List.copyOf(actual.callGraph().nodes())).isEqualTo(List.copyOf(expected.callGraph().nodes()));
        assertThat(actual.callGraph().edges()).isEqualTo(expected.callGraph().edges());
        assertThat(actual.callGraph().entryPoints()).isEqualTo(expected.callGraph().entryPoints());
        assertThat(actual.callGraph().facts()).isEqualTo(expected.callGraph().facts());
        assertThat(actual.diagnostics()).isEqualTo(expected.diagnostics());
        assertThat(((SourceSuppressions) actual.suppressions()).entries())
                .isEqualTo(((SourceSuppressions) expected.suppressions()).entries());
        for (EntryPoint ep : expected.callGraph().entryPoints()) {
            for (CallEdge e : expected.callGraph().edges()) {
                assertThat(actual.transactions().contextsOf(ep, e)).isEqualTo(expected.transactions().contextsOf(ep, e));
            }
        }
    }

    static List<String> phases(AnalysisResult result) {
        return result.timings().stream().map(PhaseTiming::phase).toList();
    }

}
