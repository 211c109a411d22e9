package io.wanlint.rules.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A walk keeps its nodes' vias as chars when it has fewer than {@link RequestReach#SHORT} nodes: the
 * paths it gives are those the same nodes give with their vias as ints (the old representation, kept
 * here as the oracle), on random walks of either size, and a walk too long for chars keeps ints.
 */
class RequestReachViaTest {
    private static final EntryPoint EP = new EntryPoint("ep", EntryPoint.Kind.SERVLET, new MethodRef("C", "service", List.of()), "c");

    /** Sites named by number: a node's caller component is its site's name. */
    private static final RequestReach.Sites SITES = new RequestReach.Sites() {
        @Override public CallEdge edge(int site) { return null; }

        @Override public String callerComponent(int site) { return "s" + site; }

        @Override public boolean inLoop(int site) { return site % 3 == 0; }

        @Override public int callId(int site) { return site; }
    };

    @Test
    void pathsWithViasAsCharsAreThoseWithViasAsInts() {
        Random random = new Random(22);
        for (int round = 0; round < 200; round++) {
            int nodes = 1 + random.nextInt(round < 190 ? 300 : 60_000);
            int reached = 1 + random.nextInt(nodes);
            int[] site = new int[nodes];
            int[] via = new int[nodes];
            for (int k = 0; k < nodes; k++) {
                site[k] = random.nextInt(1_000_000);
                // A node is entered through none (-1) or an earlier node, as a depth-first walk adds them.
                via[k] = k == 0 || random.nextInt(5) == 0 ? -1 : random.nextInt(k);
            }
            char[] asChars = new char[nodes];
            for (int k = 0; k < nodes; k++) asChars[k] = (char) (via[k] + 1);
            RequestReach ints = new RequestReach(EP, SITES, reached, site, null, via, new int[0], this);
            RequestReach chars = new RequestReach(EP, SITES, reached, site, asChars, null, new int[0], this);
            assertThat(paths(chars.calls())).isEqualTo(paths(ints.calls()));
            for (int i = 0; i < reached; i += 1 + random.nextInt(7)) {
                assertThat(path(chars.call(i))).isEqualTo(path(ints.call(i)));
            }
        }
    }

    @Test
    void aWalkTooLongForCharsKeepsInts() {
        int nodes = RequestReach.SHORT + 10;
        int[] site = new int[nodes];
        int[] via = new int[nodes];
        for (int k = 0; k < nodes; k++) {
            site[k] = k;
            via[k] = k - 1;
        }
        RequestReach walk = new RequestReach(EP, SITES, nodes, site, null, via, new int[0], this);
        List<String> path = path(walk.call(nodes - 1));
        assertThat(path).hasSize(nodes);
        for (int k = 0; k < nodes; k += 997) assertThat(path.get(k)).isEqualTo("s" + k + (k % 3 == 0 ? "*" : ""));
        assertThatThrownBy(() -> new RequestReach(EP, SITES, nodes, site, new char[nodes], null, new int[0], this))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static List<List<String>> paths(List<ReachedCall> calls) {
        List<List<String>> out = new ArrayList<>();
        for (ReachedCall rc : calls) out.add(path(rc));
        return out;
    }

    /** The caller components from the entry point down to the call, with each one's loop flag. */
    private static List<String> path(ReachedCall rc) {
        List<String> out = new ArrayList<>();
        for (ReachedCall c = rc; c != null; c = c.via()) out.add(c.callerComponent() + (c.inLoop() ? "*" : ""));
        java.util.Collections.reverse(out);
        return out;
    }
}
