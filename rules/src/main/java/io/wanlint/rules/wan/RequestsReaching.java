package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.rules.api.ReachScope;
import io.wanlint.rules.api.ReachedCall;
import io.wanlint.rules.api.RuleContext;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which entry points execute a method, and the first call that brings each one there: for rules
 * whose finding is about a method (a statement, a session write) rather than about a request.
 * Built once per check from the shared {@link RuleContext#reach} walks, and shared by the rules.
 */
final class RequestsReaching {
    private final Map<MethodRef, Reaching> byMethod = new HashMap<>();

    /** The index of the check {@code ctx} is of, built once and shared by the rules that ask. */
    static RequestsReaching of(RuleContext ctx) { return ctx.derived(RequestsReaching.class, RequestsReaching::new); }

    private RequestsReaching(RuleContext ctx) {
        List<EntryPoint> eps = ctx.entryPoints();
        // Entry points are taken one after the other, so a method's entries for the current one are at
        // its end: no entry point is hashed per reached call (hashing one hashes its method; that was
        // most of building this index on a large application). An entry point equal to an earlier one
        // (none in practice) is looked up by value, as a map keyed by entry point did.
        Map<EntryPoint, Integer> firstOf = new HashMap<>();
        // The walks of a check share their call objects (one per call and walk state), so a call's
        // callee is looked up by the call's identity first: hashing the callee's names and parameter
        // types at every reached call of every request was most of the rest.
        Map<io.wanlint.analyzer.api.CallEdge, Reaching> byCall = new IdentityHashMap<>();
        for (int i = 0; i < eps.size(); i++) {
            EntryPoint ep = eps.get(i);
            boolean repeated = firstOf.putIfAbsent(ep, i) != null;
            add(reaching(ep.method()), i, ep, null, repeated);
            for (ReachedCall rc : ctx.reach(ep, ReachScope.WHOLE_REQUEST).calls()) {
                Reaching r = byCall.get(rc.edge());
                if (r == null) {
                    r = reaching(rc.edge().to());
                    byCall.put(rc.edge(), r);
                }
                add(r, i, ep, rc, repeated);
            }
        }
    }

    private Reaching reaching(MethodRef method) {
        return byMethod.computeIfAbsent(method, m -> new Reaching());
    }

    /** As {@code putIfAbsent(ep, via)} on the method's map from entry point to first call (a null call is replaced). */
    private static void add(Reaching r, int index, EntryPoint ep, ReachedCall via, boolean repeated) {
        int at = repeated ? r.eps.indexOf(ep) : r.lastIndex == index ? r.eps.size() - 1 : -1;
        if (at < 0) {
            r.eps.add(ep);
            r.vias.add(via);
            r.lastIndex = index;
        } else if (r.vias.get(at) == null) {
            r.vias.set(at, via);
        }
    }

    /** The entry points executing {@code method}, in entry-point order. */
    List<EntryPoint> of(MethodRef method) {
        Reaching r = byMethod.get(method);
        return r == null ? List.of() : List.copyOf(r.eps);
    }

    /** The call that first enters {@code method} from {@code ep}; null when {@code method} is the entry point's own. */
    ReachedCall via(EntryPoint ep, MethodRef method) {
        Reaching r = byMethod.get(method);
        return r == null ? null : r.viaOf().get(ep);
    }

    /** One method's entry points, distinct and in order, each with the call that first brought it there. */
    private static final class Reaching {
        final List<EntryPoint> eps = new ArrayList<>(2);
        final List<ReachedCall> vias = new ArrayList<>(2);
        /** The index, in the check's entry points, of the last entry point added. */
        int lastIndex = -1;
        /** By entry point, made when first asked (rules ask from several threads: equal maps, either kept). */
        private volatile Map<EntryPoint, ReachedCall> byEntryPoint;

        Map<EntryPoint, ReachedCall> viaOf() {
            Map<EntryPoint, ReachedCall> known = byEntryPoint;
            if (known != null) return known;
            Map<EntryPoint, ReachedCall> made = new HashMap<>();
            for (int i = 0; i < eps.size(); i++) made.put(eps.get(i), vias.get(i));
            byEntryPoint = made;
            return made;
        }
    }
}
