package io.wanlint.analyzer.api;

import java.util.List;

/**
 * The messages one execution of an entry point makes a cluster send to keep its conversational
 * state on the backups (docs/cost-model.md §Replication), beside the WAN round trips it pays.
 *
 * @param perRequest messages per request over every backup: Σ of each source's {@code perBackup × backups}
 * @param sources    the replicated states the request changes, in the order the walk meets them
 */
public record ReplicationMessages(EntryPoint entryPoint, RoundTrips perRequest, List<ReplicatedState> sources) {
    public ReplicationMessages {
        sources = List.copyOf(sources);
        if (perRequest == null) perRequest = RoundTrips.ZERO;
    }

    /** What is replicated. */
    public enum StateKind { STATEFUL_BEAN, HTTP_SESSION }

    /**
     * One replicated state a request changes.
     *
     * @param name      the stateful bean's name, or {@code HttpSession}
     * @param site      where it lives (the bean's site, the entry point's for a session)
     * @param backups   the servers of that site each message goes to
     * @param policy    the topology's policy for it ({@code per-invocation}, {@code per-setAttribute}, …)
     * @param perBackup messages to each backup per request, a count in the loop size {@code n}
     * @param reason    how the count was made, for a reader checking it
     * @param location  the first call that changes it
     */
    public record ReplicatedState(StateKind kind, String name, String site, int backups, String policy,
                                  RoundTrips perBackup, String reason, SourceLocation location) {
        public ReplicatedState {
            if (location == null) location = SourceLocation.UNKNOWN;
        }

        /** {@code perBackup × backups}. */
        public RoundTrips messages() { return perBackup.times(backups); }
    }
}
