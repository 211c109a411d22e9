package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.ReplicationMessages;
import io.wanlint.analyzer.api.ReplicationModel;
import io.wanlint.rules.api.ReachedCall;
import io.wanlint.rules.api.RuleContext;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What WAN001 adds when its remote calls reach a stateful bean that the topology replicates
 * (docs/cost-model.md §Replication): the messages the request also sends to the bean's backups.
 * A fine-grained conversation with a replicated stateful bean pays twice, in round trips and in
 * replication messages (one per invocation under JBoss-style clustering).
 */
final class ReplicatedStatefulCalls {
    private ReplicatedStatefulCalls() {}

    /** {@code "; the replicated stateful bean Cart also goes to its 1 backup 3 times (per-invocation)"}, or "". */
    static String said(RuleContext ctx, EntryPoint ep, List<ReachedCall> offending) {
        if (!ctx.oracle().replication().replicates()) return "";
        Set<String> beans = new LinkedHashSet<>();
        for (ReachedCall rc : offending) {
            ctx.targetOf(rc.edge()).filter(c -> c.kind() == ComponentKind.STATEFUL_SESSION).map(Component::name)
                    .ifPresent(beans::add);
        }
        if (beans.isEmpty()) return "";
        ReplicationModel model = ctx.derived(ReplicationModel.class, c -> ReplicationModel.of(c.analysis(),
                c.oracle().replication(), c.oracle()::siteOf, e -> null));
        List<String> parts = new ArrayList<>();
        for (ReplicationMessages.ReplicatedState s : model.messages(ep).sources()) {
            if (s.kind() != ReplicationMessages.StateKind.STATEFUL_BEAN || !beans.contains(s.name())) continue;
            parts.add(s.name() + " also goes to its " + (s.backups() == 1 ? "backup " : s.backups() + " backups ")
                    + times(s.perBackup().formula()) + " (" + s.policy() + " replication: " + s.messages().formula()
                    + (s.messages().equals(io.wanlint.analyzer.api.RoundTrips.of(1)) ? " message)" : " messages)"));
        }
        return parts.isEmpty() ? "" : "; the replicated stateful bean " + String.join(", ", parts);
    }

    private static String times(String formula) {
        return formula.equals("1") ? "once" : formula + " times";
    }
}
