package io.wanlint.rules.testing;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.TransactionAttribute;
import io.wanlint.analyzer.api.TransactionContext;
import io.wanlint.analyzer.api.TransactionScopes;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Test-only transaction scopes: CMT attributes declared per method, propagated along every path
 * from the entry point (Required joins or starts, RequiresNew starts, Mandatory and Supports join,
 * NotSupported and Never suspend), and {@code UserTransaction} spans from the edges' flag.
 */
final class TestTransactions implements TransactionScopes {
    private final CallGraph graph;
    private final Map<MethodRef, TransactionAttribute> attributes;
    private final Map<EntryPoint, Map<CallEdge, Set<TransactionContext>>> byEdge = new HashMap<>();
    private final Map<EntryPoint, Map<MethodRef, Set<TransactionContext>>> byMethod = new HashMap<>();

    TestTransactions(CallGraph graph, Map<MethodRef, TransactionAttribute> attributes) {
        this.graph = graph;
        this.attributes = Map.copyOf(attributes);
    }

    @Override public Set<TransactionContext> contextsOf(EntryPoint ep, CallEdge edge) {
        compute(ep);
        return byEdge.get(ep).getOrDefault(edge, Set.of());
    }

    @Override public boolean everInTransaction(CallEdge edge) {
        return graph.entryPoints().stream().anyMatch(ep -> contextsOf(ep, edge).stream().anyMatch(TransactionContext::active));
    }

    @Override public Set<TransactionContext> contextsOfMethod(EntryPoint ep, MethodRef method) {
        compute(ep);
        return byMethod.get(ep).getOrDefault(method, Set.of());
    }

    private void compute(EntryPoint ep) {
        if (byEdge.containsKey(ep)) return;
        byEdge.put(ep, new HashMap<>());
        byMethod.put(ep, new HashMap<>());
        walk(ep, ep.method(), TransactionContext.NONE, new HashSet<>());
    }

    private void walk(EntryPoint ep, MethodRef m, TransactionContext caller, Set<MethodRef> onPath) {
        if (!onPath.add(m)) return;
        TransactionContext here = enter(m, caller);
        byMethod.get(ep).computeIfAbsent(m, k -> new LinkedHashSet<>()).add(here);
        for (CallEdge e : graph.outgoing(m)) {
            TransactionContext atCall = e.inUserTransaction() && !here.active()
                    ? new TransactionContext(true, m, "UserTransaction") : here;
            byEdge.get(ep).computeIfAbsent(e, k -> new LinkedHashSet<>()).add(atCall);
            if (e.kind() == EdgeKind.LOCAL || e.kind().isEjb()) walk(ep, e.to(), atCall, onPath);
        }
        onPath.remove(m);
    }

    private TransactionContext enter(MethodRef m, TransactionContext caller) {
        TransactionAttribute a = attributes.get(m);
        if (a == null) return caller;
        return switch (a) {
            case REQUIRED -> caller.active() ? caller : new TransactionContext(true, m, a.descriptorName());
            case REQUIRES_NEW -> new TransactionContext(true, m, a.descriptorName());
            case MANDATORY, SUPPORTS -> caller;
            case NOT_SUPPORTED, NEVER -> TransactionContext.NONE;
        };
    }
}
