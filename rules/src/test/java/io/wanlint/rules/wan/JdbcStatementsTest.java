package io.wanlint.rules.wan;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.SourceLocation;
import java.util.List;
import org.junit.jupiter.api.Test;

class JdbcStatementsTest {
    private static CallEdge execution(String type, String method) {
        return new CallEdge(new MethodRef("shop.Dao", "run", List.of()), new MethodRef(type, method, List.of()), EdgeKind.JDBC,
                CallOp.JDBC_EXECUTE, new SourceLocation("src/shop/Dao.java", 3), 0, null, false, false);
    }

    @Test
    void queriesOfStatementsAndOfSpringsTemplatesOnlyRead() {
        assertThat(JdbcStatements.onlyReads(execution("java.sql.Statement", "executeQuery"))).isTrue();
        assertThat(JdbcStatements.onlyReads(execution("org.springframework.jdbc.core.JdbcTemplate", "queryForList"))).isTrue();
        assertThat(JdbcStatements.onlyReads(execution("org.springframework.orm.ibatis.SqlMapClientTemplate", "queryForObject"))).isTrue();
    }

    @Test
    void updatesExecutesAndBatchesMayWrite() {
        assertThat(JdbcStatements.onlyReads(execution("java.sql.Statement", "executeUpdate"))).isFalse();
        assertThat(JdbcStatements.onlyReads(execution("java.sql.Statement", "execute"))).isFalse();
        assertThat(JdbcStatements.onlyReads(execution("org.springframework.jdbc.core.JdbcTemplate", "update"))).isFalse();
        assertThat(JdbcStatements.onlyReads(execution("org.springframework.jdbc.core.JdbcTemplate", "batchUpdate"))).isFalse();
        assertThat(JdbcStatements.onlyReads(execution("org.springframework.orm.ibatis.SqlMapClientTemplate", "insert"))).isFalse();
    }
}
