package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.AnalyzedFile;
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
import io.wanlint.rules.api.FindingSink;
import io.wanlint.rules.api.ReachScope;
import io.wanlint.rules.api.ReachedCall;
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

/**
 * WAN005: an entity (BMP, CMP or JPA) that the application reads far more than it writes. Reads
 * (getters, finders, {@code find}, queries) and writes (setters, business methods whose code changes
 * the bean's state, create, remove, persist, merge, bulk updates) reachable from entry points are counted once per entry point that reaches them; calls made by
 * the entity's own lifecycle methods ({@code ejbLoad}, {@code ejbStore}, …) do not count. Reported
 * when there are reads and no writes, or reads ÷ writes reaches the threshold (default 10).
 * Entities already declared read-only are skipped.
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

    /** Accesses to one entity: each call with the entry points that reach it. */
    private static final class Usage {
        final Map<CallEdge, Set<EntryPoint>> reads = new LinkedHashMap<>();
        final Map<CallEdge, Set<EntryPoint>> writes = new LinkedHashMap<>();
        final Map<EntryPoint, List<ReachedCall>> readsByEntryPoint = new LinkedHashMap<>();
        final Map<CallEdge, Seen> firstRead = new LinkedHashMap<>();
        /** Entry points that write the entity: under the read-mostly pattern they keep the read-write bean. */
        final Set<EntryPoint> writers = new LinkedHashSet<>();
        /** Lookups of the entity's home, per entry point: the read-only copy is bound next to its callers. */
        final Map<EntryPoint, List<ReachedCall>> lookupsByEntryPoint = new LinkedHashMap<>();

        long weight(Map<CallEdge, Set<EntryPoint>> m) { return m.values().stream().mapToLong(Set::size).sum(); }
    }

    @Override public void check(RuleContext ctx, FindingSink sink) {
        Map<String, Usage> usages = new LinkedHashMap<>();
        for (EntryPoint ep : ctx.entryPoints()) {
            for (ReachedCall rc : ctx.reach(ep, ReachScope.WHOLE_REQUEST).calls()) {
                if (rc.edge().op() == CallOp.LOOKUP && rc.edge().targetComponent() != null) {
                    ctx.component(rc.edge().targetComponent()).filter(c -> (c.kind() == ComponentKind.ENTITY_CMP || c.kind() == ComponentKind.ENTITY_BMP) && !c.readOnly())
                            .ifPresent(c -> usages.computeIfAbsent(c.name(), n -> new Usage())
                                    .lookupsByEntryPoint.computeIfAbsent(ep, e -> new ArrayList<>()).add(rc));
                    continue;
                }
                Optional<Access> access = access(rc.edge().op());
                if (access.isEmpty()) continue;
                Optional<Component> entity = entityOf(ctx, rc.edge());
                if (entity.isEmpty() || entity.get().readOnly() || isOwnLifecycle(rc.edge(), entity.get())) continue;
                Usage u = usages.computeIfAbsent(entity.get().name(), n -> new Usage());
                if (access.get() == Access.WRITE) {
                    u.writers.add(ep);
                    u.writes.computeIfAbsent(rc.edge(), e -> new LinkedHashSet<>()).add(ep);
                } else {
                    u.reads.computeIfAbsent(rc.edge(), e -> new LinkedHashSet<>()).add(ep);
                    u.readsByEntryPoint.computeIfAbsent(ep, e -> new ArrayList<>()).add(rc);
                    u.firstRead.putIfAbsent(rc.edge(), new Seen(ep, rc));
                }
            }
        }
        double threshold = ctx.settings().readWriteRatio();
        usages.forEach((name, u) -> {
            long reads = u.weight(u.reads);
            long writes = u.weight(u.writes);
            if (reads > 0 && (writes == 0 || (double) reads / writes >= threshold)) {
                finding(ctx, ctx.component(name).orElseThrow(), u, reads, writes).to(sink);
            }
        });
    }

    private static Optional<Access> access(CallOp op) {
        return switch (op) {
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

    private Estimates.Reported finding(RuleContext ctx, Component entity, Usage u, long reads, long writes) {
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
                if (u.writers.contains(ep)) return patch.build();
                for (ReachedCall rc : u.lookupsByEntryPoint.getOrDefault(ep, List.of())) patch.set(rc.edge(), 0);
                for (ReachedCall rc : u.readsByEntryPoint.get(ep)) {
                    Optional<String> caller = ctx.siteOf(rc.callerComponent());
                    boolean queries = rc.edge().op() == CallOp.HOME_FIND && !caller.equals(Optional.of(ctx.oracle().databaseSite()));
                    patch.set(rc.edge(), queries ? ctx.oracle().costs().jdbcStatement() : 0);
                }
                return patch.build();
            }
            // The read-only copy at the edge answers the reads made away from the entity's site.
            for (ReachedCall rc : u.readsByEntryPoint.get(ep)) {
                if (!ctx.siteOf(rc.callerComponent()).equals(entitySite)) patch.set(rc.edge(), 0);
            }
            if (writes == 0) {
                for (ReachedCall rc : u.lookupsByEntryPoint.getOrDefault(ep, List.of())) {
                    if (!ctx.siteOf(rc.callerComponent()).equals(entitySite)) patch.set(rc.edge(), 0);
                }
            }
            return patch.build();
        });
        // The hottest read is the called method (a finder, a getter) that most entry points reach.
        Map<io.wanlint.analyzer.api.MethodRef, Set<EntryPoint>> byTarget = new LinkedHashMap<>();
        u.reads.forEach((edge, reachedBy) -> byTarget.computeIfAbsent(edge.to(), t -> new LinkedHashSet<>()).addAll(reachedBy));
        var hottest = byTarget.entrySet().stream()
                .reduce((a, b) -> b.getValue().size() > a.getValue().size() ? b : a).orElseThrow();
        Seen hotSeen = u.firstRead.values().stream().filter(r -> r.call().edge().to().equals(hottest.getKey()))
                .findFirst().orElseThrow();
        ReachedCall hot = hotSeen.call();
        EntryPoint hotEp = hotSeen.entryPoint();
        String ratio = writes == 0 ? "never written" : String.format(Locale.ROOT, "%.1f reads per write", (double) reads / writes);
        String msg = "entity " + entity.name() + " is read-mostly: " + reads + (reads == 1 ? " read" : " reads") + " and "
                + writes + (writes == 1 ? " write" : " writes") + " reachable from entry points (weighted by entry point; "
                + ratio + "), hottest " + Evidence.describe(hot.edge()).replace(" (in a loop)", "") + " from " + hottest.getValue().size()
                + (hottest.getValue().size() == 1 ? " entry point" : " entry points") + "; "
                + strategy(ctx, entity, writes > 0) + ": " + figures.perRequest()
                + (figures.before().degree() == 0 && figures.before().value() == 1 ? " becomes " : " become ")
                + figures.after().formula()
                + (figures.after().equals(figures.before())
                        // Honest about what the patch buys where every read is made next to the entity.
                        ? " (no read of it crosses sites under topology " + ctx.oracle().topologyName()
                                + ": the cache saves database work, not WAN round trips)"
                        : "");
        SourceLocation declared = declaration(entity);
        return new Estimates.Reported(new Finding(DESCRIPTOR.id(), DESCRIPTOR.defaultSeverity(), msg,
                new FindingLocation(declared.file(), declared.line(), entity.className(), null),
                eps.stream().map(EntryPoint::id).toList(), Evidence.chain(ctx, hotEp, hot),
                figures.before(), figures.after(), new FindingSubject.Entity(entity.name())), figures.patch());
    }

    /** The caching that fits the persistence type and the vendor whose descriptors the application ships. */
    static String strategy(RuleContext ctx, Component entity, boolean hasWrites) {
        String base;
        if (entity.persistence() == PersistenceType.JPA || entity.kind() == io.wanlint.analyzer.api.ComponentKind.JPA_ENTITY) {
            base = "cache it in the second-level cache with @Cacheable (shared-cache-mode ENABLE_SELECTIVE) or Hibernate "
                    + (hasWrites ? "@Cache(usage = NONSTRICT_READ_WRITE)" : "@Cache(usage = READ_ONLY)")
                    + ", and cache its hot queries in the query cache";
        } else {
            Set<String> vendors = vendors(ctx, entity);
            List<String> ways = new ArrayList<>();
            if (vendors.contains("jboss") || vendors.isEmpty()) {
                ways.add("JBoss <read-only>true</read-only> in jboss.xml" + (entity.persistence() == PersistenceType.CONTAINER
                        ? " (and jbosscmp-jdbc.xml)" : ""));
            }
            if (vendors.contains("weblogic") || vendors.isEmpty()) {
                ways.add("WebLogic <concurrency-strategy>ReadOnly</concurrency-strategy> with <read-timeout-seconds> in weblogic-ejb-jar.xml");
            }
            base = "deploy a read-only " + (entity.persistence() == PersistenceType.BEAN ? "BMP" : "CMP")
                    + " bean at the edge (" + String.join("; or ", ways) + ")";
        }
        boolean jpa = entity.persistence() == PersistenceType.JPA || entity.kind() == io.wanlint.analyzer.api.ComponentKind.JPA_ENTITY;
        return hasWrites && !jpa
                ? base + " as a read-only twin for the classes that only read it, with the read-write bean kept at the main "
                        + "site for the writers, which push each change through a JMS topic to a message-driven bean that evicts "
                        + "the twin's copy (read-mostly pattern)"
                : base;
    }

    private static Set<String> vendors(RuleContext ctx, Component entity) {
        Set<String> out = new LinkedHashSet<>();
        List<String> files = new ArrayList<>();
        for (SourceLocation l : entity.declaredIn()) files.add(l.file());
        for (AnalyzedFile f : ctx.analysis().files()) if (f.kind() == AnalyzedFile.Kind.DESCRIPTOR) files.add(f.path());
        for (String f : files) {
            String name = f.substring(f.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
            if (name.startsWith("jboss")) out.add("jboss");
            if (name.startsWith("weblogic")) out.add("weblogic");
        }
        return out;
    }

    /** The entity's source, else its descriptor declaration. */
    private static SourceLocation declaration(Component c) {
        return c.declaredIn().stream().filter(l -> l.file().endsWith(".java")).findFirst()
                .or(() -> c.declaredIn().stream().findFirst())
                .orElse(SourceLocation.UNKNOWN);
    }
}
