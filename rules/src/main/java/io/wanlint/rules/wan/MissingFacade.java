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
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.EvidenceStep;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.analyzer.api.SourceLocation;
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

    @Override public java.util.Set<ReachScope> scopesWalkedFromEveryEntryPoint() { return java.util.Set.of(ReachScope.WHOLE_REQUEST); }

    @Override public boolean perEntryPoint() { return true; }

    @Override public void check(RuleContext ctx, FindingSink sink) {
        Map<String, List<EntryPoint>> remoteEntityClients = new LinkedHashMap<>();
        Map<String, ReachedCall> firstRemoteEntityCall = new LinkedHashMap<>();
        Map<MethodRef, SessionClient> sessionClients = new LinkedHashMap<>();
        Map<UseCaseCause, List<UseCase>> useCases = new LinkedHashMap<>();
        // The entity bean an EJB call (not a lookup) targets, once per call rather than per request reaching it.
        CallMemo<Optional<Component>> entityTargets = ctx.callMemo(e -> !e.kind().isEjb() || e.op() == CallOp.LOOKUP
                ? Optional.empty() : ctx.targetOf(e).filter(MissingFacade::isEntityBean));
        ctx.forEachEntryPoint(this, ep -> {
            Optional<UseCase> useCase = useCase(ctx, ep).filter(u -> !saidByWan001(ctx, u));
            useCase.ifPresent(u -> useCases.computeIfAbsent(u.cause(ctx), c -> new ArrayList<>()).add(u));
            boolean added = useCase.isPresent();
            RequestReach walk = ctx.reach(ep, ReachScope.WHOLE_REQUEST);
            for (int i = 0; i < walk.size(); i++) {
                Optional<Component> target = entityTargets.of(walk, i);
                if (target.isEmpty() || !ctx.crossesSites(walk, i)) continue;
                added = true;
                ReachedCall rc = walk.call(i);
                if (ctx.component(rc.callerComponent()).map(c -> c.kind().isSession()).orElse(false)) {
                    sessionClients.computeIfAbsent(rc.edge().from(), m -> new SessionClient()).add(ep, rc, target.get());
                }
                if (rc.edge().kind() != EdgeKind.REMOTE_EJB) continue;
                List<EntryPoint> eps = remoteEntityClients.computeIfAbsent(target.get().name(), n -> new ArrayList<>());
                if (!eps.contains(ep)) eps.add(ep);
                firstRemoteEntityCall.putIfAbsent(target.get().name(), rc);
            }
            return added;
        });
        useCases.values().forEach(same -> sink.report(useCaseFinding(ctx, same), e -> FacadePatch.of(ctx, e).effect()));
        sessionClients.forEach((method, client) -> sessionClient(ctx, method, client, sink));
        for (Component c : ctx.model().components()) {
            if (!isEntityBean(c) || !c.interfaces().hasRemoteView()) continue;
            List<EntryPoint> clients = remoteEntityClients.getOrDefault(c.name(), List.of());
            // Without a cross-site caller the remote view costs nothing today: a note where local views exist
            // to replace it (EJB 2.0 on), nothing on EJB 1.1, which has no other view to offer.
            if (clients.isEmpty() && !c.localViewsPossible()) continue;
            sink.report(remoteView(ctx, c, clients, firstRemoteEntityCall.get(c.name())), e -> FacadePatch.of(ctx, e).effect());
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
        // Only the requests in which its calls cost round trips: "across the WAN ... 0 round trips" is no finding.
        List<ReachedCall> calls = client.calls;
        List<EntryPoint> eps = client.firstByEntryPoint.keySet().stream()
                .filter(ep -> !Estimates.costOf(ctx, ep, calls.stream().map(ReachedCall::edge).toList()).isZero()).toList();
        if (eps.isEmpty()) return;
        Estimates.BeforeAfter figures = Estimates.ofEffects(ctx, eps, e -> FacadePatch.of(ctx, e).effect());
        EntryPoint worst = figures.worst();
        ReachedCall first = client.firstByEntryPoint.get(worst);
        Set<CallEdge> paid = Estimates.paid(ctx, worst);
        List<ReachedCall> counted = calls.stream().filter(rc -> paid.contains(rc.edge())).toList();
        RoundTrips cost = Estimates.costOf(ctx, worst, counted.stream().map(ReachedCall::edge).toList());
        String msg = Evidence.displayMethod(method) + " runs at " + ctx.siteOf(first.callerComponent()).orElse("?")
                + " and uses " + (client.entities.size() == 1 ? "entity bean " : "entity beans ")
                + String.join(", ", client.entities) + " across the WAN (" + counted.size()
                + (counted.size() == 1 ? " call, " : " calls, ") + Estimates.roundTrips(cost) + " of "
                + figures.perRequest() + ")"
                + (figures.saves() ? "; move the use case into a session façade next to the entities: " + figures.after().formula()
                        : "; no WAN saving: a session façade next to the entities would not make the request cheaper");
        sink.report(new Finding(DESCRIPTOR.id(), DESCRIPTOR.defaultSeverity(), msg, ctx.locationOf(first.edge()),
                eps.stream().map(EntryPoint::id).toList(),
                Evidence.chain(ctx, worst, first, counted.isEmpty() ? calls : counted),
                figures.before(), figures.after(), new FindingSubject.RemoteClient(method)), figures.patch());
    }

    private static boolean isEntityBean(Component c) {
        return c.kind() == ComponentKind.ENTITY_BMP || c.kind() == ComponentKind.ENTITY_CMP;
    }

    /** The EJB calls a web request makes for one use case: from entity beans, or from several session beans. */
    private record UseCase(EntryPoint ep, List<ReachedCall> invocations, Set<String> entities, Set<String> sessions) {
        UseCaseCause cause(RuleContext ctx) {
            Set<CallEdge> calls = new LinkedHashSet<>();
            invocations.forEach(rc -> calls.add(rc.edge()));
            return new UseCaseCause(ctx.locationOf(invocations.get(0).edge()), calls);
        }
    }

    /** One place, one set of calls: the web requests that make them (GET/POST twins, pages sharing a helper) are one finding. */
    private record UseCaseCause(FindingLocation at, Set<CallEdge> calls) {}

    /** A web-tier call on an entity or session bean (lookups aside). */
    private static boolean useCaseCall(RuleContext ctx, ReachedCall rc) {
        if (!rc.edge().kind().isEjb() || rc.edge().op() == CallOp.LOOKUP) return false;
        if (ctx.component(rc.callerComponent()).map(c -> c.kind().isEjb()).orElse(false)) return false;
        Optional<Component> target = ctx.targetOf(rc.edge());
        return target.isPresent() && (isEntityBean(target.get()) || target.get().kind().isSession());
    }

    /**
     * The use case a web request assembles in the web tier, when its calls cost round trips (one
     * whose calls cost none under the topology claims no WAN cost: not reported).
     */
    private static Optional<UseCase> useCase(RuleContext ctx, EntryPoint ep) {
        if (!ctx.isWebEntryPoint(ep)) return Optional.empty();
        RequestReach reach = ctx.reach(ep, ReachScope.CALLER_TIER);
        List<ReachedCall> invocations = new ArrayList<>();
        Set<String> entities = new LinkedHashSet<>();
        Set<String> sessions = new LinkedHashSet<>();
        // Calls in exclusive arms (one command per request) are not one use case: one request's path.
        for (ReachedCall rc : reach.onOnePath(rc -> useCaseCall(ctx, rc))) {
            Component target = ctx.targetOf(rc.edge()).orElseThrow();
            if (isEntityBean(target)) entities.add(target.name());
            else sessions.add(target.name());
            invocations.add(rc);
        }
        if (entities.isEmpty() && sessions.size() < 2) return Optional.empty();
        // Calls that cross no site (local views share their caller's JVM) claim no WAN cost: not a finding.
        if (invocations.stream().noneMatch(ctx::crossesSites)) return Optional.empty();
        if (Estimates.costOf(ctx, ep, invocations.stream().map(ReachedCall::edge).toList()).isZero()) return Optional.empty();
        return Optional.of(new UseCase(ep, invocations, entities, sessions));
    }

    /**
     * Whether WAN001 reports this very request with the same calls (those of the use case that cost
     * round trips, less the session-home {@code create()} calls WAN001 leaves to WAN006): then the
     * two findings would say one thing twice, with the same figures and the same façade. WAN001's is
     * kept — its page defines exactly that shape, and its fingerprint is the one baselines hold.
     */
    private static boolean saidByWan001(RuleContext ctx, UseCase u) {
        if (!ctx.runs("WAN001")) return false;
        Optional<Set<CallEdge>> wan001 = RemoteFineGrainedCall.reportedCalls(ctx, u.ep());
        if (wan001.isEmpty()) return false;
        Set<CallEdge> paid = Estimates.paid(ctx, u.ep());
        Set<CallEdge> mine = new LinkedHashSet<>();
        for (ReachedCall rc : u.invocations()) {
            CallEdge e = rc.edge();
            if (paid.contains(e) && RemoteFineGrainedCall.isBusinessInvocation(e, ctx.targetOf(e))) mine.add(e);
        }
        return mine.equals(wan001.get());
    }

    /**
     * {@code ; the web tier assembles this use case from entity beans A, B} when WAN002's use case for
     * the request is the one WAN001 reports (so WAN001's finding says it too); empty otherwise.
     */
    static String saidInstead(RuleContext ctx, EntryPoint ep) {
        if (!ctx.runs("WAN002")) return "";
        return useCase(ctx, ep).filter(u -> saidByWan001(ctx, u))
                .map(u -> "; the web tier assembles this use case from " + String.join(" and ", beans(u))).orElse("");
    }

    private static List<String> beans(UseCase u) {
        List<String> parts = new ArrayList<>();
        Set<String> entities = u.entities();
        Set<String> sessions = u.sessions();
        if (!entities.isEmpty()) parts.add((entities.size() == 1 ? "entity bean " : "entity beans ") + String.join(", ", entities));
        if (sessions.size() >= 2 || !entities.isEmpty() && !sessions.isEmpty()) {
            parts.add(sessions.size() + (sessions.size() == 1 ? " session bean " : " session beans ") + String.join(", ", sessions));
        }
        return parts;
    }

    /** The calls WAN002's use-case finding names for a request, when it reports one (for WAN007, which then says nothing more). */
    static Optional<Set<CallEdge>> reportedCalls(RuleContext ctx, EntryPoint ep) {
        if (!ctx.runs("WAN002")) return Optional.empty();
        return useCase(ctx, ep).filter(u -> !saidByWan001(ctx, u)).map(u -> u.cause(ctx).calls());
    }

    private Finding useCaseFinding(RuleContext ctx, List<UseCase> same) {
        List<EntryPoint> eps = same.stream().map(UseCase::ep).toList();
        Estimates.BeforeAfter figures = Estimates.ofEffects(ctx, eps, e -> FacadePatch.of(ctx, e).effect());
        UseCase u = same.get(eps.indexOf(figures.worst()));
        EntryPoint ep = u.ep();
        List<ReachedCall> invocations = u.invocations();
        ReachedCall first = invocations.get(0);
        Set<CallEdge> paid = Estimates.paid(ctx, ep);
        List<CallEdge> counted = invocations.stream().map(ReachedCall::edge).filter(paid::contains).toList();
        RoundTrips cost = Estimates.costOf(ctx, ep, counted);
        List<String> parts = beans(u);
        String who = eps.size() == 1 ? ep.id() + " assembles its" : eps.get(0).id() + " and " + (eps.size() - 1)
                + (eps.size() == 2 ? " other entry point assemble their" : " other entry points assemble their");
        String msg = who + " use case in the web tier from " + String.join(" and ", parts)
                + " (" + invocations.size() + (invocations.size() == 1 ? " call" : " calls") + "; "
                + (counted.size() == invocations.size() ? (counted.size() == 1 ? "it costs " : "they cost ")
                        : counted.size() + (counted.size() == 1 ? " of them costs " : " of them cost "))
                + cost.formula() + " of " + figures.perRequest() + ")"
                + NPlusOneFinder.named(ctx, invocations)
                + (figures.saves() ? "; one call to a new session façade makes it " + figures.after().formula()
                        : "; no WAN saving: one call to a session façade would not make the request cheaper");
        return new Finding(DESCRIPTOR.id(), DESCRIPTOR.defaultSeverity(), msg, ctx.locationOf(first.edge()),
                eps.stream().map(EntryPoint::id).toList(), Evidence.chain(ctx, ep, first, invocations),
                figures.before(), figures.after(), new FindingSubject.UseCase(same.get(0).ep().keyId()));
    }

    private Finding remoteView(RuleContext ctx, Component entity, List<EntryPoint> clients, ReachedCall firstCall) {
        SourceLocation declared = declaration(entity);
        FindingLocation at = new FindingLocation(declared.file(), declared.line(), entity.className(), null);
        Estimates.BeforeAfter figures = Estimates.ofEffects(ctx, clients, e -> FacadePatch.of(ctx, e).effect());
        String views = String.join(", ", remoteInterfaces(entity));
        String msg = "entity bean " + entity.name() + " exposes a remote view (" + views + ")" + (clients.isEmpty()
                ? " that no entry point calls across sites under topology " + ctx.oracle().topologyName()
                        + "; give it local interfaces only, so that no client can make its fine-grained calls WAN round trips"
                : "; " + clients.size() + (clients.size() == 1 ? " entry point calls" : " entry points call")
                        + " it across the WAN (" + figures.perRequest() + ")"
                        + (entity.localViewsPossible()
                                ? "; give it local interfaces only and serve remote clients through a session façade"
                                : "; serve its remote clients through a session façade next to it (EJB 1.1 has no local interfaces)"));
        List<EvidenceStep> evidence = new ArrayList<>();
        evidence.add(new EvidenceStep(declared.file(), declared.line(), entity.className(), null, null,
                "declares remote view " + views));
        if (firstCall != null) evidence.addAll(Evidence.chain(ctx, clients.get(0), firstCall));
        return new Finding(DESCRIPTOR.id(), clients.isEmpty() ? Severity.NOTE : DESCRIPTOR.defaultSeverity(), msg, at,
                clients.stream().map(EntryPoint::id).toList(), evidence, figures.before(), figures.after(),
                new FindingSubject.EntityRemoteView(entity.name()));
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
