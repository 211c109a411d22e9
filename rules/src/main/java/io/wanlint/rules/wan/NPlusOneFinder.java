package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.EvidenceStep;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.analyzer.api.SessionFacadeFix;
import io.wanlint.rules.api.CallMemo;
import io.wanlint.rules.api.FindingSink;
import io.wanlint.rules.api.PatchEffect;
import io.wanlint.rules.api.ReachScope;
import io.wanlint.rules.api.ReachedCall;
import io.wanlint.rules.api.RequestReach;
import io.wanlint.rules.api.Rule;
import io.wanlint.rules.api.RuleContext;
import io.wanlint.rules.api.RuleDescriptors;
import io.wanlint.rules.api.RuleInfo;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * WAN007: a call that yields many elements, followed in the same method by entity calls inside a
 * loop (one per element) that cost WAN round trips: remote entity calls from another site (N
 * calls), or calls on a BMP entity away from the database (1 find + N loads). The call yielding the
 * elements is a collection finder (any finder but {@code findByPrimaryKey}), or a session-bean
 * method handing out keys that the loop turns into entities with {@code findByPrimaryKey}. The
 * per-element calls sit in the loop itself or in application methods the loop body calls (a helper
 * printing each row, several levels deep); the finding stays at the method with the loop and names
 * the helpers on the way. One finding per method; the patch (a bulk read through a façade returning
 * transfer objects) makes those calls cost 0 and, when the caller is on another site than the
 * entities, moves the method's other cross-site EJB calls and lookups into the façade as well (they
 * cost 0) and adds the one façade call.
 */
@RuleInfo(id = "WAN007", name = "n-plus-one-finder", severity = Severity.WARNING,
        summary = "Collection finder followed by one cross-site entity call or load per element",
        since = "0.1.0", tags = {"performance", "wan", "ejb", "entity", "facade"})
public final class NPlusOneFinder implements Rule {
    private static final RuleDescriptor DESCRIPTOR = RuleDescriptors.of(NPlusOneFinder.class);
    /** How many application methods deep, below the loop, a per-element call is looked for. */
    private static final int MAX_HELPER_DEPTH = 4;

    @Override public RuleDescriptor descriptor() { return DESCRIPTOR; }

    @Override public java.util.Set<ReachScope> scopesWalkedFromEveryEntryPoint() { return java.util.Set.of(ReachScope.WHOLE_REQUEST); }

    /**
     * A call yielding n elements and, for each call made per element, the calls from the loop body
     * down to it (the call itself when the loop makes it; a helper's call after the helper calls).
     */
    record NPlusOne(CallEdge source, boolean keys, Map<CallEdge, List<CallEdge>> perElement) {
        /** {@code Category.getName()}, or {@code Category.getName() (through Printer.row() → Printer.cell())}. */
        String described(CallEdge call) {
            List<CallEdge> path = perElement.get(call);
            String own = Evidence.calleeAsWritten(call) + "()";
            if (path == null || path.size() < 2) return own;
            List<String> helpers = path.subList(0, path.size() - 1).stream().map(e -> Evidence.shortName(e.to()) + "()").toList();
            return own + " (through " + String.join(" → ", helpers) + ")";
        }
    }

    /** An N+1 in one method, and who reaches it. */
    private static final class Site {
        NPlusOne found;
        final Map<CallEdge, List<CallEdge>> perElement = new LinkedHashMap<>();
        final Map<EntryPoint, List<ReachedCall>> byEntryPoint = new LinkedHashMap<>();
        String callerComponent;
    }

    @Override public boolean perEntryPoint() { return true; }

    @Override public void check(RuleContext ctx, FindingSink sink) {
        Map<MethodRef, Site> sites = new LinkedHashMap<>();
        // What follows each call, once per call: hashing every finder and session call of every request
        // to find it again was half of this rule on HELIUM V.
        CallMemo<Optional<NPlusOne>> afterCall = ctx.callMemo(e -> after(ctx, e));
        ctx.forEachEntryPoint(this, ep -> {
            RequestReach walk = ctx.reach(ep, ReachScope.WHOLE_REQUEST);
            List<ReachedCall> calls = walk.calls();
            // Indexed only for a request that makes an N+1's first call (few do: hashing every call of
            // every request was a tenth of the rule).
            Map<CallEdge, ReachedCall> reached = null;
            Set<MethodRef> seen = new HashSet<>();
            for (int i = 0; i < calls.size(); i++) {
                Optional<NPlusOne> started = afterCall.of(walk, i);
                if (started.isEmpty()) continue;
                ReachedCall rc = calls.get(i);
                CallEdge e = rc.edge();
                if (seen.contains(e.from())) continue;
                if (reached == null) {
                    reached = new HashMap<>();
                    for (ReachedCall c : calls) reached.put(c.edge(), c);
                }
                Map<CallEdge, ReachedCall> index = reached;
                Optional<NPlusOne> found = started.map(n -> costing(ctx, n, index));
                if (found.isEmpty() || found.get().perElement().isEmpty()) continue;
                seen.add(e.from());
                NPlusOne n = found.get();
                Site s = sites.computeIfAbsent(e.from(), m -> new Site());
                if (s.found == null) s.found = n;
                if (s.callerComponent == null) s.callerComponent = rc.callerComponent();
                s.perElement.putAll(n.perElement());
                List<ReachedCall> seenHere = s.byEntryPoint.computeIfAbsent(ep, k -> new ArrayList<>(List.of(rc)));
                for (CallEdge c : n.perElement().keySet()) seenHere.add(reached.get(c));
            }
            return !seen.isEmpty();
        });
        sites.forEach((method, site) -> {
            List<CallEdge> calls = new ArrayList<>(site.perElement.keySet());
            calls.add(site.found.source());
            site.byEntryPoint.keySet().removeIf(ep -> Estimates.costOf(ctx, ep, calls).isZero());
            if (!site.byEntryPoint.isEmpty() && !namedByUseCase(ctx, site)) finding(ctx, method, site).to(sink);
        });
    }

    /** The N+1 with only its per-element calls that cost round trips in this request. */
    private static NPlusOne costing(RuleContext ctx, NPlusOne n, Map<CallEdge, ReachedCall> reached) {
        Map<CallEdge, List<CallEdge>> costly = new LinkedHashMap<>();
        n.perElement().forEach((call, path) -> {
            ReachedCall rc = reached.get(call);
            if (rc != null && costsRoundTrips(ctx, rc)) costly.put(call, path);
        });
        if (n.keys() && costly.keySet().stream().noneMatch(NPlusOneFinder::isKeyFinder)) costly.clear();
        return new NPlusOne(n.source(), n.keys(), costly);
    }

    /**
     * The N+1 starting at {@code source}, when it yields elements (a collection finder, or a session
     * call before a loop that finds entities by primary key) and the method then makes entity calls
     * per element, in the loop or in the application methods the loop calls. Every per-element call
     * is kept, whatever it costs.
     */
    static Optional<NPlusOne> after(RuleContext ctx, CallEdge source) {
        // Only an EJB finder or business method can start one; the others are answered without a look-up.
        if (!source.kind().isEjb() || source.op() != CallOp.HOME_FIND && source.op() != CallOp.BUSINESS_METHOD) {
            return Optional.empty();
        }
        AfterByCall shared = ctx.derived(AfterByCall.class, c -> new AfterByCall());
        return shared.byCall.computeIfAbsent(source, s -> afterUnshared(ctx, s, shared::inHelpers));
    }

    /**
     * {@link #after} per call, made once per check: it depends on the call alone, and every request
     * reaching a finder asked again (with the helpers its loop calls walked again each time).
     */
    private static final class AfterByCall {
        final Map<CallEdge, Optional<NPlusOne>> byCall = new java.util.concurrent.ConcurrentHashMap<>();
        /**
         * {@link #collectInHelpers} per helper call, once: every finder or session call of a method asks
         * it again of each helper call the method makes after it in a loop (HELIUM V's façade methods
         * make hundreds of bean calls, and the helpers were walked again for each).
         */
        private final Map<CallEdge, Map<CallEdge, List<CallEdge>>> helpersByCall = new java.util.concurrent.ConcurrentHashMap<>();
        /**
         * Per method, the {@link #kindOf} of each call it makes (0 until first asked), in the graph's order:
         * each finder or session call of a façade method looked at every later call of the method again
         * (HELIUM V: a tenth of this rule, hashing callees to tell helpers from API calls).
         * Two threads filling one entry write equal values.
         */
        private final Map<MethodRef, byte[]> kindsByMethod = new java.util.concurrent.ConcurrentHashMap<>();

        byte[] kinds(MethodRef method, int calls) {
            if (method == null) return new byte[calls];
            byte[] known = kindsByMethod.get(method);
            return known != null ? known : kindsByMethod.computeIfAbsent(method, m -> new byte[calls]);
        }
        Map<CallEdge, List<CallEdge>> inHelpers(RuleContext ctx, CallEdge call) {
            return helpersByCall.computeIfAbsent(call, c -> {
                Map<CallEdge, List<CallEdge>> found = new LinkedHashMap<>();
                collectInHelpers(ctx, c, found);
                // Most helper calls lead to none (kept for the whole rules phase: one shared empty map).
                return found.isEmpty() ? Map.of() : java.util.Collections.unmodifiableMap(found);
            });
        }
    }

    /**
     * What {@link #after} finds for {@code source}. {@code inHelpers} gives what {@link #collectInHelpers}
     * adds to an empty map for a helper call (null: collect into the result directly, the reference the
     * shared answers must agree with in tests); its entries join the result in order, each unless
     * already there, as collecting into it does.
     */
    static Optional<NPlusOne> afterUnshared(RuleContext ctx, CallEdge source,
                                            java.util.function.BiFunction<RuleContext, CallEdge, Map<CallEdge, List<CallEdge>>> inHelpers) {
        boolean finder = isCollectionFinder(ctx, source);
        if (!finder && !isSessionCall(ctx, source)) return Optional.empty();
        Map<CallEdge, List<CallEdge>> perElement = new LinkedHashMap<>();
        List<CallEdge> out = ctx.graph().outgoing(source.from());
        byte[] kinds = ctx.derived(AfterByCall.class, c -> new AfterByCall()).kinds(source.from(), out.size());
        for (int i = 0; i < out.size(); i++) {
            CallEdge e = out.get(i);
            // The cheap tests first: comparing calls field by field, for every call of the method, showed in profiles.
            if (e.loopDepth() <= source.loopDepth() || e.line() <= source.line() || e.equals(source)) continue;
            byte kind = kinds[i];
            if (kind == 0) kinds[i] = kind = kindOf(ctx, e);
            if (kind == PER_ELEMENT) perElement.putIfAbsent(e, List.of(e));
            else if (kind == HELPER) {
                if (inHelpers == null) collectInHelpers(ctx, e, perElement);
                else inHelpers.apply(ctx, e).forEach(perElement::putIfAbsent);
            }
        }
        if (!finder && perElement.keySet().stream().noneMatch(NPlusOneFinder::isKeyFinder)) return Optional.empty();
        return perElement.isEmpty() ? Optional.empty()
                : Optional.of(new NPlusOne(source, !finder, java.util.Collections.unmodifiableMap(perElement)));
    }

    /** The per-element calls made by the application methods that {@code call} (made per element) enters. */
    private static void collectInHelpers(RuleContext ctx, CallEdge call, Map<CallEdge, List<CallEdge>> perElement) {
        record Step(MethodRef method, List<CallEdge> path) {}
        Deque<Step> work = new ArrayDeque<>(List.of(new Step(call.to(), List.of(call))));
        Set<MethodRef> seen = new HashSet<>(List.of(call.from(), call.to())); // equal when the method calls itself
        while (!work.isEmpty()) {
            Step s = work.poll();
            for (CallEdge e : ctx.graph().outgoing(s.method())) {
                List<CallEdge> path = new ArrayList<>(s.path());
                path.add(e);
                if (isPerElementCall(ctx, e)) perElement.putIfAbsent(e, List.copyOf(path));
                else if (isHelperCall(ctx, e) && s.path().size() < MAX_HELPER_DEPTH && seen.add(e.to())) {
                    work.add(new Step(e.to(), path));
                }
            }
        }
    }

    private static final byte PER_ELEMENT = 1;
    private static final byte HELPER = 2;
    private static final byte NEITHER = 3;

    /** Whether a call is made per element, a helper call, or neither. */
    private static byte kindOf(RuleContext ctx, CallEdge e) {
        return isPerElementCall(ctx, e) ? PER_ELEMENT : isHelperCall(ctx, e) ? HELPER : NEITHER;
    }

    /** A plain call into a method of the application (not a container callback, not an API). */
    private static boolean isHelperCall(RuleContext ctx, CallEdge e) {
        return e.kind() == EdgeKind.LOCAL && e.op() == CallOp.INVOKE && ctx.graph().node(e.to()).isPresent();
    }

    /** An entity call, or a finder on an entity home, made once per element. */
    private static boolean isPerElementCall(RuleContext ctx, CallEdge e) {
        return isEntityCall(ctx, e) || e.op() == CallOp.HOME_FIND && e.kind().isEjb()
                && ctx.targetOf(e).map(c -> c.kind().isEntity()).orElse(false);
    }

    private static boolean isKeyFinder(CallEdge e) {
        return e.op() == CallOp.HOME_FIND && Evidence.clientMethod(e).equals("findByPrimaryKey");
    }

    /** A business method of a session bean: what may hand out the keys a loop then finds one by one. */
    private static boolean isSessionCall(RuleContext ctx, CallEdge e) {
        return e.kind().isEjb() && e.op() == CallOp.BUSINESS_METHOD
                && ctx.targetOf(e).map(c -> c.kind().isSession()).orElse(false);
    }

    /**
     * Whether every request reaching the N+1 already gets a WAN001 or WAN002 finding whose calls
     * hold the finder and the per-element calls: that finding names the N+1 and its façade fixes it,
     * so a WAN007 finding would repeat it.
     */
    private static boolean namedByUseCase(RuleContext ctx, Site site) {
        Set<CallEdge> mine = new LinkedHashSet<>(site.perElement.keySet());
        mine.add(site.found.source());
        for (EntryPoint ep : site.byEntryPoint.keySet()) {
            boolean named = ctx.runs("WAN001") && RemoteFineGrainedCall.reportedCalls(ctx, ep).filter(c -> c.containsAll(mine)).isPresent()
                    || MissingFacade.reportedCalls(ctx, ep).filter(c -> c.containsAll(mine)).isPresent();
            if (!named) return false;
        }
        return true;
    }

    /**
     * {@code ; it holds an N+1 read: Item.findAll() then, per element, Item.getPrice()} when the calls
     * of a WAN001 or WAN002 finding make one (a call yielding elements, then entity calls per element
     * in the same method or in helpers its loop calls); empty otherwise.
     */
    static String named(RuleContext ctx, List<ReachedCall> calls) {
        Set<CallEdge> held = new HashSet<>();
        for (ReachedCall rc : calls) held.add(rc.edge());
        for (ReachedCall f : calls) {
            Optional<NPlusOne> found = after(ctx, f.edge());
            if (found.isEmpty()) continue;
            NPlusOne n = found.get();
            Set<String> perElement = new LinkedHashSet<>();
            n.perElement().keySet().stream().filter(held::contains).forEach(c -> perElement.add(n.described(c)));
            if (!perElement.isEmpty()) {
                return "; it holds an N+1 read (WAN007): " + Evidence.calleeAsWritten(n.source()) + "() then, per "
                        + (n.keys() ? "key" : "element") + ", " + String.join(", ", perElement);
            }
        }
        return "";
    }

    private static boolean isCollectionFinder(RuleContext ctx, CallEdge e) {
        if (e.op() != CallOp.HOME_FIND || !e.kind().isEjb()) return false;
        String name = Evidence.clientMethod(e);
        return !name.equals("findByPrimaryKey") && ctx.targetOf(e).map(c -> c.kind().isEntity()).orElse(false);
    }

    private static boolean isEntityCall(RuleContext ctx, CallEdge e) {
        if (!e.kind().isEjb()) return false;
        boolean perObject = switch (e.op()) {
            case BUSINESS_METHOD, ENTITY_GET, ENTITY_SET, ENTITY_UPDATE, INVOKE, REMOVE -> true;
            default -> false;
        };
        return perObject && ctx.targetOf(e).map(c -> c.kind().isEntity()).orElse(false);
    }

    /** The call crosses sites, or it is on a BMP entity whose load runs away from the database. */
    private static boolean costsRoundTrips(RuleContext ctx, ReachedCall rc) {
        if (ctx.crossesSites(rc)) return true;
        Optional<Component> target = ctx.targetOf(rc.edge());
        return target.filter(c -> c.kind() == ComponentKind.ENTITY_BMP)
                .map(c -> !ctx.oracle().siteOf(c).equals(ctx.oracle().databaseSite())).orElse(false);
    }

    private Estimates.Reported finding(RuleContext ctx, MethodRef method, Site site) {
        NPlusOne n = new NPlusOne(site.found.source(), site.found.keys(), site.perElement);
        CallEdge source = n.source();
        // The entities read: those of the finder, or those the keys are looked up in.
        CallEdge entityCall = n.keys() ? n.perElement().keySet().stream().filter(NPlusOneFinder::isKeyFinder).findFirst().orElseThrow()
                : source;
        Optional<Component> entity = ctx.targetOf(entityCall);
        boolean crosses = entity.map(c -> ctx.oracle().siteOf(c))
                .flatMap(s -> ctx.siteOf(site.callerComponent).map(caller -> !caller.equals(s))).orElse(true);
        RoundTrips extra = crosses ? RoundTrips.of(ctx.oracle().costs().remoteEjbCall()) : RoundTrips.ZERO;
        List<EntryPoint> eps = List.copyOf(site.byEntryPoint.keySet());
        Estimates.BeforeAfter figures = Estimates.ofEffects(ctx, eps, ep -> {
            PatchedCosts.Builder bulk = new PatchedCosts.Builder().set(source, 0);
            for (CallEdge c : n.perElement().keySet()) bulk.set(c, 0);
            if (crosses) {
                // The façade that reads the rows takes the method's whole conversation with the beans
                // (the home lookup feeding the finder, the calls around the loop): they cost 0 too.
                RequestReach walk = ctx.reach(ep, ReachScope.WHOLE_REQUEST);
                for (int i = 0; i < walk.size(); i++) {
                    CallEdge e = walk.edge(i);
                    if (e.from().equals(method) && SessionFacadeFix.takesOver(e, ctx.model()) && ctx.crossesSites(walk, i)) {
                        bulk.set(e, 0);
                    }
                }
            }
            return PatchEffect.adding(bulk.build(), method.toString(), extra);
        });
        List<CallEdge> nPlusOne = new ArrayList<>(n.perElement().keySet());
        nPlusOne.add(source);
        Set<String> perElement = new LinkedHashSet<>();
        for (CallEdge c : n.perElement().keySet()) perElement.add(n.described(c));
        String bean = entity.map(Component::name).orElse(Evidence.displayClass(entityCall.to().className()));
        String start = n.keys()
                ? " calls " + Evidence.calleeAsWritten(source) + "() for keys and then, for every key, "
                : " calls the finder " + bean + "." + Evidence.clientMethod(source) + "() and then, for every element, ";
        String msg = Evidence.displayMethod(method) + start + String.join(", ", perElement) + ": 1 + n round trips across the WAN"
                + " (reached from " + String.join(", ", eps.stream().map(EntryPoint::id).toList()) + "; "
                + figures.share(ctx, nPlusOne) + (figures.saves() ? "). One bulk read through a façade returning transfer objects: "
                + figures.after().formula() : "). No WAN saving: a bulk read through a façade would not make the request cheaper");
        EntryPoint firstEp = figures.worst();
        List<ReachedCall> reached = site.byEntryPoint.get(firstEp);
        return new Estimates.Reported(new Finding(DESCRIPTOR.id(), DESCRIPTOR.defaultSeverity(), msg,
                ctx.locationOf(source), eps.stream().map(EntryPoint::id).toList(),
                evidence(ctx, firstEp, reached, n), figures.before(), figures.after(),
                new FindingSubject.CallSite(method, bean)), figures.patch());
    }

    /** The path to the call yielding the elements, then each per-element call with the helpers on the way. */
    private static List<EvidenceStep> evidence(RuleContext ctx, EntryPoint ep, List<ReachedCall> reached, NPlusOne n) {
        List<EvidenceStep> steps = new ArrayList<>(Evidence.chain(ctx, ep, reached.get(0)));
        Set<CallEdge> shown = new HashSet<>(reached.get(0).path());
        for (ReachedCall rc : reached.subList(1, reached.size())) {
            for (CallEdge e : n.perElement().getOrDefault(rc.edge(), List.of(rc.edge()))) {
                if (shown.add(e)) steps.add(Evidence.step(ctx, e));
            }
        }
        return steps;
    }
}
