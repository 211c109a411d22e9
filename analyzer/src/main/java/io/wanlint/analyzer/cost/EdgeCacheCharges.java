package io.wanlint.analyzer.cost;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntityCache;
import io.wanlint.analyzer.api.Topology;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The charges of entity accesses under a topology with an edge EJB cache ({@code edge-cache}, Leff &amp; Rayfield's
 * ES/RBES; {@code wanlint explain cost-model}, "The edge cache"). The edge server answers an access by primary key from
 * its transactional cache (a miss fetches the state from the back end), sends finders and queries to the back-end server
 * clustered with the database, keeps creates, updates and removes until the commit, and ships them all in one call
 * then, which also validates what the transaction read. So per transaction: one commit, one miss per entity that is
 * not read-mostly, one round trip per finder — never the entity's own SQL, which the walk does not follow.
 *
 * <p>Which entities hit by default: those WAN005 would call read-mostly — read and never written, or read at least
 * {@value #READS_PER_WRITE} times per write — counted here over the call sites of the whole graph (WAN005 counts per
 * entry point; the rule is in another module), and entities declared read-only.
 */
final class EdgeCacheCharges {
    /** WAN005's default read/write ratio. */
    static final int READS_PER_WRITE = 10;

    private final EntityCache cache;
    private final CostEngine engine;
    /** Read and write call sites per entity, computed on first use (the graph is complete by then). */
    private volatile Map<String, int[]> readsAndWrites;

    EdgeCacheCharges(Topology topology, CostEngine engine) {
        this.cache = topology.cache();
        this.engine = engine;
    }

    /** The step of an entity access made from an edge site, else empty (the call is charged as without a cache). */
    Optional<CostEngine.Step> step(CallEdge e, String current) {
        if (current.equals(cache.backEndSite())) return Optional.empty();
        Optional<Component> entity = entityOf(e);
        if (entity.isEmpty()) return Optional.empty();
        String name = entity.get().name();
        String back = cache.backEndSite();
        CallCharges.Charge main = null;
        List<CallCharges.Charge> perTransaction = new ArrayList<>();
        boolean transactional = e.kind().isEjb();
        switch (kindOf(e)) {
            case BY_KEY -> perTransaction.add(miss(entity.get(), e));
            case FINDER -> main = new CallCharges.Charge(back, cache.finderCost(), "finder at the back end: " + cache.finderCost()
                    + " (" + describe(e) + " of " + name + " runs at the back-end server, which returns the entities it finds)",
                    CallCharges.Counting.CACHE_FINDER, name);
            case WRITE -> main = new CallCharges.Charge(back, 0, "shipped with the commit: 0 (" + describe(e) + " of " + name
                    + " travels with the transaction's other changes in the commit call)", CallCharges.Counting.EXPLAINED_ONLY);
            case FLUSH -> main = new CallCharges.Charge(back, 0, "flush: 0 (the edge cache keeps the writes until the commit)",
                    CallCharges.Counting.EXPLAINED_ONLY);
        }
        boolean write = kindOf(e) == Access.WRITE || e.op() == CallOp.ENTITY_SET || e.op() == CallOp.ENTITY_UPDATE;
        // A call in a transaction of its own commits alone when it writes, or when it read the cache's copy (which the
        // commit validates); a read that missed, or a finder, has just fetched the current state from the back end.
        boolean validatesAlone = write || transactional && kindOf(e) == Access.BY_KEY
                && perTransaction.get(0).counting() == CallCharges.Counting.EXPLAINED_ONLY;
        perTransaction.add(new CallCharges.Charge(back, cache.commitCost(), "commit: " + cache.commitCost()
                + " (one call at the end of the transaction ships its creates, updates and removes and validates what it read)",
                validatesAlone ? CallCharges.Counting.CACHE_COMMIT : CallCharges.Counting.CACHE_COMMIT_IN_TRANSACTION));
        // The entity's own code (business methods, ejbLoad/ejbStore, finders' SQL) runs on cached state or at the back
        // end, next to the database: the walk does not follow it.
        return Optional.of(new CostEngine.Step(e, main, perTransaction, null));
    }

    private enum Access { BY_KEY, FINDER, WRITE, FLUSH }

    private static Access kindOf(CallEdge e) {
        return switch (e.op()) {
            case HOME_FIND -> e.to() != null && e.to().name().toLowerCase(Locale.ROOT).endsWith("findbyprimarykey")
                    ? Access.BY_KEY : Access.FINDER;
            case HOME_METHOD, JPA_QUERY, JPA_BULK_UPDATE -> Access.FINDER;
            case HOME_CREATE, HOME_REMOVE, REMOVE, JPA_PERSIST, JPA_MERGE, JPA_REMOVE -> Access.WRITE;
            case JPA_FLUSH -> Access.FLUSH;
            case INVOKE -> Access.WRITE;
            default -> Access.BY_KEY;
        };
    }

    private static String describe(CallEdge e) {
        return switch (e.op()) {
            case HOME_FIND -> "the finder " + (e.to() == null ? "" : e.to().name());
            case HOME_METHOD -> "the home method " + (e.to() == null ? "" : e.to().name());
            case JPA_QUERY -> "the query";
            case JPA_BULK_UPDATE -> "the bulk update";
            case HOME_CREATE -> "create()";
            case HOME_REMOVE, REMOVE, JPA_REMOVE -> "the remove";
            case JPA_PERSIST -> "persist";
            case JPA_MERGE -> "merge";
            case INVOKE -> "the field set by " + e.to().name();
            default -> e.op().name();
        };
    }

    /** Hit or miss of an access by primary key (a getter, a setter, a business method, findByPrimaryKey, find). */
    private CallCharges.Charge miss(Component entity, CallEdge e) {
        String name = entity.name();
        Double given = cache.missProbability().get(name);
        String back = cache.backEndSite();
        if (given != null) {
            if (given == 0) {
                return new CallCharges.Charge(back, 0, "cache hit: 0 (miss probability of " + name + " 0, from the topology)",
                        CallCharges.Counting.EXPLAINED_ONLY);
            }
            return new CallCharges.Charge(back, cache.missCost(), "cache miss: " + cache.missCost() + " (miss probability of "
                    + name + " " + given + ", from the topology; a possible miss counts as one, an upper bound; once per transaction)",
                    CallCharges.Counting.CACHE_MISS, name);
        }
        if (readMostly(entity)) {
            return new CallCharges.Charge(back, 0, "cache hit: 0 (" + name + " is read-mostly"
                    + (entity.readOnly() ? ", declared read-only" : "") + ": the edge cache keeps its state)",
                    CallCharges.Counting.EXPLAINED_ONLY);
        }
        return new CallCharges.Charge(back, cache.missCost(), "cache miss: " + cache.missCost() + " (" + name
                + " is written: its state is fetched from the back end once per transaction)",
                CallCharges.Counting.CACHE_MISS, name);
    }

    /** The entity bean or JPA entity a call reaches, when the call is an access to one. */
    private Optional<Component> entityOf(CallEdge e) {
        if (e.kind().isEjb()) {
            return engine.targetOf(e).filter(c -> c.kind() == ComponentKind.ENTITY_BMP || c.kind() == ComponentKind.ENTITY_CMP);
        }
        if (e.kind() == EdgeKind.JPA) {
            return switch (e.op()) {
                case JPA_FIND, JPA_QUERY, JPA_BULK_UPDATE, JPA_PERSIST, JPA_MERGE, JPA_REMOVE, JPA_FLUSH -> Optional.of(
                        engine.targetOf(e).filter(c -> c.kind() == ComponentKind.JPA_ENTITY)
                                .orElse(Component.simple("an untyped JPA entity", ComponentKind.JPA_ENTITY, "", List.of(), List.of())));
                default -> Optional.empty();
            };
        }
        return jpaSetter(e);
    }

    /** A setter called on a JPA entity from another class: the managed entity's change goes with the commit. */
    private Optional<Component> jpaSetter(CallEdge e) {
        if (e.kind() != EdgeKind.LOCAL || e.op() != CallOp.INVOKE || e.to() == null || e.from() == null
                || !e.to().name().startsWith("set")) {
            return Optional.empty();
        }
        return engine.componentOfClass(e.to().className())
                .filter(c -> c.kind() == ComponentKind.JPA_ENTITY && !c.className().equals(e.from().className()));
    }

    /** Read-only, or read and never written, or read {@value #READS_PER_WRITE} times per write (call sites). */
    boolean readMostly(Component entity) {
        if (entity.readOnly()) return true;
        int[] rw = readsAndWrites().getOrDefault(entity.name(), new int[2]);
        return rw[0] > 0 && (rw[1] == 0 || rw[0] >= (long) READS_PER_WRITE * rw[1]);
    }

    private Map<String, int[]> readsAndWrites() {
        Map<String, int[]> known = readsAndWrites;
        if (known != null) return known;
        Map<String, int[]> counts = new HashMap<>();
        for (CallEdge e : engine.graph().edges()) {
            Optional<Component> entity = entityOf(e);
            if (entity.isEmpty()) continue;
            // The entity's own lifecycle code (ejbLoad, ejbStore, its setters called by ejbCreate) is not the application's.
            if (e.from() != null && e.from().className().equals(entity.get().className())) continue;
            Boolean write = switch (e.op()) {
                case ENTITY_GET, HOME_FIND, JPA_FIND, JPA_QUERY -> false;
                case ENTITY_SET, ENTITY_UPDATE, HOME_CREATE, HOME_REMOVE, REMOVE, JPA_PERSIST, JPA_MERGE, JPA_REMOVE,
                        JPA_BULK_UPDATE, INVOKE -> true;
                default -> null;
            };
            if (write == null) continue;
            counts.computeIfAbsent(entity.get().name(), n -> new int[2])[write ? 1 : 0]++;
        }
        readsAndWrites = counts;
        return counts;
    }
}
