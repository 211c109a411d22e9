package io.wanlint.refactorings.facade;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.refactorings.TextApp;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.facade.FacadeDesign.FacadeMethod;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 21.5, annotated style: an application that already wires its beans by {@code @EJB} gets an
 * annotated façade ({@code @Stateless}, {@code @Remote}) injected by {@code @EJB} into the calling
 * class, not a home, a JNDI lookup and descriptor {@code ejb-ref}s, even when some of its older beans
 * are EJB 2.x; a CDI bean calling the façade gets it injected too (by {@code @EJB}: a remote business
 * interface is not a CDI bean type, so {@code @Inject} could not resolve it).
 */
class FacadeAnnotatedWiringTest {
    @TempDir Path app;

    private static final FacadeDesign PING = new FacadeDesign("s.facade", "PingFacade", "src", List.of(
            new FacadeMethod("ping", "int", List.of(), List.of(), "return 1;\n", Set.of())), List.of(), List.of(), Set.of(), Optional.empty());

    private Scaffold planned(String clientClass, String clientFile) {
        FacadeScaffold.Result r = FacadeScaffold.plan(PING, clientClass, clientFile, TextApp.analysed(app));
        assertThat(r).as(r.toString()).isInstanceOf(FacadeScaffold.Result.Planned.class);
        return ((FacadeScaffold.Result.Planned) r).scaffold();
    }

    private static String everything(Scaffold s) {
        return s.changes().stream().map(c -> c instanceof FileChange.Create cr ? cr.text()
                        : ((FileChange.Edit) c).edits().stream().map(e -> e.replacement()).collect(Collectors.joining("\n")))
                .collect(Collectors.joining("\n")) + String.join("\n", s.access().members()) + s.access().imports();
    }

    /** A Java EE 6 application: an EJB 2.x teller declared in an ejb-jar of {@code ejbJarVersion}, an annotated audit bean injected by @EJB. */
    private void javaEe6App(String ejbJarVersion) throws IOException {
        write("WEB-INF/web.xml", """
                <?xml version="1.0"?>
                <web-app xmlns="http://java.sun.com/xml/ns/javaee" version="3.0">
                  <servlet><servlet-name>Ping</servlet-name><servlet-class>s.web.PingServlet</servlet-class></servlet>
                </web-app>
                """);
        write("META-INF/ejb-jar.xml", """
                <?xml version="1.0"?>
                <ejb-jar xmlns="http://java.sun.com/xml/ns/javaee" version="%s">
                  <enterprise-beans>
                    <session>
                      <ejb-name>Teller</ejb-name>
                      <home>s.TellerHome</home>
                      <remote>s.Teller</remote>
                      <ejb-class>s.TellerBean</ejb-class>
                      <session-type>Stateless</session-type>
                      <transaction-type>Container</transaction-type>
                    </session>
                  </enterprise-beans>
                </ejb-jar>
                """.formatted(ejbJarVersion));
        write("src/s/Teller.java", "package s; public interface Teller extends javax.ejb.EJBObject { int balance() throws java.rmi.RemoteException; }");
        write("src/s/TellerHome.java", "package s; public interface TellerHome extends javax.ejb.EJBHome { Teller create() throws javax.ejb.CreateException, java.rmi.RemoteException; }");
        write("src/s/TellerBean.java", """
                package s;
                public class TellerBean implements javax.ejb.SessionBean {
                    public int balance() { return 0; }
                    public void ejbCreate() {}
                    public void setSessionContext(javax.ejb.SessionContext c) {}
                    public void ejbRemove() {}
                    public void ejbActivate() {}
                    public void ejbPassivate() {}
                }
                """);
        write("src/s/Audit.java", "package s;\nimport javax.ejb.Remote;\n@Remote\npublic interface Audit { void log(String what); }\n");
        write("src/s/AuditBean.java", "package s;\nimport javax.ejb.Stateless;\n@Stateless\npublic class AuditBean implements Audit { public void log(String what) {} }\n");
        write("src/s/web/PingServlet.java", """
                package s.web;
                import javax.ejb.EJB;
                import javax.servlet.http.*;
                import s.Audit;
                public class PingServlet extends HttpServlet {
                    @EJB
                    private Audit audit;
                    protected void doGet(HttpServletRequest request, HttpServletResponse response) { audit.log("ping"); }
                }
                """);
    }

    @Test
    void anApplicationThatInjectsItsBeansGetsAnAnnotatedFacadeInjectedByEjbThoughSomeBeansAreEjb2() throws IOException {
        // Before: the EJB 2.x teller made the façade EJB 2.x too (home, narrow, an ejb-ref in web.xml)
        // in an application whose servlets inject their beans by @EJB.
        javaEe6App("3.0");
        Scaffold s = planned("s.web.PingServlet", "src/s/web/PingServlet.java");
        assertThat(s.changes().stream().map(FileChange::file)).contains("src/s/facade/PingFacade.java", "src/s/facade/PingFacadeBean.java")
                .doesNotContain("src/s/facade/PingFacadeHome.java", "WEB-INF/web.xml");
        assertThat(everything(s)).contains("@Stateless").contains("@Remote\npublic interface PingFacade")
                .doesNotContain("ejb-ref").doesNotContain("PortableRemoteObject").doesNotContain("lookup(");
        assertThat(s.access().members()).containsExactly("@EJB\nprivate PingFacade pingFacade;\n");
        assertThat(s.access().imports()).contains("javax.ejb.EJB", "s.facade.PingFacade");
    }

    @Test
    void anEjb21DescriptorKeepsTheFacadeInTheApplicationsEjb2Style() throws IOException {
        javaEe6App("2.1");
        Scaffold s = planned("s.web.PingServlet", "src/s/web/PingServlet.java");
        assertThat(s.changes().stream().map(FileChange::file)).contains("src/s/facade/PingFacadeHome.java", "WEB-INF/web.xml");
        assertThat(everything(s)).doesNotContain("@Stateless");
    }

    @Test
    void aCdiBeanGetsTheFacadeByEjbInjectionInsteadOfALookup() throws IOException {
        // Before: a @Named @RequestScoped class was not a managed component: it looked the façade up in JNDI.
        write("WEB-INF/web.xml", """
                <?xml version="1.0"?>
                <web-app xmlns="http://java.sun.com/xml/ns/javaee" version="3.0"/>
                """);
        write("src/s/Audit.java", "package s;\nimport javax.ejb.Remote;\n@Remote\npublic interface Audit { void log(String what); }\n");
        write("src/s/AuditBean.java", "package s;\nimport javax.ejb.Stateless;\n@Stateless\npublic class AuditBean implements Audit { public void log(String what) {} }\n");
        write("src/s/web/CartView.java", """
                package s.web;
                import javax.enterprise.context.RequestScoped;
                import javax.inject.Named;
                @Named
                @RequestScoped
                public class CartView {
                    public int count() { return 0; }
                }
                """);
        Scaffold s = planned("s.web.CartView", "src/s/web/CartView.java");
        assertThat(s.access().members()).containsExactly("@EJB\nprivate PingFacade pingFacade;\n");
        assertThat(s.access().facade()).isEqualTo("pingFacade");
        assertThat(String.join("\n", s.access().members())).doesNotContain("@Inject").doesNotContain("InitialContext");
    }

    private void write(String path, String text) throws IOException {
        TextApp.write(app, path, text, StandardCharsets.UTF_8);
    }
}
