package io.wanlint.analyzer.api;

/**
 * Whether a transaction is active at a call, and who started it.
 *
 * @param startedBy the method whose attribute or {@code UserTransaction.begin()} started it; null when inactive
 * @param how       {@code Required}, {@code RequiresNew}, {@code Mandatory}, {@code UserTransaction}, or null
 */
public record TransactionContext(boolean active, MethodRef startedBy, String how) {
    public static final TransactionContext NONE = new TransactionContext(false, null, null);
}
