package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.CostAdjustment;
import io.wanlint.analyzer.api.CrossingCall;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.rules.api.FindingSink;
import io.wanlint.rules.api.PatchEffect;
import io.wanlint.rules.api.RuleContext;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Function;

/**
 * Before/after figures of a finding: those of one request of its worst entry point (the one that
 * pays most round trips among those the patch makes cheaper), never a sum over the entry points
 * that reach it (they are different requests: adding them up counts no request anyone makes). A
 * patch that would make no request cheaper is not proposed: "after" is then "before" of the worst.
 */
final class Estimates {
    private Estimates() {}

    /**
     * The figures, the patch's effect on each entry point (for the report's "after patches"), and the
     * entry point they are of (null when no entry point reaches the finding).
     *
     * @param entryPoints how many entry points reach the finding
     */
    record BeforeAfter(RoundTrips before, RoundTrips after, Function<EntryPoint, PatchEffect> patch, EntryPoint worst,
                       int entryPoints) {
        BeforeAfter(RoundTrips before, RoundTrips after, Function<EntryPoint, PatchEffect> patch) {
            this(before, after, patch, null, 0);
        }

        /** Whether the patch makes the worst request cheaper; when not, no WAN fix is proposed. */
        boolean saves() { return after.compareTo(before) < 0; }

        /**
         * {@code 2 of 5 round trips per request to /x}: what {@code calls} cost in the worst request, and
         * what that request costs in all (so that a count of calls and the round trips next to it agree).
         */
        String share(RuleContext ctx, Collection<io.wanlint.analyzer.api.CallEdge> calls) {
            if (worst == null) return perRequest();
            return costOf(ctx, worst, calls).formula() + " of " + perRequest();
        }

        /**
         * {@code 5 round trips per request to /x}, or {@code 5 round trips per request (worst: /x, of 3
         * entry points)}: the figure and the request it is of.
         */
        String perRequest() {
            if (worst == null) return roundTrips(before);
            return roundTrips(before) + (entryPoints > 1
                    ? " per request (worst: " + worst.id() + ", of " + entryPoints + " entry points)"
                    : " per request to " + worst.id());
        }
    }

    /** A finding with its patch's effect, ready for the sink. */
    record Reported(Finding finding, Function<EntryPoint, PatchEffect> patch) {
        void to(FindingSink sink) { sink.report(finding, patch); }
    }

    static BeforeAfter of(RuleContext ctx, Collection<EntryPoint> eps, Function<EntryPoint, CostAdjustment> patch) {
        return ofEffects(ctx, eps, ep -> PatchEffect.of(patch.apply(ep)));
    }

    /**
     * As {@link #of}, for patches that also add a call (a façade). The worst entry point is the one
     * with most round trips before the patch among those it makes cheaper (the first of them on a
     * tie); when it makes none cheaper, the one with most round trips, and "after" is "before".
     */
    static BeforeAfter ofEffects(RuleContext ctx, Collection<EntryPoint> eps, Function<EntryPoint, PatchEffect> patch) {
        // The worst request the patch makes cheaper, so that the figures show what the fix buys; when it
        // makes none cheaper, the worst request, with "after" at "before" (the fix is then not proposed).
        // The requests are tried from the costliest down (a stable sort: the first of them on a tie), so
        // the first one the patch makes cheaper is the answer: a patched estimate is a walk of its own,
        // never cached, and an entity read by thousands of entry points would otherwise walk each of them.
        List<EntryPoint> order = new ArrayList<>(eps.size());
        Map<EntryPoint, RoundTrips> before = new HashMap<>();
        for (EntryPoint ep : eps) {
            if (before.putIfAbsent(ep, ctx.oracle().estimate(ep).roundTrips()) == null) order.add(ep);
        }
        if (order.isEmpty()) return new BeforeAfter(RoundTrips.ZERO, RoundTrips.ZERO, patch, null, 0);
        order.sort(Comparator.comparing(before::get, Comparator.reverseOrder()));
        for (EntryPoint ep : order) {
            RoundTrips b = before.get(ep);
            PatchEffect e = patch.apply(ep);
            RoundTrips a = ctx.oracle().estimate(ep, e.adjustment()).roundTrips().plus(e.extra());
            if (a.compareTo(b) < 0) return new BeforeAfter(b, a, patch, ep, eps.size());
        }
        EntryPoint worst = order.get(0);
        return new BeforeAfter(before.get(worst), before.get(worst), patch, worst, eps.size());
    }

    /**
     * The round trips that {@code calls} cost in one request of {@code ep}, as its estimate counts
     * them: what a message may say those calls cost.
     */
    static RoundTrips costOf(RuleContext ctx, EntryPoint ep, Collection<io.wanlint.analyzer.api.CallEdge> calls) {
        Set<io.wanlint.analyzer.api.CallEdge> wanted = new HashSet<>(calls);
        RoundTrips sum = RoundTrips.ZERO;
        EntryPointCost cost = ctx.oracle().estimate(ep);
        for (CrossingCall c : cost.crossings()) {
            if (c.edge() != null && wanted.contains(c.edge())) sum = sum.plus(c.contribution());
        }
        return sum;
    }

    /** The calls that cost round trips in one request of {@code ep}, as its estimate counts them. */
    static Set<io.wanlint.analyzer.api.CallEdge> paid(RuleContext ctx, EntryPoint ep) {
        Set<io.wanlint.analyzer.api.CallEdge> paid = new HashSet<>();
        for (CrossingCall c : ctx.oracle().estimate(ep).crossings()) {
            if (c.edge() != null && !c.contribution().isZero()) paid.add(c.edge());
        }
        return paid;
    }

    /** {@code 5 round trips}, {@code 3 + 2n round trips}, {@code 1 round trip}. */
    static String roundTrips(RoundTrips r) {
        return r.formula() + (r.degree() == 0 && r.value() == 1 ? " round trip" : " round trips");
    }
}
