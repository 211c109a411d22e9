package io.wanlint.analyzer.api;

/**
 * WAN round trips charged per interaction that crosses sites (docs/cost-model.md §Cost table). Every value can be
 * overridden in a topology file; {@link #DEFAULTS} are the documented ones.
 */
public record CostTable(int browserRequest, int remoteEjbCall, int jndiLookup, int homeOperation,
                        int jdbcPooledConnection, int jdbcDriverManagerConnection, int jdbcStatement,
                        int jdbcCommit, int jdbcResultSetBatch, int jdbcFetchSize, int jpaOperation,
                        int outboundHttp, int outboundHttps, int jmsSend, int externalRequest) {
    public static final CostTable DEFAULTS = new CostTable(2, 1, 1, 1, 0, 2, 1, 1, 1, 10, 1, 2, 3, 1, 1);
}
