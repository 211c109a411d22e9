package io.wanlint.analyzer.api;

import java.nio.file.Path;
import java.util.List;

/**
 * What to analyse.
 *
 * @param inputs   source trees, archives (WAR/EAR/JAR, nested) or class folders
 * @param excludes path globs (relative, {@code /}-separated) whose files are skipped
 * @param frontEnd which front end builds the call graph
 */
public record AnalysisRequest(List<Path> inputs, List<String> excludes, FrontEnd frontEnd) {
    /** SOURCE where sources exist; AUTO falls back to BYTECODE for classes without sources. */
    public enum FrontEnd { AUTO, SOURCE, BYTECODE }

    public AnalysisRequest {
        inputs = List.copyOf(inputs);
        excludes = excludes == null ? List.of() : List.copyOf(excludes);
        if (frontEnd == null) frontEnd = FrontEnd.AUTO;
    }

    public static AnalysisRequest of(Path... inputs) {
        return new AnalysisRequest(List.of(inputs), List.of(), FrontEnd.AUTO);
    }
}
