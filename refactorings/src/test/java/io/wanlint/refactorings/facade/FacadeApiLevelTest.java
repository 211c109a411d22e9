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

/** The façade is written at the application's own API level: EJB 2.x for J2EE 1.4 and older, jakarta for Jakarta EE. */
class FacadeApiLevelTest {
    @TempDir Path app;

    private static final FacadeDesign PING = new FacadeDesign("s.facade", "PingFacade", "src", List.of(
            new FacadeMethod("ping", "int", List.of(), List.of(), "return 1;\n", Set.of())), List.of(), List.of(), Set.of(), Optional.empty());

    private Scaffold planned(String clientClass, String clientFile) {
        FacadeScaffold.Result r = FacadeScaffold.plan(PING, clientClass, clientFile, TextApp.analysed(app));
        assertThat(r).isInstanceOf(FacadeScaffold.Result.Planned.class);
        return ((FacadeScaffold.Result.Planned) r).scaffold();
    }

    /** Every generated file's text and every descriptor edit's inserted text, and the client's members. */
    private static String everything(Scaffold s) {
        return s.changes().stream().map(c -> c instanceof FileChange.Create cr ? cr.text()
                        : ((FileChange.Edit) c).edits().stream().map(e -> e.replacement()).collect(Collectors.joining("\n")))
                .collect(Collectors.joining("\n")) + String.join("\n", s.access().members()) + s.access().imports();
    }

    @Test
    void aJ2ee14AppWithoutSessionViewsGetsEjb2ClassesAndDescriptorEntriesNoAnnotations() throws IOException {
        // web.xml 2.4 and ejb-jar 2.1 whose only bean is message-driven: no bean shows home/remote views,
        // yet the container ignores @Stateless and @EJB in both modules.
        write("WEB-INF/web.xml", """
                <?xml version="1.0"?>
                <web-app xmlns="http://java.sun.com/xml/ns/j2ee" version="2.4">
                  <servlet><servlet-name>Ping</servlet-name><servlet-class>s.web.PingServlet</servlet-class></servlet>
                </web-app>
                """);
        write("META-INF/ejb-jar.xml", """
                <?xml version="1.0"?>
                <ejb-jar xmlns="http://java.sun.com/xml/ns/j2ee" version="2.1">
                  <enterprise-beans>
                    <message-driven>
                      <ejb-name>Audit</ejb-name>
                      <ejb-class>s.AuditBean</ejb-class>
                      <transaction-type>Container</transaction-type>
                    </message-driven>
                  </enterprise-beans>
                </ejb-jar>
                """);
        write("src/s/AuditBean.java", """
                package s;
                public class AuditBean implements javax.ejb.MessageDrivenBean, javax.jms.MessageListener {
                    public void setMessageDrivenContext(javax.ejb.MessageDrivenContext c) {}
                    public void ejbCreate() {}
                    public void ejbRemove() {}
                    public void onMessage(javax.jms.Message m) {}
                }
                """);
        write("src/s/web/PingServlet.java", """
                package s.web;
                import javax.servlet.http.*;
                public class PingServlet extends HttpServlet {
                    protected void doGet(HttpServletRequest request, HttpServletResponse response) {}
                }
                """);
        Scaffold s = planned("s.web.PingServlet", "src/s/web/PingServlet.java");
        assertThat(s.changes().stream().map(FileChange::file)).contains("src/s/facade/PingFacadeHome.java", "META-INF/ejb-jar.xml", "WEB-INF/web.xml");
        assertThat(everything(s)).doesNotContain("@Stateless").doesNotContain("@Remote").doesNotContain("@EJB")
                .contains("extends EJBHome").contains("implements SessionBean").contains("<ejb-ref-name>ejb/PingFacade</ejb-ref-name>");
        assertThat(s.access().callThrows()).containsExactly("java.rmi.RemoteException");
    }

    @Test
    void aJakartaEe10AppWithEjb2StyleBeansGetsAnAnnotatedJakartaFacadeWithoutJavaxRmi() throws IOException {
        // jbosstm's shape: a Jakarta EE 10 module that still declares a bean with home and remote interfaces.
        write("META-INF/ejb-jar.xml", """
                <?xml version="1.0"?>
                <ejb-jar xmlns="https://jakarta.ee/xml/ns/jakartaee" version="4.0">
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
                """);
        write("src/s/Teller.java", "package s; public interface Teller extends jakarta.ejb.EJBObject { int balance() throws java.rmi.RemoteException; }");
        write("src/s/TellerHome.java", "package s; public interface TellerHome extends jakarta.ejb.EJBHome { Teller create() throws jakarta.ejb.CreateException, java.rmi.RemoteException; }");
        write("src/s/TellerBean.java", """
                package s;
                public class TellerBean implements jakarta.ejb.SessionBean {
                    public int balance() { return 0; }
                    public void ejbCreate() {}
                    public void setSessionContext(jakarta.ejb.SessionContext c) {}
                    public void ejbRemove() {}
                    public void ejbActivate() {}
                    public void ejbPassivate() {}
                }
                """);
        write("src/s/web/Helper.java", "package s.web;\npublic class Helper { }\n");
        Scaffold s = planned("s.web.Helper", "src/s/web/Helper.java");
        String all = everything(s);
        assertThat(all).doesNotContain("javax.rmi").doesNotContain("PortableRemoteObject").doesNotContain("javax.ejb")
                .contains("import jakarta.ejb.Stateless;").contains("import jakarta.ejb.Remote;");
        assertThat(s.changes().stream().map(FileChange::file)).doesNotContain("src/s/facade/PingFacadeHome.java");
        assertThat(s.access().imports()).contains("jakarta.ejb.EJBException");
    }

    private void write(String path, String text) throws IOException {
        TextApp.write(app, path, text, StandardCharsets.UTF_8);
    }
}
