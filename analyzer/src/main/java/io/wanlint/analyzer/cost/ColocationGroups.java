package io.wanlint.analyzer.cost;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.ConfigurationException;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EjbReference;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.Placement;
import io.wanlint.analyzer.api.Topology;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Deployable placements (issue 19 item 7): components joined through local views run in one JVM,
 * so a topology places them together.
 *
 * <p>A <em>local link</em> joins two components when one reaches the other through a local view:
 * an {@code ejb-local-ref} or an {@code @EJB}/{@code @Inject} of a local or no-interface view
 * (declared; a web module's references belong to each of its components), a call through a local
 * view ({@link EdgeKind#LOCAL_EJB}), or a JNDI lookup of a bean that has local views only. A call
 * made by a helper class (DAO, plain class, or a class outside the model) joins every component
 * whose code reaches that helper through plain calls, because the helper runs in their JVMs. The
 * co-location groups are the connected components of these links (union-find).
 *
 * <p>Where a group goes. A rule naming a member (its name, class or a glob) places the whole group;
 * two such rules that put members on different sites are a configuration error naming both
 * components and the local references between them. Otherwise the kind rules of the topology (a
 * preset's, or a file's {@code kind:}/{@code tier:} rules and its default) are applied to the
 * member that decides: the first of entity beans and JPA entities (the database tier), then
 * stateless, singleton and message-driven beans, then web components and helpers, then stateful
 * beans — so a group holding an entity is at the entity's site, and a stateful bean sits with
 * whatever calls it locally. A stateful bean that nothing joins, or that is joined only to other
 * stateful beans, goes where all its callers are (remote calls included) when they agree on one
 * site: a stateful bean created by entity-tier code is at the main site, not at the edge.
 */
final class ColocationGroups {
    /** Why two components must share a JVM, as told in the error of a topology that splits them. */
    record Link(String from, String to, String reference) {}

    private final Map<String, String> siteByComponent;

    private ColocationGroups(Map<String, String> siteByComponent) { this.siteByComponent = siteByComponent; }

    /** The site of a member of a group of two or more or of a stateful bean placed by its callers, else empty. */
    Optional<String> siteOf(Component component) { return Optional.ofNullable(siteByComponent.get(component.name())); }

    /**
     * @throws ConfigurationException when rules naming two members of one group put them on different sites
     */
    static ColocationGroups of(ComponentModel model, CallGraph graph, Topology topology, PlacementRules rules) {
        Builder b = new Builder(model, graph);
        b.link();
        return new ColocationGroups(b.place(topology, rules));
    }

    private static final class Builder {
        private final ComponentModel model;
        private final CallGraph graph;
        private final Map<String, String> parent = new HashMap<>();
        /** Links by component, both directions, to explain a split. */
        private final Map<String, List<Link>> links = new HashMap<>();

        Builder(ComponentModel model, CallGraph graph) {
            this.model = model;
            this.graph = graph;
        }

        void link() {
            for (Component c : model.components()) {
                for (EjbReference r : c.ejbRefs()) {
                    if (!r.local() || r.target() == null || r.target().equals(c.name())) continue;
                    if (model.byName(r.target()).isEmpty()) continue;
                    union(c.name(), r.target(), (r.injectionField() != null ? "@EJB/injected local reference " + r.name()
                            : "ejb-local-ref " + r.name()));
                }
            }
            if (graph == null) return;
            // Helper methods that reach a local call through plain calls, and the beans they reach.
            Map<MethodRef, Set<String>> helperTargets = new HashMap<>();
            Deque<MethodRef> work = new ArrayDeque<>();
            for (CallEdge e : graph.edges()) {
                Optional<Component> target = localTarget(e);
                if (target.isEmpty()) continue;
                Optional<Component> caller = anchor(e.from());
                String why = describe(e, target.get());
                if (caller.isPresent()) {
                    if (!caller.get().name().equals(target.get().name())) union(caller.get().name(), target.get().name(), why);
                } else if (helperTargets.computeIfAbsent(e.from(), k -> new LinkedHashSet<>()).add(target.get().name() + '\u0000' + why)) {
                    work.add(e.from());
                }
            }
            // Propagate up the plain calls into helpers until an anchored component (servlet, bean) is met.
            while (!work.isEmpty()) {
                MethodRef helper = work.poll();
                Set<String> targets = helperTargets.get(helper);
                for (CallEdge in : graph.incoming(helper)) {
                    if (in.kind() != EdgeKind.LOCAL || in.from() == null) continue;
                    Optional<Component> caller = anchor(in.from());
                    if (caller.isPresent()) {
                        for (String t : targets) {
                            int sep = t.indexOf('\u0000');
                            String target = t.substring(0, sep);
                            if (!caller.get().name().equals(target)) {
                                union(caller.get().name(), target, t.substring(sep + 1) + " in " + helper.shortId());
                            }
                        }
                    } else if (helperTargets.computeIfAbsent(in.from(), k -> new LinkedHashSet<>()).addAll(targets)) {
                        work.add(in.from());
                    }
                }
            }
        }

        /** The bean a call or lookup reaches through a local view, if it does. */
        private Optional<Component> localTarget(CallEdge e) {
            if (e.kind() == EdgeKind.LOCAL_EJB) return target(e);
            if (e.kind() == EdgeKind.JNDI_LOOKUP && e.targetComponent() != null) {
                // Only a bean without remote views says for sure that what was looked up is a local home.
                return model.byName(e.targetComponent()).filter(c -> c.kind().isEjb() && c.interfaces().hasLocalView()
                        && !c.interfaces().hasRemoteView());
            }
            return Optional.empty();
        }

        private Optional<Component> target(CallEdge e) {
            if (e.targetComponent() != null) {
                Optional<Component> named = model.byName(e.targetComponent());
                if (named.isPresent()) return named;
            }
            return e.to() == null ? Optional.empty() : model.owning(e.to().className());
        }

        private static String describe(CallEdge e, Component target) {
            String at = e.location().file() + ":" + e.line();
            return e.kind() == EdgeKind.JNDI_LOOKUP
                    ? "lookup of the local home of " + target.name() + " (" + at + ")"
                    : "local-view call " + (e.to() == null ? "" : e.to().shortId()) + " (" + at + ")";
        }

        /** The component whose code this is, unless it is a helper that runs in its callers' JVMs. */
        private Optional<Component> anchor(MethodRef method) {
            Optional<Component> own = graph.node(method).map(MethodNode::component).flatMap(model::byName)
                    .or(() -> model.byClass(method.className()));
            return own.filter(c -> c.kind() != ComponentKind.DAO && c.kind() != ComponentKind.PLAIN);
        }

        private String find(String x) {
            String root = x;
            while (true) {
                String p = parent.get(root);
                if (p == null || p.equals(root)) break;
                root = p;
            }
            // Path compression.
            String cur = x;
            while (!cur.equals(root)) {
                String next = parent.get(cur);
                parent.put(cur, root);
                cur = next;
            }
            return root;
        }

        private void union(String a, String b, String why) {
            parent.putIfAbsent(a, a);
            parent.putIfAbsent(b, b);
            links.computeIfAbsent(a, k -> new ArrayList<>()).add(new Link(a, b, why));
            links.computeIfAbsent(b, k -> new ArrayList<>()).add(new Link(a, b, why));
            String ra = find(a), rb = find(b);
            if (ra.equals(rb)) return;
            // The smaller name is the root, so groups do not depend on the order links are met.
            if (ra.compareTo(rb) < 0) parent.put(rb, ra);
            else parent.put(ra, rb);
        }

        Map<String, String> place(Topology topology, PlacementRules rules) {
            Map<String, List<Component>> groups = new LinkedHashMap<>();
            for (String member : new TreeSet<>(parent.keySet())) {
                model.byName(member).ifPresent(c -> groups.computeIfAbsent(find(member), k -> new ArrayList<>()).add(c));
            }
            Map<String, String> sites = new HashMap<>();
            for (List<Component> members : groups.values()) {
                if (members.size() < 2) continue;
                String site = groupSite(members, topology, rules);
                for (Component c : members) sites.put(c.name(), site);
            }
            placeStatefulByCallers(groups, sites, topology, rules);
            return sites;
        }

        private String groupSite(List<Component> members, Topology topology, PlacementRules rules) {
            Component pinned = null;
            Placement pinnedBy = null;
            for (Component c : members) {
                Optional<Placement> named = rules.namingRule(c);
                if (named.isEmpty()) continue;
                if (pinned == null) {
                    pinned = c;
                    pinnedBy = named.get();
                } else if (!pinnedBy.site().equals(named.get().site())) {
                    throw new ConfigurationException("topology '" + topology.name() + "' splits components that share a JVM: "
                            + pinned.name() + " is placed at " + pinnedBy.site() + " (rule '" + pinnedBy.match() + "') and "
                            + c.name() + " at " + named.get().site() + " (rule '" + named.get().match() + "')"
                            + ", but they are joined through local views (" + path(pinned.name(), c.name())
                            + "); a local view is only reachable inside one JVM, so place them on one site");
                }
            }
            if (pinnedBy != null) return pinnedBy.site();
            Component decider = members.stream()
                    .min(Comparator.comparingInt(ColocationGroups::precedence).thenComparing(Component::name)).orElseThrow();
            return rules.explicitSite(decider).orElse(topology.defaultSite());
        }

        /** The links from {@code a} to {@code b}, breadth first: what joins them. */
        private String path(String a, String b) {
            Map<String, Link> via = new HashMap<>();
            Deque<String> queue = new ArrayDeque<>(List.of(a));
            Set<String> seen = new HashSet<>(List.of(a));
            while (!queue.isEmpty()) {
                String cur = queue.poll();
                if (cur.equals(b)) break;
                for (Link l : links.getOrDefault(cur, List.of())) {
                    String next = l.from().equals(cur) ? l.to() : l.from();
                    if (seen.add(next)) {
                        via.put(next, l);
                        queue.add(next);
                    }
                }
            }
            List<String> steps = new ArrayList<>();
            for (String cur = b; via.containsKey(cur); ) {
                Link l = via.get(cur);
                steps.add(0, l.from() + " -> " + l.to() + " through " + l.reference());
                cur = l.from().equals(cur) ? l.to() : l.from();
            }
            return String.join("; ", steps);
        }

        /**
         * Stateful beans not joined to anything but stateful beans follow their callers' site when
         * every caller (any view) runs on one site: a conversation is kept near whoever holds it.
         */
        private void placeStatefulByCallers(Map<String, List<Component>> groups, Map<String, String> sites,
                                            Topology topology, PlacementRules rules) {
            List<Component> stateful = model.ofKind(ComponentKind.STATEFUL_SESSION).stream()
                    .filter(c -> rules.namedSite(c).isEmpty())
                    .filter(c -> {
                        List<Component> group = parent.containsKey(c.name()) ? groups.get(find(c.name())) : List.of(c);
                        return group == null || group.stream().allMatch(m -> m.kind() == ComponentKind.STATEFUL_SESSION);
                    })
                    .toList();
            if (stateful.isEmpty() || graph == null) return;
            Set<String> names = new HashSet<>();
            for (Component c : stateful) names.add(c.name());
            Map<String, Set<String>> callerSites = new HashMap<>();
            Map<String, Map<MethodRef, Set<String>>> memos = new HashMap<>();
            for (CallEdge e : graph.edges()) {
                if (!e.kind().isEjb() && e.kind() != EdgeKind.JNDI_LOOKUP) continue;
                Optional<Component> t = e.kind() == EdgeKind.JNDI_LOOKUP
                        ? Optional.ofNullable(e.targetComponent()).flatMap(model::byName) : target(e);
                if (t.isEmpty() || !names.contains(t.get().name())) continue;
                Map<MethodRef, Set<String>> memo = memos.computeIfAbsent(t.get().name(), k -> new HashMap<>());
                for (String s : callerSitesOf(e.from(), t.get().name(), sites, topology, rules, memo, new HashSet<>())) {
                    callerSites.computeIfAbsent(t.get().name(), k -> new TreeSet<>()).add(s);
                }
            }
            for (Component c : stateful) {
                Set<String> at = callerSites.getOrDefault(c.name(), Set.of());
                if (at.size() != 1) continue;
                String site = at.iterator().next();
                List<Component> group = parent.containsKey(c.name()) ? groups.get(find(c.name())) : List.of(c);
                for (Component m : group) sites.put(m.name(), site);
            }
        }

        /** The sites the code of {@code method} runs on: its component's, or for a helper its callers'. */
        private Set<String> callerSitesOf(MethodRef method, String stateful, Map<String, String> sites, Topology topology,
                                          PlacementRules rules, Map<MethodRef, Set<String>> memo, Set<MethodRef> onStack) {
            Set<String> known = memo.get(method);
            if (known != null) return known;
            Optional<Component> own = anchor(method);
            Set<String> out = new TreeSet<>();
            if (own.isPresent()) {
                Component c = own.get();
                // A stateful bean calling itself says nothing about where it should be; any other caller
                // counts at its group's site, else where its own rules put it (a stateful caller that
                // nothing places by its callers stays where the preset puts it).
                if (c.name().equals(stateful)) return out;
                out.add(sites.getOrDefault(c.name(), rules.explicitSite(c).orElse(topology.defaultSite())));
            } else {
                if (!onStack.add(method)) return out;
                for (CallEdge in : graph.incoming(method)) {
                    if (in.kind() == EdgeKind.LOCAL && in.from() != null) {
                        out.addAll(callerSitesOf(in.from(), stateful, sites, topology, rules, memo, onStack));
                    }
                }
                onStack.remove(method);
            }
            memo.put(method, out);
            return out;
        }
    }

    /** Which member's kind placement decides a group's site: lower first. */
    private static int precedence(Component c) {
        return switch (c.kind()) {
            case ENTITY_CMP, ENTITY_BMP, JPA_ENTITY -> 0;
            case STATELESS_SESSION, SINGLETON_SESSION, MESSAGE_DRIVEN -> 1;
            case STATEFUL_SESSION -> 3;
            default -> 2;
        };
    }
}
