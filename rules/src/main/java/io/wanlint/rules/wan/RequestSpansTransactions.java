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
import io.wanlint.analyzer.api.TransactionContext;
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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * WAN015: one web request that commits more than one independent container transaction with
 * writes in more than one of them: several {@code Required} business calls from the web tier, a
 * {@code RequiresNew} call inside, or several {@code UserTransaction} spans. A failure between the
 * commits leaves part of the request's work committed; a request retried after a fail-over
 * (which a replicated server does, as it cannot tell how far the request got) repeats what was
 * committed. Writes are the ones the analysis sees (entity bean create/set/remove, a JDBC update,
 * a JPA persist/merge/remove/flush or bulk update, a JPA entity setter in a transaction that also
 * loads, persists or merges that entity, a JMS send); calls into
 * code it does not have are not writes here. Only the transactions one execution makes together
 * count (exclusive branches are not added up), one transaction started twice (a loop) counts
 * once, and a write under a condition inside the EJB tier (an upgrade on read, a default made when
 * missing) is not counted. One finding per entry point; the fix is WAN002's façade.
 */
@RuleInfo(id = "WAN015", name = "request-spans-transactions", severity = Severity.WARNING,
        summary = "One request commits several independent transactions with writes: a failure or a retry between them leaves it half done or done twice",
        since = "0.1.0", tags = {"reliability", "clustering", "transactions"})
public final class RequestSpansTransactions implements Rule {
    private static final RuleDescriptor DESCRIPTOR = RuleDescriptors.of(RequestSpansTransactions.class);

    @Override public RuleDescriptor descriptor() { return DESCRIPTOR; }

    @Override public boolean perEntryPoint() { return true; }

    @Override public void check(RuleContext ctx, FindingSink sink) {
        Set<String> guarded = new java.util.HashSet<>();
        for (var f : ctx.graph().facts().clusterState()) {
            if (f.kind() == io.wanlint.analyzer.api.SourceFacts.StateKind.GUARDED_CALL) guarded.add(site(f.method(), f.location().line(), f.member()));
        }
        ctx.forEachEntryPoint(this, ep -> {
            if (!ctx.isWebEntryPoint(ep)) return false;
            if (ctx.graph().facts().testCode().contains(ep.method().className())) return false;
            Set<String> managed = managedEntities(ctx, ep);
            List<ReachedCall> writes = ctx.reach(ep, ReachScope.WHOLE_REQUEST)
                    .onOnePath(rc -> isWrite(ctx, rc.edge()) && unconditionalInTheEjbTier(rc, guarded) && !startedBy(ctx, ep, rc.edge()).isEmpty()
                            && (!isEntitySetter(ctx, rc.edge()) || managed.contains(managedKey(startedBy(ctx, ep, rc.edge()).get(0).startedBy(),
                                    entitySetterTarget(ctx, rc.edge())))));
            // each transaction, by the method whose attribute or UserTransaction started it, to its first write
            Map<MethodRef, ReachedCall> transactions = new LinkedHashMap<>();
            Map<MethodRef, String> how = new LinkedHashMap<>();
            Optional<String> own = ownTransaction(ctx, ep);
            for (ReachedCall rc : writes) {
                for (TransactionContext tx : startedBy(ctx, ep, rc.edge())) {
                    // an entry point that is itself a transactional bean method (a @Stateless JAX-RS
                    // resource): what its callees start with Required or Mandatory joins its transaction
                    boolean joins = own.isPresent() && !"RequiresNew".equals(tx.how()) && !"UserTransaction".equals(tx.how());
                    MethodRef key = joins ? ep.method() : tx.startedBy();
                    transactions.putIfAbsent(key, rc);
                    how.putIfAbsent(key, joins ? own.get() : tx.how());
                }
            }
            if (transactions.size() < 2) return false;
            sink.report(finding(ctx, ep, transactions, how));
            return true;
        });
    }

    /**
     * The JPA entities each transaction of the request loads ({@code find}, a query) or persists or
     * merges, as {@link #managedKey}s. A setter writes persistent state only on a managed object: one
     * on an object the transaction made with {@code new} and never persists or merges (a criteria
     * parameter, a transfer object) changes nothing in the database. The receiver of a setter is not
     * in the call graph, so the entity type stands for it, as WAN005 counts JPA setters.
     */
    private static Set<String> managedEntities(RuleContext ctx, EntryPoint ep) {
        Set<String> out = new java.util.HashSet<>();
        RequestReach walk = ctx.reach(ep, ReachScope.WHOLE_REQUEST);
        for (int i = 0; i < walk.size(); i++) {
            CallEdge e = walk.edge(i);
            if (e.kind() != EdgeKind.JPA || e.targetComponent() == null) continue;
            boolean manages = switch (e.op()) {
                case JPA_FIND, JPA_QUERY, JPA_PERSIST, JPA_MERGE -> true;
                default -> false;
            };
            if (!manages) continue;
            for (TransactionContext tx : ctx.transactions().contextsOf(ep, e)) {
                if (tx.active() && tx.startedBy() != null) out.add(managedKey(tx.startedBy(), e.targetComponent()));
            }
        }
        return out;
    }

    private static String managedKey(MethodRef transaction, String entity) { return transaction + "|" + entity; }

    private static boolean isEntitySetter(RuleContext ctx, CallEdge e) {
        return e.kind() == EdgeKind.LOCAL && e.to().name().startsWith("set") && entitySetterTarget(ctx, e) != null;
    }

    /** The name of the JPA entity whose setter a plain call invokes, else null. */
    private static String entitySetterTarget(RuleContext ctx, CallEdge e) {
        return ctx.model().byClass(e.to().className()).filter(c -> c.kind() == ComponentKind.JPA_ENTITY).map(Component::name).orElse(null);
    }

    /** The transaction the entry point's own method runs in when it is a bean method with container transactions. */
    private static Optional<String> ownTransaction(RuleContext ctx, EntryPoint ep) {
        Optional<Component> c = ctx.component(ep.component()).filter(x -> x.kind().isSession())
                .or(() -> ctx.model().byClass(ep.method().className()).filter(x -> x.kind().isSession()));
        return c.flatMap(x -> x.transactionAttribute(ep.method().name(), ep.method().parameterTypes(), null))
                .filter(a -> a.startsTransaction() || a == io.wanlint.analyzer.api.TransactionAttribute.MANDATORY)
                .map(io.wanlint.analyzer.api.TransactionAttribute::descriptorName);
    }

    private static List<TransactionContext> startedBy(RuleContext ctx, EntryPoint ep, CallEdge e) {
        Set<TransactionContext> contexts = ctx.transactions().contextsOf(ep, e);
        // a write that may also run outside any transaction, or in several, is not counted: which one commits it is not known
        if (contexts.size() != 1) return List.of();
        TransactionContext tx = contexts.iterator().next();
        return tx.active() && tx.startedBy() != null ? List.of(tx) : List.of();
    }

    /**
     * Whether the write happens whenever the request enters the EJB tier: no branch (if, switch,
     * ?:, catch) encloses it or the calls leading to it from the first EJB call on. The web tier
     * choosing a use case is fine; a bean that writes only sometimes (an upgrade of old data on
     * read, a default made when missing) does not make every such request commit twice.
     */
    private static String site(MethodRef from, int line, String callee) { return from + ":" + line + ":" + callee; }

    private static boolean conditional(CallEdge e, Set<String> guarded) {
        return !e.branches().isEmpty() || guarded.contains(site(e.from(), e.line(), e.to().name()));
    }

    private static boolean unconditionalInTheEjbTier(ReachedCall rc, Set<String> guarded) {
        List<CallEdge> path = rc.path();
        int first = -1;
        for (int i = 0; i < path.size(); i++) {
            EdgeKind k = path.get(i).kind();
            if (k == EdgeKind.LOCAL_EJB || k == EdgeKind.REMOTE_EJB) { first = i; break; }
        }
        if (first < 0) return !conditional(rc.edge(), guarded);
        for (int i = first + 1; i < path.size(); i++) if (conditional(path.get(i), guarded)) return false;
        return true;
    }

    private static boolean isWrite(RuleContext ctx, CallEdge e) {
        return switch (e.kind()) {
            case JDBC -> switch (e.op()) {
                case JDBC_EXECUTE -> !JdbcStatements.onlyReads(e);
                default -> false;
            };
            case JPA -> switch (e.op()) {
                case JPA_PERSIST, JPA_MERGE, JPA_REMOVE, JPA_BULK_UPDATE -> true;
                default -> false;
            };
            case JMS_SEND -> true;
            case REMOTE_EJB, LOCAL_EJB -> {
                Optional<Component> target = ctx.targetOf(e);
                ComponentKind kind = target.map(Component::kind).orElse(null);
                boolean entity = kind == ComponentKind.ENTITY_CMP || kind == ComponentKind.ENTITY_BMP;
                yield entity && switch (e.op()) {
                    case ENTITY_SET, ENTITY_UPDATE, HOME_CREATE, HOME_REMOVE, REMOVE -> true;
                    default -> false;
                };
            }
            case LOCAL -> e.to().name().startsWith("set") && ctx.model().byClass(e.to().className())
                    .map(c -> c.kind() == ComponentKind.JPA_ENTITY).orElse(false);
            default -> false;
        };
    }

    private static Finding finding(RuleContext ctx, EntryPoint ep, Map<MethodRef, ReachedCall> transactions, Map<MethodRef, String> how) {
        List<String> spans = new ArrayList<>();
        List<EvidenceStep> evidence = new ArrayList<>();
        var at = ctx.declarationOf(ep.method());
        evidence.add(new EvidenceStep(at.file(), at.line(), ep.method().className(), ep.method().name(), null, "entry point " + ep.id()));
        CallEdge firstBoundaryCall = null;
        for (Map.Entry<MethodRef, ReachedCall> t : transactions.entrySet()) {
            String kind = how.get(t.getKey()) == null ? "" : how.get(t.getKey()) + " ";
            spans.add(Evidence.displayMethod(t.getKey()) + " (" + kind.trim() + ", writes: " + Evidence.describe(t.getValue().edge()) + ")");
            List<CallEdge> path = t.getValue().path();
            if (firstBoundaryCall == null && !path.isEmpty()) firstBoundaryCall = path.get(0);
            for (CallEdge e : path) {
                EvidenceStep step = Evidence.step(ctx, e);
                if (!evidence.contains(step)) evidence.add(step);
            }
        }
        String msg = "request " + ep.id() + " commits " + transactions.size() + " independent transactions with writes: "
                + String.join("; ", spans) + ". A failure between the commits leaves part of the request committed, and a request"
                + " retried after a fail-over repeats what was. Run the use case in one transaction through one session façade"
                + " method (WAN002's fix, IntroduceSessionFacade)";
        FindingLocation location = firstBoundaryCall == null
                ? new FindingLocation(at.file(), at.line(), ep.method().className(), ep.method().name())
                : ctx.locationOf(firstBoundaryCall);
        return new Finding(DESCRIPTOR.id(), DESCRIPTOR.defaultSeverity(), msg, location, List.of(ep.id()), evidence,
                RoundTrips.ZERO, RoundTrips.ZERO, new FindingSubject.UseCase(ep.keyId()));
    }
}
