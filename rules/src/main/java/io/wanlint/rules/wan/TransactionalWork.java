package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.TransactionContext;
import io.wanlint.rules.api.RequestReach;
import io.wanlint.rules.api.RuleContext;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the transactions of one request do besides their WAN calls (WAN004, issue 20.8): a
 * transaction that only makes the call holds no locks while it waits and has nothing to roll back,
 * so moving the call out of it buys nothing. Work is a write anywhere in the transaction (entity
 * bean create/set/update/remove, a JDBC update, a JPA persist/merge/remove/flush or bulk update, a
 * transacted JMS send, a call into a bean whose code the analysis does not have) or a locking read
 * before the call (an EJB 2 entity bean's finder or getter, which a pessimistic container locks for
 * the transaction; a JPA {@code find} with a lock mode). Plain JDBC and JPA queries lock nothing
 * by default and are not work; a message-driven bean's receipt of its message is not either.
 */
final class TransactionalWork {
    private final Set<MethodRef> writes = new HashSet<>();
    private final Map<MethodRef, Integer> firstLockingRead = new HashMap<>();

    private enum Kind { NONE, LOCKING_READ, WRITE }

    private TransactionalWork() {}

    /** The work of each transaction {@code ep} runs, by the method that started it, over its reach in execution order. */
    static TransactionalWork of(RuleContext ctx, EntryPoint ep, RequestReach walk) {
        TransactionalWork w = new TransactionalWork();
        for (int i = 0; i < walk.size(); i++) {
            CallEdge e = walk.edge(i);
            Kind k = kindOf(ctx, e);
            if (k == Kind.NONE) continue;
            for (TransactionContext tx : ctx.transactions().contextsOf(ep, e)) {
                if (!tx.active() || tx.startedBy() == null) continue;
                if (k == Kind.WRITE) w.writes.add(tx.startedBy());
                else w.firstLockingRead.putIfAbsent(tx.startedBy(), i);
            }
        }
        return w;
    }

    /**
     * Whether the transaction {@code boundary} started does work besides a WAN call at position
     * {@code index} of the reach: a write anywhere, or a locking read before the call.
     */
    boolean around(MethodRef boundary, int index) {
        if (writes.contains(boundary)) return true;
        Integer read = firstLockingRead.get(boundary);
        return read != null && read < index;
    }

    private static Kind kindOf(RuleContext ctx, CallEdge e) {
        return switch (e.kind()) {
            case JDBC -> switch (e.op()) {
                // queries read; execute/executeUpdate/executeBatch may write (the SQL is not known here)
                case JDBC_EXECUTE -> JdbcStatements.onlyReads(e) ? Kind.NONE : Kind.WRITE;
                default -> Kind.NONE;
            };
            case JPA -> switch (e.op()) {
                case JPA_PERSIST, JPA_MERGE, JPA_REMOVE, JPA_FLUSH, JPA_BULK_UPDATE -> Kind.WRITE;
                case JPA_FIND -> e.locksForUpdate() ? Kind.LOCKING_READ : Kind.NONE;
                default -> Kind.NONE;
            };
            case JMS_SEND -> Kind.WRITE;
            case REMOTE_EJB, LOCAL_EJB -> ejbCall(ctx, e);
            case LOCAL -> jpaEntitySetter(ctx, e) ? Kind.WRITE : Kind.NONE;
            default -> Kind.NONE;
        };
    }

    private static Kind ejbCall(RuleContext ctx, CallEdge e) {
        Optional<Component> target = ctx.targetOf(e);
        ComponentKind kind = target.map(Component::kind).orElse(null);
        if (kind == ComponentKind.ENTITY_CMP || kind == ComponentKind.ENTITY_BMP) {
            return switch (e.op()) {
                case ENTITY_SET, ENTITY_UPDATE, HOME_CREATE, HOME_REMOVE, REMOVE -> Kind.WRITE;
                case LOOKUP -> Kind.NONE;
                default -> Kind.LOCKING_READ;
            };
        }
        return switch (e.op()) {
            case LOOKUP, HOME_CREATE, HOME_FIND, HOME_REMOVE, REMOVE -> Kind.NONE;
            // a business call into a bean whose code is not analysed may do anything in the transaction
            default -> ctx.graph().node(e.to()).isEmpty() && ctx.graph().outgoing(e.to()).isEmpty() ? Kind.WRITE : Kind.NONE;
        };
    }

    /** A setter of a managed JPA entity: written back at commit without any persist call. */
    private static boolean jpaEntitySetter(RuleContext ctx, CallEdge e) {
        if (!e.to().name().startsWith("set")) return false;
        return ctx.model().byClass(e.to().className()).map(c -> c.kind() == ComponentKind.JPA_ENTITY).orElse(false);
    }
}
