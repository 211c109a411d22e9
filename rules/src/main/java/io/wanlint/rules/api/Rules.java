package io.wanlint.rules.api;

import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.rules.wan.CacheableReadMostlyEntity;
import io.wanlint.rules.wan.MissingFacade;
import io.wanlint.rules.wan.NPlusOneFinder;
import io.wanlint.rules.wan.NodeLocalSharedState;
import io.wanlint.rules.wan.NonSerializableSessionState;
import io.wanlint.rules.wan.RemoteFineGrainedCall;
import io.wanlint.rules.wan.RequestSpansTransactions;
import io.wanlint.rules.wan.SessionAttributeMutatedInPlace;
import io.wanlint.rules.wan.StatefulStateNotRolledBack;
import io.wanlint.rules.wan.SyncExternalCallInTransaction;
import io.wanlint.rules.wan.TimerOnEveryNode;
import io.wanlint.rules.wan.UncachedHomeLookup;
import io.wanlint.rules.wan.UnconditionalEjbStore;
import io.wanlint.rules.wan.UnpreparedSql;
import io.wanlint.rules.wan.WebTierJdbc;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The one explicit list of built-in rules (a new rule is added here and nowhere else). */
public final class Rules {
    private Rules() {}

    private static final List<Rule> BUILT_IN = List.of(
            new RemoteFineGrainedCall(),
            new MissingFacade(),
            new WebTierJdbc(),
            new SyncExternalCallInTransaction(),
            new CacheableReadMostlyEntity(),
            new UncachedHomeLookup(),
            new NPlusOneFinder(),
            new UnconditionalEjbStore(),
            new UnpreparedSql(),
            new NonSerializableSessionState(),
            new StatefulStateNotRolledBack(),
            new SessionAttributeMutatedInPlace(),
            new NodeLocalSharedState(),
            new TimerOnEveryNode(),
            new RequestSpansTransactions());

    /** Every built-in rule, in id order. */
    public static List<Rule> builtIn() { return BUILT_IN; }

    public static List<RuleDescriptor> descriptors() {
        return BUILT_IN.stream().map(Rule::descriptor).toList();
    }

    /** A rule by id ({@code WAN003}, any case) or name ({@code web-tier-jdbc}), for {@code wanlint explain}. */
    public static Optional<Rule> find(String idOrName) {
        String key = idOrName.trim();
        return BUILT_IN.stream()
                .filter(r -> r.id().equals(key.toUpperCase(Locale.ROOT)) || r.descriptor().name().equals(key))
                .findFirst();
    }
}
