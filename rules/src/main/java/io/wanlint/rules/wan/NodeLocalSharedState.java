package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.ComponentKind;
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
import io.wanlint.rules.api.FindingSink;
import io.wanlint.rules.api.RuleContext;
import io.wanlint.rules.api.RuleDescriptors;
import io.wanlint.rules.api.RuleInfo;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * WAN013: state every server of a cluster holds its own copy of, written while serving requests:
 * static fields (assigned, or collections, maps and atomic values mutated through them), the
 * fields of singleton session beans, and {@code ServletContext} attributes. Counters count per
 * node, caches go stale on the nodes that did not see a change, id generators hand out the same
 * ids twice; under a distributed JVM the {@code synchronized} blocks guarding them become
 * cluster-wide locks. A write counts when a request (not a timer's job) executes its method and the method is not
 * only a container callback or a start-up method (the same on every node), nor fills a cache of
 * JNDI lookups (each node must look up its own). Lazy initialisations of a static field are not
 * writes ({@link StateKind#STATIC_FIELD_WRITE}), and a map filled when a key is missing counts only
 * when its method reads the application's data (a cache, not a registry the node makes for itself). One finding per
 * method writing shared state first, listing the states it writes, their writers and readers (the states a request
 * handler touches together are one cause and one fix).
 */
@RuleInfo(id = "WAN013", name = "node-local-shared-state", severity = Severity.WARNING,
        summary = "Static field, singleton bean field or ServletContext attribute written while serving requests: one copy per cluster node",
        since = "0.1.0", tags = {"reliability", "clustering", "concurrency"})
public final class NodeLocalSharedState implements AsksRequestsReaching {
    private static final RuleDescriptor DESCRIPTOR = RuleDescriptors.of(NodeLocalSharedState.class);
    private static final String CONTEXT = "ServletContext";
    /** Methods the container calls on an instance it makes: once per instance on every node alike. */
    private static final Set<String> LIFECYCLE = Set.of("<clinit>", "ejbPostCreate", "ejbActivate", "ejbPassivate", "ejbRemove",
            "setSessionContext", "setEntityContext", "setMessageDrivenContext", "unsetEntityContext");

    /**
     * Objects of one request: a static field holding one is a thread-safety bug of that request (the
     * next request overwrites it on the same node), not state the nodes of a cluster should agree on.
     */
    private static final Set<String> REQUEST_OBJECTS = Set.of("ServletOutputStream", "ServletResponse", "HttpServletResponse",
            "ServletRequest", "HttpServletRequest", "AsyncContext");

    @Override public RuleDescriptor descriptor() { return DESCRIPTOR; }

    /** The writes and reads of one piece of shared state. */
    private record Shared(String owner, String member, List<StateFact> writes, List<StateFact> reads) {}

    @Override public void check(RuleContext ctx, FindingSink sink) {
        List<StateFact> facts = ctx.graph().facts().clusterState();
        if (facts.isEmpty()) return;
        Set<MethodRef> startup = new HashSet<>();
        for (StateFact f : facts) if (f.kind() == StateKind.STARTUP) startup.add(f.method());
        Set<String> testCode = ctx.graph().facts().testCode();
        Map<String, Shared> shared = new LinkedHashMap<>();
        for (StateFact f : facts) {
            if (testCode.contains(f.method().className())) continue;
            switch (f.kind()) {
                case STATIC_FIELD_WRITE -> entry(shared, f.method().className(), f.member()).writes().add(f);
                case STATIC_FIELD_READ -> entry(shared, f.method().className(), f.member()).reads().add(f);
                case BEAN_FIELD_WRITE -> {
                    boolean singleton = ctx.model().byClass(f.method().className())
                            .map(c -> c.kind() == ComponentKind.SINGLETON_SESSION).orElse(false);
                    if (singleton) entry(shared, f.method().className(), f.member()).writes().add(f);
                }
                case CONTEXT_ATTRIBUTE_WRITE -> entry(shared, CONTEXT, f.member()).writes().add(f);
                case CONTEXT_ATTRIBUTE_READ -> entry(shared, CONTEXT, f.member()).reads().add(f);
                default -> { }
            }
        }
        RequestsReaching reaching = RequestsReaching.of(ctx);
        // One finding per method: the states one method writes are one cause, said once.
        Map<MethodRef, List<Written>> byMethod = new LinkedHashMap<>();
        for (Shared s : shared.values()) {
            if (holdsARequestObject(s)) continue;
            List<StateFact> served = new ArrayList<>();
            Set<EntryPoint> eps = new LinkedHashSet<>();
            for (StateFact w : s.writes()) {
                if (w.relatedLine() > 0 && !loadsData(ctx, w.method())) continue;
                List<EntryPoint> requests = requestsWriting(ctx, reaching, w.method(), startup);
                if (requests.isEmpty()) continue;
                served.add(w);
                eps.addAll(requests);
            }
            if (served.isEmpty()) continue;
            byMethod.computeIfAbsent(served.get(0).method(), m -> new ArrayList<>()).add(new Written(s, served, eps));
        }
        for (List<Written> states : byMethod.values()) sink.report(finding(ctx, states));
    }

    private static boolean holdsARequestObject(Shared s) {
        for (StateFact w : s.writes()) {
            String type = w.type();
            String simple = type.substring(type.lastIndexOf('.') + 1);
            boolean servletApi = !type.contains(".") || type.startsWith("javax.servlet.") || type.startsWith("jakarta.servlet.");
            if (!(servletApi && REQUEST_OBJECTS.contains(simple))) return false;
        }
        return !s.writes().isEmpty();
    }

    /** One shared state with the writes requests make and the requests making them. */
    private record Written(Shared state, List<StateFact> writes, Set<EntryPoint> requests) {}

    /**
     * Whether the method reads the application's data (JDBC, JPA, an EJB call): a map filled when a
     * key is missing is then a cache of shared data, which goes stale; without, it is a registry of
     * objects the node makes for itself (generators, validators, handles), alike on every node.
     */
    private static boolean loadsData(RuleContext ctx, MethodRef method) {
        for (CallEdge e : ctx.graph().outgoing(method)) {
            switch (e.kind()) {
                case JDBC, JPA -> { return true; }
                case LOCAL_EJB, REMOTE_EJB -> { if (e.op() != CallOp.LOOKUP) return true; }
                default -> { }
            }
        }
        return false;
    }

    private static Shared entry(Map<String, Shared> shared, String owner, String member) {
        return shared.computeIfAbsent(owner + "#" + member, k -> new Shared(owner, member, new ArrayList<>(), new ArrayList<>()));
    }

    /**
     * The requests executing a write's method, unless the method is only called by the container
     * (a lifecycle callback), runs at start-up, or looks up JNDI names (a service locator's cache).
     */
    private static List<EntryPoint> requestsWriting(RuleContext ctx, RequestsReaching reaching, MethodRef method, Set<MethodRef> startup) {
        if (startup.contains(method) || LIFECYCLE.contains(method.name()) || method.name().startsWith("ejbCreate")) return List.of();
        List<CallEdge> incoming = ctx.graph().incoming(method);
        if (!incoming.isEmpty() && incoming.stream().allMatch(e -> e.op() == CallOp.CONTAINER_CALLBACK)) return List.of();
        if (ctx.graph().outgoing(method).stream().anyMatch(e -> e.op() == CallOp.LOOKUP)) return List.of();
        List<EntryPoint> out = new ArrayList<>();
        for (EntryPoint ep : reaching.of(method)) {
            if (startup.contains(ep.method()) || ep.method().name().equals("contextDestroyed") || ep.method().name().equals("destroy")) continue;
            // a timer's job is not a request: where it runs is WAN014's matter
            if (ep.kind() == EntryPoint.Kind.TIMER) continue;
            out.add(ep);
        }
        return out;
    }

    /** What a state is, for the message: {@code the static field Hits.visits (long)}. */
    private static String describe(Shared s, List<StateFact> writes) {
        boolean context = s.owner().equals(CONTEXT);
        StateFact first = writes.get(0);
        boolean singleton = !context && first.kind() == StateKind.BEAN_FIELD_WRITE;
        return context ? "the ServletContext attribute \"" + s.member() + "\""
                : (singleton ? "the singleton bean field " : "the static field ") + Evidence.displayClass(s.owner()) + "." + s.member()
                        + (first.type().isEmpty() ? "" : " (" + Evidence.displayClass(first.type()) + ")");
    }

    /**
     * One finding for the states first written by one method, keyed by the first of them (the key it
     * had alone, so baselines still match): their writers, readers and requests together.
     */
    private static Finding finding(RuleContext ctx, List<Written> states) {
        Shared firstState = states.get(0).state();
        StateFact first = states.get(0).writes().get(0);
        List<String> whats = new ArrayList<>();
        Set<String> writers = new LinkedHashSet<>();
        Set<String> readers = new LinkedHashSet<>();
        Set<EntryPoint> eps = new LinkedHashSet<>();
        List<EvidenceStep> evidence = new ArrayList<>();
        List<EvidenceStep> readEvidence = new ArrayList<>();
        for (Written w : states) {
            whats.add(describe(w.state(), w.writes()));
            eps.addAll(w.requests());
            Set<MethodRef> writing = new HashSet<>();
            for (StateFact f : w.writes()) {
                writers.add(Evidence.displayMethod(f.method()));
                writing.add(f.method());
                evidence.add(new EvidenceStep(f.location().file(), f.location().line(), f.method().className(), f.method().name(), null,
                        "writes: " + f.what()));
            }
            // a writer reading what it writes (visits++, return ++next) is listed once, as a writer
            for (StateFact r : w.state().reads()) {
                if (writing.contains(r.method())) continue;
                readers.add(Evidence.displayMethod(r.method()));
                readEvidence.add(new EvidenceStep(r.location().file(), r.location().line(), r.method().className(), r.method().name(),
                        null, "reads: " + r.what()));
            }
        }
        evidence.addAll(readEvidence);
        String what = whats.size() == 1 ? whats.get(0)
                : String.join(", ", whats.subList(0, whats.size() - 1)) + " and " + whats.get(whats.size() - 1);
        String msg = what + (whats.size() == 1 ? " is" : " are") + " written while serving requests by " + String.join(", ", writers)
                + (readers.isEmpty() ? "" : " and read by " + String.join(", ", readers))
                + ": each server of a cluster holds its own copy, so nodes count, cache and hand out values independently"
                + " (and a distributed JVM turns the locks guarding " + (whats.size() == 1 ? "it" : "them") + " into cluster-wide locks)."
                + " Keep " + (whats.size() == 1 ? "it" : "them") + " in a cluster-wide store (JCache/Infinispan, the database) or in"
                + " per-request state";
        return new Finding(DESCRIPTOR.id(), DESCRIPTOR.defaultSeverity(), msg,
                new FindingLocation(first.location().file(), first.location().line(), first.method().className(), first.method().name()),
                eps.stream().map(EntryPoint::id).toList(), evidence, RoundTrips.ZERO, RoundTrips.ZERO,
                new FindingSubject.SharedState(firstState.owner(), firstState.member()));
    }
}
