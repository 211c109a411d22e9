package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.TransactionScopes;

import java.util.List;

/**
 * What a call-graph front end produces: the graph, its transaction query, and what it could not
 * resolve (at most one summary diagnostic per file).
 */
public record CallGraphOutcome(CallGraph graph, TransactionScopes transactions, List<Diagnostic> diagnostics) {
    public CallGraphOutcome {
        diagnostics = List.copyOf(diagnostics);
    }
}
