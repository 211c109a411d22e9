package io.wanlint.rules.wan;

import static io.wanlint.analyzer.api.CallOp.JDBC_EXECUTE;
import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.rules.testing.Checks;
import io.wanlint.rules.testing.TestApp;
import org.junit.jupiter.api.Test;

class UnpreparedSqlTest {
    private final UnpreparedSql rule = new UnpreparedSql();

    @Test
    void concatenatedSqlOnAPlainStatementIsReportedPerMethodWithItsEntryPoints() {
        TestApp app = new TestApp();
        var servlet = app.servlet("Report", "shop.web.ReportServlet");
        MethodRef doGet = app.method(servlet, "doGet", 10);
        MethodRef dao = app.method(null, "shop.web.ReportDao", "totals", 30);
        app.entry(EntryPoint.Kind.SERVLET, "/report", doGet);
        app.call(doGet, dao, 11);
        app.sqlBuilt(app.statement(dao, "executeQuery", 31));
        app.sqlBuilt(app.statement(dao, "executeUpdate", 35));

        assertThat(Checks.edge(rule, app.build())).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(Severity.ERROR);
            assertThat(f.location()).isEqualTo(new FindingLocation("src/shop/web/ReportDao.java", 31, "shop.web.ReportDao", "totals"));
            assertThat(f.entryPoints()).containsExactly("/report");
            assertThat(f.message()).contains("Statement.executeQuery() on line 31, Statement.executeUpdate() on line 35");
            assertThat(f.before()).isEqualTo(RoundTrips.of(2)).isEqualTo(f.after());
            assertThat(f.evidence()).extracting(s -> s.line()).containsExactly(10, 11, 31, 35);
        });
    }

    @Test
    void unreachedMethodsAreStillReported() {
        TestApp app = new TestApp();
        MethodRef dao = app.method(null, "shop.dao.SearchDao", "search", 30);
        app.sqlBuilt(app.statement(dao, "executeQuery", 31));

        assertThat(Checks.edge(rule, app.build())).singleElement().satisfies(f -> {
            assertThat(f.entryPoints()).isEmpty();
            assertThat(f.evidence()).hasSize(2);
        });
    }

    @Test
    void literalSqlAndPreparedStatementsAreNotReported() {
        TestApp app = new TestApp();
        MethodRef dao = app.method(null, "shop.dao.SearchDao", "search", 30);
        app.statement(dao, "executeQuery", 31);                // literal SQL: no fact
        app.sqlBuilt(app.jdbc(dao, JDBC_EXECUTE, 32));         // PreparedStatement.executeQuery

        assertThat(Checks.edge(rule, app.build())).isEmpty();
    }
}
