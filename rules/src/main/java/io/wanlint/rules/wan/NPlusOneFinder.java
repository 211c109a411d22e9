package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.analyzer.api.SessionFacadeFix;
import io.wanlint.rules.api.FindingSink;
import io.wanlint.rules.api.PatchEffect;
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
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * WAN007: a finder returning many entities followed, in the same method, by entity calls inside a
 * loop (one per element) that cost WAN round trips: remote entity calls from another site (N
 * calls), or calls on a BMP entity away from the database (1 find + N loads). A finder is taken
 * for a collection finder when anything but {@code findByPrimaryKey}; the per-element calls must
 * come after it on a later line and sit in a loop. One finding per method with the finder; the
 * patch (a bulk read through a façade returning transfer objects) makes those calls cost 0 and,
 * when the caller is on another site than the entities, moves the method's other cross-site EJB
 * calls and lookups into the façade as well (they cost 0) and adds the one façade call.
 */
@RuleInfo(id = "WAN007", name = "n-plus-one-finder", severity = Severity.WARNING,
        summary = "Collection finder followed by one cross-site entity call or load per element",
        since = "0.1.0", tags = {"performance", "wan", "ejb", "entity", "facade"})
public final class NPlusOneFinder implements Rule {
    private static final RuleDescriptor DESCRIPTOR = RuleDescriptors.of(NPlusOneFinder.class);

    @Override public RuleDescriptor descriptor() { return DESCRIPTOR; }

    /** A finder and the per-element calls after it, in one method, and who reaches them. */
    private static final class Site {
        CallEdge finder;
        final Set<CallEdge> perElement = new LinkedHashSet<>();
        final Map<EntryPoint, List<ReachedCall>> byEntryPoint = new LinkedHashMap<>();
        String callerComponent;
    }

    @Override public void check(RuleContext ctx, FindingSink sink) {
        Map<MethodRef, Site> sites = new LinkedHashMap<>();
        for (EntryPoint ep : ctx.entryPoints()) {
            Map<MethodRef, ReachedCall> finders = new LinkedHashMap<>();
            for (ReachedCall rc : ctx.reach(ep, ReachScope.WHOLE_REQUEST).calls()) {
                CallEdge e = rc.edge();
                if (isCollectionFinder(ctx, e)) {
                    finders.putIfAbsent(e.from(), rc);
                    continue;
                }
                ReachedCall finder = finders.get(e.from());
                if (finder == null || e.loopDepth() == 0 || e.line() <= finder.edge().line()) continue;
                if (!isEntityCall(ctx, e) || !costsRoundTrips(ctx, rc)) continue;
                Site s = sites.computeIfAbsent(e.from(), m -> new Site());
                if (s.finder == null) s.finder = finder.edge();
                if (s.callerComponent == null) s.callerComponent = rc.callerComponent();
                s.perElement.add(e);
                List<ReachedCall> seen = s.byEntryPoint.computeIfAbsent(ep, k -> new ArrayList<>(List.of(finder)));
                seen.add(rc);
            }
        }
        sites.forEach((method, site) -> {
            List<CallEdge> calls = new ArrayList<>(site.perElement);
            calls.add(site.finder);
            site.byEntryPoint.keySet().removeIf(ep -> Estimates.costOf(ctx, ep, calls).isZero());
            if (!site.byEntryPoint.isEmpty() && !namedByUseCase(ctx, site)) finding(ctx, method, site).to(sink);
        });
    }

    /**
     * Whether every request reaching the N+1 already gets a WAN001 or WAN002 finding whose calls
     * hold the finder and the per-element calls: that finding names the N+1 and its façade fixes it,
     * so a WAN007 finding would repeat it.
     */
    private static boolean namedByUseCase(RuleContext ctx, Site site) {
        Set<CallEdge> mine = new LinkedHashSet<>(site.perElement);
        mine.add(site.finder);
        for (EntryPoint ep : site.byEntryPoint.keySet()) {
            boolean named = ctx.runs("WAN001") && RemoteFineGrainedCall.reportedCalls(ctx, ep).filter(c -> c.containsAll(mine)).isPresent()
                    || MissingFacade.reportedCalls(ctx, ep).filter(c -> c.containsAll(mine)).isPresent();
            if (!named) return false;
        }
        return true;
    }

    /**
     * {@code ; it holds an N+1 read: Item.findAll() then, per element, Item.getPrice()} when the calls
     * of a WAN001 or WAN002 finding make one (a collection finder, then entity calls in a loop in the
     * same method); empty otherwise.
     */
    static String named(RuleContext ctx, List<ReachedCall> calls) {
        for (ReachedCall f : calls) {
            CallEdge finder = f.edge();
            if (!isCollectionFinder(ctx, finder)) continue;
            Set<String> perElement = new LinkedHashSet<>();
            for (ReachedCall rc : calls) {
                CallEdge e = rc.edge();
                if (e.from().equals(finder.from()) && e.loopDepth() > 0 && e.line() > finder.line() && isEntityCall(ctx, e)) {
                    perElement.add(Evidence.calleeAsWritten(e) + "()");
                }
            }
            if (!perElement.isEmpty()) {
                return "; it holds an N+1 read (WAN007): " + Evidence.calleeAsWritten(finder) + "() then, per element, "
                        + String.join(", ", perElement);
            }
        }
        return "";
    }

    private static boolean isCollectionFinder(RuleContext ctx, CallEdge e) {
        if (e.op() != CallOp.HOME_FIND || !e.kind().isEjb()) return false;
        String name = Evidence.clientMethod(e);
        return !name.equals("findByPrimaryKey") && ctx.targetOf(e).map(c -> c.kind().isEntity()).orElse(false);
    }

    private static boolean isEntityCall(RuleContext ctx, CallEdge e) {
        if (!e.kind().isEjb()) return false;
        boolean perObject = switch (e.op()) {
            case BUSINESS_METHOD, ENTITY_GET, ENTITY_SET, ENTITY_UPDATE, INVOKE, REMOVE -> true;
            default -> false;
        };
        return perObject && ctx.targetOf(e).map(c -> c.kind().isEntity()).orElse(false);
    }

    /** The call crosses sites, or it is on a BMP entity whose load runs away from the database. */
    private static boolean costsRoundTrips(RuleContext ctx, ReachedCall rc) {
        if (ctx.crossesSites(rc)) return true;
        Optional<Component> target = ctx.targetOf(rc.edge());
        return target.filter(c -> c.kind() == ComponentKind.ENTITY_BMP)
                .map(c -> !ctx.oracle().siteOf(c).equals(ctx.oracle().databaseSite())).orElse(false);
    }

    private Estimates.Reported finding(RuleContext ctx, MethodRef method, Site site) {
        Optional<Component> entity = ctx.targetOf(site.finder);
        boolean crosses = entity.map(c -> ctx.oracle().siteOf(c))
                .flatMap(s -> ctx.siteOf(site.callerComponent).map(caller -> !caller.equals(s))).orElse(true);
        RoundTrips extra = crosses ? RoundTrips.of(ctx.oracle().costs().remoteEjbCall()) : RoundTrips.ZERO;
        List<EntryPoint> eps = List.copyOf(site.byEntryPoint.keySet());
        Estimates.BeforeAfter figures = Estimates.ofEffects(ctx, eps, ep -> {
            PatchedCosts.Builder bulk = new PatchedCosts.Builder().set(site.finder, 0);
            for (CallEdge c : site.perElement) bulk.set(c, 0);
            if (crosses) {
                // The façade that reads the rows takes the method's whole conversation with the beans
                // (the home lookup feeding the finder, the calls around the loop): they cost 0 too.
                for (ReachedCall rc : ctx.reach(ep, ReachScope.WHOLE_REQUEST).calls()) {
                    CallEdge e = rc.edge();
                    if (e.from().equals(method) && SessionFacadeFix.takesOver(e, ctx.model()) && ctx.crossesSites(rc)) {
                        bulk.set(e, 0);
                    }
                }
            }
            return PatchEffect.adding(bulk.build(), method.toString(), extra);
        });
        List<CallEdge> nPlusOne = new ArrayList<>(site.perElement);
        nPlusOne.add(site.finder);
        Set<String> perElement = new LinkedHashSet<>();
        for (CallEdge c : site.perElement) perElement.add(Evidence.calleeAsWritten(c) + "()");
        String bean = entity.map(Component::name).orElse(Evidence.displayClass(site.finder.to().className()));
        String msg = Evidence.displayMethod(method) + " calls the finder " + bean + "." + Evidence.clientMethod(site.finder)
                + "() and then, for every element, " + String.join(", ", perElement) + ": 1 + n round trips across the WAN"
                + " (reached from " + String.join(", ", eps.stream().map(EntryPoint::id).toList()) + "; "
                + figures.share(ctx, nPlusOne) + (figures.saves() ? "). One bulk read through a façade returning transfer objects: "
                + figures.after().formula() : "). No WAN saving: a bulk read through a façade would not make the request cheaper");
        EntryPoint firstEp = figures.worst();
        List<ReachedCall> reached = site.byEntryPoint.get(firstEp);
        return new Estimates.Reported(new Finding(DESCRIPTOR.id(), DESCRIPTOR.defaultSeverity(), msg,
                ctx.locationOf(site.finder), eps.stream().map(EntryPoint::id).toList(),
                Evidence.chain(ctx, firstEp, reached.get(0), reached), figures.before(), figures.after(),
                new FindingSubject.CallSite(method, bean)), figures.patch());
    }
}
