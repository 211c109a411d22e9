package io.wanlint.rules.wan;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.Finding;
import io.wanlint.rules.testing.RuleTestHarness;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * WAN007 when the per-element call is not written in the loop itself: a helper the loop body calls
 * (several methods deep) makes it, or the elements are keys a session bean hands out and the loop
 * finds each entity by primary key. Real source and descriptors through the whole pipeline under the
 * {@code edge} topology, WAN007 alone (WAN001/WAN002 would otherwise name the N+1 themselves).
 */
class NPlusOneAcrossMethodsTest {
    private final RuleTestHarness harness = RuleTestHarness.withPipeline(List.of(new NPlusOneFinder()));

    private static final Map<String, String> EJB_JAR = Map.of("META-INF/ejb-jar.xml", """
            <?xml version="1.0"?>
            <ejb-jar>
              <enterprise-beans>
                <session>
                  <ejb-name>Catalog</ejb-name>
                  <home>shop.ejb.CatalogHome</home>
                  <remote>shop.ejb.Catalog</remote>
                  <ejb-class>shop.ejb.CatalogBean</ejb-class>
                  <session-type>Stateless</session-type>
                  <transaction-type>Container</transaction-type>
                </session>
                <entity>
                  <ejb-name>Item</ejb-name>
                  <home>shop.ejb.ItemHome</home>
                  <remote>shop.ejb.Item</remote>
                  <ejb-class>shop.ejb.ItemBean</ejb-class>
                  <persistence-type>Container</persistence-type>
                  <prim-key-class>java.lang.String</prim-key-class>
                  <reentrant>False</reentrant>
                </entity>
              </enterprise-beans>
            </ejb-jar>
            """);

    private static final String ITEM_HOME = """
            package shop.ejb;
            public interface ItemHome extends javax.ejb.EJBHome {
                Item findByPrimaryKey(String id) throws javax.ejb.FinderException, java.rmi.RemoteException;
                java.util.Collection findAll() throws javax.ejb.FinderException, java.rmi.RemoteException;
            }
            """;
    private static final String ITEM = """
            package shop.ejb;
            public interface Item extends javax.ejb.EJBObject {
                String getName() throws java.rmi.RemoteException;
                double getPrice() throws java.rmi.RemoteException;
            }
            """;
    private static final String ITEM_BEAN = """
            package shop.ejb;
            import javax.ejb.*;
            public abstract class ItemBean implements EntityBean {
                public abstract String getName();
                public abstract double getPrice();
                public String ejbCreate(String id) { return null; }
                public void ejbPostCreate(String id) { }
                public void setEntityContext(EntityContext c) { }
                public void unsetEntityContext() { }
                public void ejbActivate() { }
                public void ejbPassivate() { }
                public void ejbLoad() { }
                public void ejbStore() { }
                public void ejbRemove() { }
            }
            """;
    private static final String CATALOG_HOME = """
            package shop.ejb;
            public interface CatalogHome extends javax.ejb.EJBHome {
                Catalog create() throws javax.ejb.CreateException, java.rmi.RemoteException;
            }
            """;
    private static final String CATALOG = """
            package shop.ejb;
            public interface Catalog extends javax.ejb.EJBObject {
                java.util.Collection getItemKeys(String category) throws java.rmi.RemoteException;
                int countItems(String category) throws java.rmi.RemoteException;
            }
            """;
    private static final String CATALOG_BEAN = """
            package shop.ejb;
            import javax.ejb.*;
            public class CatalogBean implements SessionBean {
                public java.util.Collection getItemKeys(String category) { return new java.util.ArrayList(); }
                public int countItems(String category) { return 0; }
                public void ejbCreate() { }
                public void setSessionContext(SessionContext c) { }
                public void ejbActivate() { }
                public void ejbPassivate() { }
                public void ejbRemove() { }
            }
            """;

    private List<Finding> expect(String... web) {
        String[] all = new String[6 + web.length];
        String[] beans = {ITEM_HOME, ITEM, ITEM_BEAN, CATALOG_HOME, CATALOG, CATALOG_BEAN};
        System.arraycopy(beans, 0, all, 0, beans.length);
        System.arraycopy(web, 0, all, beans.length, web.length);
        return harness.expectFindings(EJB_JAR, all);
    }

    @Test
    void entityCallInAHelperTwoLevelsBelowTheLoopIsReportedAtTheFinderNamingTheHelpers() {
        List<Finding> findings = expect("""
                package shop.web;
                public class ItemPrinter {
                    void row(java.io.PrintWriter out, shop.ejb.Item item) throws java.rmi.RemoteException {
                        out.print("<tr>");
                        cell(out, item);
                        out.print("</tr>");
                    }
                    private void cell(java.io.PrintWriter out, shop.ejb.Item item) throws java.rmi.RemoteException {
                        out.print(item.getName());
                    }
                }
                """, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/items")
                public class ItemsServlet extends HttpServlet {
                    @javax.ejb.EJB shop.ejb.ItemHome home;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        try {
                            ItemPrinter printer = new ItemPrinter();
                            java.util.Collection all = home.findAll(); // expect: WAN007
                            for (java.util.Iterator it = all.iterator(); it.hasNext(); ) {
                                printer.row(r.getWriter(), (shop.ejb.Item) it.next());
                            }
                        } catch (Exception e) {
                            r.sendError(500);
                        }
                    }
                }
                """);
        assertThat(findings).singleElement().satisfies(f -> {
            assertThat(f.location().method()).isEqualTo("doGet");
            assertThat(f.message()).contains("finder Item.findAll() and then, for every element, "
                    + "Item.getName() (through ItemPrinter.row() → ItemPrinter.cell())");
            assertThat(f.before().degree()).isEqualTo(1);
            assertThat(f.before().formula()).contains("n");
            assertThat(f.after().degree()).isZero();
            assertThat(f.evidence()).extracting(s -> s.method()).containsSubsequence("doGet", "row", "cell");
        });
    }

    /** Seen on HELIUM V: a method calling itself per element (a tree printed level by level) made WAN007 fail and skip. */
    @Test
    void aMethodCallingItselfPerElementIsStillOneNPlusOneAtItsFinder() {
        List<Finding> findings = expect("""
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/tree")
                public class TreeServlet extends HttpServlet {
                    @javax.ejb.EJB shop.ejb.ItemHome home;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        try {
                            render(r.getWriter(), 2);
                        } catch (Exception e) {
                            r.sendError(500);
                        }
                    }
                    private void render(java.io.PrintWriter out, int depth) throws Exception {
                        java.util.Collection all = home.findAll(); // expect: WAN007
                        for (java.util.Iterator it = all.iterator(); it.hasNext(); ) {
                            shop.ejb.Item item = (shop.ejb.Item) it.next();
                            out.print(item.getName());
                            if (depth > 0) render(out, depth - 1);
                        }
                    }
                }
                """);
        assertThat(findings).singleElement().satisfies(f -> {
            assertThat(f.location().method()).isEqualTo("render");
            assertThat(f.message()).contains("Item.getName()");
        });
    }

    @Test
    void helperCalledOnceAfterTheLoopOrMakingNoEntityCallIsNotNPlusOne() {
        expect("""
                package shop.web;
                public class ItemPrinter {
                    void first(java.io.PrintWriter out, shop.ejb.Item item) throws java.rmi.RemoteException {
                        out.print(item.getName());
                    }
                    void separator(java.io.PrintWriter out) {
                        out.print("<hr>");
                    }
                }
                """, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/items")
                public class ItemsServlet extends HttpServlet {
                    @javax.ejb.EJB shop.ejb.ItemHome home;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        try {
                            ItemPrinter printer = new ItemPrinter();
                            java.util.Collection all = home.findAll();
                            java.util.Iterator it = all.iterator();
                            for (int i = 0; i < all.size(); i++) {
                                printer.separator(r.getWriter());
                            }
                            printer.first(r.getWriter(), (shop.ejb.Item) it.next());
                        } catch (Exception e) {
                            r.sendError(500);
                        }
                    }
                }
                """);
    }

    @Test
    void keysFromASessionBeanThenFindByPrimaryKeyPerKeyIsNPlusOne() {
        List<Finding> findings = expect("""
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/category")
                public class CategoryServlet extends HttpServlet {
                    @javax.ejb.EJB shop.ejb.CatalogHome catalogHome;
                    @javax.ejb.EJB shop.ejb.ItemHome itemHome;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        try {
                            shop.ejb.Catalog catalog = catalogHome.create();
                            java.util.Collection keys = catalog.getItemKeys(q.getParameter("c")); // expect: WAN007
                            for (java.util.Iterator it = keys.iterator(); it.hasNext(); ) {
                                shop.ejb.Item item = itemHome.findByPrimaryKey((String) it.next());
                                r.getWriter().print(item.getName());
                            }
                        } catch (Exception e) {
                            r.sendError(500);
                        }
                    }
                }
                """);
        assertThat(findings).singleElement().satisfies(f -> {
            assertThat(f.message()).contains("calls Catalog.getItemKeys() for keys and then, for every key, "
                    + "Item.findByPrimaryKey(), Item.getName()");
            // One session call, then two remote calls per key.
            assertThat(f.before().formula()).contains("2n");
            assertThat(f.after().degree()).isZero();
        });
    }

    @Test
    void sessionCallWithoutAPerKeyFinderOrWithTheFinderOutsideTheLoopIsNotNPlusOne() {
        expect("""
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/count")
                public class CountServlet extends HttpServlet {
                    @javax.ejb.EJB shop.ejb.CatalogHome catalogHome;
                    @javax.ejb.EJB shop.ejb.ItemHome itemHome;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        try {
                            shop.ejb.Catalog catalog = catalogHome.create();
                            int n = catalog.countItems(q.getParameter("c"));
                            shop.ejb.Item top = itemHome.findByPrimaryKey(q.getParameter("top"));
                            for (int i = 0; i < n; i++) {
                                r.getWriter().print(top.getName());
                            }
                        } catch (Exception e) {
                            r.sendError(500);
                        }
                    }
                }
                """);
    }
}
