package io.wanlint.analyzer.api;

import java.util.List;

/**
 * Everything the analyzer learnt about an application: its files, component model, call graph,
 * transaction scopes, the in-code suppressions of its sources and the diagnostics of what it could
 * not read. Immutable.
 */
public record AnalysisResult(List<AnalyzedFile> files, ComponentModel model, CallGraph callGraph,
                             TransactionScopes transactions, List<Diagnostic> diagnostics,
                             List<PhaseTiming> timings, Suppressions suppressions) {
    public AnalysisResult {
        files = List.copyOf(files);
        diagnostics = List.copyOf(diagnostics);
        timings = timings == null ? List.of() : List.copyOf(timings);
        if (suppressions == null) suppressions = Suppressions.NONE;
    }

    /** A result without in-code suppressions. */
    public AnalysisResult(List<AnalyzedFile> files, ComponentModel model, CallGraph callGraph,
                          TransactionScopes transactions, List<Diagnostic> diagnostics, List<PhaseTiming> timings) {
        this(files, model, callGraph, transactions, diagnostics, timings, Suppressions.NONE);
    }

    /** Whether anything at all could be analysed (exit code 3 otherwise). */
    public boolean analysedAnything() {
        return !model.components().isEmpty() || files.stream().anyMatch(f ->
                f.kind() == AnalyzedFile.Kind.JAVA || f.kind() == AnalyzedFile.Kind.JSP
                        || f.kind() == AnalyzedFile.Kind.DESCRIPTOR || f.kind() == AnalyzedFile.Kind.CLASS);
    }
}
