package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.AnalyzedFile;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
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
        Set<MethodRef> localWriters = new java.util.HashSet<>();
        for (StateFact f : facts) {
            if (f.kind() == StateKind.BEAN_FIELD_WRITE || f.kind() == StateKind.STATIC_FIELD_WRITE) localWriters.add(f.method());
        }
        byMethod.values().removeIf(timers -> refreshesOnlyItsNode(ctx, jobs(ctx, timers), localWriters));
        List<String> singletonDeployments = singletonDeploymentRoots(ctx);
        byMethod.values().removeIf(timers -> singletonDeployments.stream().anyMatch(root -> timers.get(0).location().file().startsWith(root)));
        if (byMethod.isEmpty()) return;
        String fix = fix(servers(ctx));
        byMethod.forEach((method, timers) -> sink.report(finding(ctx, method, timers, startedFrom.get(method), fix)));
    }

    /**
     * The methods a timer runs when it fires: an automatic timer's own method, a {@code TimerService}
     * timer's {@code @Timeout}/{@code ejbTimeout} methods of its bean; empty for a {@code java.util.Timer}
     * or an executor (the task handed to it is not followed), which is then reported as before.
     */
    private static Set<MethodRef> jobs(RuleContext ctx, List<StateFact> timers) {
        Set<MethodRef> out = new java.util.LinkedHashSet<>();
        for (StateFact t : timers) {
            if (AUTOMATIC.contains(t.member())) {
                out.add(t.method());
            } else if (t.member().startsWith("TimerConfig")) {
                for (EntryPoint ep : ctx.entryPoints()) {
                    if (ep.kind() == EntryPoint.Kind.TIMER && ep.method().className().equals(t.method().className())) out.add(ep.method());
                }
            } else {
                return Set.of();
            }
        }
        return out;
    }

    /**
     * Whether every job only refreshes what its node keeps for itself — the hazard is a side effect
     * repeated once per node, and a node's own cache has to be refreshed on each node: the jobs (and
     * the application code they call) read shared data (JDBC queries, JPA finds and queries, entity
     * finders and getters) and write fields of their own, or are named as cache refreshes, and
     * nowhere write to the database, send JMS or mail, call an external service or a remote bean.
     */
    private static boolean refreshesOnlyItsNode(RuleContext ctx, Set<MethodRef> jobs, Set<MethodRef> localWriters) {
        if (jobs.isEmpty()) return false;
        for (MethodRef job : jobs) {
            boolean reads = false;
            boolean writesOwnState = false;
            Set<MethodRef> seen = new java.util.HashSet<>();
            Deque<MethodRef> work = new ArrayDeque<>(List.of(job));
            while (!work.isEmpty()) {
                MethodRef m = work.poll();
                if (!seen.add(m)) continue;
                if (localWriters.contains(m)) writesOwnState = true;
                for (CallEdge e : ctx.graph().outgoing(m)) {
                    switch (effect(e)) {
                        case SIDE_EFFECT -> { return false; }
                        case READ -> reads = true;
                        case FOLLOW -> work.add(e.to());
                        case NONE -> { }
                    }
                }
            }
            boolean namedRefresh = CACHE_REFRESH.matcher(job.name()).matches();
            if (!(namedRefresh || (reads && writesOwnState))) return false;
        }
        return true;
    }

    /** A job method named as refreshing (reloading, clearing…) a cache. */
    private static final java.util.regex.Pattern CACHE_REFRESH = java.util.regex.Pattern.compile(
            "(?i)(refresh|reload|update|clear|evict|expire|invalidate|rebuild|load)\\w*cache\\w*");

    private enum Effect { SIDE_EFFECT, READ, FOLLOW, NONE }

    private static Effect effect(CallEdge e) {
        switch (e.kind()) {
            case JMS_SEND, HTTP_EXTERNAL, SOCKET, MAIL, RMI, REMOTE_EJB: return Effect.SIDE_EFFECT;
            case LOCAL, LOCAL_EJB: break;
            case JNDI_LOOKUP: return Effect.NONE;
            default: break;
        }
        return switch (e.op()) {
            case JPA_PERSIST, JPA_MERGE, JPA_REMOVE, JPA_BULK_UPDATE, ENTITY_SET, ENTITY_UPDATE, HOME_CREATE, HOME_REMOVE,
                 REMOVE, JDBC_COMMIT, JMS_SEND, HTTP_REQUEST, SOAP_CALL, SOCKET_IO, MAIL_SEND, RMI_CALL -> Effect.SIDE_EFFECT;
            case JDBC_EXECUTE -> JdbcStatements.onlyReads(e) ? Effect.READ : Effect.SIDE_EFFECT;
            case JPA_FIND, JPA_QUERY, HOME_FIND, ENTITY_GET, JDBC_RESULT_NEXT -> Effect.READ;
            default -> e.kind() == EdgeKind.LOCAL || e.kind() == EdgeKind.LOCAL_EJB ? Effect.FOLLOW : Effect.NONE;
        };
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

    /**
     * Where the deployments WildFly/JBoss EAP runs on one node of the cluster at a time start (their
     * {@code META-INF/singleton-deployment.xml}): the path before {@code META-INF/}, without the
     * source layout's {@code src/main/webapp/} or {@code src/main/resources/}. Their timers fire on
     * the one node the deployment runs on.
     */
    private static List<String> singletonDeploymentRoots(RuleContext ctx) {
        List<String> out = new ArrayList<>();
        for (AnalyzedFile f : ctx.analysis().files()) {
            String path = f.path().replace('\\', '/');
            if (f.kind() != AnalyzedFile.Kind.DESCRIPTOR || !(path.equals(SINGLETON_DEPLOYMENT) || path.endsWith("/" + SINGLETON_DEPLOYMENT)
                    || path.endsWith("!/" + SINGLETON_DEPLOYMENT))) continue;
            String root = path.substring(0, path.length() - SINGLETON_DEPLOYMENT.length());
            for (String layout : List.of("src/main/webapp/", "src/main/resources/")) {
                if (root.endsWith(layout)) root = root.substring(0, root.length() - layout.length());
            }
            out.add(root);
        }
        return out;
    }

    private static final String SINGLETON_DEPLOYMENT = "META-INF/singleton-deployment.xml";

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
