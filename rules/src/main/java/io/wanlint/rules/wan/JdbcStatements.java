package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;

/**
 * What a JDBC statement execution does, as far as its API call tells: the SQL itself is not read,
 * so only calls that can do nothing but query are reads.
 */
final class JdbcStatements {
    private JdbcStatements() {}

    /**
     * Whether a {@link CallOp#JDBC_EXECUTE} call only reads: {@code Statement.executeQuery}, and the
     * {@code query*} calls of Spring's JDBC templates and iBATIS ({@code queryForList},
     * {@code queryForInt}); {@code execute}, {@code update} and batches may write.
     */
    static boolean onlyReads(CallEdge e) {
        String name = e.to().name();
        return name.equals("executeQuery") || name.startsWith("query");
    }
}
