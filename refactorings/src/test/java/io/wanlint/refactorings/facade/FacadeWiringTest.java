package io.wanlint.refactorings.facade;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.refactorings.TextApp;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.facade.FacadeDesign.FacadeMethod;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An EJB 2.x façade is wired into every module whose code calls it: the web module and each calling
 * bean get the {@code ejb-ref}, and every vendor descriptor present maps or binds the new name.
 */
class FacadeWiringTest {
    @TempDir Path app;

    private static final FacadeDesign COUNT = new FacadeDesign("a.facade", "CountFacade", "src", List.of(
            new FacadeMethod("count", "int", List.of(), List.of(), "return 1;\n", Set.of())), List.of(), List.of(), Set.of("jdbc/Shop"),
            Optional.empty());

    private void writeApp() throws IOException {
        write("META-INF/ejb-jar.xml", """
                <?xml version="1.0"?>
                <!DOCTYPE ejb-jar PUBLIC "-//Sun Microsystems, Inc.//DTD Enterprise JavaBeans 2.0//EN" "http://java.sun.com/dtd/ejb-jar_2_0.dtd">
                <ejb-jar>
                  <enterprise-beans>
                    <session>
                      <ejb-name>Cart</ejb-name>
                      <home>a.CartHome</home>
                      <remote>a.Cart</remote>
                      <ejb-class>a.CartBean</ejb-class>
                      <session-type>Stateful</session-type>
                      <transaction-type>Container</transaction-type>
                      <resource-ref>
                        <res-ref-name>jdbc/Shop</res-ref-name>
                        <res-type>javax.sql.DataSource</res-type>
                        <res-auth>Container</res-auth>
                      </resource-ref>
                    </session>
                  </enterprise-beans>
                </ejb-jar>
                """);
        write("WEB-INF/web.xml", """
                <?xml version="1.0"?>
                <!DOCTYPE web-app PUBLIC "-//Sun Microsystems, Inc.//DTD Web Application 2.3//EN" "http://java.sun.com/dtd/web-app_2_3.dtd">
                <web-app>
                  <servlet>
                    <servlet-name>Show</servlet-name>
                    <servlet-class>a.web.ShowServlet</servlet-class>
                  </servlet>
                </web-app>
                """);
        write("src/a/Cart.java", "package a; public interface Cart extends javax.ejb.EJBObject { int size() throws java.rmi.RemoteException; }");
        write("src/a/CartHome.java", "package a; public interface CartHome extends javax.ejb.EJBHome { Cart create() throws javax.ejb.CreateException, java.rmi.RemoteException; }");
        write("src/a/CartBean.java", """
                package a;
                public class CartBean implements javax.ejb.SessionBean {
                    public void ejbCreate() {}
                    public int size() { return new Catalog().count(); }
                    public void setSessionContext(javax.ejb.SessionContext c) {}
                    public void ejbRemove() {}
                    public void ejbActivate() {}
                    public void ejbPassivate() {}
                }
                """);
        write("src/a/Catalog.java", """
                package a;
                public class Catalog {
                    public int count() { return 1; }
                }
                """);
        write("src/a/web/ShowServlet.java", """
                package a.web;
                import javax.servlet.http.*;
                public class ShowServlet extends HttpServlet {
                    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws java.io.IOException {
                        response.getWriter().println(new a.Catalog().count());
                    }
                }
                """);
    }

    private Scaffold planned() {
        FacadeScaffold.Result r = FacadeScaffold.plan(COUNT, "a.Catalog", "src/a/Catalog.java", TextApp.analysed(app));
        assertThat(r).isInstanceOf(FacadeScaffold.Result.Planned.class);
        return ((FacadeScaffold.Result.Planned) r).scaffold();
    }

    private String applied(Scaffold s, String file) throws IOException {
        String text = Files.readString(app.resolve(file), StandardCharsets.UTF_8);
        return s.changes().stream().filter(c -> c.file().equals(file)).map(c -> ((FileChange.Edit) c).applyTo(text)).findFirst()
                .orElseThrow(() -> new AssertionError("no edit of " + file));
    }

    @Test
    void aBeanThatCallsTheMovedCodeGetsTheEjbRefInItsOwnEntryAndTheWebModuleInWebXml() throws IOException {
        writeApp();
        Scaffold s = planned();
        String jar = applied(s, "META-INF/ejb-jar.xml");
        String cart = jar.substring(jar.indexOf("<ejb-name>Cart</ejb-name>"), jar.indexOf("</session>"));
        assertThat(cart).contains("""
                      <ejb-ref>
                        <ejb-ref-name>ejb/CountFacade</ejb-ref-name>
                        <ejb-ref-type>Session</ejb-ref-type>
                        <home>a.facade.CountFacadeHome</home>
                        <remote>a.facade.CountFacade</remote>
                        <ejb-link>CountFacade</ejb-link>
                      </ejb-ref>
                """);
        assertThat(cart.indexOf("<ejb-ref>")).as("ejb-ref before resource-ref (DTD order)").isLessThan(cart.indexOf("<resource-ref>"));
        // the façade's entry carries the DataSource reference the moved code used in the calling bean
        assertThat(jar.substring(jar.indexOf("<ejb-name>CountFacade</ejb-name>"))).contains("<res-ref-name>jdbc/Shop</res-ref-name>");
        assertThat(applied(s, "WEB-INF/web.xml")).contains("<ejb-ref-name>ejb/CountFacade</ejb-ref-name>");
    }

    @Test
    void everyVendorDescriptorPresentBindsTheBeanOrMapsTheWebRefToOneGlobalName() throws IOException {
        writeApp();
        write("META-INF/jboss.xml", """
                <jboss>
                  <enterprise-beans>
                    <session>
                      <ejb-name>Cart</ejb-name>
                      <jndi-name>shop/Cart</jndi-name>
                    </session>
                  </enterprise-beans>
                </jboss>
                """);
        write("META-INF/weblogic-ejb-jar.xml", """
                <weblogic-ejb-jar>
                  <weblogic-enterprise-bean>
                    <ejb-name>Cart</ejb-name>
                    <jndi-name>shop/Cart</jndi-name>
                  </weblogic-enterprise-bean>
                </weblogic-ejb-jar>
                """);
        write("META-INF/sun-ejb-jar.xml", """
                <sun-ejb-jar>
                  <enterprise-beans>
                    <ejb>
                      <ejb-name>Cart</ejb-name>
                      <jndi-name>shop/Cart</jndi-name>
                    </ejb>
                  </enterprise-beans>
                </sun-ejb-jar>
                """);
        write("META-INF/openejb-jar.xml", """
                <openejb-jar xmlns="http://www.openejb.org/openejb-jar/1.1">
                  <ejb-deployment ejb-name="Cart" deployment-id="shop/Cart"/>
                </openejb-jar>
                """);
        write("WEB-INF/jboss-web.xml", "<jboss-web>\n  <context-root>/shop</context-root>\n</jboss-web>\n");
        write("WEB-INF/sun-web.xml", "<sun-web-app>\n  <context-root>/shop</context-root>\n  <class-loader delegate=\"true\"/>\n</sun-web-app>\n");
        write("WEB-INF/weblogic.xml", "<weblogic-web-app>\n  <context-root>/shop</context-root>\n</weblogic-web-app>\n");
        Scaffold s = planned();
        assertThat(applied(s, "META-INF/jboss.xml")).contains("<ejb-name>CountFacade</ejb-name>\n      <jndi-name>shop/CountFacade</jndi-name>");
        assertThat(applied(s, "META-INF/weblogic-ejb-jar.xml")).contains("<ejb-name>CountFacade</ejb-name>\n    <jndi-name>shop/CountFacade</jndi-name>");
        assertThat(applied(s, "META-INF/sun-ejb-jar.xml")).contains("""
                    </ejb>
                    <ejb>
                      <ejb-name>CountFacade</ejb-name>
                      <jndi-name>shop/CountFacade</jndi-name>
                    </ejb>
                """);
        assertThat(applied(s, "META-INF/openejb-jar.xml"))
                .contains("  <ejb-deployment ejb-name=\"Cart\" deployment-id=\"shop/Cart\"/>\n  <ejb-deployment ejb-name=\"CountFacade\" deployment-id=\"shop/CountFacade\"/>\n");
        assertThat(applied(s, "WEB-INF/jboss-web.xml")).isEqualTo("""
                <jboss-web>
                  <context-root>/shop</context-root>
                  <ejb-ref>
                    <ejb-ref-name>ejb/CountFacade</ejb-ref-name>
                    <jndi-name>shop/CountFacade</jndi-name>
                  </ejb-ref>
                </jboss-web>
                """);
        assertThat(applied(s, "WEB-INF/sun-web.xml")).isEqualTo("""
                <sun-web-app>
                  <context-root>/shop</context-root>
                  <ejb-ref>
                    <ejb-ref-name>ejb/CountFacade</ejb-ref-name>
                    <jndi-name>shop/CountFacade</jndi-name>
                  </ejb-ref>
                  <class-loader delegate="true"/>
                </sun-web-app>
                """);
        assertThat(applied(s, "WEB-INF/weblogic.xml")).contains("""
                  <ejb-reference-description>
                    <ejb-ref-name>ejb/CountFacade</ejb-ref-name>
                    <jndi-name>shop/CountFacade</jndi-name>
                  </ejb-reference-description>
                """);
    }

    private void write(String path, String text) throws IOException {
        TextApp.write(app, path, text, StandardCharsets.UTF_8);
    }
}
