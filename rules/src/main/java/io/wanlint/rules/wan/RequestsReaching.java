package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.rules.api.ReachScope;
import io.wanlint.rules.api.ReachedCall;
import io.wanlint.rules.api.RuleContext;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which entry points execute a method, and the first call that brings each one there: for rules
 * whose finding is about a method (a statement, a session write) rather than about a request.
 * Built once per check from the shared {@link RuleContext#reach} walks, and shared by the rules.
 */
final class RequestsReaching {
    private final Map<MethodRef, Map<EntryPoint, ReachedCall>> byMethod = new HashMap<>();

    /** The index of the check {@code ctx} is of, built once and shared by the rules that ask. */
    static RequestsReaching of(RuleContext ctx) { return ctx.derived(RequestsReaching.class, RequestsReaching::new); }

    private RequestsReaching(RuleContext ctx) {
        for (EntryPoint ep : ctx.entryPoints()) {
            byMethod.computeIfAbsent(ep.method(), m -> new LinkedHashMap<>()).putIfAbsent(ep, null);
            for (ReachedCall rc : ctx.reach(ep, ReachScope.WHOLE_REQUEST).calls()) {
                byMethod.computeIfAbsent(rc.edge().to(), m -> new LinkedHashMap<>()).putIfAbsent(ep, rc);
            }
        }
    }

    /** The entry points executing {@code method}, in entry-point order. */
    List<EntryPoint> of(MethodRef method) {
        return List.copyOf(byMethod.getOrDefault(method, Map.of()).keySet());
    }

    /** The call that first enters {@code method} from {@code ep}; null when {@code method} is the entry point's own. */
    ReachedCall via(EntryPoint ep, MethodRef method) {
        return byMethod.getOrDefault(method, Map.of()).get(ep);
    }
}
