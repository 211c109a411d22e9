package io.wanlint.rules.wan;

import io.wanlint.rules.testing.RuleTestHarness;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * WAN006–WAN010 over real EJB 2 source and descriptors through the whole pipeline under the
 * default {@code edge} topology (all rules run): a line ending in {@code // expect: WANxxx} must
 * carry exactly those findings, every other line none.
 */
class SecondaryRuleMarkersTest {
    private final RuleTestHarness harness = RuleTestHarness.withPipeline();

    private static final Map<String, String> EJB_JAR = Map.of("META-INF/ejb-jar.xml", """
            <?xml version="1.0"?>
            <ejb-jar>
              <enterprise-beans>
                <entity> <!-- expect: WAN002 -->
                  <ejb-name>Category</ejb-name>
                  <home>shop.ejb.CategoryHome</home>
                  <remote>shop.ejb.Category</remote>
                  <ejb-class>shop.ejb.CategoryBean</ejb-class>
                  <persistence-type>Bean</persistence-type>
                  <prim-key-class>java.lang.String</prim-key-class>
                  <reentrant>False</reentrant>
                </entity>
              </enterprise-beans>
            </ejb-jar>
            """);

    private static final String CATEGORY_HOME = """
            package shop.ejb;
            public interface CategoryHome extends javax.ejb.EJBHome {
                Category findByPrimaryKey(String id) throws javax.ejb.FinderException, java.rmi.RemoteException;
                java.util.Collection findAll() throws javax.ejb.FinderException, java.rmi.RemoteException;
            }
            """;
    private static final String CATEGORY = """
            package shop.ejb;
            public interface Category extends javax.ejb.EJBObject {
                String getName() throws java.rmi.RemoteException;
            }
            """;

    @Test
    void wan010NonSerializableSessionValuesAndStatefulBeanFields() {
        harness.expectFindings("""
                package shop.web;
                public class CatalogHelper {
                    private final java.util.Map<String, String> names = new java.util.HashMap<>();
                }
                """, """
                package shop.web;
                public class History extends java.util.ArrayList<String> {
                }
                """, """
                package shop.web;
                public class Basket implements java.io.Serializable {
                }
                """, """
                package shop.web;
                public class Pricer {
                }
                """, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/category")
                public class CategoryServlet extends HttpServlet {
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) {
                        HttpSession session = q.getSession();
                        session.setAttribute("basket", new Basket());
                        session.setAttribute("history", new History());
                        session.setAttribute("name", q.getParameter("name"));
                        CatalogHelper helper = new CatalogHelper();
                        session.setAttribute("catalog", helper); // expect: WAN010
                    }
                }
                """, """
                package shop.ejb;
                @javax.ejb.Stateful
                public class CartBean implements shop.ejb.Cart {
                    private shop.web.Basket basket;
                    private transient shop.web.Pricer cachedPricer;
                    private shop.web.Pricer pricer; // expect: WAN010
                    public void add(String item) { }
                }
                """, """
                package shop.ejb;
                @javax.ejb.Local
                public interface Cart {
                    void add(String item);
                }
                """);
    }

    @Test
    void wan010OneFindingPerStoredClassAndNoneForFieldsHoldingEjbReferences() {
        var findings = harness.expectFindings(Map.of("META-INF/ejb-jar.xml", """
                <?xml version="1.0"?>
                <ejb-jar version="3.0">
                  <enterprise-beans>
                    <session>
                      <ejb-name>OrderBean</ejb-name>
                      <ejb-class>shop.ejb.OrderBean</ejb-class>
                      <session-type>Stateful</session-type>
                      <ejb-local-ref>
                        <ejb-ref-name>shop/audit</ejb-ref-name>
                        <ejb-link>AuditBean</ejb-link>
                        <injection-target>
                          <injection-target-class>shop.ejb.OrderBean</injection-target-class>
                          <injection-target-name>audit</injection-target-name>
                        </injection-target>
                      </ejb-local-ref>
                    </session>
                  </enterprise-beans>
                </ejb-jar>
                """), """
                package shop.web;
                public class PublisherHelper {
                }
                """, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/publishers")
                public class PublishersServlet extends HttpServlet {
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) {
                        q.getSession().setAttribute("publisherhelper", new PublisherHelper()); // expect: WAN010
                    }
                }
                """, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/queue")
                public class QueueServlet extends HttpServlet {
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) {
                        q.getSession().setAttribute("publisherhelper", new PublisherHelper());
                    }
                }
                """, """
                package shop.ejb;
                @javax.ejb.Stateless
                @javax.ejb.LocalBean
                public class PricingBean {
                    public double price(long id) { return 1.0; }
                }
                """, """
                package shop.ejb;
                @javax.ejb.Stateless
                public class AuditBean {
                    public void log(String what) { }
                }
                """, """
                package shop.ejb;
                public class Tally {
                }
                """, """
                package shop.ejb;
                @javax.ejb.Stateful
                public class OrderBean {
                    @javax.ejb.EJB private PricingBean pricing;
                    private AuditBean audit;
                    private Tally tally; // expect: WAN010
                    public double total(long id) { audit.log("total"); return pricing.price(id); }
                }
                """);
        org.assertj.core.api.Assertions.assertThat(findings).filteredOn(f -> f.location().className().equals("shop.web.PublishersServlet"))
                .singleElement().satisfies(f -> {
                    org.assertj.core.api.Assertions.assertThat(f.message()).startsWith("2 places store a PublisherHelper in the HttpSession: "
                            + "PublishersServlet.doGet (\"publisherhelper\"), QueueServlet.doGet (\"publisherhelper\")");
                    org.assertj.core.api.Assertions.assertThat(f.entryPoints()).containsExactlyInAnyOrder("/publishers", "/queue");
                    org.assertj.core.api.Assertions.assertThat(f.key()).isEqualTo("shop.web.PublisherHelper->session");
                });
        org.assertj.core.api.Assertions.assertThat(findings).filteredOn(f -> f.location().className().equals("shop.ejb.OrderBean"))
                .singleElement().satisfies(f -> org.assertj.core.api.Assertions.assertThat(f.message()).contains("holds tally (Tally)")
                        .doesNotContain("pricing").doesNotContain("audit"));
    }

    @Test
    void wan006To009OnABmpEntityBrowsedFromAServlet() {
        // The finder-then-loop is WAN001's calls too: WAN001 names the N+1 and WAN007 does not repeat it,
        // and the web-tier use case (the same calls) is WAN001's as well.
        var findings = harness.expectFindings(EJB_JAR, CATEGORY_HOME, CATEGORY, """
                package shop.ejb;
                import java.sql.*;
                import javax.ejb.*;
                public class CategoryBean implements EntityBean { // expect: WAN005
                    private EntityContext ctx;
                    private String id;
                    private String name;
                    private boolean dirty;
                    private static final String TABLE = "category";
                    public String getName() { return name; }
                    public String ejbFindByPrimaryKey(String id) { return id; }
                    public java.util.Collection ejbFindAll() throws FinderException {
                        try (Connection c = ds().getConnection(); Statement s = c.createStatement()) {
                            ResultSet rs = s.executeQuery("SELECT id FROM " + TABLE);
                            java.util.List<String> ids = new java.util.ArrayList<>();
                            while (rs.next()) ids.add(rs.getString(1));
                            return ids;
                        } catch (SQLException e) { throw new EJBException(e); }
                    }
                    public void ejbLoad() {
                        String key = (String) ctx.getPrimaryKey();
                        try (Connection c = ds().getConnection(); Statement s = c.createStatement()) {
                            ResultSet rs = s.executeQuery("SELECT name FROM category WHERE id = '" + key + "'"); // expect: WAN009
                            if (rs.next()) name = rs.getString(1);
                        } catch (SQLException e) { throw new EJBException(e); }
                    }
                    public void ejbStore() {
                        try (Connection c = ds().getConnection();
                             PreparedStatement ps = c.prepareStatement("UPDATE category SET name = ? WHERE id = ?")) {
                            ps.setString(1, name);
                            ps.setString(2, id);
                            ps.executeUpdate(); // expect: WAN008
                        } catch (SQLException e) { throw new EJBException(e); }
                    }
                    private javax.sql.DataSource ds() {
                        try {
                            return (javax.sql.DataSource) new javax.naming.InitialContext().lookup("java:comp/env/jdbc/shop");
                        } catch (javax.naming.NamingException e) { throw new EJBException(e); }
                    }
                    public void setEntityContext(EntityContext c) { ctx = c; }
                    public void unsetEntityContext() { ctx = null; }
                    public void ejbActivate() { }
                    public void ejbPassivate() { }
                    public void ejbRemove() { }
                }
                """, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/browse")
                public class BrowseServlet extends HttpServlet {
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        try {
                            Object ref = new javax.naming.InitialContext().lookup("java:comp/env/ejb/Category"); // expect: WAN006
                            shop.ejb.CategoryHome home = (shop.ejb.CategoryHome) javax.rmi.PortableRemoteObject.narrow(ref, shop.ejb.CategoryHome.class);
                            java.util.Collection all = home.findAll(); // expect: WAN001
                            for (java.util.Iterator it = all.iterator(); it.hasNext(); ) {
                                shop.ejb.Category c = (shop.ejb.Category) it.next();
                                r.getWriter().print(c.getName());
                            }
                        } catch (Exception e) {
                            r.sendError(500);
                        }
                    }
                }
                """);
        org.assertj.core.api.Assertions.assertThat(findings).filteredOn(f -> f.ruleId().equals("WAN001")).singleElement()
                .satisfies(f -> org.assertj.core.api.Assertions.assertThat(f.message())
                        .contains("it holds an N+1 read (WAN007): Category.findAll() then, per element, Category.getName()"));
    }

    @Test
    void wan007SaysTheNPlusOneWhenNoUseCaseFindingNamesIt() {
        // The same browse page with WAN001 and WAN002 not running: the N+1 is WAN007's to report.
        Map<String, String> plainEjbJar = Map.of("META-INF/ejb-jar.xml",
                EJB_JAR.get("META-INF/ejb-jar.xml").replace(" <!-- expect: WAN002 -->", ""));
        RuleTestHarness.withPipeline(java.util.List.of(new NPlusOneFinder())).expectFindings(plainEjbJar, CATEGORY_HOME, CATEGORY, """
                package shop.ejb;
                import javax.ejb.*;
                public class CategoryBean implements EntityBean {
                    private String name;
                    public String getName() { return name; }
                    public String ejbFindByPrimaryKey(String id) { return id; }
                    public java.util.Collection ejbFindAll() { return new java.util.ArrayList(); }
                    public void ejbLoad() { }
                    public void ejbStore() { }
                    public void setEntityContext(EntityContext c) { }
                    public void unsetEntityContext() { }
                    public void ejbActivate() { }
                    public void ejbPassivate() { }
                    public void ejbRemove() { }
                }
                """, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/browse")
                public class BrowseServlet extends HttpServlet {
                    @javax.ejb.EJB shop.ejb.CategoryHome home;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        try {
                            java.util.Collection all = home.findAll(); // expect: WAN007
                            for (java.util.Iterator it = all.iterator(); it.hasNext(); ) {
                                r.getWriter().print(((shop.ejb.Category) it.next()).getName());
                            }
                        } catch (Exception e) {
                            r.sendError(500);
                        }
                    }
                }
                """);
    }
}
