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
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.analyzer.api.SourceFacts;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.rules.api.FindingSink;
import io.wanlint.rules.api.ReachScope;
import io.wanlint.rules.api.RequestReach;
import io.wanlint.rules.api.Rule;
import io.wanlint.rules.api.RuleContext;
import io.wanlint.rules.api.RuleDescriptors;
import io.wanlint.rules.api.RuleInfo;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * WAN008: a BMP entity's {@code ejbStore} that writes on every call: a JDBC update executed by
 * {@code ejbStore} itself or by helpers it calls, with no dirty check on the way: no {@code if},
 * {@code switch} or {@code ?:} around it and no early return before it whose condition tests a flag
 * the bean's mutators set (a creation or validation guard is not one). Needs the front end's
 * {@link SourceFacts} (both front ends compute them). The patch (a dirty flag set by
 * the mutators, cleared by ejbLoad and ejbPostCreate) removes the write from requests that only
 * read or create the entity: the cost model charges a guarded store only after a method that sets
 * its flag.
 */
@RuleInfo(id = "WAN008", name = "unconditional-ejbstore", severity = Severity.WARNING,
        summary = "BMP ejbStore that writes to the database at every commit without a dirty check",
        since = "0.1.0", tags = {"performance", "ejb", "bmp", "jdbc"})
public final class UnconditionalEjbStore implements Rule {
    private static final RuleDescriptor DESCRIPTOR = RuleDescriptors.of(UnconditionalEjbStore.class);
    private static final Set<String> WRITES = Set.of("executeUpdate", "execute", "executeBatch", "executeLargeUpdate",
            "executeLargeBatch");
    /** How deep helpers of ejbStore are followed: DAO layers are shallow. */
    private static final int MAX_DEPTH = 4;

    @Override public RuleDescriptor descriptor() { return DESCRIPTOR; }

    @Override public void check(RuleContext ctx, FindingSink sink) {
        SourceFacts facts = ctx.graph().facts();
        if (!facts.known()) return;
        RequestsReaching reaching = null;
        for (MethodNode node : ctx.graph().nodes()) {
            MethodRef m = node.ref();
            if (!m.name().equals("ejbStore") || !m.parameterTypes().isEmpty()) continue;
            Optional<Component> bean = ctx.component(node.component()).or(() -> ctx.model().byClass(m.className()));
            if (bean.isEmpty() || bean.get().kind() != ComponentKind.ENTITY_BMP) continue;
            List<CallEdge> path = unconditionalWrite(ctx, m, facts);
            if (path.isEmpty()) continue;
            if (reaching == null) reaching = RequestsReaching.of(ctx);
            finding(ctx, reaching, bean.get(), node, path).to(sink);
        }
    }

    /** The calls from {@code ejbStore} down to a write that no condition guards; empty when none. */
    private static List<CallEdge> unconditionalWrite(RuleContext ctx, MethodRef store, SourceFacts facts) {
        record Step(MethodRef method, List<CallEdge> path) {}
        Deque<Step> work = new ArrayDeque<>(List.of(new Step(store, List.of())));
        Set<MethodRef> seen = new HashSet<>(Set.of(store));
        while (!work.isEmpty()) {
            Step s = work.poll();
            for (CallEdge e : ctx.graph().outgoing(s.method())) {
                if (facts.conditionalCalls().contains(e)) continue;
                List<CallEdge> path = new ArrayList<>(s.path());
                path.add(e);
                if (e.kind() == EdgeKind.JDBC && e.op() == CallOp.JDBC_EXECUTE && WRITES.contains(e.to().name())) return path;
                if (e.kind() == EdgeKind.LOCAL && e.op() == CallOp.INVOKE && path.size() < MAX_DEPTH && seen.add(e.to())) {
                    work.add(new Step(e.to(), path));
                }
            }
        }
        return List.of();
    }

    private Estimates.Reported finding(RuleContext ctx, RequestsReaching reaching, Component bean, MethodNode store,
                                       List<CallEdge> path) {
        CallEdge write = path.get(path.size() - 1);
        List<EntryPoint> eps = reaching.of(store.ref());
        List<EntryPoint> readOnly = eps.stream().filter(ep -> !writesEntity(ctx, ep, bean)).toList();
        PatchedCosts skipped = new PatchedCosts.Builder().set(write, 0).build();
        Estimates.BeforeAfter figures = Estimates.of(ctx, eps, ep -> readOnly.contains(ep) ? skipped : PatchedCosts.NONE);
        CallEdge first = path.get(0);
        FindingLocation at = ctx.locationOf(first);
        String msg = bean.name() + "'s ejbStore runs " + Evidence.shortName(write.to()) + "() at every commit"
                + " without checking whether anything changed"
                + (eps.isEmpty() ? "" : " (reached from " + String.join(", ", eps.stream().map(EntryPoint::id).toList())
                        + (readOnly.isEmpty() ? "" : "; " + readOnly.size() + " of them only read the bean") + ")")
                + ". With a dirty flag set by the mutators: " + figures.after().formula()
                + (figures.before().equals(figures.after()) ? "" : " instead of " + figures.before().formula())
                + " round trips, and no write when nothing changed";
        List<EvidenceStep> evidence = new ArrayList<>();
        SourceLocation decl = store.location();
        evidence.add(new EvidenceStep(decl.file().isEmpty() ? at.file() : decl.file(), decl.line(), store.ref().className(),
                "ejbStore", null, "container callback " + bean.name() + ".ejbStore() at every commit"));
        for (CallEdge e : path) evidence.add(Evidence.step(ctx, e));
        return new Estimates.Reported(new Finding(DESCRIPTOR.id(), DESCRIPTOR.defaultSeverity(), msg,
                new FindingLocation(at.file(), at.line(), store.ref().className(), "ejbStore"),
                eps.stream().map(EntryPoint::id).toList(), evidence, figures.before(), figures.after(),
                new FindingSubject.Method(store.ref())), figures.patch());
    }

    /**
     * Whether the request changes the entity's state after loading or creating it: a setter or a
     * state-changing business method, what sets the dirty flag. A create alone needs no store (its
     * ejbCreate inserted the row and ejbPostCreate clears the flag), and a removed instance is not stored.
     */
    private static boolean writesEntity(RuleContext ctx, EntryPoint ep, Component bean) {
        RequestReach walk = ctx.reach(ep, ReachScope.WHOLE_REQUEST);
        for (int i = 0; i < walk.size(); i++) {
            CallEdge e = walk.edge(i);
            boolean write = e.op() == CallOp.ENTITY_SET || e.op() == CallOp.ENTITY_UPDATE;
            if (write && e.kind().isEjb() && ctx.targetOf(e).map(c -> c.name().equals(bean.name())).orElse(false)) return true;
        }
        return false;
    }
}
