package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.AnalyzedFile;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EvidenceStep;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.analyzer.api.SourceFacts.StateFact;
import io.wanlint.analyzer.api.SourceFacts.StateKind;
import io.wanlint.analyzer.vendor.ContainerVendor;
import io.wanlint.analyzer.vendor.Jboss;
import io.wanlint.analyzer.vendor.Openejb;
import io.wanlint.analyzer.vendor.Weblogic;
import io.wanlint.analyzer.vendor.Websphere;
import io.wanlint.rules.api.FindingSink;
import io.wanlint.rules.api.Rule;
import io.wanlint.rules.api.RuleContext;
import io.wanlint.rules.api.RuleDescriptors;
import io.wanlint.rules.api.RuleInfo;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * WAN014: timers every server of a cluster starts by itself, so that each node fires them: EJB
 * automatic timers declared {@code @Schedule(persistent = false)}, and {@code TimerService} timers
 * made with a non-persistent {@code TimerConfig}, {@code java.util.Timer}s or scheduled executors
 * made at start-up (in a listener's {@code contextInitialized}, a servlet's {@code init}, a
 * {@code @Startup} singleton's {@code @PostConstruct}, or code they call). Persistent EJB timers
 * are kept in the server's timer store; on a cluster sharing that store one node fires each. A
 * timer made while serving a request is not reported (it is not every node's).
 * One finding per method starting timers; the fix names what the vendor descriptors the
 * application ships for support.
 */
@RuleInfo(id = "WAN014", name = "timer-on-every-node", severity = Severity.WARNING,
        summary = "Non-persistent EJB timer, or a Timer/scheduled executor started at start-up: every cluster node fires it",
        since = "0.1.0", tags = {"reliability", "clustering", "timers"})
public final class TimerOnEveryNode implements Rule {
    private static final RuleDescriptor DESCRIPTOR = RuleDescriptors.of(TimerOnEveryNode.class);
    /** The flavour reported wherever it is: the container starts automatic timers on every node. */
    private static final Set<String> AUTOMATIC = Set.of("@Schedule(persistent = false)");

    @Override public RuleDescriptor descriptor() { return DESCRIPTOR; }

    @Override public void check(RuleContext ctx, FindingSink sink) {
        List<StateFact> facts = ctx.graph().facts().clusterState();
        if (facts.isEmpty()) return;
        Map<MethodRef, MethodRef> startedFrom = startupReach(ctx, facts);
        Set<String> testCode = ctx.graph().facts().testCode();
        Map<MethodRef, List<StateFact>> byMethod = new LinkedHashMap<>();
        for (StateFact f : facts) {
            if (f.kind() != StateKind.TIMER || testCode.contains(f.method().className())) continue;
            if (AUTOMATIC.contains(f.member()) || startedFrom.containsKey(f.method())) {
                byMethod.computeIfAbsent(f.method(), m -> new ArrayList<>()).add(f);
            }
        }
        if (byMethod.isEmpty()) return;
        String fix = fix(servers(ctx));
        byMethod.forEach((method, timers) -> sink.report(finding(ctx, method, timers, startedFrom.get(method), fix)));
    }

    /** Every method a start-up method runs (itself included), to the start-up method that runs it. */
    private static Map<MethodRef, MethodRef> startupReach(RuleContext ctx, List<StateFact> facts) {
        Map<MethodRef, MethodRef> out = new LinkedHashMap<>();
        for (StateFact f : facts) {
            if (f.kind() != StateKind.STARTUP) continue;
            Deque<MethodRef> work = new ArrayDeque<>(List.of(f.method()));
            while (!work.isEmpty()) {
                MethodRef m = work.poll();
                if (out.putIfAbsent(m, f.method()) != null) continue;
                for (CallEdge e : ctx.graph().outgoing(m)) {
                    if (e.kind() == EdgeKind.LOCAL || e.kind() == EdgeKind.LOCAL_EJB) work.add(e.to());
                }
            }
        }
        return out;
    }

    /** The vendors whose descriptors the application ships (by root element, as ingest reads them). */
    private static List<ContainerVendor> servers(RuleContext ctx) {
        return ContainerVendor.deployedOn(ctx.analysis().files());
    }

    /** What the servers the application ships descriptors for offer, or the portable advice alone. */
    private static String fix(List<ContainerVendor> servers) {
        List<String> ways = new ArrayList<>();
        if (servers.stream().anyMatch(v -> v instanceof Jboss)) {
            ways.add("JBoss: persistent EJB timers in a shared database timer store, or an HA singleton service");
        }
        if (servers.stream().anyMatch(v -> v instanceof Weblogic)) {
            ways.add("WebLogic: clustered EJB timers (weblogic-ejb-jar.xml timer-implementation Clustered, backed by the job scheduler)");
        }
        if (servers.stream().anyMatch(v -> v instanceof Websphere)) {
            ways.add("WebSphere: persistent EJB timers in the scheduler's shared database");
        }
        if (servers.stream().anyMatch(v -> v instanceof Openejb)) {
            ways.add("OpenEJB/TomEE: persistent EJB timers with a shared Quartz job store");
        }
        String portable = "Make it a persistent EJB timer with a timer store the nodes share (one node fires each timeout), or run it in a cluster singleton";
        return ways.isEmpty() ? portable : portable + " (" + String.join("; ", ways) + ")";
    }

    private static Finding finding(RuleContext ctx, MethodRef method, List<StateFact> timers, MethodRef startup, String fix) {
        StateFact first = timers.get(0);
        boolean automatic = AUTOMATIC.contains(first.member());
        String started = automatic ? "declares " : "starts ";
        String how = String.join(", ", timers.stream().map(StateFact::what).distinct().toList());
        String where = automatic ? "" : " at start-up" + (startup == null || startup.equals(method) ? ""
                : " (called from " + Evidence.displayMethod(startup) + ")");
        String msg = Evidence.displayMethod(method) + " " + started + (automatic ? "a non-persistent timer (" : "a timer (") + how + ")" + where
                + ": every server of a cluster runs it, so the job runs once per node instead of once. " + fix;
        List<EvidenceStep> evidence = new ArrayList<>();
        if (startup != null && !startup.equals(method)) {
            var at = ctx.declarationOf(startup);
            evidence.add(new EvidenceStep(at.file(), at.line(), startup.className(), startup.name(), null, "runs at start-up on every node"));
        }
        for (StateFact t : timers) {
            evidence.add(new EvidenceStep(t.location().file(), t.location().line(), method.className(), method.name(), null, t.what()));
        }
        return new Finding(DESCRIPTOR.id(), DESCRIPTOR.defaultSeverity(), msg,
                new FindingLocation(first.location().file(), first.location().line(), method.className(), method.name()),
                List.of(), evidence, RoundTrips.ZERO, RoundTrips.ZERO, new FindingSubject.Method(method));
    }
}
