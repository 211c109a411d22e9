package io.wanlint.analyzer.api;

import java.util.Map;
import java.util.Optional;

/**
 * How a cluster keeps conversational state on more than one server (docs/cost-model.md §Replication):
 * how many servers each site runs, and when a server sends a changed stateful bean or HTTP session
 * to the others. A site with {@code r} replicas sends each change to {@code r - 1} backups.
 *
 * @param replicas    servers per site, by site name; a site not listed runs one (no backup)
 * @param stateful    when a stateful session bean's state is sent to the backups
 * @param httpSession when an HTTP session is sent to the backups
 */
public record Replication(Map<String, Integer> replicas, StatefulPolicy stateful, SessionPolicy httpSession) {
    /** No site replicated; the policies are the defaults a cluster starts from. */
    public static final Replication NONE = new Replication(Map.of(), StatefulPolicy.PER_INVOCATION,
            SessionPolicy.PER_REQUEST_WHEN_DIRTY);

    public Replication {
        replicas = replicas == null ? Map.of() : Map.copyOf(replicas);
        for (Map.Entry<String, Integer> e : replicas.entrySet()) {
            if (e.getValue() == null || e.getValue() < 1) {
                throw new IllegalArgumentException("a site runs at least one server: " + e.getKey() + " = " + e.getValue());
            }
        }
        if (stateful == null) stateful = StatefulPolicy.PER_INVOCATION;
        if (httpSession == null) httpSession = SessionPolicy.PER_REQUEST_WHEN_DIRTY;
    }

    /** Servers on {@code site}: 1 unless the topology says more. */
    public int replicasOf(String site) { return site == null ? 1 : replicas.getOrDefault(site, 1); }

    /** The servers a change made on {@code site} is sent to. */
    public int backupsOf(String site) { return replicasOf(site) - 1; }

    /** Whether some site has a backup, so that replication messages are worth reporting. */
    public boolean replicates() { return replicas.values().stream().anyMatch(r -> r > 1); }

    public Replication withReplicas(Map<String, Integer> r) { return new Replication(r, stateful, httpSession); }

    public Replication withStateful(StatefulPolicy p) { return new Replication(replicas, p, httpSession); }

    public Replication withHttpSession(SessionPolicy p) { return new Replication(replicas, stateful, p); }

    /** When a stateful session bean's changed state travels to the backups. */
    public enum StatefulPolicy {
        /** After every business method the container dispatches (JBoss clustering's stateful beans). */
        PER_INVOCATION("per-invocation"),
        /**
         * Once per transaction that called the bean, at its commit (Wu and Kemme's eager replication);
         * calls outside any transaction once per request, with the response.
         */
        PER_TRANSACTION("per-transaction");

        private final String keyword;

        StatefulPolicy(String keyword) { this.keyword = keyword; }

        /** The name a topology file uses. */
        public String keyword() { return keyword; }

        public static Optional<StatefulPolicy> parse(String s) {
            for (StatefulPolicy p : values()) if (p.keyword.equalsIgnoreCase(s == null ? "" : s.trim())) return Optional.of(p);
            return Optional.empty();
        }
    }

    /** When an HTTP session travels to the backups. */
    public enum SessionPolicy {
        /**
         * Once at the end of a request that called {@code setAttribute}/{@code removeAttribute}
         * (Tomcat's DeltaManager, JBoss {@code SET} granularity, WebSphere's end-of-service write).
         */
        PER_REQUEST_WHEN_DIRTY("per-request-when-dirty"),
        /** Once per {@code setAttribute}/{@code removeAttribute} call (attribute-level replication sent as it happens). */
        PER_SET_ATTRIBUTE("per-setAttribute");

        private final String keyword;

        SessionPolicy(String keyword) { this.keyword = keyword; }

        public String keyword() { return keyword; }

        public static Optional<SessionPolicy> parse(String s) {
            for (SessionPolicy p : values()) if (p.keyword.equalsIgnoreCase(s == null ? "" : s.trim())) return Optional.of(p);
            return Optional.empty();
        }
    }
}
