package io.wanlint.analyzer.pipeline;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.Tier;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * docs/architecture.md §Model: DAO and PLAIN helpers have no tier of their own; they run in the tier of the code that
 * calls them. A helper reached through plain calls only from web components is WEB, only from EJBs
 * is EJB; one reached from both (or from neither) keeps its kind's default.
 */
final class TiersByReachability {
    private TiersByReachability() {}

    static ComponentModel assign(ComponentModel model, CallGraph graph) {
        Map<String, Set<Tier>> reachedFrom = new HashMap<>();
        for (MethodNode node : graph.nodes()) {
            Component owner = model.byClass(node.ref().className()).orElse(null);
            if (owner == null || isHelper(owner.kind())) continue;
            Tier tier = owner.tier();
            for (String helper : helpersReachedFrom(node.ref(), model, graph)) {
                reachedFrom.computeIfAbsent(helper, k -> new HashSet<>()).add(tier);
            }
        }
        List<Component> placed = model.components().stream().map(c -> {
            Set<Tier> tiers = reachedFrom.get(c.className());
            if (!isHelper(c.kind()) || tiers == null || tiers.size() != 1) return c;
            return c.withTier(tiers.iterator().next());
        }).toList();
        return new ComponentModel(placed);
    }

    private static boolean isHelper(ComponentKind kind) { return kind == ComponentKind.DAO || kind == ComponentKind.PLAIN; }

    /** Helper classes reached from {@code start} through LOCAL calls into helper code only. */
    private static Set<String> helpersReachedFrom(MethodRef start, ComponentModel model, CallGraph graph) {
        Set<String> helpers = new HashSet<>();
        Set<MethodRef> seen = new HashSet<>();
        Deque<MethodRef> todo = new ArrayDeque<>();
        todo.push(start);
        while (!todo.isEmpty()) {
            MethodRef m = todo.pop();
            if (!seen.add(m)) continue;
            for (CallEdge e : graph.outgoing(m)) {
                if (e.kind() != EdgeKind.LOCAL) continue;
                Component callee = model.byClass(e.to().className()).orElse(null);
                if (callee == null || !isHelper(callee.kind())) continue;
                helpers.add(callee.className());
                todo.push(e.to());
            }
        }
        return helpers;
    }
}
