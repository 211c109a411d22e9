package io.wanlint.engine;

import io.wanlint.analyzer.api.ConfigurationException;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.rules.baseline.Baseline;
import io.wanlint.rules.baseline.BaselineEntry;
import io.wanlint.rules.baseline.BaselineResult;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a CI gate looks at: the findings in files changed since a git ref only, and not in the
 * baseline.
 *
 * @param changedSince a git ref, or null for every file
 * @param baseline     a baseline file ({@code wanlint baseline}), or null
 */
public record Gate(String changedSince, Path baseline) {
    public static final Gate OPEN = new Gate(null, null);

    /**
     * The findings kept, and notes for the user (how many the baseline holds back, its stale entries).
     *
     * @param kept  the findings that count
     * @param notes one line each, for stderr or a build log
     */
    public record Outcome(List<Finding> kept, List<String> notes) {
        public Outcome {
            kept = List.copyOf(kept);
            notes = List.copyOf(notes);
        }
    }

    /**
     * @param sourceRoot the analysed source folder, or null when the first input is an archive
     * @throws ConfigurationException when git or the baseline cannot be read, or {@code --changed-since} has no folder
     */
    public Outcome apply(List<Finding> findings, Path sourceRoot) {
        List<Finding> kept = findings;
        List<String> notes = new ArrayList<>();
        if (changedSince != null) {
            if (sourceRoot == null) throw new ConfigurationException("--changed-since needs a source folder, not an archive");
            ChangedFiles changed = ChangedFiles.since(changedSince, sourceRoot);
            kept = kept.stream().filter(f -> changed.contains(sourceRoot.resolve(f.location().file()))).toList();
        }
        if (baseline != null) {
            BaselineResult filtered = Baseline.read(baseline).filter(kept);
            if (!filtered.suppressed().isEmpty()) {
                notes.add("baseline: " + filtered.suppressed().size() + " known finding(s) not reported");
            }
            for (BaselineEntry stale : filtered.staleEntries()) {
                notes.add("baseline: stale entry " + stale.ruleId() + " " + stale.key() + " in " + stale.file()
                        + " (no longer found; regenerate the baseline)");
            }
            kept = filtered.newFindings();
        }
        return new Outcome(kept, notes);
    }
}
