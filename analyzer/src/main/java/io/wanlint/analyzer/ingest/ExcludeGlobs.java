package io.wanlint.analyzer.ingest;

import java.util.List;
import io.wanlint.analyzer.api.PathGlob;

/** The {@code excludes} of an analysis request, in {@link PathGlob}'s syntax (that of {@code wanlint.yaml} too). */
final class ExcludeGlobs {
    private final List<PathGlob> patterns;

    private ExcludeGlobs(List<PathGlob> patterns) {
        this.patterns = patterns;
    }

    static ExcludeGlobs of(List<String> globs) {
        return new ExcludeGlobs(globs.stream()
                .filter(g -> !g.strip().isEmpty())
                .map(PathGlob::of)
                .toList());
    }

    boolean isEmpty() {
        return patterns.isEmpty();
    }

    boolean matches(String path) {
        for (PathGlob p : patterns) {
            if (p.matches(path)) return true;
        }
        return false;
    }

    /** A folder is skipped whole when the glob matches it or everything under it. */
    boolean matchesFolder(String path) {
        return matches(path) || matches(path + "/");
    }
}
