package io.wanlint.rules.api;

import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.api.Tier;
import io.wanlint.analyzer.api.TransactionScopes;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a rule reads: the analysis, the round-trip oracle, the thresholds, and walks of the call
 * graph from entry points (computed once per entry point and scope, shared by all rules).
 */
public final class RuleContext {
    private final AnalysisResult analysis;
    private final RoundTripOracle oracle;
    private final RuleSettings settings;
    private final Map<ReachKey, RequestReach> reaches = new ConcurrentHashMap<>();
    private final Map<String, Optional<String>> sites = new ConcurrentHashMap<>();
    private final Map<String, Optional<String>> ownerSites = new ConcurrentHashMap<>();

    private record ReachKey(EntryPoint entryPoint, ReachScope scope) {}

    public RuleContext(AnalysisResult analysis, RoundTripOracle oracle, RuleSettings settings) {
        this.analysis = Objects.requireNonNull(analysis, "analysis");
        this.oracle = Objects.requireNonNull(oracle, "oracle");
        this.settings = settings == null ? RuleSettings.DEFAULTS : settings;
    }

    public AnalysisResult analysis() { return analysis; }

    public RoundTripOracle oracle() { return oracle; }

    public RuleSettings settings() { return settings; }

    public CallGraph graph() { return analysis.callGraph(); }

    public ComponentModel model() { return analysis.model(); }

    public TransactionScopes transactions() { return analysis.transactions(); }

    public List<EntryPoint> entryPoints() { return graph().entryPoints(); }

    /**
     * Computes, on the common pool's threads, what the rules ask of every entry point: its walks,
     * its transaction contexts and its standard estimate (the run needs them all: the engine
     * predicts every entry point after the patches). Each is a pure function of the entry point,
     * memoised in a concurrent map, so the rules, which then run one after the other, read the
     * same values whatever order they were computed in. Needs a {@linkplain RoundTripOracle#threadSafe()
     * thread-safe} oracle and the analysis's own (thread-safe) transaction scopes.
     */
    void precomputeInParallel() {
        entryPoints().parallelStream().forEach(ep -> {
            try {
                // The estimate asks for the transaction contexts itself when it meets entity calls.
                oracle.estimate(ep);
                RequestReach whole = reach(ep, ReachScope.WHOLE_REQUEST);
                if (isWebEntryPoint(ep)) reach(ep, ReachScope.CALLER_TIER);
                // Calls that may leave the site are the ones whose transaction contexts rules ask for.
                if (whole.calls().stream().anyMatch(rc -> mayLeaveSite(rc.edge()))) {
                    transactions().contextsOfMethod(ep, ep.method());
                }
            } catch (RuntimeException e) {
                // Nothing is lost: the rule that asks for it meets the same failure and reports it.
            }
        });
    }

    private static boolean mayLeaveSite(CallEdge edge) {
        return edge.kind().isExternal() || edge.kind() == EdgeKind.REMOTE_EJB;
    }

    /** The calls {@code entryPoint} reaches within {@code scope}. */
    public RequestReach reach(EntryPoint entryPoint, ReachScope scope) {
        return reaches.computeIfAbsent(new ReachKey(entryPoint, scope),
                k -> RequestReach.walk(k.entryPoint(), graph(), model(), k.scope()));
    }

    public Optional<Component> component(String name) {
        return name == null ? Optional.empty() : model().byName(name);
    }

    /** The site of a component by name, or empty when the component is unknown. */
    public Optional<String> siteOf(String componentName) {
        if (componentName == null) return Optional.empty();
        return sites.computeIfAbsent(componentName, n -> model().byName(n).map(oracle::siteOf));
    }

    /** The component an EJB call targets: the edge's target, or the owner of the called interface. */
    public Optional<Component> targetOf(CallEdge edge) {
        return component(edge.targetComponent()).or(() -> model().owning(edge.to().className()));
    }

    /** Whether an EJB call (or a lookup of an EJB home) goes from one site to another. */
    public boolean crossesSites(ReachedCall call) {
        Optional<String> from = siteOf(call.callerComponent());
        if (from.isEmpty()) return false;
        Optional<String> to = siteOfTarget(call.edge());
        return to.isPresent() && !from.get().equals(to.get());
    }

    /** {@code targetOf(edge).map(oracle::siteOf)}, memoised by component and by called type (rules ask it of every call). */
    private Optional<String> siteOfTarget(CallEdge edge) {
        String named = edge.targetComponent();
        if (named != null && model().byName(named).isPresent()) return siteOf(named);
        return ownerSites.computeIfAbsent(edge.to().className(), c -> model().owning(c).map(oracle::siteOf));
    }

    /** Entry points whose request comes from a browser through the web tier. */
    public boolean isWebEntryPoint(EntryPoint ep) {
        return switch (ep.kind()) {
            case SERVLET, JSP, FILTER, JAX_RS, LISTENER -> true;
            default -> component(ep.component()).map(c -> c.tier() == Tier.WEB).orElse(false);
        };
    }

    /** Where a call is written: its own file, or the file of the method making it. */
    public FindingLocation locationOf(CallEdge edge) {
        String file = edge.location().file();
        if (file.isEmpty()) file = declarationOf(edge.from()).file();
        return new FindingLocation(file, edge.line(), edge.from().className(), edge.from().name());
    }

    /** Where a method is declared ({@link SourceLocation#UNKNOWN} when the graph does not say). */
    public SourceLocation declarationOf(MethodRef method) {
        return graph().node(method).map(MethodNode::location).orElse(SourceLocation.UNKNOWN);
    }
}
