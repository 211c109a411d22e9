package io.wanlint.rules.wan;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.Analyzer;
import io.wanlint.analyzer.api.Fingerprints;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.Topologies;
import io.wanlint.analyzer.api.WanCostModel;
import io.wanlint.rules.api.RoundTripOracle;
import io.wanlint.rules.api.Rule;
import io.wanlint.rules.api.Rules;
import io.wanlint.rules.testing.RuleTestHarness;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One finding per root cause, and figures that add up (issue 20 items 1, 2, 4, 5, 6; issue 19 item
 * 10's GET/POST twins): real source through the whole pipeline under the {@code edge} topology.
 */
class OneFindingPerCauseTest {
    private final RuleTestHarness harness = RuleTestHarness.withPipeline();

    private static final String CATALOG_REMOTE = """
            package shop.api;
            @javax.ejb.Remote
            public interface Catalog {
                String name(long id);
                double price(long id);
            }
            """;
    private static final String CATALOG_BEAN = """
            package shop.ejb;
            @javax.ejb.Stateless
            public class CatalogBean implements shop.api.Catalog {
                public String name(long id) { return "n" + id; }
                public double price(long id) { return 1.0; }
            }
            """;
    private static final String ORDERS_REMOTE = """
            package shop.api;
            @javax.ejb.Remote
            public interface Orders {
                void place(long item, double price);
            }
            """;
    private static final String ORDERS_BEAN = """
            package shop.ejb;
            @javax.ejb.Stateless
            public class OrdersBean implements shop.api.Orders {
                public void place(long item, double price) { }
            }
            """;

    @Test
    void aDoGetThatOnlyCallsDoPostIsOneEntryPointAndOneFinding() {
        List<Finding> findings = harness.expectFindings(CATALOG_REMOTE, CATALOG_BEAN, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/item")
                public class ItemServlet extends HttpServlet {
                    @javax.ejb.EJB shop.api.Catalog catalog;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        doPost(q, r);
                    }
                    protected void doPost(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        r.getWriter().print(catalog.name(1)); // expect: WAN001
                        r.getWriter().print(catalog.price(1));
                    }
                }
                """);

        assertThat(findings).singleElement().satisfies(f -> {
            assertThat(f.entryPoints()).containsExactly("GET, POST /item");
            // The key (so the fingerprint) the GET entry point's finding had before twins were one.
            assertThat(f.key()).isEqualTo("/item");
            assertThat(Fingerprints.of(f)).isEqualTo(Fingerprints.of("WAN001", "/item", f.location().file()));
            assertThat(f.message()).startsWith("2 round trips per request to GET, POST /item, 2 of them through 2 remote calls");
        });
    }

    @Test
    void aDoGetAndADoPostDoingDifferentWorkStayTwoEntryPoints() {
        List<Finding> findings = harness.expectFindings(CATALOG_REMOTE, CATALOG_BEAN, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/item")
                public class ItemServlet extends HttpServlet {
                    @javax.ejb.EJB shop.api.Catalog catalog;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        r.getWriter().print(catalog.name(1)); // expect: WAN001
                        r.getWriter().print(catalog.price(1));
                    }
                    protected void doPost(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        r.getWriter().print(catalog.price(2)); // expect: WAN001
                        r.getWriter().print(catalog.name(2));
                    }
                }
                """);

        assertThat(findings).extracting(Finding::entryPoints).containsExactlyInAnyOrder(List.of("/item"), List.of("/item [POST]"));
    }

    @Test
    void twoPagesMakingTheSameCallsAreOneFindingWithTheWorstRequestsFiguresNotTheirSum() {
        List<Finding> findings = harness.expectFindings(CATALOG_REMOTE, CATALOG_BEAN, """
                package shop.web;
                public class ItemView {
                    public static String render(shop.api.Catalog catalog, long id) {
                        return catalog.name(id) + catalog.price(id); // expect: WAN001
                    }
                }
                """, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/a")
                public class AServlet extends HttpServlet {
                    @javax.ejb.EJB shop.api.Catalog catalog;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        r.getWriter().print(ItemView.render(catalog, 1));
                    }
                }
                """, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/b")
                public class BServlet extends HttpServlet {
                    @javax.ejb.EJB shop.api.Catalog catalog;
                    @javax.annotation.Resource javax.sql.DataSource ds;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws Exception {
                        r.getWriter().print(ItemView.render(catalog, 1));
                        try (java.sql.Connection c = ds.getConnection()) { // expect: WAN003
                            c.prepareStatement("UPDATE hits SET n = n + 1").executeUpdate();
                        }
                    }
                }
                """);

        Finding wan001 = findings.stream().filter(f -> f.ruleId().equals("WAN001")).findFirst().orElseThrow();
        Finding wan003 = findings.stream().filter(f -> f.ruleId().equals("WAN003")).findFirst().orElseThrow();
        assertThat(wan001.entryPoints()).containsExactly("/a", "/b");
        // /b pays the JDBC statement too: its one request is the worst, and WAN003 (on /b alone) has its figure.
        assertThat(wan001.before()).isEqualTo(wan003.before());
        assertThat(wan001.message()).contains("per request (worst: /b, of 2 entry points), 2 of them through 2 remote calls");
        // The key of the first entry point's finding, as it was when each page had its own.
        assertThat(wan001.key()).isEqualTo("/a");
    }

    @Test
    void wan002SaysTheUseCaseWhenWan001DoesNotRun() {
        List<Rule> withoutWan001 = Rules.builtIn().stream().filter(r -> !r.id().equals("WAN001")).toList();
        RuleTestHarness.withPipeline(withoutWan001).expectFindings(CATALOG_REMOTE, CATALOG_BEAN, ORDERS_REMOTE, ORDERS_BEAN, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/buy")
                public class BuyServlet extends HttpServlet {
                    @javax.ejb.EJB shop.api.Catalog catalog;
                    @javax.ejb.EJB shop.api.Orders orders;
                    protected void doPost(HttpServletRequest q, HttpServletResponse r) {
                        double price = catalog.price(1); // expect: WAN002
                        orders.place(1, price);
                    }
                }
                """).forEach(f -> assertThat(f.message())
                .contains("(2 calls; they cost 2 of 2 round trips per request to /buy)"));
    }

    @Test
    void aUseCaseWhoseCallsCostNoRoundTripIsNotReported() {
        // Stateful beans sit with the web tier under the edge topology: two of them make a use case
        // assembled in the web tier, but not one that costs a WAN round trip.
        harness.expectFindings("""
                package shop.api;
                @javax.ejb.Remote
                public interface Cart { void add(long item); }
                """, """
                package shop.ejb;
                @javax.ejb.Stateful
                public class CartBean implements shop.api.Cart { public void add(long item) { } }
                """, """
                package shop.api;
                @javax.ejb.Remote
                public interface Wishes { void add(long item); }
                """, """
                package shop.ejb;
                @javax.ejb.Stateful
                public class WishesBean implements shop.api.Wishes { public void add(long item) { } }
                """, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/keep")
                public class KeepServlet extends HttpServlet {
                    @javax.ejb.EJB shop.api.Cart cart;
                    @javax.ejb.EJB shop.api.Wishes wishes;
                    protected void doPost(HttpServletRequest q, HttpServletResponse r) {
                        cart.add(1);
                        wishes.add(1);
                    }
                }
                """);
    }

    @Test
    void aFixThatSavesNoRoundTripIsNotProposedAndAfterIsNeverAboveBefore() {
        // Under the centralized topology the web tier runs next to the database: the data access is
        // still in the web tier (WAN003), but a DAO behind a façade would save no round trip.
        RuleTestHarness centralized = new RuleTestHarness(dir -> Analyzer.analyze(AnalysisRequest.of(dir)),
                a -> RoundTripOracle.of(WanCostModel.of(a.model(), a.callGraph(), Topologies.preset("centralized"))),
                Rules.builtIn());
        List<Finding> findings = centralized.expectFindings("""
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/hits")
                public class HitsServlet extends HttpServlet {
                    @javax.annotation.Resource javax.sql.DataSource ds;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws Exception {
                        try (java.sql.Connection c = ds.getConnection()) { // expect: WAN003
                            c.prepareStatement("UPDATE hits SET n = n + 1").executeUpdate();
                        }
                    }
                }
                """);

        assertThat(findings).singleElement().satisfies(f -> {
            assertThat(f.after()).isEqualTo(f.before());
            assertThat(f.message()).contains("No WAN saving").doesNotContain("Moved into a DAO");
        });
    }

    @Test
    void wan003ProposesItsFixWhereTheDatabaseIsAcrossTheWan() {
        List<Finding> findings = harness.expectFindings("""
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/hits")
                public class HitsServlet extends HttpServlet {
                    @javax.annotation.Resource javax.sql.DataSource ds;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws Exception {
                        try (java.sql.Connection c = ds.getConnection()) { // expect: WAN003
                            c.prepareStatement("UPDATE hits SET n = n + 1").executeUpdate();
                            c.prepareStatement("UPDATE visits SET n = n + 1").executeUpdate();
                        }
                    }
                }
                """);

        assertThat(findings).singleElement().satisfies(f -> {
            assertThat(f.after()).isLessThan(f.before());
            assertThat(f.message()).contains("Moved into a DAO").doesNotContain("No WAN saving");
        });
    }

    @Test
    void aRemoteFacadeMethodAWebRequestCallsIsOneFindingWithThatRequest() {
        List<Finding> findings = harness.expectFindings(CATALOG_REMOTE, CATALOG_BEAN, """
                package shop.api;
                @javax.ejb.Remote
                public interface Controller {
                    String show(long id);
                }
                """, """
                package shop.ejb;
                @javax.ejb.Stateful
                public class ControllerBean implements shop.api.Controller {
                    @javax.ejb.EJB shop.api.Catalog catalog;
                    public String show(long id) {
                        return catalog.name(id) // expect: WAN001
                                + catalog.price(id);
                    }
                }
                """, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/show")
                public class ShowServlet extends HttpServlet {
                    @javax.ejb.EJB shop.api.Controller controller;
                    @javax.ejb.EJB shop.api.Catalog catalog;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        r.getWriter().print(controller.show(1)); // expect: WAN002
                        r.getWriter().print(catalog.name(2));
                    }
                }
                """);

        // Outside clients call show() too (its own entry point), but its calls are among the request's: one cause.
        assertThat(findings).filteredOn(f -> f.ruleId().equals("WAN001")).singleElement().satisfies(f -> {
            assertThat(f.entryPoints()).containsExactly("/show", "shop.ejb.ControllerBean#show");
            assertThat(f.key()).isEqualTo("/show");
        });
    }

    @Test
    void aMethodThatOnlyTakesAPooledConnectionIsPartOfTheStatementsThatUseItNotAFindingOfItsOwn() {
        harness.expectFindings("""
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/load")
                public class LoadServlet extends HttpServlet {
                    @javax.annotation.Resource javax.sql.DataSource ds;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws Exception {
                        try (java.sql.Connection c = connection()) {
                            LoadStatements.run(c);
                        }
                    }
                    private java.sql.Connection connection() throws java.sql.SQLException {
                        return ds.getConnection();
                    }
                }
                """, """
                package shop.web;
                public class LoadStatements {
                    static void run(java.sql.Connection c) throws java.sql.SQLException {
                        c.prepareStatement("DELETE FROM item").executeUpdate(); // expect: WAN003
                        c.prepareStatement("DELETE FROM stock").executeUpdate();
                    }
                }
                """);
    }
}
