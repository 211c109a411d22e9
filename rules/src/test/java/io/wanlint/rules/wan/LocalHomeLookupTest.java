package io.wanlint.rules.wan;

import io.wanlint.rules.testing.RuleTestHarness;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * WAN006 over real source and descriptors: a {@code java:comp/env} lookup through an
 * {@code ejb-local-ref} gets a local home, which is in the caller's JVM whatever the topology (issue
 * 20.10); the same lookup through a remote {@code ejb-ref} of a bean on another site is reported.
 */
class LocalHomeLookupTest {
    private final RuleTestHarness harness = RuleTestHarness.withPipeline(List.of(new UncachedHomeLookup()));

    private static final String EJB_JAR = """
            <?xml version="1.0"?>
            <!DOCTYPE ejb-jar PUBLIC "-//Sun Microsystems, Inc.//DTD Enterprise JavaBeans 2.0//EN"
              "http://java.sun.com/dtd/ejb-jar_2_0.dtd">
            <ejb-jar>
              <enterprise-beans>
                <session>
                  <ejb-name>Catalog</ejb-name>
                  <home>shop.ejb.CatalogHome</home>
                  <remote>shop.ejb.Catalog</remote>
                  <local-home>shop.ejb.CatalogLocalHome</local-home>
                  <local>shop.ejb.CatalogLocal</local>
                  <ejb-class>shop.ejb.CatalogBean</ejb-class>
                  <session-type>Stateless</session-type>
                  <transaction-type>Container</transaction-type>
                </session>
              </enterprise-beans>
            </ejb-jar>
            """;

    private static String webXml(String ref) {
        return """
                <?xml version="1.0"?>
                <web-app>
                  <servlet><servlet-name>Item</servlet-name><servlet-class>shop.web.ItemServlet</servlet-class></servlet>
                  <servlet-mapping><servlet-name>Item</servlet-name><url-pattern>/item</url-pattern></servlet-mapping>
                  %s
                </web-app>
                """.formatted(ref);
    }

    private static final String[] BEAN = {"""
            package shop.ejb;
            public interface CatalogHome extends javax.ejb.EJBHome {
                Catalog create() throws javax.ejb.CreateException, java.rmi.RemoteException;
            }
            """, """
            package shop.ejb;
            public interface Catalog extends javax.ejb.EJBObject {
                String item(String id) throws java.rmi.RemoteException;
            }
            """, """
            package shop.ejb;
            public interface CatalogLocalHome extends javax.ejb.EJBLocalHome {
                CatalogLocal create() throws javax.ejb.CreateException;
            }
            """, """
            package shop.ejb;
            public interface CatalogLocal extends javax.ejb.EJBLocalObject {
                String item(String id);
            }
            """, """
            package shop.ejb;
            public class CatalogBean implements javax.ejb.SessionBean {
                public String item(String id) { return id; }
                public void ejbCreate() { }
                public void setSessionContext(javax.ejb.SessionContext c) { }
                public void ejbRemove() { }
                public void ejbActivate() { }
                public void ejbPassivate() { }
            }
            """};

    private static String[] with(String servlet) {
        String[] all = java.util.Arrays.copyOf(BEAN, BEAN.length + 1);
        all[BEAN.length] = servlet;
        return all;
    }

    @Test
    void aLocalHomeLookedUpThroughTheEncOnEveryRequestDoesNotCrossSites() {
        harness.expectFindings(Map.of("META-INF/ejb-jar.xml", EJB_JAR, "WEB-INF/web.xml", webXml("""
                <ejb-local-ref><ejb-ref-name>ejb/CatalogLocal</ejb-ref-name><ejb-ref-type>Session</ejb-ref-type>
                    <local-home>shop.ejb.CatalogLocalHome</local-home><local>shop.ejb.CatalogLocal</local>
                    <ejb-link>Catalog</ejb-link></ejb-local-ref>
                """)), with("""
                package shop.web;
                import javax.servlet.http.*;
                public class ItemServlet extends HttpServlet {
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        try {
                            shop.ejb.CatalogLocalHome home = (shop.ejb.CatalogLocalHome)
                                    new javax.naming.InitialContext().lookup("java:comp/env/ejb/CatalogLocal");
                            r.getWriter().print(home.create().item(q.getParameter("id")));
                        } catch (Exception e) { throw new java.io.IOException(e); }
                    }
                }
                """));
    }

    @Test
    void aRemoteHomeLookedUpThroughTheEncOnEveryRequestIsReported() {
        harness.expectFindings(Map.of("META-INF/ejb-jar.xml", EJB_JAR, "WEB-INF/web.xml", webXml("""
                <ejb-ref><ejb-ref-name>ejb/Catalog</ejb-ref-name><ejb-ref-type>Session</ejb-ref-type>
                    <home>shop.ejb.CatalogHome</home><remote>shop.ejb.Catalog</remote>
                    <ejb-link>Catalog</ejb-link></ejb-ref>
                """)), with("""
                package shop.web;
                import javax.servlet.http.*;
                public class ItemServlet extends HttpServlet {
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        try {
                            Object ref = new javax.naming.InitialContext().lookup("java:comp/env/ejb/Catalog"); // expect: WAN006
                            shop.ejb.CatalogHome home = (shop.ejb.CatalogHome)
                                    javax.rmi.PortableRemoteObject.narrow(ref, shop.ejb.CatalogHome.class);
                            r.getWriter().print(home.create().item(q.getParameter("id")));
                        } catch (Exception e) { throw new java.io.IOException(e); }
                    }
                }
                """));
    }
}
