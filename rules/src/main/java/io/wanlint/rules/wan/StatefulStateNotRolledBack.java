package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
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
import io.wanlint.analyzer.api.TransactionAttribute;
import io.wanlint.analyzer.api.TransactionType;
import io.wanlint.rules.api.FindingSink;
import io.wanlint.rules.api.Rule;
import io.wanlint.rules.api.RuleContext;
import io.wanlint.rules.api.RuleDescriptors;
import io.wanlint.rules.api.RuleInfo;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * WAN011: a stateful session bean whose business methods run in a container transaction
 * ({@code Required}, {@code RequiresNew}, {@code Mandatory}) that can roll back with work in it (the
 * method calls a database, a queue or another bean, or is called inside its caller's transaction)
 * and change its fields, when nothing
 * restores those fields if the transaction rolls back: conversational state is not transactional
 * (EJB spec), so after a rollback the bean and the database disagree, and a replica that applied
 * the state change holds a state the database never committed. Fields its {@code afterCompletion}
 * ({@code SessionSynchronization} or {@code @AfterCompletion}) writes are restored; an
 * {@code afterCompletion} inherited from a superclass is trusted to restore everything. Beans with
 * bean-managed transactions are not reported (the analysis cannot tell which calls a transaction
 * spans). One finding per bean, listing the fields and the methods changing them.
 */
@RuleInfo(id = "WAN011", name = "stateful-state-not-rolled-back", severity = Severity.WARNING,
        summary = "Stateful session bean changes its fields in container transactions and nothing restores them on rollback",
        since = "0.1.0", tags = {"reliability", "clustering", "transactions", "stateful"})
public final class StatefulStateNotRolledBack implements Rule {
    private static final RuleDescriptor DESCRIPTOR = RuleDescriptors.of(StatefulStateNotRolledBack.class);
    private static final Set<String> LIFECYCLE = Set.of("<init>", "<clinit>", "ejbRemove", "ejbActivate", "ejbPassivate",
            "setSessionContext", "afterBegin", "beforeCompletion", "afterCompletion");

    @Override public RuleDescriptor descriptor() { return DESCRIPTOR; }

    @Override public void check(RuleContext ctx, FindingSink sink) {
        List<StateFact> facts = ctx.graph().facts().clusterState();
        if (facts.isEmpty()) return;
        Map<String, List<StateFact>> writesByClass = new LinkedHashMap<>();
        Map<String, MethodRef> afterCompletion = new LinkedHashMap<>();
        for (StateFact f : facts) {
            if (f.kind() == StateKind.BEAN_FIELD_WRITE) writesByClass.computeIfAbsent(f.method().className(), k -> new ArrayList<>()).add(f);
            else if (f.kind() == StateKind.AFTER_COMPLETION) afterCompletion.put(f.member(), f.method());
        }
        RequestsReaching reaching = null;
        for (Component bean : ctx.model().components()) {
            if (bean.kind() != ComponentKind.STATEFUL_SESSION || bean.className() == null) continue;
            if (bean.transactionType() == TransactionType.BEAN) continue;
            List<StateFact> writes = writesByClass.getOrDefault(bean.className(), List.of());
            if (writes.isEmpty()) continue;
            MethodRef restorer = afterCompletion.get(bean.className());
            if (restorer != null && !restorer.className().equals(bean.className())) continue;
            Set<String> restored = new HashSet<>();
            if (restorer != null) {
                for (MethodRef m : reachedInClass(ctx, restorer)) {
                    for (StateFact w : writes) if (w.method().equals(m)) restored.add(w.member());
                }
            }
            List<StateFact> unrestored = new ArrayList<>();
            Set<MethodRef> businessMethods = new LinkedHashSet<>();
            for (MethodRef m : transactionalBusinessMethods(ctx, bean, writes)) {
                Set<MethodRef> body = reachedInClass(ctx, m);
                for (StateFact w : writes) {
                    if (body.contains(w.method()) && !restored.contains(w.member()) && !unrestored.contains(w)) {
                        unrestored.add(w);
                        businessMethods.add(m);
                    }
                }
            }
            if (unrestored.isEmpty()) continue;
            if (reaching == null) reaching = RequestsReaching.of(ctx);
            sink.report(finding(bean, unrestored, businessMethods, restorer != null, reaching));
        }
    }

    /**
     * The bean's methods clients call (declared by one of its views, or called through an EJB
     * call) that run in a container transaction, among the methods that write its fields and
     * the methods calling those.
     */
    private static Set<MethodRef> transactionalBusinessMethods(RuleContext ctx, Component bean, List<StateFact> writes) {
        Set<MethodRef> candidates = new LinkedHashSet<>();
        Deque<MethodRef> work = new ArrayDeque<>();
        for (StateFact w : writes) work.add(w.method());
        while (!work.isEmpty()) {
            MethodRef m = work.poll();
            if (!candidates.add(m)) continue;
            for (CallEdge in : ctx.graph().incoming(m)) {
                if (in.kind() == EdgeKind.LOCAL && in.from().className().equals(bean.className())) work.add(in.from());
            }
        }
        Set<MethodRef> out = new LinkedHashSet<>();
        for (MethodRef m : candidates) {
            if (LIFECYCLE.contains(m.name()) || m.name().startsWith("ejbCreate")) continue;
            if (!isBusinessMethod(ctx, bean, m)) continue;
            Optional<TransactionAttribute> tx = bean.transactionAttribute(m.name(), m.parameterTypes(), null);
            if (tx.isEmpty() || !(tx.get().startsTransaction() || tx.get() == TransactionAttribute.MANDATORY)) continue;
            if (tx.get() == TransactionAttribute.MANDATORY || doesTransactionalWork(ctx, m) || calledInATransaction(ctx, bean, m)) out.add(m);
        }
        return out;
    }

    /**
     * Whether the method's transaction can roll back with something in it: the method (or its own
     * class's helpers) calls a database, a queue or another bean in it. A transaction that holds
     * nothing but the field change has nothing to fail at commit.
     */
    private static boolean doesTransactionalWork(RuleContext ctx, MethodRef m) {
        for (MethodRef body : reachedInClass(ctx, m)) {
            for (CallEdge e : ctx.graph().outgoing(body)) {
                switch (e.kind()) {
                    case JDBC, JPA, JMS_SEND -> { return true; }
                    case LOCAL_EJB, REMOTE_EJB -> {
                        if (e.op() != io.wanlint.analyzer.api.CallOp.LOOKUP) return true;
                    }
                    default -> { }
                }
            }
        }
        return false;
    }

    /** Whether some EJB call reaches the method (through the bean or one of its views) inside the caller's transaction. */
    private static boolean calledInATransaction(RuleContext ctx, Component bean, MethodRef m) {
        List<MethodRef> targets = new ArrayList<>(List.of(m));
        for (String view : bean.interfaces().all()) targets.add(new MethodRef(view, m.name(), m.parameterTypes()));
        for (MethodRef t : targets) {
            for (CallEdge in : ctx.graph().incoming(t)) {
                if (in.kind() != EdgeKind.LOCAL_EJB && in.kind() != EdgeKind.REMOTE_EJB) continue;
                if (ctx.transactions().everInTransaction(in) || callerRunsInATransaction(ctx, in.from())) return true;
            }
        }
        return false;
    }

    /** A session bean method with container transactions that always has one (whether or not an entry point is known to reach it). */
    private static boolean callerRunsInATransaction(RuleContext ctx, MethodRef caller) {
        return ctx.model().byClass(caller.className()).filter(c -> c.kind().isSession())
                .flatMap(c -> c.transactionAttribute(caller.name(), caller.parameterTypes(), null))
                .map(a -> a.startsTransaction() || a == TransactionAttribute.MANDATORY).orElse(false);
    }

    private static boolean isBusinessMethod(RuleContext ctx, Component bean, MethodRef m) {
        for (String view : bean.interfaces().all()) {
            if (ctx.graph().node(new MethodRef(view, m.name(), m.parameterTypes())).isPresent()) return true;
        }
        for (CallEdge in : ctx.graph().incoming(m)) {
            if (in.kind() == EdgeKind.LOCAL_EJB || in.kind() == EdgeKind.REMOTE_EJB) return true;
        }
        return ctx.entryPoints().stream().anyMatch(ep -> ep.method().equals(m));
    }

    /** The method and the methods of its own class it calls, transitively. */
    private static Set<MethodRef> reachedInClass(RuleContext ctx, MethodRef from) {
        Set<MethodRef> seen = new LinkedHashSet<>();
        Deque<MethodRef> work = new ArrayDeque<>(List.of(from));
        while (!work.isEmpty()) {
            MethodRef m = work.poll();
            if (!seen.add(m)) continue;
            for (CallEdge e : ctx.graph().outgoing(m)) {
                if (e.kind() == EdgeKind.LOCAL && e.to().className().equals(from.className())) work.add(e.to());
            }
        }
        return seen;
    }

    private static Finding finding(Component bean, List<StateFact> writes, Set<MethodRef> methods, boolean partly,
                                   RequestsReaching reaching) {
        Set<String> fields = new LinkedHashSet<>();
        for (StateFact w : writes) fields.add(w.member());
        List<String> methodNames = methods.stream().map(MethodRef::name).distinct().toList();
        String display = Evidence.displayClass(bean.className());
        String msg = "stateful session bean " + display + " changes " + (fields.size() == 1 ? "its field " : "its fields ")
                + String.join(", ", fields) + " in transactional business method" + (methodNames.size() == 1 ? " " : "s ")
                + String.join(", ", methodNames) + ", and " + (partly ? "its afterCompletion does not restore "
                        + (fields.size() == 1 ? "it" : "them") : "nothing restores " + (fields.size() == 1 ? "it" : "them"))
                + " when the transaction rolls back: conversational state is not transactional, so after a rollback the bean"
                + " (and every replica it was copied to) keeps changes the database never committed. Snapshot the fields in"
                + " afterBegin and restore them in afterCompletion(false) (SessionSynchronization, or @AfterBegin/@AfterCompletion)";
        List<EvidenceStep> evidence = new ArrayList<>();
        for (StateFact w : writes) {
            evidence.add(new EvidenceStep(w.location().file(), w.location().line(), w.method().className(), w.method().name(), null,
                    "changes " + w.member() + ": " + w.what()));
        }
        Set<String> eps = new LinkedHashSet<>();
        for (MethodRef m : methods) for (EntryPoint ep : reaching.of(m)) eps.add(ep.id());
        StateFact first = writes.get(0);
        return new Finding(DESCRIPTOR.id(), DESCRIPTOR.defaultSeverity(), msg,
                new FindingLocation(first.location().file(), first.location().line(), bean.className(), null),
                List.copyOf(eps), evidence, RoundTrips.ZERO, RoundTrips.ZERO, new FindingSubject.BeanFields(bean.className()));
    }
}
