package io.wanlint.rules.wan;

import io.wanlint.rules.testing.RuleTestHarness;
import org.junit.jupiter.api.Test;

/**
 * Each rule over real source through the whole pipeline (parse, model, call graph, cost model)
 * under the default {@code edge} topology: a line ending in {@code // expect: WANxxx} must carry
 * exactly that finding, every other line none.
 */
class RuleMarkersTest {
    private final RuleTestHarness harness = RuleTestHarness.withPipeline();

    private static final String CATALOG_REMOTE = """
            package shop.api;
            @javax.ejb.Remote
            public interface Catalog {
                String name(long id);
                double price(long id);
                java.util.List ids();
                String page(long id);
            }
            """;
    private static final String CATALOG_BEAN = """
            package shop.ejb;
            @javax.ejb.Stateless
            public class CatalogBean implements shop.api.Catalog {
                @javax.ejb.EJB shop.api.Pricing pricing;
                public String name(long id) { return "n" + id; }
                public double price(long id) { return pricing.listPrice(id); }
                public java.util.List ids() { return new java.util.ArrayList(); }
                public String page(long id) { return name(id) + price(id); }
            }
            """;
    private static final String PRICING_LOCAL = """
            package shop.api;
            @javax.ejb.Local
            public interface Pricing {
                double listPrice(long id);
            }
            """;
    private static final String PRICING_BEAN = """
            package shop.ejb;
            @javax.ejb.Stateless
            public class PricingBean implements shop.api.Pricing {
                public double listPrice(long id) { return 1.0; }
            }
            """;

    @Test
    void wan001SeveralRemoteCallsPerRequestAndARemoteCallInALoop() {
        harness.expectFindings(CATALOG_REMOTE, CATALOG_BEAN, PRICING_LOCAL, PRICING_BEAN, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/item")
                public class ItemServlet extends HttpServlet {
                    @javax.ejb.EJB shop.api.Catalog catalog;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        long id = Long.parseLong(q.getParameter("id"));
                        r.getWriter().print(catalog.name(id)); // expect: WAN001
                        r.getWriter().print(catalog.price(id));
                    }
                }
                """, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/list")
                public class ListServlet extends HttpServlet {
                    @javax.ejb.EJB shop.api.Catalog catalog;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        for (int i = 0; i < 10; i++) {
                            r.getWriter().print(catalog.name(i)); // expect: WAN001
                        }
                    }
                }
                """);
    }

    @Test
    void wan001NotForOneFacadeCallNorForLocalCallsInsideTheEjbTier() {
        // One coarse call per request (the bean then uses Pricing locally, next to the data).
        harness.expectFindings(CATALOG_REMOTE, CATALOG_BEAN, PRICING_LOCAL, PRICING_BEAN, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/page")
                public class PageServlet extends HttpServlet {
                    @javax.ejb.EJB shop.api.Catalog catalog;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        r.getWriter().print(catalog.page(Long.parseLong(q.getParameter("id"))));
                    }
                }
                """);
    }

    @Test
    void wan002LeavesToWan001AUseCaseOfTwoSessionBeansWhoseCallsAreExactlyWan001s() {
        // The web tier assembles the use case from two session beans: the same two calls, the same
        // façade and the same figures as WAN001's finding on that line, so one finding (WAN001) says it.
        var findings = harness.expectFindings(CATALOG_REMOTE, CATALOG_BEAN, PRICING_LOCAL, PRICING_BEAN, """
                package shop.api;
                @javax.ejb.Remote
                public interface Orders {
                    void place(long item, double price);
                }
                """, """
                package shop.ejb;
                @javax.ejb.Stateless
                public class OrdersBean implements shop.api.Orders {
                    public void place(long item, double price) { }
                }
                """, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/buy")
                public class BuyServlet extends HttpServlet {
                    @javax.ejb.EJB shop.api.Catalog catalog;
                    @javax.ejb.EJB shop.api.Orders orders;
                    protected void doPost(HttpServletRequest q, HttpServletResponse r) {
                        long id = Long.parseLong(q.getParameter("id"));
                        double price = catalog.price(id); // expect: WAN001
                        orders.place(id, price);
                    }
                }
                """);
        org.assertj.core.api.Assertions.assertThat(findings).singleElement().satisfies(f -> org.assertj.core.api.Assertions
                .assertThat(f.message()).contains("the web tier assembles this use case from 2 session beans CatalogBean, OrdersBean"));
    }

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

    /** One command per request: the arms of the if/else-if chain never run together (issue 19 item 8). */
    @Test
    void wan001AndWan002NotForCallsInExclusiveCommandBranches() {
        harness.expectFindings(CATALOG_REMOTE, CATALOG_BEAN, PRICING_LOCAL, PRICING_BEAN, ORDERS_REMOTE, ORDERS_BEAN, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/admin")
                public class AdminServlet extends HttpServlet {
                    @javax.ejb.EJB shop.api.Catalog catalog;
                    @javax.ejb.EJB shop.api.Orders orders;
                    protected void doPost(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        String type = q.getParameter("type");
                        long id = Long.parseLong(q.getParameter("id"));
                        if (type.equals("NAME")) {
                            r.getWriter().print(catalog.name(id));
                        } else if (type.equals("PRICE")) {
                            r.getWriter().print(catalog.price(id));
                        } else {
                            orders.place(id, 1.0);
                        }
                    }
                }
                """);
    }

    /** The same commands, but one arm makes two remote calls on two beans: that request is reported. */
    @Test
    void wan001StillForTheCostliestExclusiveBranchAndNamesItsUseCase() {
        harness.expectFindings(CATALOG_REMOTE, CATALOG_BEAN, PRICING_LOCAL, PRICING_BEAN, ORDERS_REMOTE, ORDERS_BEAN, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/admin")
                public class AdminServlet extends HttpServlet {
                    @javax.ejb.EJB shop.api.Catalog catalog;
                    @javax.ejb.EJB shop.api.Orders orders;
                    protected void doPost(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        String type = q.getParameter("type");
                        long id = Long.parseLong(q.getParameter("id"));
                        switch (type) {
                            case "NAME":
                                r.getWriter().print(catalog.name(id));
                                break;
                            default:
                                double price = catalog.price(id); // expect: WAN001
                                orders.place(id, price);
                        }
                    }
                }
                """);
    }

    @Test
    void wan003JdbcInAWebHelperButNotInsideASessionBean() {
        harness.expectFindings("""
                package shop.web;
                import java.sql.*;
                public class StockHelper {
                    private final javax.sql.DataSource ds;
                    public StockHelper(javax.sql.DataSource ds) { this.ds = ds; }
                    public int stock(long id) throws SQLException {
                        try (Connection c = ds.getConnection()) { // expect: WAN003
                            PreparedStatement s = c.prepareStatement("SELECT qty FROM stock WHERE id = ?");
                            s.setLong(1, id);
                            ResultSet rs = s.executeQuery();
                            return rs.next() ? rs.getInt(1) : 0;
                        }
                    }
                }
                """, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/stock")
                public class StockServlet extends HttpServlet {
                    @javax.annotation.Resource(name = "jdbc/shop") javax.sql.DataSource ds;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        try {
                            r.getWriter().print(new StockHelper(ds).stock(1L));
                        } catch (java.sql.SQLException e) {
                            r.sendError(500);
                        }
                    }
                }
                """, """
                package shop.ejb;
                import java.sql.*;
                @javax.ejb.Stateless
                public class ReportBean implements shop.api.Reports {
                    @javax.annotation.Resource(name = "jdbc/shop") javax.sql.DataSource ds;
                    public int count() {
                        try (Connection c = ds.getConnection()) {
                            ResultSet rs = c.prepareStatement("SELECT COUNT(*) FROM stock").executeQuery();
                            return rs.next() ? rs.getInt(1) : 0;
                        } catch (SQLException e) {
                            return -1;
                        }
                    }
                }
                """, """
                package shop.api;
                @javax.ejb.Remote
                public interface Reports {
                    int count();
                }
                """, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/report")
                public class ReportServlet extends HttpServlet {
                    @javax.ejb.EJB shop.api.Reports reports;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        r.getWriter().print(reports.count());
                    }
                }
                """);
    }

    @Test
    void wan004HttpCallInsideARequiredTransactionButNotFromANotSupportedMethodNorWhenTheCallIsItsOnlyWork() {
        harness.expectFindings("""
                package shop.api;
                @javax.ejb.Remote
                public interface Payments {
                    void charge(long order);
                    int status();
                    int authorize(long order);
                }
                """, """
                package shop.ejb;
                import javax.ejb.*;
                @Stateless
                public class PaymentsBean implements shop.api.Payments {
                    @javax.annotation.Resource javax.sql.DataSource db;
                    @TransactionAttribute(TransactionAttributeType.REQUIRED)
                    public void charge(long order) { // expect: WAN004
                        try (java.sql.Connection con = db.getConnection();
                             java.sql.PreparedStatement ps = con.prepareStatement("UPDATE ORDERS SET STATE = 'CHARGED' WHERE ID = ?")) {
                            ps.setLong(1, order);
                            ps.executeUpdate();
                            java.net.HttpURLConnection c = (java.net.HttpURLConnection)
                                    new java.net.URL("http://bank.example/charge?o=" + order).openConnection();
                            c.getResponseCode();
                        } catch (java.io.IOException | java.sql.SQLException e) {
                            throw new EJBException(e);
                        }
                    }
                    // Required too, but the call is the transaction's only work: no locks held, nothing to undo.
                    @TransactionAttribute(TransactionAttributeType.REQUIRED)
                    public int authorize(long order) {
                        try {
                            return ((java.net.HttpURLConnection) new java.net.URL("http://bank.example/auth?o=" + order).openConnection())
                                    .getResponseCode();
                        } catch (java.io.IOException e) {
                            throw new EJBException(e);
                        }
                    }
                    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
                    public int status() {
                        try {
                            return ((java.net.HttpURLConnection) new java.net.URL("http://bank.example/ping").openConnection())
                                    .getResponseCode();
                        } catch (java.io.IOException e) {
                            return -1;
                        }
                    }
                }
                """, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/pay")
                public class PayServlet extends HttpServlet {
                    @javax.ejb.EJB shop.api.Payments payments;
                    protected void doPost(HttpServletRequest q, HttpServletResponse r) {
                        payments.charge(Long.parseLong(q.getParameter("order")));
                    }
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        r.getWriter().print(payments.status());
                    }
                }
                """, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/authorize")
                public class AuthorizeServlet extends HttpServlet {
                    @javax.ejb.EJB shop.api.Payments payments;
                    protected void doPost(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        r.getWriter().print(payments.authorize(Long.parseLong(q.getParameter("order"))));
                    }
                }
                """);
    }

    @Test
    void wan005AnEntityOnlyReadIsCacheableButNotOneWrittenOnEveryOrder() {
        harness.expectFindings("""
                package shop.model;
                @javax.persistence.Entity
                public class Product { // expect: WAN005
                    @javax.persistence.Id long id;
                    String name;
                    public String getName() { return name; }
                }
                """, """
                package shop.model;
                @javax.persistence.Entity
                public class CustomerOrder {
                    @javax.persistence.Id long id;
                    long product;
                }
                """, """
                package shop.api;
                @javax.ejb.Remote
                public interface Shop {
                    String show(long id);
                    void order(long id);
                }
                """, """
                package shop.ejb;
                import javax.persistence.*;
                import shop.model.*;
                @javax.ejb.Stateless
                public class ShopBean implements shop.api.Shop {
                    @PersistenceContext EntityManager em;
                    public String show(long id) { return em.find(Product.class, id).name; }
                    public void order(long id) {
                        em.find(Product.class, id);
                        CustomerOrder o = new CustomerOrder();
                        o.product = id;
                        em.persist(o);
                    }
                }
                """, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/shop")
                public class ShopServlet extends HttpServlet {
                    @javax.ejb.EJB shop.api.Shop shop;
                    // The page reads Product itself, at the edge: every read crosses the WAN to the database.
                    @javax.persistence.PersistenceContext javax.persistence.EntityManager em;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        r.getWriter().print(em.find(shop.model.Product.class, 1L).getName()); // expect: WAN003
                    }
                    protected void doPost(HttpServletRequest q, HttpServletResponse r) {
                        shop.order(1L);
                    }
                }
                """);
    }

    @Test
    void wan005AnEntityReadOnlyByTheFacadeNextToItIsNotReported() {
        // Every read of Category runs in the façade at the main site, next to the database: a copy at the
        // edge would save no WAN round trip, however read-mostly the entity is.
        harness.expectFindings("""
                package shop.model;
                @javax.persistence.Entity
                public class Category {
                    @javax.persistence.Id long id;
                    String name;
                }
                """, """
                package shop.api;
                @javax.ejb.Remote
                public interface Aisles {
                    String title(long id);
                }
                """, """
                package shop.ejb;
                import javax.persistence.*;
                import shop.model.*;
                @javax.ejb.Stateless
                public class AislesBean implements shop.api.Aisles {
                    @PersistenceContext EntityManager em;
                    public String title(long id) { return em.find(Category.class, id).name; }
                }
                """, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/aisle")
                public class AisleServlet extends HttpServlet {
                    @javax.ejb.EJB shop.api.Aisles aisles;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        r.getWriter().print(aisles.title(1L));
                    }
                }
                """);
    }
}
