package io.wanlint.rules.wan;

import io.wanlint.rules.testing.RuleTestHarness;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 19 item 7 and issue 20 item 10 through the whole pipeline under the {@code edge} preset: a
 * web tier that reaches beans only through local views shares their JVM, so its calls and its
 * {@code java:comp/env} lookups of local homes cross no site and no WAN rule reports them; the
 * same web tier through remote views still pays for each call. A line ending in
 * {@code // expect: WANxxx} must carry exactly that finding, every other line none.
 */
class LocalViewPlacementTest {
    /** The rules whose findings claim WAN round trips of calls and lookups (WAN005's read-only advice is about the database too). */
    private final RuleTestHarness harness = RuleTestHarness.withPipeline(List.of(new RemoteFineGrainedCall(), new MissingFacade(),
            new UncachedHomeLookup(), new NPlusOneFinder()));

    // ---- EJB 3: @Local business interface injected with @EJB ----

    private static final String PRICING_BEAN = """
            package shop.ejb;
            @javax.ejb.Stateless
            public class PricingBean implements shop.api.Pricing {
                public String name(long id) { return "n" + id; }
                public double price(long id) { return 1.0; }
            }
            """;

    private static final String STOCK_BEAN = """
            package shop.ejb;
            @javax.ejb.Stateless
            public class StockBean implements shop.api.Stock {
                public int level(long id) { return 3; }
            }
            """;

    /** Two session beans for one page: WAN002's use case, and WAN001's calls in a loop, when they cross. */
    private static final String PRICE_SERVLET = """
            package shop.web;
            import javax.servlet.http.*;
            @javax.servlet.annotation.WebServlet("/prices")
            public class PriceServlet extends HttpServlet {
                @javax.ejb.EJB shop.api.Pricing pricing;
                @javax.ejb.EJB shop.api.Stock stock;
                protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                    for (int i = 0; i < 10; i++) {
                        r.getWriter().print(pricing.name(i)); // expect: WAN001
                        r.getWriter().print(pricing.price(i));
                        r.getWriter().print(stock.level(i));
                    }
                }
            }
            """;

    private static String view(String annotation, String type, String... methods) {
        return "package shop.api;\n@javax.ejb." + annotation + "\npublic interface " + type + " {\n"
                + String.join("\n", methods) + "\n}\n";
    }

    @Test
    void aWebTierInjectingALocalBusinessViewRunsWithTheBeanAndMakesNoWanCall() {
        harness.expectFindings(PRICING_BEAN, STOCK_BEAN, PRICE_SERVLET.replace(" // expect: WAN001", ""),
                view("Local", "Pricing", "String name(long id);", "double price(long id);"),
                view("Local", "Stock", "int level(long id);"));
    }

    @Test
    void theSameWebTierThroughARemoteBusinessViewStillCrossesTheWan() {
        harness.expectFindings(PRICING_BEAN, STOCK_BEAN, PRICE_SERVLET,
                view("Remote", "Pricing", "String name(long id);", "double price(long id);"),
                view("Remote", "Stock", "int level(long id);"));
    }

    @Test
    void aNoInterfaceViewIsLocalToo() {
        harness.expectFindings("""
                package shop.ejb;
                @javax.ejb.Stateless
                public class Pricing {
                    public String name(long id) { return "n" + id; }
                    public double price(long id) { return 1.0; }
                }
                """, """
                package shop.ejb;
                @javax.ejb.Stateless
                public class Stock {
                    public int level(long id) { return 3; }
                }
                """, PRICE_SERVLET.replace(" // expect: WAN001", "").replace("shop.api.", "shop.ejb."));
    }

    // ---- EJB 2.x: a CMP entity with local home and local interface, reached through ejb-local-ref ----

    private static final String LOCAL_HOME = """
            package shop.ejb;
            public interface ItemLocalHome extends javax.ejb.EJBLocalHome {
                ItemLocal findByPrimaryKey(String id) throws javax.ejb.FinderException;
                java.util.Collection findAll() throws javax.ejb.FinderException;
            }
            """;
    private static final String LOCAL = """
            package shop.ejb;
            public interface ItemLocal extends javax.ejb.EJBLocalObject {
                String getName();
                double getPrice();
            }
            """;
    private static final String REMOTE_HOME = """
            package shop.ejb;
            public interface ItemHome extends javax.ejb.EJBHome {
                Item findByPrimaryKey(String id) throws javax.ejb.FinderException, java.rmi.RemoteException;
                java.util.Collection findAll() throws javax.ejb.FinderException, java.rmi.RemoteException;
            }
            """;
    private static final String REMOTE = """
            package shop.ejb;
            public interface Item extends javax.ejb.EJBObject {
                String getName() throws java.rmi.RemoteException;
                double getPrice() throws java.rmi.RemoteException;
            }
            """;
    private static final String ITEM_BEAN = """
            package shop.ejb;
            public abstract class ItemBean implements javax.ejb.EntityBean {
                public abstract String getId();
                public abstract void setId(String id);
                public abstract String getName();
                public abstract double getPrice();
                public String ejbCreate(String id) { setId(id); return null; }
                public void ejbPostCreate(String id) {}
                public void setEntityContext(javax.ejb.EntityContext c) {}
                public void unsetEntityContext() {}
                public void ejbActivate() {}
                public void ejbPassivate() {}
                public void ejbLoad() {}
                public void ejbStore() {}
                public void ejbRemove() {}
            }
            """;

    private static String ejbJar(String views, String marker) {
        return """
                <?xml version="1.0"?>
                <ejb-jar>
                  <enterprise-beans>
                    <entity>%s
                      <ejb-name>ItemEJB</ejb-name>
                      %s
                      <ejb-class>shop.ejb.ItemBean</ejb-class>
                      <persistence-type>Container</persistence-type>
                      <prim-key-class>java.lang.String</prim-key-class>
                      <reentrant>False</reentrant>
                      <cmp-field><field-name>id</field-name></cmp-field>
                      <cmp-field><field-name>name</field-name></cmp-field>
                      <cmp-field><field-name>price</field-name></cmp-field>
                      <primkey-field>id</primkey-field>
                    </entity>
                  </enterprise-beans>
                </ejb-jar>
                """.formatted(marker, views);
    }

    private static String webXml(String ref) {
        return """
                <?xml version="1.0"?>
                <web-app>
                  <servlet>
                    <servlet-name>item</servlet-name>
                    <servlet-class>shop.web.ItemServlet</servlet-class>
                  </servlet>
                  <servlet-mapping>
                    <servlet-name>item</servlet-name>
                    <url-pattern>/item</url-pattern>
                  </servlet-mapping>
                  %s
                </web-app>
                """.formatted(ref);
    }

    @Test
    void aWebTierUsingOnlyEjbLocalRefsLooksUpAndCallsLocalHomesWithoutCrossingSites() {
        harness.expectFindings(Map.of(
                        "META-INF/ejb-jar.xml", ejbJar("<local-home>shop.ejb.ItemLocalHome</local-home><local>shop.ejb.ItemLocal</local>", ""),
                        "WEB-INF/web.xml", webXml("""
                                <ejb-local-ref>
                                  <ejb-ref-name>ejb/local/Item</ejb-ref-name>
                                  <ejb-ref-type>Entity</ejb-ref-type>
                                  <local-home>shop.ejb.ItemLocalHome</local-home>
                                  <local>shop.ejb.ItemLocal</local>
                                  <ejb-link>ItemEJB</ejb-link>
                                </ejb-local-ref>""")),
                LOCAL_HOME, LOCAL, ITEM_BEAN, """
                package shop.web;
                import javax.servlet.http.*;
                public class ItemServlet extends HttpServlet {
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        try {
                            javax.naming.Context ctx = new javax.naming.InitialContext();
                            shop.ejb.ItemLocalHome home = (shop.ejb.ItemLocalHome) ctx.lookup("java:comp/env/ejb/local/Item");
                            r.getWriter().print(home.findByPrimaryKey(q.getParameter("id")).getName());
                            for (Object o : home.findAll()) {
                                shop.ejb.ItemLocal item = (shop.ejb.ItemLocal) o;
                                r.getWriter().print(item.getName());
                                r.getWriter().print(item.getPrice());
                            }
                        } catch (Exception e) {
                            throw new java.io.IOException(e);
                        }
                    }
                }
                """);
    }

    @Test
    void theSameWebTierThroughARemoteHomePaysTheLookupAndEachCall() {
        harness.expectFindings(Map.of(
                        "META-INF/ejb-jar.xml", ejbJar("<home>shop.ejb.ItemHome</home><remote>shop.ejb.Item</remote>", " <!-- expect: WAN002 -->"),
                        "WEB-INF/web.xml", webXml("""
                                <ejb-ref>
                                  <ejb-ref-name>ejb/Item</ejb-ref-name>
                                  <ejb-ref-type>Entity</ejb-ref-type>
                                  <home>shop.ejb.ItemHome</home>
                                  <remote>shop.ejb.Item</remote>
                                  <ejb-link>ItemEJB</ejb-link>
                                </ejb-ref>""")),
                REMOTE_HOME, REMOTE, ITEM_BEAN, """
                package shop.web;
                import javax.servlet.http.*;
                public class ItemServlet extends HttpServlet {
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        try {
                            javax.naming.Context ctx = new javax.naming.InitialContext();
                            Object ref = ctx.lookup("java:comp/env/ejb/Item"); // expect: WAN006
                            shop.ejb.ItemHome home = (shop.ejb.ItemHome) javax.rmi.PortableRemoteObject.narrow(ref, shop.ejb.ItemHome.class);
                            r.getWriter().print(home.findByPrimaryKey(q.getParameter("id")).getName()); // expect: WAN001
                            for (Object o : home.findAll()) {
                                shop.ejb.Item item = (shop.ejb.Item) javax.rmi.PortableRemoteObject.narrow(o, shop.ejb.Item.class);
                                r.getWriter().print(item.getName());
                                r.getWriter().print(item.getPrice());
                            }
                        } catch (Exception e) {
                            throw new java.io.IOException(e);
                        }
                    }
                }
                """);
    }
}
