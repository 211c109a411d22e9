package io.wanlint.rules.api;

import io.wanlint.analyzer.api.CallEdge;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * A call reached from an entry point, with the path that reached it.
 *
 * @param edge            the call
 * @param callerComponent the component whose code makes the call (inherited by helper classes
 *                        from their caller), or null when unknown
 * @param inLoop          the call, or a call on the path to it, sits inside a loop
 * @param via             the call that entered the method making this call; null when the entry
 *                        point's own method makes it
 */
public record ReachedCall(CallEdge edge, String callerComponent, boolean inLoop, ReachedCall via) {
    /** The calls from the entry point down to and including this one. */
    public List<CallEdge> path() {
        Deque<CallEdge> out = new ArrayDeque<>();
        for (ReachedCall c = this; c != null; c = c.via) out.addFirst(c.edge);
        return List.copyOf(out);
    }
}
