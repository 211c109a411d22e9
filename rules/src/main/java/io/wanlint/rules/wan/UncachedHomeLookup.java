package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.rules.api.FindingSink;
import io.wanlint.rules.api.ReachScope;
import io.wanlint.rules.api.ReachedCall;
import io.wanlint.rules.api.Rule;
import io.wanlint.rules.api.RuleContext;
import io.wanlint.rules.api.RuleDescriptors;
import io.wanlint.rules.api.RuleInfo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * WAN006: JNDI lookups of EJB homes and session-home {@code create()} calls that run on every
 * request (not in an initialiser nor behind a cache check) and reach a bean on another site. One
 * finding per method making them, listing the entry points that reach it; the patch (a Service
 * Locator / cached home and stateless stub, initialised once) makes those calls cost 0 per request.
 * Lookups whose target the analysis cannot resolve to a bean are not reported (no site to compare).
 */
@RuleInfo(id = "WAN006", name = "uncached-home-lookup", severity = Severity.WARNING,
        summary = "JNDI lookup or session-home create() of a bean on another site on every request",
        since = "0.1.0", tags = {"performance", "wan", "ejb", "jndi", "service-locator"})
public final class UncachedHomeLookup implements Rule {
    private static final RuleDescriptor DESCRIPTOR = RuleDescriptors.of(UncachedHomeLookup.class);

    @Override public RuleDescriptor descriptor() { return DESCRIPTOR; }

    /** The per-request lookups and creates of one method, and who reaches them. */
    private static final class Site {
        final Set<CallEdge> calls = new LinkedHashSet<>();
        final Map<EntryPoint, List<ReachedCall>> byEntryPoint = new LinkedHashMap<>();
    }

    @Override public void check(RuleContext ctx, FindingSink sink) {
        Map<MethodRef, Site> sites = new LinkedHashMap<>();
        for (EntryPoint ep : ctx.entryPoints()) {
            for (ReachedCall rc : ctx.reach(ep, ReachScope.WHOLE_REQUEST).calls()) {
                CallEdge e = rc.edge();
                if (e.cachedOnce() || !isHomeAcquisition(ctx, e) || !ctx.crossesSites(rc)) continue;
                Site s = sites.computeIfAbsent(e.from(), m -> new Site());
                s.calls.add(e);
                s.byEntryPoint.computeIfAbsent(ep, k -> new ArrayList<>()).add(rc);
            }
        }
        sites.forEach((method, site) -> {
            // Lookups the request's estimate does not charge claim no WAN cost: no finding.
            site.byEntryPoint.keySet().removeIf(ep -> Estimates.costOf(ctx, ep, site.calls).isZero());
            if (!site.byEntryPoint.isEmpty()) finding(ctx, method, site).to(sink);
        });
    }

    /** A JNDI lookup, or {@code create()} on a session bean's home (entity creates insert rows: WAN001's). */
    static boolean isHomeAcquisition(RuleContext ctx, CallEdge e) {
        if (e.kind() == EdgeKind.JNDI_LOOKUP) return true;
        return e.op() == CallOp.HOME_CREATE && e.kind().isEjb()
                && ctx.targetOf(e).map(c -> c.kind().isSession()).orElse(false);
    }

    private Estimates.Reported finding(RuleContext ctx, MethodRef method, Site site) {
        List<CallEdge> calls = site.calls.stream().sorted(Comparator.comparingInt(CallEdge::line)).toList();
        PatchedCosts.Builder cached = new PatchedCosts.Builder();
        for (CallEdge c : calls) cached.set(c, 0);
        PatchedCosts patch = cached.build();
        List<EntryPoint> eps = List.copyOf(site.byEntryPoint.keySet());
        Estimates.BeforeAfter figures = Estimates.of(ctx, eps, ep -> patch);
        Set<String> looked = new LinkedHashSet<>();
        Set<String> created = new LinkedHashSet<>();
        for (CallEdge c : calls) {
            String bean = ctx.targetOf(c).map(Component::name).orElse(Evidence.displayClass(c.to().className()));
            (c.kind() == EdgeKind.JNDI_LOOKUP ? looked : created).add(bean);
        }
        List<String> what = new ArrayList<>();
        if (!looked.isEmpty()) what.add("looks up the home of " + String.join(", ", looked));
        if (!created.isEmpty()) what.add("calls create() on the home of " + String.join(", ", created));
        String msg = Evidence.displayMethod(method) + " " + String.join(" and ", what) + " on every request, across the WAN (reached from "
                + String.join(", ", eps.stream().map(EntryPoint::id).toList()) + "; " + figures.share(ctx, calls)
                + (figures.saves() ? "). Homes and stateless stubs cached once by a Service Locator: " + figures.after().formula()
                        : "). No WAN saving: caching them would not make the request cheaper");
        EntryPoint firstEp = figures.worst();
        List<ReachedCall> reached = site.byEntryPoint.get(firstEp);
        return new Estimates.Reported(new Finding(DESCRIPTOR.id(), DESCRIPTOR.defaultSeverity(), msg, ctx.locationOf(calls.get(0)),
                eps.stream().map(EntryPoint::id).toList(), Evidence.chain(ctx, firstEp, reached.get(0), reached),
                figures.before(), figures.after(), new FindingSubject.Method(method)), figures.patch());
    }
}
