package io.wanlint.analyzer.api;

import java.util.Set;

/**
 * The transaction query of the call graph: for a call reached from an entry point, the
 * transaction contexts it can run in (a call reached along several paths may run both inside and
 * outside a transaction). CMT attributes propagate along local and remote EJB calls;
 * {@code Supports} joins the caller's; {@code NotSupported}/{@code Never} suspend; bean-managed
 * {@code UserTransaction} spans count too.
 */
public interface TransactionScopes {
    Set<TransactionContext> contextsOf(EntryPoint entryPoint, CallEdge edge);

    /** Whether the call runs in an active transaction from some entry point. */
    boolean everInTransaction(CallEdge edge);

    /** The context a method's own body runs in when reached from the entry point (all of them). */
    Set<TransactionContext> contextsOfMethod(EntryPoint entryPoint, MethodRef method);
}
