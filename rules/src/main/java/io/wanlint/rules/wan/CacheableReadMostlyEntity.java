package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.PersistenceType;
import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.api.UnseenCode;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.vendor.ContainerVendor;
import io.wanlint.analyzer.vendor.J2eeRi;
import io.wanlint.analyzer.vendor.Jboss;
import io.wanlint.analyzer.vendor.Weblogic;
import io.wanlint.rules.api.CallMemo;
import io.wanlint.rules.api.FindingSink;
import io.wanlint.rules.api.ReachScope;
import io.wanlint.rules.api.ReachedCall;
import io.wanlint.rules.api.RequestReach;
import io.wanlint.rules.api.Rule;
import io.wanlint.rules.api.RuleContext;
import io.wanlint.rules.api.RuleDescriptors;
import io.wanlint.rules.api.RuleInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * WAN005: an entity (BMP, CMP or JPA) that the application reads far more than it writes. Reads
 * (getters, finders, {@code find}, queries) and writes (setters, business methods whose code changes
 * the bean's state, create, remove, persist, merge — also of the entities they cascade to —, bulk
 * updates, and finders or finds that lock rows for update) reachable from entry points are counted once per entry point that reaches them; calls made by
 * the entity's own lifecycle methods ({@code ejbLoad}, {@code ejbStore}, …) do not count. Reported
 * when there are reads and no writes, or reads ÷ writes reaches the threshold (default 10). Writes no
 * entry point reaches (or an untyped {@code persist}) make the write set unknown: an entity with
 * such writes and none counted is not reported, and one with counted writes says its ratio is an
 * upper bound. Code the analysis cannot see running in the application ({@link UnseenCode}: a plug-in
 * loaded by name) makes every entity's write set unknown in the same way.
 * Entities already declared read-only are skipped, and so are entities no read of which crosses
 * sites under the topology: a copy at the edge would save no WAN round trip.
 */
@RuleInfo(id = "WAN005", name = "cacheable-read-mostly-entity", severity = Severity.NOTE,
        summary = "Read-mostly entity that a read-only copy at the edge would serve without WAN round trips",
        since = "0.1.0", tags = {"performance", "wan", "caching", "entity"})
public final class CacheableReadMostlyEntity implements Rule {
    private static final RuleDescriptor DESCRIPTOR = RuleDescriptors.of(CacheableReadMostlyEntity.class);

    /** Container callbacks of an entity: their data access is the container's, not the application's. */
    private static final Set<String> LIFECYCLE = Set.of("ejbLoad", "ejbStore", "ejbCreate", "ejbPostCreate",
            "ejbRemove", "ejbActivate", "ejbPassivate", "setEntityContext", "unsetEntityContext");

    @Override public RuleDescriptor descriptor() { return DESCRIPTOR; }

    private enum Access { READ, WRITE }

    /** A call as first reached, with the entry point that reached it. */
    private record Seen(EntryPoint entryPoint, ReachedCall call) {}

    /**
     * Accesses to one entity: each call with the entry points that reach it, the entry points by their
     * number in the check's list ({@link EntryPointSet}), where hashing the entry point records at every
     * access was a tenth of the rules' time on HELIUM V (issue 22).
     */
    private static final class Usage {
        final Map<CallEdge, EntryPointSet> reads = new LinkedHashMap<>();
        final Map<CallEdge, EntryPointSet> writes = new LinkedHashMap<>();
        final Map<EntryPoint, List<ReachedCall>> readsByEntryPoint = new LinkedHashMap<>();
        final Map<CallEdge, Seen> firstRead = new LinkedHashMap<>();
        /** Entry points that write the entity: under the read-mostly pattern they keep the read-write bean. */
        final EntryPointSet writers = new EntryPointSet();
        /** Lookups of the entity's home, per entry point: the read-only copy is bound next to its callers. */
        final Map<EntryPoint, List<ReachedCall>> lookupsByEntryPoint = new LinkedHashMap<>();
        /** The entry point whose reads (lookups) were added last and its list: an entry point's accesses come together. */
        private EntryPoint readsOf;
        private List<ReachedCall> lastReads;
        private EntryPoint lookupsOf;
        private List<ReachedCall> lastLookups;

        List<ReachedCall> readsOf(EntryPoint ep) {
            if (readsOf != ep) {
                lastReads = readsByEntryPoint.computeIfAbsent(ep, e -> new ArrayList<>());
                readsOf = ep;
            }
            return lastReads;
        }

        List<ReachedCall> lookupsOf(EntryPoint ep) {
            if (lookupsOf != ep) {
                lastLookups = lookupsByEntryPoint.computeIfAbsent(ep, e -> new ArrayList<>());
                lookupsOf = ep;
            }
            return lastLookups;
        }

        static long weight(Map<CallEdge, EntryPointSet> m) {
            long sum = 0;
            for (EntryPointSet reachedBy : m.values()) sum += reachedBy.size();
            return sum;
        }
    }

    @Override public Set<ReachScope> scopesWalkedFromEveryEntryPoint() { return Set.of(ReachScope.WHOLE_REQUEST); }

    /** The calls of the request {@link #check} looks at, picked out of its walk ahead of the rules, on every thread. */
    @Override public void prepare(RuleContext ctx, EntryPoint ep) { entityCalls(ctx, ep); }

    /**
     * Per entry point, the calls of its whole-request walk that the check's pass does something with
     * (a home lookup, a JPA setter, an entity read or write), in reach order: the pass over every reached
     * call of every request was most of this rule's time on a large application, on one thread.
     */
    private static final class EntityCalls {
        /**
         * The picked calls' places in the request's walk: their {@link ReachedCall}s, each with its path
         * made apart, were 4 million objects on HELIUM V, kept from the preparation to the end of the rules
         * (issue 22); the calls are made, sharing their paths, when the check asks.
         */
        final Map<EntryPoint, int[]> byEntryPoint = new ConcurrentHashMap<>();
        /** {@link #looksAt} once per call: every façade's request reaches mostly the same calls. */
        final CallMemo<Boolean> looksAt;

        EntityCalls(RuleContext ctx, Map<String, Component> jpaEntities) {
            looksAt = ctx.callMemo(e -> looksAt(jpaEntities, e));
        }
    }

    private static List<ReachedCall> entityCalls(RuleContext ctx, EntryPoint ep) {
        // Taken ahead: a derived value may not ask for another while it is made.
        Map<String, Component> jpaEntities = JpaEntityClasses.of(ctx).byClass();
        EntityCalls shared = ctx.derived(EntityCalls.class, c -> new EntityCalls(c, jpaEntities));
        Map<EntryPoint, int[]> known = shared.byEntryPoint;
        RequestReach walk = ctx.reach(ep, ReachScope.WHOLE_REQUEST);
        int[] picked = known.get(ep);
        if (picked == null) {
            int[] places = new int[16];
            int n = 0;
            for (int i = 0; i < walk.size(); i++) {
                if (!shared.looksAt.of(walk, i)) continue;
                if (n == places.length) places = java.util.Arrays.copyOf(places, n * 2);
                places[n++] = i;
            }
            // Two threads picking the same request's calls pick equal places (a walk is the same for an
            // equal entry point, whichever thread made it): either one is kept.
            picked = java.util.Arrays.copyOf(places, n);
            int[] earlier = known.putIfAbsent(ep, picked);
            if (earlier != null) picked = earlier;
        }
        List<ReachedCall> calls = walk.calls();
        int[] places = picked;
        return new java.util.AbstractList<ReachedCall>() {
            @Override public ReachedCall get(int k) { return calls.get(places[k]); }

            @Override public int size() { return places.length; }
        };
    }

    /** Whether the check's pass does anything with this call (it skips every other one, leaving nothing behind). */
    static boolean looksAt(RuleContext ctx, CallEdge e) {
        return looksAt(JpaEntityClasses.of(ctx).byClass(), e);
    }

    /**
     * {@link #looksAt} with the JPA entities by class taken once per request: asked of every reached call
     * of every request (8 million on HELIUM V), and the setter test, a name prefix and a look-up in the
     * check's shared values, was most of it, for an application with no JPA entity at all.
     */
    private static boolean looksAt(Map<String, Component> jpaEntities, CallEdge e) {
        if (e.op() == CallOp.LOOKUP && e.targetComponent() != null) return true;
        if (access(e).isPresent()) return true;
        return !jpaEntities.isEmpty() && jpaSetterOf(jpaEntities, e).isPresent();
    }

    @Override public void check(RuleContext ctx, FindingSink sink) { check(ctx, sink, CacheableReadMostlyEntity::entityCalls); }

    /** The check over {@code callsOf} each request (its whole walk, in tests, against the calls picked out of it). */
    void check(RuleContext ctx, FindingSink sink, java.util.function.BiFunction<RuleContext, EntryPoint, List<ReachedCall>> callsOf) {
        Map<String, Usage> usages = new LinkedHashMap<>();
        Set<CallEdge> reachedWrites = new java.util.HashSet<>();
        Map<String, Component> jpaEntities = JpaEntityClasses.of(ctx).byClass();
        EntryPointSet.Numbers numbers = EntryPointSet.numbers(ctx.entryPoints());
        for (EntryPoint ep : ctx.entryPoints()) {
            int number = numbers.of(ep);
            // Setters of JPA entities count as writes where the request also loads that entity (find or
            // query): the entity is then managed and the flush writes what the setter changed.
            Map<String, List<ReachedCall>> jpaSetters = new LinkedHashMap<>();
            Set<String> jpaLoaded = new LinkedHashSet<>();
            for (ReachedCall rc : callsOf.apply(ctx, ep)) {
                if (rc.edge().op() == CallOp.LOOKUP && rc.edge().targetComponent() != null) {
                    ctx.component(rc.edge().targetComponent()).filter(c -> (c.kind() == ComponentKind.ENTITY_CMP || c.kind() == ComponentKind.ENTITY_BMP) && !c.readOnly())
                            .ifPresent(c -> usages.computeIfAbsent(c.name(), n -> new Usage()).lookupsOf(ep).add(rc));
                    continue;
                }
                Optional<Component> setterOf = jpaSetterOf(jpaEntities, rc.edge());
                if (setterOf.isPresent()) {
                    if (!setterOf.get().readOnly()) jpaSetters.computeIfAbsent(setterOf.get().name(), n -> new ArrayList<>()).add(rc);
                    continue;
                }
                Optional<Access> access = access(rc.edge());
                if (access.isEmpty()) continue;
                Optional<Component> entity = entityOf(ctx, rc.edge());
                if (entity.isEmpty() || entity.get().readOnly() || isOwnLifecycle(rc.edge(), entity.get())) continue;
                Usage u = usages.computeIfAbsent(entity.get().name(), n -> new Usage());
                if (access.get() == Access.WRITE) {
                    u.writers.add(number);
                    u.writes.computeIfAbsent(rc.edge(), e -> new EntryPointSet()).add(number);
                    reachedWrites.add(rc.edge());
                    for (Component also : cascadedTo(ctx, rc.edge(), entity.get())) {
                        Usage c = usages.computeIfAbsent(also.name(), n -> new Usage());
                        c.writers.add(number);
                        c.writes.computeIfAbsent(rc.edge(), e -> new EntryPointSet()).add(number);
                    }
                } else {
                    if (rc.edge().kind() == io.wanlint.analyzer.api.EdgeKind.JPA) jpaLoaded.add(entity.get().name());
                    EntryPointSet readers = u.reads.get(rc.edge());
                    if (readers == null) {
                        u.reads.put(rc.edge(), readers = new EntryPointSet());
                        u.firstRead.put(rc.edge(), new Seen(ep, rc));
                    }
                    readers.add(number);
                    u.readsOf(ep).add(rc);
                }
            }
            jpaSetters.forEach((name, calls) -> {
                if (!jpaLoaded.contains(name)) return;
                Usage u = usages.computeIfAbsent(name, n -> new Usage());
                u.writers.add(number);
                for (ReachedCall rc : calls) {
                    u.writes.computeIfAbsent(rc.edge(), e -> new EntryPointSet()).add(number);
                    reachedWrites.add(rc.edge());
                }
            });
        }
        Map<String, List<CallEdge>> unseen = unseenWrites(ctx, reachedWrites);
        // Code the analysis cannot see (a plug-in loaded by name) may write any entity: no write set is complete.
        List<UnseenCode> unseenCode = ctx.graph() == null ? List.of() : ctx.graph().unseenCode();
        double threshold = ctx.settings().readWriteRatio();
        usages.forEach((name, u) -> {
            long reads = Usage.weight(u.reads);
            long writes = Usage.weight(u.writes);
            List<CallEdge> unknown = unseen.getOrDefault(name, List.of());
            // With no counted write and writes the analysis cannot count, nothing says the entity is read-mostly.
            if (writes == 0 && (!unknown.isEmpty() || !unseenCode.isEmpty())) return;
            if (reads > 0 && (writes == 0 || (double) reads / writes >= threshold)) {
                finding(ctx, ctx.component(name).orElseThrow(), u, reads, writes, unknown, unseenCode, numbers).ifPresent(r -> r.to(sink));
            }
        });
    }

    /**
     * Writes no entry point reaches, by entity: code the analysis cannot see entering (a method of a
     * remote view that lost its entry point, a messaging consumer, a class loaded by name) may run
     * them, so the entity's write set is unknown, never "none". A JPA {@code persist}, {@code merge}
     * or {@code remove} whose argument's entity type is unknown ({@code persist(Object)} in a generic
     * DAO) may write any JPA entity of its module.
     */
    private static Map<String, List<CallEdge>> unseenWrites(RuleContext ctx, Set<CallEdge> reached) {
        Map<String, List<CallEdge>> out = new LinkedHashMap<>();
        if (ctx.graph() == null) return out;
        for (CallEdge e : ctx.graph().edges()) {
            if (access(e).filter(a -> a == Access.WRITE).isEmpty()) continue;
            if (isTestCode(e.location().file())) continue;
            if (e.kind() == io.wanlint.analyzer.api.EdgeKind.JPA && e.targetComponent() == null
                    && (e.op() == CallOp.JPA_PERSIST || e.op() == CallOp.JPA_MERGE || e.op() == CallOp.JPA_REMOVE)) {
                String module = moduleOf(e.location().file());
                for (Component c : ctx.model().ofKind(ComponentKind.JPA_ENTITY)) {
                    String own = moduleOf(declaration(c).file());
                    if (module.isEmpty() || own.isEmpty() || module.equals(own)) out.computeIfAbsent(c.name(), n -> new ArrayList<>()).add(e);
                }
                continue;
            }
            if (reached.contains(e) || isTestCode(e.location().file())) continue;
            Optional<Component> entity = entityOf(ctx, e);
            if (entity.isEmpty() || isOwnLifecycle(e, entity.get()) || e.from().className().equals(entity.get().className())) continue;
            out.computeIfAbsent(entity.get().name(), n -> new ArrayList<>()).add(e);
            for (Component also : cascadedTo(ctx, e, entity.get())) out.computeIfAbsent(also.name(), n -> new ArrayList<>()).add(e);
        }
        return out;
    }

    /** Test sources ({@code src/test/}, {@code src-test/}, a {@code test} package): they never run in production. */
    private static boolean isTestCode(String path) {
        if (path == null) return false;
        for (String segment : path.split("/")) {
            if (segment.equals("test") || segment.equals("tests") || segment.equals("src-test")) return true;
        }
        return false;
    }

    /** The folder of a source's module: what comes before its {@code src/} folder ({@code ""} when none). */
    private static String moduleOf(String path) {
        if (path == null || path.startsWith("src/")) return "";
        int i = path.indexOf("/src/");
        return i < 0 ? "" : path.substring(0, i);
    }

    /** The JPA entity whose setter a plain call invokes from another class, if it is one. */
    private static Optional<Component> jpaSetterOf(Map<String, Component> jpaEntities, CallEdge e) {
        if (e.kind() != io.wanlint.analyzer.api.EdgeKind.LOCAL || e.op() != CallOp.INVOKE || e.to() == null
                || !e.to().name().startsWith("set") || e.from() == null) {
            return Optional.empty();
        }
        Component entity = jpaEntities.get(e.to().className());
        return entity == null || entity.className().equals(e.from().className()) ? Optional.empty() : Optional.of(entity);
    }

    /**
     * {@code model().byClass(c)} where it is a JPA entity, for every such class: the rule asks it of every
     * setter call of every request (most of this rule's time on HELIUM V, looking classes up in a model
     * of 6,852 components that has no JPA entity), and the few entities fit in a small map.
     */
    record JpaEntityClasses(Map<String, Component> byClass) {
        /** The check's, made once and shared. */
        static JpaEntityClasses of(RuleContext ctx) {
            return ctx.derived(JpaEntityClasses.class, JpaEntityClasses::made);
        }

        private static JpaEntityClasses made(RuleContext ctx) {
            Map<String, Component> out = new java.util.HashMap<>();
            for (Component c : ctx.model().ofKind(ComponentKind.JPA_ENTITY)) {
                ctx.model().byClass(c.className()).filter(k -> k.kind() == ComponentKind.JPA_ENTITY)
                        .ifPresent(k -> out.put(k.className(), k));
            }
            return new JpaEntityClasses(Map.copyOf(out));
        }
    }

    /**
     * The entities a {@code persist} or {@code merge} of {@code entity} also writes: the targets of its
     * relationships declared with cascade {@code ALL}, {@code PERSIST} or {@code MERGE}, and theirs in
     * turn ({@link Component#cascadeWrites()}).
     */
    private static List<Component> cascadedTo(RuleContext ctx, CallEdge e, Component entity) {
        if (e.op() != CallOp.JPA_PERSIST && e.op() != CallOp.JPA_MERGE) return List.of();
        Map<String, Component> out = new LinkedHashMap<>();
        java.util.Deque<Component> work = new java.util.ArrayDeque<>(List.of(entity));
        while (!work.isEmpty()) {
            for (String cls : work.pop().cascadeWrites()) {
                ctx.model().byClass(cls).filter(c -> c.kind().isEntity() && !c.readOnly() && !c.name().equals(entity.name()))
                        .filter(c -> out.putIfAbsent(c.name(), c) == null).ifPresent(work::add);
            }
        }
        return List.copyOf(out.values());
    }

    /** Reads and writes; a read that locks rows for update ({@code findByPrimaryKeyForUpdate}) is there to write them. */
    private static Optional<Access> access(CallEdge e) {
        if (e.locksForUpdate()) return Optional.of(Access.WRITE);
        return switch (e.op()) {
            case ENTITY_GET, HOME_FIND, JPA_FIND, JPA_QUERY -> Optional.of(Access.READ);
            case ENTITY_SET, ENTITY_UPDATE, HOME_CREATE, HOME_REMOVE, REMOVE, JPA_PERSIST, JPA_MERGE, JPA_REMOVE, JPA_BULK_UPDATE -> Optional.of(Access.WRITE);
            default -> Optional.empty();
        };
    }

    /** The entity a call reads or writes: an EJB call's target, or a JPA operation's entity type when known. */
    private static Optional<Component> entityOf(RuleContext ctx, CallEdge e) {
        Optional<Component> target = e.kind().isEjb() ? ctx.targetOf(e) : ctx.component(e.targetComponent());
        return target.filter(c -> c.kind().isEntity());
    }

    private static boolean isOwnLifecycle(CallEdge e, Component entity) {
        return e.from().className().equals(entity.className()) && LIFECYCLE.contains(e.from().name());
    }

    /** The finding, or none when every read runs on the entity's own site: a copy at the edge would save no WAN round trip. */
    private Optional<Estimates.Reported> finding(RuleContext ctx, Component entity, Usage u, long reads, long writes, List<CallEdge> unseen,
                                                 List<UnseenCode> unseenCode, EntryPointSet.Numbers numbers) {
        boolean written = writes > 0 || !unseen.isEmpty();
        List<EntryPoint> eps = List.copyOf(u.readsByEntryPoint.keySet());
        Optional<String> entitySite = Optional.of(ctx.oracle().siteOf(entity));
        boolean cmp = entity.kind() == ComponentKind.ENTITY_CMP;
        Estimates.BeforeAfter figures = Estimates.of(ctx, eps, ep -> {
            PatchedCosts.Builder patch = new PatchedCosts.Builder();
            if (cmp) {
                // A read-only CMP bean (or the read-only twin of a written one) deployed with its callers,
                // as the cost model charges it: lookups and getters local, each finder one query to the
                // database. Entry points that write keep the read-write bean and pay what they paid: its
                // invalidation is a JMS publish from the container's ejbStore at the bean's (main) site, which
                // the cost model charges as a send to the broker (0 with the broker at main) and which no
                // entry point's call graph reaches for a CMP bean; the listener's eviction is off the path.
                // The copy's state is cached, so getters also stop loading it where the database is remote.
                if (u.writers.contains(numbers.of(ep))) return patch.build();
                for (ReachedCall rc : u.lookupsByEntryPoint.getOrDefault(ep, List.of())) patch.set(rc.edge(), 0);
                for (ReachedCall rc : u.readsByEntryPoint.get(ep)) {
                    Optional<String> caller = ctx.siteOf(rc.callerComponent());
                    boolean queries = rc.edge().op() == CallOp.HOME_FIND && !caller.equals(Optional.of(ctx.oracle().databaseSite()));
                    patch.set(rc.edge(), queries ? ctx.oracle().costs().jdbcStatement() : 0);
                }
                return patch.build();
            }
            // The read-only copy at the edge answers the reads made away from the entity's site. For a JPA entity
            // that copy is the second-level cache, which answers finds by id; its queries still reach the database
            // (the cost model charges them so, as no query cache is declared).
            boolean jpa = entity.kind() == ComponentKind.JPA_ENTITY;
            for (ReachedCall rc : u.readsByEntryPoint.get(ep)) {
                boolean answered = !jpa || rc.edge().op() == CallOp.JPA_FIND;
                if (answered && !ctx.siteOf(rc.callerComponent()).equals(entitySite)) patch.set(rc.edge(), 0);
            }
            if (!written) {
                for (ReachedCall rc : u.lookupsByEntryPoint.getOrDefault(ep, List.of())) {
                    if (!ctx.siteOf(rc.callerComponent()).equals(entitySite)) patch.set(rc.edge(), 0);
                }
            }
            return patch.build();
        });
        // The hottest read is the called method (a finder, a getter) that most entry points reach.
        Map<io.wanlint.analyzer.api.MethodRef, java.util.BitSet> byTarget = new LinkedHashMap<>();
        u.reads.forEach((edge, reachedBy) -> reachedBy.addTo(byTarget.computeIfAbsent(edge.to(), t -> new java.util.BitSet())));
        var hottest = byTarget.entrySet().stream()
                .reduce((a, b) -> b.getValue().cardinality() > a.getValue().cardinality() ? b : a).orElseThrow();
        Seen hotSeen = u.firstRead.values().stream().filter(r -> r.call().edge().to().equals(hottest.getKey()))
                .findFirst().orElseThrow();
        ReachedCall hot = hotSeen.call();
        EntryPoint hotEp = hotSeen.entryPoint();
        String ratio = writes > 0 ? String.format(Locale.ROOT, "%.1f reads per write", (double) reads / writes)
                + (unseen.isEmpty() && unseenCode.isEmpty() ? "" : " at most") : "never written";
        String counts = "entity " + entity.name() + " (" + style(entity) + ") is read-mostly: " + reads + (reads == 1 ? " read" : " reads")
                + " and " + writes + (writes == 1 ? " write" : " writes") + " reachable from entry points (weighted by entry point; "
                + ratio + "), hottest " + Evidence.describe(hot.edge()).replace(" (in a loop)", "") + " from " + hottest.getValue().cardinality()
                + (hottest.getValue().cardinality() == 1 ? " entry point" : " entry points") + "; " + unknownWrites(unseen)
                + (unseenCode.isEmpty() ? "" : "code the analysis does not see runs in the application (" + unseenCode.get(0).describe()
                        + (unseenCode.size() > 1 ? " and " + (unseenCode.size() - 1) + " more" : "") + ") and may write it too; ");
        SourceLocation declared = declaration(entity);
        FindingLocation at = new FindingLocation(declared.file(), declared.line(), entity.className(), null);
        if (!figures.saves()) {
            // No request gets cheaper under this topology. When no read even crosses sites the entity is
            // not a WAN problem at all (WAN001–WAN005 are silent where caller and callee share a site):
            // caching it would only spare database reads, which is no finding of this rule.
            boolean crossing = u.readsByEntryPoint.values().stream().flatMap(List::stream).anyMatch(ctx::crossesSites);
            if (!crossing) return Optional.empty();
            // Reads cross sites yet no request gets cheaper: a note claiming no WAN cost and no WAN saving
            // (its figures are 0 → 0, not a request's round trips shown as "saved").
            String msg = counts + "a cache would make no request cheaper under topology " + ctx.oracle().topologyName()
                    + ", so caching it saves database work, not WAN round trips: " + strategy(ctx, entity, written, false);
            return Optional.of(new Estimates.Reported(new Finding(DESCRIPTOR.id(), Severity.NOTE, msg, at,
                    eps.stream().map(EntryPoint::id).toList(), Evidence.chain(ctx, hotEp, hot),
                    RoundTrips.ZERO, RoundTrips.ZERO, new FindingSubject.Entity(entity.name())), figures.patch()));
        }
        String msg = counts + strategy(ctx, entity, written, true) + ": " + figures.perRequest()
                + (figures.before().degree() == 0 && figures.before().value() == 1 ? " becomes " : " become ")
                + figures.after().formula();
        return Optional.of(new Estimates.Reported(new Finding(DESCRIPTOR.id(), DESCRIPTOR.defaultSeverity(), msg, at,
                eps.stream().map(EntryPoint::id).toList(), Evidence.chain(ctx, hotEp, hot),
                figures.before(), figures.after(), new FindingSubject.Entity(entity.name())), figures.patch()));
    }

    /**
     * {@code its writes are unknown: …; } naming up to three writes no entry point reaches, or nothing
     * when every write is counted.
     */
    private static String unknownWrites(List<CallEdge> unseen) {
        if (unseen.isEmpty()) return "";
        List<String> where = unseen.stream().limit(3).map(e -> Evidence.displayMethod(e.from()) + " ("
                + (e.targetComponent() == null && e.kind() == io.wanlint.analyzer.api.EdgeKind.JPA
                        ? "JPA " + e.op().name().substring(4).toLowerCase(Locale.ROOT) + " of an object of unknown entity type"
                        : Evidence.describe(e)) + ", " + e.location().file().substring(e.location().file().lastIndexOf('/') + 1)
                + ":" + e.line() + ")").distinct().toList();
        return "it has more writes, how often unknown: no entry point reaches " + String.join(", ", where)
                + (unseen.size() > 3 ? " and " + (unseen.size() - 3) + " more" : "") + ", and code the analysis does not see may run "
                + (unseen.size() == 1 ? "it" : "them") + ", so check how often it is written before caching it; ";
    }

    /** {@code CMP 2.x}, {@code CMP 1.x}, {@code BMP} or {@code JPA}: the persistence style the advice is for. */
    static String style(Component entity) {
        if (isJpa(entity)) return "JPA";
        if (entity.persistence() == PersistenceType.BEAN || entity.kind() == ComponentKind.ENTITY_BMP) return "BMP";
        return entity.cmpVersion() == null ? "CMP" : "CMP " + entity.cmpVersion();
    }

    private static boolean isJpa(Component entity) {
        return entity.persistence() == PersistenceType.JPA || entity.kind() == ComponentKind.JPA_ENTITY;
    }

    /**
     * The caching that fits the persistence style and the servers whose descriptors the application
     * ships: a read-only copy at the edge ({@code atEdge}), or, where no read crosses sites, the same
     * switch as a database cache where the bean already runs.
     */
    static String strategy(RuleContext ctx, Component entity, boolean hasWrites, boolean atEdge) {
        String base;
        if (isJpa(entity)) {
            base = "cache it in the second-level cache with @Cacheable (shared-cache-mode ENABLE_SELECTIVE) or Hibernate "
                    + (hasWrites ? "@Cache(usage = NONSTRICT_READ_WRITE)" : "@Cache(usage = READ_ONLY)")
                    + ", and cache its hot queries in the query cache";
            return base;
        }
        String style = style(entity);
        List<String> ways = readOnlySwitches(ContainerVendor.deployedOn(ctx.analysis().files()), entity);
        base = (atEdge ? "deploy a read-only " + style + " bean at the edge (" : "declare the " + style + " bean read-only where it runs (")
                + String.join("; or ", ways) + ")";
        return hasWrites
                ? base + " as a read-only twin for the classes that only read it, with the read-write bean kept "
                        + (atEdge ? "at the main site " : "") + "for the writers, which push each change through a JMS topic to a "
                        + "message-driven bean that evicts the twin's copy (read-mostly pattern)"
                : base;
    }

    /**
     * How each server the application ships EJB descriptors for declares an entity bean read-only.
     * With none (or only the J2EE reference implementation's) the production server is unknown: the
     * two switches the literature uses, JBoss's and WebLogic's, come first.
     */
    private static List<String> readOnlySwitches(List<ContainerVendor> vendors, Component entity) {
        boolean cmp = entity.persistence() == PersistenceType.CONTAINER;
        List<ContainerVendor> shown = new ArrayList<>(vendors);
        if (vendors.stream().allMatch(J2eeRi.class::isInstance)) {
            shown.add(0, new Weblogic());
            shown.add(0, new Jboss(false));
        }
        List<String> ways = new ArrayList<>();
        for (ContainerVendor v : shown) ways.addAll(v.readOnlyStrategies(cmp));
        return ways;
    }

    /** The entity's source, else its descriptor declaration. */
    private static SourceLocation declaration(Component c) {
        return c.declaredIn().stream().filter(l -> l.file().endsWith(".java")).findFirst()
                .or(() -> c.declaredIn().stream().findFirst())
                .orElse(SourceLocation.UNKNOWN);
    }
}
