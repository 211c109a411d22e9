package io.wanlint.rules.wan;

import static io.wanlint.analyzer.api.CallOp.JDBC_EXECUTE;
import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.rules.testing.Checks;
import io.wanlint.rules.testing.RuleTestHarness;
import io.wanlint.rules.testing.TestApp;
import java.util.List;
import java.util.Map;
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

    // ---- through the whole pipeline: what the source front end counts as built SQL and as test code

    private final RuleTestHarness pipeline = RuleTestHarness.withPipeline(List.of(new UnpreparedSql()));

    private static final String DAO_HEAD = """
            package shop.dao;
            import java.sql.*;
            public class OrderDao {
                static final String ORDERS = "orders";
                private final javax.sql.DataSource ds;
                public OrderDao(javax.sql.DataSource ds) { this.ds = ds; }
            """;

    @Test
    void concatenatedIntegersAndConstantsCannotInjectAndAreNotReported() {
        pipeline.expectFindings(DAO_HEAD + """
                    public void byId(int id, Long customer, short day) throws SQLException {
                        Statement s = ds.getConnection().createStatement();
                        s.executeQuery("SELECT * FROM orders WHERE id = " + id);
                        s.executeQuery("SELECT * FROM " + ORDERS + " WHERE customer = " + customer + " AND day = " + (day + 1));
                        String sql = "SELECT * FROM " + shop.dao.Tables.ITEMS + " WHERE order_id = " + id;
                        sql += " AND line > " + (int) customer.longValue();
                        s.executeQuery(sql);
                    }
                    public void byName(String name, int id) throws SQLException {
                        Statement s = ds.getConnection().createStatement();
                        s.executeQuery("SELECT * FROM orders WHERE id = " + id + " AND name = '" + name + "'"); // expect: WAN009
                    }
                    public void appended(int id, String note) throws SQLException {
                        Statement s = ds.getConnection().createStatement();
                        String sql = "UPDATE orders SET touched = 1 WHERE id = " + id;
                        sql += " AND note = '" + note + "'";
                        s.executeUpdate(sql); // expect: WAN009
                    }
                }
                """, """
                package shop.dao;
                public class Tables {
                    public static final String ITEMS = "items";
                }
                """);
    }

    @Test
    void textBuiltIntoPreparedSqlWithoutBindParametersIsReportedLikeAStatement() {
        pipeline.expectFindings(DAO_HEAD + """
                    public void byName(String name) throws SQLException {
                        ds.getConnection().prepareStatement("SELECT * FROM orders WHERE name = '" + name + "'").executeQuery(); // expect: WAN009
                    }
                    public void call(String proc) throws SQLException {
                        String sql = "{call " + proc + "}";
                        ds.getConnection().prepareCall(sql).execute(); // expect: WAN009
                    }
                    public void bound(String name, int id) throws SQLException {
                        ds.getConnection().prepareStatement("SELECT * FROM " + ORDERS + " WHERE name = ?").executeQuery();
                        ds.getConnection().prepareStatement("SELECT * FROM orders WHERE id = " + id).executeQuery();
                        ds.getConnection().prepareStatement("SELECT * FROM orders").executeQuery();
                    }
                    static final String[] FRAGMENTS = {"SELECT * FROM orders WHERE name = ?", " OR name = ?"};
                    public void fragments(java.util.List<String> names) throws SQLException {
                        StringBuffer sb = new StringBuffer(FRAGMENTS[0]);
                        for (int i = 1; i < names.size(); i++) sb.append(FRAGMENTS[1]);
                        PreparedStatement ps = ds.getConnection().prepareStatement(sb.toString());
                        for (int i = 0; i < names.size(); i++) ps.setString(i + 1, names.get(i));
                        ps.executeQuery();
                    }
                    private PreparedStatement statementFor(Connection c, StringBuilder text) throws SQLException {
                        PreparedStatement ps = c.prepareStatement(text.toString());
                        return ps;
                    }
                    public void inList(java.util.List<String> names, String column) throws SQLException {
                        StringBuilder marks = new StringBuilder();
                        for (int i = 0; i < names.size(); i++) marks.append(i == 0 ? "?" : ", ?");
                        ds.getConnection().prepareStatement("SELECT * FROM orders WHERE " + column + " IN (" + marks + ")").executeQuery();
                    }
                }
                """);
    }

    @Test
    void testHarnessCodeNoRequestReachesIsNotReported() {
        pipeline.expectFindings(Map.of("src/test/java/shop/it/ReportIT.java", """
                package shop.it;
                import java.sql.*;
                public class ReportIT {
                    void dump(Connection c, String table) throws SQLException {
                        c.createStatement().executeQuery("SELECT * FROM " + table);
                    }
                }
                """), """
                package shop.it;
                public abstract class OrderedTestCase extends junit.framework.Assert implements junit.framework.Test {
                }
                """, """
                package shop.it;
                import java.sql.*;
                public abstract class AbstractDbTest extends OrderedTestCase {
                    protected static void dumpTable(Connection c, String table) throws SQLException {
                        c.createStatement().executeQuery("SELECT * FROM " + table);
                    }
                }
                """, """
                package shop.it;
                import java.sql.*;
                public class CustomerTest extends junit.framework.TestCase {
                    private void assertNamed(Connection c, String name) throws SQLException {
                        c.createStatement().executeQuery("SELECT * FROM customer WHERE name = '" + name + "'");
                    }
                }
                """, """
                package shop.it;
                import java.sql.*;
                public class OrderTests extends AbstractDbTest {
                    private void assertNamed(Connection c, String name) throws SQLException {
                        c.createStatement().executeQuery("SELECT * FROM orders WHERE name = '" + name + "'");
                    }
                }
                """, """
                package shop.it;
                import java.sql.*;
                import org.junit.Test;
                public class CustomerCheck {
                    Connection c;
                    @Test public void named() throws SQLException { find("x"); }
                    private void find(String name) throws SQLException {
                        c.createStatement().executeQuery("SELECT * FROM customer WHERE name = '" + name + "'");
                    }
                }
                """, """
                package shop.dao;
                import java.sql.*;
                public class Reports {
                    public static void dump(Connection c, String table) throws SQLException {
                        c.createStatement().executeQuery("SELECT * FROM " + table); // expect: WAN009
                    }
                }
                """);
    }

    @Test
    void testCodeThatARequestReachesIsReported() {
        pipeline.expectFindings("""
                package shop.it;
                import java.sql.*;
                public abstract class AbstractDbTest extends junit.framework.TestCase {
                    public static void dumpTable(Connection c, String table) throws SQLException {
                        c.createStatement().executeQuery("SELECT * FROM " + table); // expect: WAN009
                    }
                }
                """, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/dump")
                public class DumpServlet extends HttpServlet {
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) {
                        try {
                            shop.it.AbstractDbTest.dumpTable(null, q.getParameter("t"));
                        } catch (java.sql.SQLException e) { throw new RuntimeException(e); }
                    }
                }
                """);
    }
}
