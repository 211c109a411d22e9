package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.EvidenceStep;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.analyzer.api.SourceLocation;
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
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * WAN002: a use case assembled in the web tier from entity beans or from several session beans,
 * instead of one call to a façade; and, structurally, entity beans that expose a remote view at
 * all (so any client can call them across the WAN). Use-case findings are per web entry point,
 * located at the first such call; structural findings sit on the entity's declaration.
 */
@RuleInfo(id = "WAN002", name = "missing-facade", severity = Severity.WARNING,
        summary = "Web-tier code calls entity beans or several session beans for one use case; entity beans with remote views",
        since = "0.1.0", tags = {"design", "wan", "ejb", "facade"})
public final class MissingFacade implements Rule {
    private static final RuleDescriptor DESCRIPTOR = RuleDescriptors.of(MissingFacade.class);

    @Override public RuleDescriptor descriptor() { return DESCRIPTOR; }

    @Override public void check(RuleContext ctx, FindingSink sink) {
        Map<String, List<EntryPoint>> remoteEntityClients = new LinkedHashMap<>();
        Map<String, ReachedCall> firstRemoteEntityCall = new LinkedHashMap<>();
        Map<MethodRef, SessionClient> sessionClients = new LinkedHashMap<>();
        for (EntryPoint ep : ctx.entryPoints()) {
            if (ctx.isWebEntryPoint(ep)) useCase(ctx, ep, sink);
            for (ReachedCall rc : ctx.reach(ep, ReachScope.WHOLE_REQUEST).calls()) {
                if (!rc.edge().kind().isEjb() || rc.edge().op() == CallOp.LOOKUP) continue;
                Optional<Component> target = ctx.targetOf(rc.edge());
                if (target.isEmpty() || !isEntityBean(target.get()) || !ctx.crossesSites(rc)) continue;
                if (ctx.component(rc.callerComponent()).map(c -> c.kind().isSession()).orElse(false)) {
                    sessionClients.computeIfAbsent(rc.edge().from(), m -> new SessionClient()).add(ep, rc, target.get());
                }
                if (rc.edge().kind() != EdgeKind.REMOTE_EJB) continue;
                List<EntryPoint> eps = remoteEntityClients.computeIfAbsent(target.get().name(), n -> new ArrayList<>());
                if (!eps.contains(ep)) eps.add(ep);
                firstRemoteEntityCall.putIfAbsent(target.get().name(), rc);
            }
        }
        sessionClients.forEach((method, client) -> sessionClient(ctx, method, client, sink));
        for (Component c : ctx.model().components()) {
            if (isEntityBean(c) && c.interfaces().hasRemoteView()) {
                sink.report(remoteView(ctx, c, remoteEntityClients.getOrDefault(c.name(), List.of()),
                        firstRemoteEntityCall.get(c.name())), e -> FacadePatch.of(ctx, e).effect());
            }
        }
    }

    /** The entity calls one session-bean method makes across the WAN, by entry point. */
    private static final class SessionClient {
        final Map<EntryPoint, ReachedCall> firstByEntryPoint = new LinkedHashMap<>();
        final List<ReachedCall> calls = new ArrayList<>();
        final Set<String> entities = new LinkedHashSet<>();

        void add(EntryPoint ep, ReachedCall rc, Component entity) {
            firstByEntryPoint.putIfAbsent(ep, rc);
            if (calls.stream().noneMatch(c -> c.edge().equals(rc.edge()))) calls.add(rc);
            entities.add(entity.name());
        }
    }

    /**
     * A session bean placed away from the entity beans it uses (a stateful controller at the edge)
     * is as much a remote client as the web tier: its use case belongs in a façade next to the data.
     */
    private void sessionClient(RuleContext ctx, MethodRef method, SessionClient client, FindingSink sink) {
        List<EntryPoint> eps = List.copyOf(client.firstByEntryPoint.keySet());
        EntryPoint firstEp = eps.get(0);
        ReachedCall first = client.firstByEntryPoint.get(firstEp);
        RoundTrips before = RoundTrips.ZERO;
        RoundTrips after = RoundTrips.ZERO;
        for (EntryPoint ep : eps) {
            before = before.plus(ctx.oracle().estimate(ep).roundTrips());
            after = after.plus(FacadePatch.of(ctx, ep).after(ctx, ep));
        }
        String msg = Evidence.displayMethod(method) + " runs at " + ctx.siteOf(first.callerComponent()).orElse("?")
                + " and uses " + (client.entities.size() == 1 ? "entity bean " : "entity beans ")
                + String.join(", ", client.entities) + " across the WAN (" + client.calls.size()
                + (client.calls.size() == 1 ? " call, " : " calls, ") + Estimates.roundTrips(before)
                + "); move the use case into a session façade next to the entities: " + after.formula();
        sink.report(new Finding(DESCRIPTOR.id(), DESCRIPTOR.defaultSeverity(), msg, ctx.locationOf(first.edge()),
                eps.stream().map(EntryPoint::id).toList(),
                Evidence.chain(ctx, firstEp, first, client.calls),
                before, after, "remote-client:" + method.shortId()), e -> FacadePatch.of(ctx, e).effect());
    }

    private static boolean isEntityBean(Component c) {
        return c.kind() == ComponentKind.ENTITY_BMP || c.kind() == ComponentKind.ENTITY_CMP;
    }

    private void useCase(RuleContext ctx, EntryPoint ep, FindingSink sink) {
        RequestReach reach = ctx.reach(ep, ReachScope.CALLER_TIER);
        List<ReachedCall> invocations = new ArrayList<>();
        Set<String> entities = new LinkedHashSet<>();
        Set<String> sessions = new LinkedHashSet<>();
        for (ReachedCall rc : reach.calls()) {
            if (!rc.edge().kind().isEjb() || rc.edge().op() == CallOp.LOOKUP) continue;
            if (ctx.component(rc.callerComponent()).map(c -> c.kind().isEjb()).orElse(false)) continue;
            Optional<Component> target = ctx.targetOf(rc.edge());
            if (target.isEmpty()) continue;
            if (isEntityBean(target.get())) entities.add(target.get().name());
            else if (target.get().kind().isSession()) sessions.add(target.get().name());
            else continue;
            invocations.add(rc);
        }
        if (entities.isEmpty() && sessions.size() < 2) return;
        // Calls that cross no site (local views share their caller's JVM) claim no WAN cost: not a finding.
        if (invocations.stream().noneMatch(ctx::crossesSites)) return;
        ReachedCall first = invocations.get(0);
        var before = ctx.oracle().estimate(ep).roundTrips();
        var after = FacadePatch.of(ctx, ep).after(ctx, ep);
        List<String> parts = new ArrayList<>();
        if (!entities.isEmpty()) parts.add((entities.size() == 1 ? "entity bean " : "entity beans ") + String.join(", ", entities));
        if (sessions.size() >= 2 || !entities.isEmpty() && !sessions.isEmpty()) {
            parts.add(sessions.size() + (sessions.size() == 1 ? " session bean " : " session beans ") + String.join(", ", sessions));
        }
        String msg = ep.id() + " assembles its use case in the web tier from " + String.join(" and ", parts)
                + " (" + invocations.size() + (invocations.size() == 1 ? " call" : " calls") + ", "
                + Estimates.roundTrips(before) + "); one call to a new session façade makes it " + after.formula();
        sink.report(new Finding(DESCRIPTOR.id(), DESCRIPTOR.defaultSeverity(), msg, ctx.locationOf(first.edge()),
                List.of(ep.id()), Evidence.chain(ctx, ep, first, invocations), before, after, "use-case:" + ep.id()),
                e -> FacadePatch.of(ctx, e).effect());
    }

    private Finding remoteView(RuleContext ctx, Component entity, List<EntryPoint> clients, ReachedCall firstCall) {
        SourceLocation declared = declaration(entity);
        FindingLocation at = new FindingLocation(declared.file(), declared.line(), entity.className(), null);
        RoundTrips before = RoundTrips.ZERO;
        RoundTrips after = RoundTrips.ZERO;
        for (EntryPoint ep : clients) {
            before = before.plus(ctx.oracle().estimate(ep).roundTrips());
            after = after.plus(FacadePatch.of(ctx, ep).after(ctx, ep));
        }
        Estimates.BeforeAfter figures = new Estimates.BeforeAfter(before, after, e -> FacadePatch.of(ctx, e).effect());
        String views = String.join(", ", remoteInterfaces(entity));
        String msg = "entity bean " + entity.name() + " exposes a remote view (" + views + ")"
                + (clients.isEmpty() ? "" : "; " + clients.size() + (clients.size() == 1 ? " entry point calls" : " entry points call")
                        + " it across the WAN (" + Estimates.roundTrips(figures.before()) + ")")
                + "; give it local interfaces only and serve remote clients through a session façade";
        List<EvidenceStep> evidence = new ArrayList<>();
        evidence.add(new EvidenceStep(declared.file(), declared.line(), entity.className(), null, null,
                "declares remote view " + views));
        if (firstCall != null) evidence.addAll(Evidence.chain(ctx, clients.get(0), firstCall));
        return new Finding(DESCRIPTOR.id(), DESCRIPTOR.defaultSeverity(), msg, at,
                clients.stream().map(EntryPoint::id).toList(), evidence, figures.before(), figures.after(),
                "remote-view:" + entity.name());
    }

    private static List<String> remoteInterfaces(Component c) {
        List<String> out = new ArrayList<>();
        if (c.interfaces().home() != null) out.add(Evidence.displayClass(c.interfaces().home()));
        if (c.interfaces().remote() != null) out.add(Evidence.displayClass(c.interfaces().remote()));
        for (String b : c.interfaces().remoteBusiness()) out.add(Evidence.displayClass(b));
        return out;
    }

    /** The descriptor element that declares the bean (the place to change), else its source. */
    static SourceLocation declaration(Component c) {
        return c.declaredIn().stream().filter(l -> l.file().endsWith(".xml")).findFirst()
                .or(() -> c.declaredIn().stream().findFirst())
                .orElse(SourceLocation.UNKNOWN);
    }
}
