package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.EjbInterfaces;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.rules.api.RequestReach;
import io.wanlint.rules.api.CallMemo;
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
import java.util.Optional;
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

    @Override public java.util.Set<ReachScope> scopesWalkedFromEveryEntryPoint() { return java.util.Set.of(ReachScope.WHOLE_REQUEST); }

    /** The per-request lookups and creates of one method, and who reaches them. */
    private static final class Site {
        final Set<CallEdge> calls = new LinkedHashSet<>();
        final Map<EntryPoint, List<ReachedCall>> byEntryPoint = new LinkedHashMap<>();
    }

    @Override public boolean perEntryPoint() { return true; }

    @Override public void check(RuleContext ctx, FindingSink sink) {
        Map<MethodRef, Site> sites = new LinkedHashMap<>();
        // Whether a call is an acquisition made every time, once per call rather than per request reaching it.
        CallMemo<Boolean> acquiredEachTime = ctx.callMemo(e -> !e.cachedOnce() && isHomeAcquisition(ctx, e));
        ctx.forEachEntryPoint(this, ep -> {
            boolean added = false;
            RequestReach walk = ctx.reach(ep, ReachScope.WHOLE_REQUEST);
            for (int i = 0; i < walk.size(); i++) {
                if (!acquiredEachTime.of(walk, i) || !ctx.crossesSites(walk, i)) continue;
                added = true;
                ReachedCall rc = walk.call(i);
                CallEdge e = rc.edge();
                Site s = sites.computeIfAbsent(e.from(), m -> new Site());
                s.calls.add(e);
                s.byEntryPoint.computeIfAbsent(ep, k -> new ArrayList<>()).add(rc);
            }
            return added;
        });
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

    /**
     * A call that starts a stateful bean's conversation: {@code create()} on a stateful home, or (EJB 3)
     * the lookup of a stateful bean's business view, which hands out a new instance each time. Caching
     * it would share one conversation among all callers: it is made per use, never "after 0".
     */
    static boolean startsConversation(RuleContext ctx, CallEdge e) {
        Optional<Component> target = ctx.targetOf(e).filter(c -> c.kind() == ComponentKind.STATEFUL_SESSION);
        if (target.isEmpty()) return false;
        if (e.op() == CallOp.HOME_CREATE) return true;
        return e.kind() == EdgeKind.JNDI_LOOKUP && looksUpBusinessView(ctx, e, target.get());
    }

    /**
     * Whether a lookup gets a business view rather than a home: always for a bean without homes (EJB 3);
     * for a bean with both, when the looking-up method does not go on to call {@code create()} on it.
     */
    private static boolean looksUpBusinessView(RuleContext ctx, CallEdge lookup, Component bean) {
        EjbInterfaces v = bean.interfaces();
        boolean homes = v.home() != null || v.localHome() != null;
        boolean business = !v.remoteBusiness().isEmpty() || !v.localBusiness().isEmpty() || v.noInterfaceView();
        if (!homes) return true;
        if (!business || ctx.graph() == null) return false;
        return ctx.graph().edges().stream().noneMatch(e -> e.from().equals(lookup.from()) && e.op() == CallOp.HOME_CREATE
                && ctx.targetOf(e).map(c -> c.name().equals(bean.name())).orElse(false));
    }

    /** An EJB 3 bean: business views only, no home to look up or cache. */
    private static boolean hasNoHome(Component c) {
        return c.interfaces().home() == null && c.interfaces().localHome() == null;
    }

    private Estimates.Reported finding(RuleContext ctx, MethodRef method, Site site) {
        List<CallEdge> calls = site.calls.stream().sorted(Comparator.comparingInt(CallEdge::line)).toList();
        PatchedCosts.Builder cached = new PatchedCosts.Builder();
        List<CallEdge> perUse = new ArrayList<>();
        for (CallEdge c : calls) {
            if (startsConversation(ctx, c)) perUse.add(c);
            else cached.set(c, 0);
        }
        PatchedCosts patch = cached.build();
        List<EntryPoint> eps = List.copyOf(site.byEntryPoint.keySet());
        Estimates.BeforeAfter figures = Estimates.of(ctx, eps, ep -> patch);
        Set<String> homes = new LinkedHashSet<>();
        Set<String> views = new LinkedHashSet<>();
        Set<String> created = new LinkedHashSet<>();
        Set<String> conversations = new LinkedHashSet<>();
        boolean ejb3 = false;
        for (CallEdge c : calls) {
            Optional<Component> target = ctx.targetOf(c);
            String bean = target.map(Component::name).orElse(Evidence.displayClass(c.to().className()));
            if (perUse.contains(c)) {
                conversations.add(bean);
            } else if (c.kind() != EdgeKind.JNDI_LOOKUP) {
                created.add(bean);
            } else if (target.filter(UncachedHomeLookup::hasNoHome).isPresent()) {
                views.add(bean);
                ejb3 = true;
            } else {
                homes.add(bean);
            }
        }
        List<String> what = new ArrayList<>();
        if (!homes.isEmpty()) what.add("looks up the home of " + String.join(", ", homes));
        if (!views.isEmpty()) what.add("looks up the business view of " + String.join(", ", views));
        if (!created.isEmpty()) what.add("calls create() on the home of " + String.join(", ", created));
        if (!conversations.isEmpty()) what.add("starts a conversation with stateful " + String.join(", ", conversations));
        String fix = ejb3 ? "Business views injected with @EJB (or looked up once and kept): "
                : "Homes and stateless stubs cached once by a Service Locator: ";
        String msg = Evidence.displayMethod(method) + " " + String.join(" and ", what) + " on every request, across the WAN (reached from "
                + String.join(", ", eps.stream().map(EntryPoint::id).toList()) + "; " + figures.share(ctx, calls) + ")"
                + (perUse.isEmpty() ? "" : ". A stateful bean's " + (perUse.stream().anyMatch(c -> c.op() == CallOp.HOME_CREATE)
                        ? "create()" : "lookup") + " starts a new conversation per use and cannot be cached: keep the stateful "
                        + "bean next to its callers instead")
                + (figures.saves() ? ". " + fix + figures.after().formula()
                        : perUse.size() == calls.size() ? ""
                        : ". No WAN saving: caching " + (perUse.isEmpty() ? "them" : "the rest") + " would not make the request cheaper");
        EntryPoint firstEp = figures.worst();
        List<ReachedCall> reached = site.byEntryPoint.get(firstEp);
        // Only per-use calls: nothing for this rule's fix to save, a note rather than a warning.
        Severity severity = perUse.size() == calls.size() ? Severity.NOTE : DESCRIPTOR.defaultSeverity();
        return new Estimates.Reported(new Finding(DESCRIPTOR.id(), severity, msg, ctx.locationOf(calls.get(0)),
                eps.stream().map(EntryPoint::id).toList(), Evidence.chain(ctx, firstEp, reached.get(0), reached),
                figures.before(), figures.after(), new FindingSubject.Method(method)), figures.patch());
    }
}
