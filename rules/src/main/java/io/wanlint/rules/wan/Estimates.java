package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.CostAdjustment;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.rules.api.FindingSink;
import io.wanlint.rules.api.PatchEffect;
import io.wanlint.rules.api.RuleContext;
import java.util.Collection;
import java.util.function.Function;

/**
 * Before/after figures of a finding. A finding reached from several entry points reports the sum
 * over them: the round trips all those requests pay because of it, and after its patch.
 */
final class Estimates {
    private Estimates() {}

    /** The figures, and the patch's effect on each entry point (for the report's "after patches"). */
    record BeforeAfter(RoundTrips before, RoundTrips after, Function<EntryPoint, PatchEffect> patch) {}

    /** A finding with its patch's effect, ready for the sink. */
    record Reported(Finding finding, Function<EntryPoint, PatchEffect> patch) {
        void to(FindingSink sink) { sink.report(finding, patch); }
    }

    static BeforeAfter of(RuleContext ctx, Collection<EntryPoint> eps, Function<EntryPoint, CostAdjustment> patch) {
        return ofEffects(ctx, eps, ep -> PatchEffect.of(patch.apply(ep)));
    }

    /** As {@link #of}, for patches that also add a call (a façade). */
    static BeforeAfter ofEffects(RuleContext ctx, Collection<EntryPoint> eps, Function<EntryPoint, PatchEffect> patch) {
        RoundTrips before = RoundTrips.ZERO;
        RoundTrips after = RoundTrips.ZERO;
        for (EntryPoint ep : eps) {
            before = before.plus(ctx.oracle().estimate(ep).roundTrips());
            PatchEffect e = patch.apply(ep);
            after = after.plus(ctx.oracle().estimate(ep, e.adjustment()).roundTrips().plus(e.extra()));
        }
        return new BeforeAfter(before, after, patch);
    }

    /** {@code 5 round trips}, {@code 3 + 2n round trips}, {@code 1 round trip}. */
    static String roundTrips(RoundTrips r) {
        return r.formula() + (r.degree() == 0 && r.value() == 1 ? " round trip" : " round trips");
    }
}
