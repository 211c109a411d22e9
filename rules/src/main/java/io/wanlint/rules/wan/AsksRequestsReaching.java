package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.rules.api.ReachScope;
import io.wanlint.rules.api.Rule;
import io.wanlint.rules.api.RuleContext;

import java.util.Set;

/**
 * A rule that asks {@link RequestsReaching}: every request's whole walk feeds that index, and the part
 * holding each entry point is made ahead on the engine's threads instead of inside the first rule that
 * asks, on one thread.
 */
interface AsksRequestsReaching extends Rule {
    @Override default Set<ReachScope> scopesWalkedFromEveryEntryPoint() {
        return Set.of(ReachScope.WHOLE_REQUEST);
    }

    @Override default void prepare(RuleContext ctx, EntryPoint ep) {
        RequestsReaching.of(ctx).prepare(ep);
    }
}
