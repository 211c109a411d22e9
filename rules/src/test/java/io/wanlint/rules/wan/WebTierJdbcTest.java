package io.wanlint.rules.wan;

import static io.wanlint.analyzer.api.CallOp.BUSINESS_METHOD;
import static io.wanlint.analyzer.api.CallOp.JDBC_CONNECTION_POOL;
import static io.wanlint.analyzer.api.CallOp.JDBC_EXECUTE;
import static io.wanlint.analyzer.api.CallOp.JDBC_PREPARE;
import static io.wanlint.analyzer.api.CallOp.JDBC_RESULT_NEXT;
import static io.wanlint.analyzer.api.CallOp.JPA_QUERY;
import static io.wanlint.analyzer.api.ComponentKind.JAX_RS_RESOURCE;
import static io.wanlint.analyzer.api.ComponentKind.STATELESS_SESSION;
import static io.wanlint.rules.testing.TestApp.Opt.IN_LOOP;
import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.EvidenceStep;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.rules.testing.Checks;
import io.wanlint.rules.testing.TestApp;
import java.util.List;
import org.junit.jupiter.api.Test;

class WebTierJdbcTest {
    private final WebTierJdbc rule = new WebTierJdbc();

    @Test
    void helperDaoUsedByTwoServletsIsReportedOnceWithBothEntryPoints() {
        TestApp app = new TestApp();
        var list = app.servlet("List", "shop.web.ListServlet");
        var search = app.servlet("Search", "shop.web.SearchServlet");
        MethodRef listGet = app.method(list, "doGet", 10);
        MethodRef searchGet = app.method(search, "doGet", 10);
        MethodRef dao = app.method(null, "shop.web.CatalogDao", "items", 30);
        app.entry(EntryPoint.Kind.SERVLET, "/list", listGet);
        app.entry(EntryPoint.Kind.SERVLET, "/search", searchGet);
        app.call(listGet, dao, 11);
        app.call(searchGet, dao, 12);
        app.jdbc(dao, JDBC_CONNECTION_POOL, 31);
        app.jdbc(dao, JDBC_PREPARE, 32);
        app.jdbc(dao, JDBC_EXECUTE, 33);
        app.jdbc(dao, JDBC_RESULT_NEXT, 34, IN_LOOP);

        List<Finding> findings = Checks.edge(rule, app.build());

        assertThat(findings).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(Severity.ERROR);
            assertThat(f.location()).isEqualTo(new FindingLocation("src/shop/web/CatalogDao.java", 31, "shop.web.CatalogDao", "items"));
            assertThat(f.entryPoints()).containsExactly("/list", "/search");
            // One request of the worst page (both cost the same: the first is named), never the two added up:
            // execute 1 + one batch per iteration n; the façade: one call.
            assertThat(f.before().formula()).isEqualTo("1 + n");
            assertThat(f.after()).isEqualTo(RoundTrips.of(1));
            assertThat(f.message()).contains("1 + n of 1 + n round trips per request (worst: /list, of 2 entry points)");
            assertThat(f.message()).startsWith("CatalogDao.items runs JDBC from the web tier: 4 calls (DataSource.getConnection, "
                    + "Connection.prepareStatement, PreparedStatement.executeQuery, ResultSet.next), reached from /list, /search");
            assertThat(f.evidence()).extracting(EvidenceStep::line).containsExactly(10, 11, 31);
        });
    }

    @Test
    void jdbcInsideASessionBeanIsNotReported() {
        TestApp app = new TestApp();
        var servlet = app.servlet("List", "shop.web.ListServlet");
        var catalog = app.session("Catalog", STATELESS_SESSION, "shop.ejb", true);
        MethodRef doGet = app.method(servlet, "doGet", 10);
        MethodRef items = app.method(catalog, "items", 20);
        MethodRef dao = app.method(null, "shop.ejb.CatalogDao", "items", 30);
        app.entry(EntryPoint.Kind.SERVLET, "/list", doGet);
        app.remote(doGet, "Catalog", "items", BUSINESS_METHOD, 11);
        app.jdbc(items, JDBC_EXECUTE, 21);
        app.call(items, dao, 22);
        app.jdbc(dao, JDBC_EXECUTE, 31);

        assertThat(Checks.edge(rule, app.build())).isEmpty();
    }

    @Test
    void jstlSqlTagInAJspIsReportedOnThePage() {
        TestApp app = new TestApp();
        var page = app.jsp("/catalog.jsp");
        MethodRef service = app.method(page, "_jspService", 1);
        app.entry(EntryPoint.Kind.JSP, "/catalog.jsp", service);
        app.jdbc(service, JDBC_EXECUTE, 7);

        assertThat(Checks.edge(rule, app.build())).singleElement().satisfies(f -> {
            assertThat(f.location()).isEqualTo(new FindingLocation("web/catalog.jsp", 7, "jsp:/catalog.jsp", "_jspService"));
            assertThat(f.message()).startsWith("page /catalog.jsp runs JDBC from the web tier");
            assertThat(f.before()).isEqualTo(RoundTrips.of(1));
            assertThat(f.after()).isEqualTo(RoundTrips.of(1));
        });
    }

    @Test
    void jpaQueryInAJaxRsResourceIsReported() {
        TestApp app = new TestApp();
        var resource = app.plain("Books", JAX_RS_RESOURCE, "shop.rest.BooksResource");
        MethodRef get = app.method(resource, "list", 14);
        app.entry(EntryPoint.Kind.JAX_RS, "/api/books", get);
        app.jpa(get, JPA_QUERY, null, 16);
        app.jpa(get, JPA_QUERY, null, 17);

        assertThat(Checks.edge(rule, app.build())).singleElement().satisfies(f -> {
            assertThat(f.message()).contains("runs JPA/Hibernate from the web tier");
            assertThat(f.before()).isEqualTo(RoundTrips.of(2));
            assertThat(f.after()).isEqualTo(RoundTrips.of(1));
        });
    }

    @Test
    void webTierJdbcNextToTheDatabaseIsStillReportedButGainsNoRoundTrips() {
        TestApp app = new TestApp();
        var servlet = app.servlet("List", "shop.web.ListServlet");
        MethodRef doGet = app.method(servlet, "doGet", 10);
        app.entry(EntryPoint.Kind.SERVLET, "/list", doGet);
        app.jdbc(doGet, JDBC_EXECUTE, 12);

        assertThat(Checks.centralized(rule, app.build())).singleElement().satisfies(f -> {
            assertThat(f.before()).isEqualTo(RoundTrips.ZERO);
            assertThat(f.after()).isEqualTo(RoundTrips.ZERO);
        });
    }
}
