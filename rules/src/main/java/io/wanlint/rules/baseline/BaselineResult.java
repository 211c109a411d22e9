package io.wanlint.rules.baseline;

import io.wanlint.analyzer.api.Finding;
import java.util.List;

/**
 * Findings split by a baseline.
 *
 * @param newFindings  findings the baseline does not know: these fail the build
 * @param suppressed   findings the baseline accepted
 * @param staleEntries baseline entries no finding matches any more (fixed, or moved to another file)
 */
public record BaselineResult(List<Finding> newFindings, List<Finding> suppressed, List<BaselineEntry> staleEntries) {
    public BaselineResult {
        newFindings = List.copyOf(newFindings);
        suppressed = List.copyOf(suppressed);
        staleEntries = List.copyOf(staleEntries);
    }
}
