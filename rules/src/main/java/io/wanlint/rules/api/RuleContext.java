package io.wanlint.rules.api;

import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.api.Tier;
import io.wanlint.analyzer.api.TransactionScopes;
import java.util.Collections;
import java.util.EnumMap;
import java.util.IdentityHashMap;
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
    /**
     * Walks per scope, by entry point identity: the rules ask for each entry point of the graph
     * once per rule, and hashing an entry point record on every ask showed up in profiles. A walk
     * depends on the entry point's value only, so an equal entry point that is another object
     * merely walks again.
     */
    private final Map<ReachScope, Map<EntryPoint, RequestReach>> reaches = new EnumMap<>(ReachScope.class);
    private final Map<String, Optional<String>> sites = new ConcurrentHashMap<>();
    /** The states every walk of this check passes through, with their calls (see {@link WalkStates}). */
    private volatile WalkStates states;
    private final Map<String, Optional<String>> ownerSites = new ConcurrentHashMap<>();
    /** Values derived from the analysis alone that several rules need, by kind (see {@link #derived}). */
    private final Map<Class<?>, Object> derived = new ConcurrentHashMap<>();

    /** Which rules run, for a rule that leaves to another what that one reports (WAN002 to WAN001). */
    private final java.util.function.Predicate<String> running;
    /** What {@link #forEachEntryPoint} may skip ({@link EntryPointReuse#NONE}: nothing). */
    private final EntryPointReuse reuse;
    /** Per rule id, the ids of the entry points whose {@link #forEachEntryPoint} step contributed. */
    private final Map<String, java.util.Set<String>> contributing = new ConcurrentHashMap<>();

    public RuleContext(AnalysisResult analysis, RoundTripOracle oracle, RuleSettings settings) {
        this(analysis, oracle, settings, id -> true);
    }

    /** @param running whether the rule with this id runs in this check */
    public RuleContext(AnalysisResult analysis, RoundTripOracle oracle, RuleSettings settings,
                       java.util.function.Predicate<String> running) {
        this(analysis, oracle, settings, running, EntryPointReuse.NONE);
    }

    /** @param reuse what the rules' per-entry-point steps may skip on this analysis */
    public RuleContext(AnalysisResult analysis, RoundTripOracle oracle, RuleSettings settings,
                       java.util.function.Predicate<String> running, EntryPointReuse reuse) {
        this.reuse = reuse == null ? EntryPointReuse.NONE : reuse;
        this.running = running == null ? id -> true : running;
        this.analysis = Objects.requireNonNull(analysis, "analysis");
        this.oracle = Objects.requireNonNull(oracle, "oracle");
        this.settings = settings == null ? RuleSettings.DEFAULTS : settings;
        this.states = new WalkStates(analysis.callGraph(), analysis.model());
        for (ReachScope scope : ReachScope.values()) {
            reaches.put(scope, Collections.synchronizedMap(new IdentityHashMap<>()));
        }
    }

    public AnalysisResult analysis() { return analysis; }

    /**
     * A value that depends on the analysis only, made once per check by the first rule that asks and
     * shared with the others (which wait for it rather than make it again): per-entry-point indexes
     * that three rules built each, or what WAN001 says about a request, which WAN002, WAN007 and
     * WAN003 ask again per entry point. {@code make} must not ask for another derived value.
     */
    public <T> T derived(Class<T> kind, java.util.function.Function<RuleContext, T> make) {
        return kind.cast(derived.computeIfAbsent(kind, k -> make.apply(this)));
    }

    public RoundTripOracle oracle() { return oracle; }

    public RuleSettings settings() { return settings; }

    /** Whether the rule {@code ruleId} runs in this check (and so reports what it finds). */
    public boolean runs(String ruleId) { return running.test(ruleId); }

    public CallGraph graph() { return analysis.callGraph(); }

    public ComponentModel model() { return analysis.model(); }

    public TransactionScopes transactions() { return analysis.transactions(); }

    public List<EntryPoint> entryPoints() { return graph().entryPoints(); }

    /**
     * Runs {@code step} for every entry point, in order, but those {@code rule}'s step may skip on this
     * analysis ({@link EntryPointReuse}); {@code step} tells whether it added anything to what the rule
     * reports (a finding, or to what later makes or shapes one). For a rule whose
     * {@link Rule#perEntryPoint} holds: the step must read only the entry point's own walks and
     * estimates, and what no body edit changes.
     */
    public void forEachEntryPoint(Rule rule, java.util.function.Predicate<EntryPoint> step) {
        String id = rule.id();
        java.util.Set<String> added = new java.util.HashSet<>();
        for (EntryPoint ep : entryPoints()) {
            if (reuse.skips(id, ep)) continue;
            if (step.test(ep)) added.add(ep.id());
        }
        contributing.merge(id, added, (a, b) -> {
            java.util.Set<String> both = new java.util.HashSet<>(a);
            both.addAll(b);
            return both;
        });
    }

    /** Whether {@code rule}'s step may skip {@code ep} here (the engine walks ahead only what some rule visits). */
    boolean skips(Rule rule, EntryPoint ep) { return reuse.skips(rule.id(), ep); }

    /** Per rule that went through {@link #forEachEntryPoint}, the ids of the entry points whose step contributed. */
    Map<String, java.util.Set<String>> contributing() { return Map.copyOf(contributing); }

    /** The calls {@code entryPoint} reaches within {@code scope}. */
    public RequestReach reach(EntryPoint entryPoint, ReachScope scope) {
        // Walked outside the map's lock, so that rules running in parallel do not wait for each other's
        // walks; two threads walking the same entry point get equal results and keep the first.
        Map<EntryPoint, RequestReach> cached = reaches.get(scope);
        RequestReach known = cached.get(entryPoint);
        if (known != null) return known;
        RequestReach walked = states.walk(entryPoint, scope);
        RequestReach first = cached.putIfAbsent(entryPoint, walked);
        return first == null ? walked : first;
    }

    /**
     * A memo of {@code answer} per call of this check's walks (see {@link CallMemo}), for a rule to keep
     * as a {@link #derived} value: the walks' numbering of calls is the one the memo keys on, so one made
     * after {@link #releaseWalks} starts afresh.
     */
    public <T> CallMemo<T> callMemo(java.util.function.Function<CallEdge, T> answer) {
        WalkStates numbering = states;
        return new CallMemo<>(answer, numbering, numbering.calls());
    }

    /**
     * Lays out ahead the states the walks from every entry point pass through (see
     * {@link WalkStates#compile}), for the engine to call once before it walks every entry point.
     */
    void compileWalks(List<EntryPoint> walked) {
        states.compile(walked);
    }

    /** Makes the walks' states of a share of the entry points, ahead of {@link #compileWalks} (see {@link WalkStates#make}). */
    void makeWalkStates(List<EntryPoint> share) {
        states.make(share);
    }

    /**
     * Forgets the walks, the states they shared and the derived values once the rules are done: on a
     * large application they are most of the heap after the call graph (one list of reached calls per
     * entry point and scope), and
     * what still runs after the rules — the patches' what-ifs, the report — rarely asks again. A later
     * ask walks again and gets an equal result.
     */
    void releaseWalks() {
        reaches.values().forEach(Map::clear);
        derived.clear();
        states = new WalkStates(analysis.callGraph(), analysis.model());
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
        return crossesSites(call.callerComponent(), call.edge());
    }

    /** {@link #crossesSites(ReachedCall)} of the {@code index}th call {@code walk} reaches. */
    public boolean crossesSites(RequestReach walk, int index) {
        return crossesSites(walk.callerComponent(index), walk.edge(index));
    }

    private boolean crossesSites(String callerComponent, CallEdge edge) {
        Optional<String> from = siteOf(callerComponent);
        if (from.isEmpty()) return false;
        Optional<String> to = siteOfTarget(edge);
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
            case SERVLET, JSP, FILTER, JAX_RS, JAX_WS, LISTENER, WEB_ACTION, JSF -> true;
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
