package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.rules.api.FindingSink;
import io.wanlint.rules.api.PatchEffect;
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
import java.util.Map;
import java.util.Set;

/**
 * WAN003: JDBC, JPA {@code EntityManager} or Hibernate {@code Session} operations run by web-tier
 * code (servlets, JSP scriptlets and {@code <sql:*>} tags, filters, tags, helpers and DAOs they
 * call directly). The walk from each web entry point follows only calls within the web tier and
 * stops at EJB calls, so data access inside EJBs is never reported. One finding per method that
 * contains the data access, listing the entry points that reach it.
 */
@RuleInfo(id = "WAN003", name = "web-tier-jdbc", severity = Severity.ERROR,
        summary = "JDBC, JPA or Hibernate data access from web-tier code, outside EJBs",
        since = "0.1.0", tags = {"performance", "wan", "jdbc", "jpa", "facade"})
public final class WebTierJdbc implements Rule {
    private static final RuleDescriptor DESCRIPTOR = RuleDescriptors.of(WebTierJdbc.class);

    @Override public RuleDescriptor descriptor() { return DESCRIPTOR; }

    /** The data access of one method, and who reaches it. */
    private static final class Site {
        final List<CallEdge> calls = new ArrayList<>();
        final Map<EntryPoint, ReachedCall> firstByEntryPoint = new LinkedHashMap<>();
        String callerComponent;
    }

    @Override public boolean perEntryPoint() { return true; }

    @Override public void check(RuleContext ctx, FindingSink sink) {
        Map<MethodRef, Site> sites = new LinkedHashMap<>();
        ctx.forEachEntryPoint(this, ep -> {
            if (!ctx.isWebEntryPoint(ep)) return false;
            boolean added = false;
            RequestReach walk = ctx.reach(ep, ReachScope.CALLER_TIER);
            for (int i = 0; i < walk.size(); i++) {
                CallEdge e = walk.edge(i);
                if (e.kind() != EdgeKind.JDBC && e.kind() != EdgeKind.JPA) continue;
                if (insideEjb(ctx, walk.callerComponent(i), e)) continue;
                ReachedCall rc = walk.call(i);
                Site s = sites.computeIfAbsent(e.from(), m -> new Site());
                if (!s.calls.contains(e)) s.calls.add(e);
                s.firstByEntryPoint.putIfAbsent(ep, rc);
                if (s.callerComponent == null) s.callerComponent = rc.callerComponent();
                added = true;
            }
            return added;
        });
        sites.forEach((method, site) -> {
            if (!onlyTakesPooledConnections(site)) finding(ctx, method, site).to(sink);
        });
    }

    /**
     * A method that only takes a connection from the pool costs no round trip and runs no SQL: the
     * statements that use the connection are the data access, reported where they run (one DAO move
     * fixes both), so it is not a finding of its own.
     */
    private static boolean onlyTakesPooledConnections(Site site) {
        return site.calls.stream().allMatch(c -> c.op() == io.wanlint.analyzer.api.CallOp.JDBC_CONNECTION_POOL);
    }

    /** Code of an EJB (or a helper the graph places in one) is the façade side, never the web tier. */
    private static boolean insideEjb(RuleContext ctx, String callerComponent, CallEdge e) {
        return ctx.component(callerComponent).map(c -> c.kind().isEjb()).orElse(false)
                || ctx.model().byClass(e.from().className()).map(c -> c.kind().isEjb()).orElse(false);
    }

    private Estimates.Reported finding(RuleContext ctx, MethodRef method, Site site) {
        List<CallEdge> calls = site.calls.stream().sorted(java.util.Comparator.comparingInt(CallEdge::line)).toList();
        CallEdge first = calls.get(0);
        PatchEffect patch = facadeCall(ctx, site, calls);
        List<EntryPoint> eps = List.copyOf(site.firstByEntryPoint.keySet());
        Estimates.BeforeAfter figures = Estimates.ofEffects(ctx, eps, ep -> patch);
        Set<String> apis = new LinkedHashSet<>();
        for (CallEdge c : calls) apis.add(Evidence.displayClass(c.to().className()) + "." + c.to().name());
        boolean jpa = calls.stream().allMatch(c -> c.kind() == EdgeKind.JPA);
        String what = jpa ? "JPA/Hibernate" : calls.stream().anyMatch(c -> c.kind() == EdgeKind.JPA) ? "JDBC and JPA" : "JDBC";
        String msg = Evidence.displayMethod(method) + " runs " + what + " from the web tier: " + calls.size()
                + (calls.size() == 1 ? " call (" : " calls (") + String.join(", ", apis) + "), reached from "
                + String.join(", ", eps.stream().map(EntryPoint::id).toList())
                + "; " + figures.share(ctx, calls) + (figures.saves()
                        ? ". Moved into a DAO behind a façade at the database's site: " + figures.after().formula()
                        : ". No WAN saving: " + (sameSite(ctx, site)
                                ? "the web tier and the database are on one site, so a DAO behind a façade would move the"
                                        + " data access out of the web tier without saving a round trip"
                                : "one façade call would cost as many round trips as the data access it replaces"));
        EntryPoint firstEp = figures.worst();
        return new Estimates.Reported(new Finding(DESCRIPTOR.id(), DESCRIPTOR.defaultSeverity(), msg, ctx.locationOf(first),
                eps.stream().map(EntryPoint::id).toList(),
                Evidence.chain(ctx, firstEp, site.firstByEntryPoint.get(firstEp)), figures.before(), figures.after(),
                new FindingSubject.Method(method)), figures.patch());
    }

    private static boolean sameSite(RuleContext ctx, Site site) {
        return ctx.siteOf(site.callerComponent).map(s -> s.equals(ctx.oracle().databaseSite())).orElse(false);
    }

    /**
     * The patch: the method's first statement-level data access becomes one façade call (charged
     * only when the web tier and the database are on different sites), every other one costs 0.
     */
    /**
     * The data access runs next to the database behind one façade call per request (an added call:
     * combined with other patches of the same request it is the same façade call).
     */
    private static PatchEffect facadeCall(RuleContext ctx, Site site, List<CallEdge> calls) {
        String dbSite = ctx.oracle().databaseSite();
        boolean crosses = ctx.siteOf(site.callerComponent).map(s -> !s.equals(dbSite)).orElse(true);
        PatchedCosts.Builder patch = new PatchedCosts.Builder();
        for (CallEdge c : calls) patch.set(c, 0);
        return PatchEffect.adding(patch.build(), calls.get(0).from().toString(),
                crosses ? RoundTrips.of(ctx.oracle().costs().remoteEjbCall()) : RoundTrips.ZERO);
    }
}
