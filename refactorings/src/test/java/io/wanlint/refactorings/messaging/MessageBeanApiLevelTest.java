package io.wanlint.refactorings.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EvidenceStep;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.refactorings.TextApp;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.PlanOutcome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 21.2 for WAN004's message bean: its code is written at the application's API level, read
 * from the descriptors, not guessed from the sending bean's imports (which may name no EE package):
 * EJB 2.x classes and entries for an application whose beans are EJB 2.x, in {@code javax} or
 * {@code jakarta} as the level says, and no message bean at all for EJB 1.1.
 */
class MessageBeanApiLevelTest {
    @TempDir Path app;

    /** The sending bean: it names its EE types fully qualified, so its imports say nothing about the namespace. */
    private static final String ORDER = """
            package s;

            import java.net.HttpURLConnection;
            import java.net.URL;
            import java.sql.Connection;
            import java.sql.PreparedStatement;
            import javax.naming.InitialContext;
            import javax.sql.DataSource;

            public class OrderEJB implements %1$s.ejb.SessionBean {
                public void place(String partnerUrl, int orderId) {
                    try {
                        DataSource ds = (DataSource) new InitialContext().lookup("java:comp/env/jdbc/Shop");
                        Connection c = ds.getConnection();
                        try {
                            PreparedStatement p = c.prepareStatement("INSERT INTO ORDERS (ID) VALUES (?)");
                            p.setInt(1, orderId);
                            p.executeUpdate();
                        } finally {
                            c.close();
                        }
                    } catch (Exception e) {
                        throw new %1$s.ejb.EJBException(e);
                    }
                    try {
                        HttpURLConnection h = (HttpURLConnection) new URL(partnerUrl + "?order=" + orderId).openConnection();
                        h.setRequestMethod("POST");
                        h.getResponseCode();
                    } catch (java.io.IOException e) {
                        throw new %1$s.ejb.EJBException(e);
                    }
                }

                public void setSessionContext(%1$s.ejb.SessionContext c) {}
                public void ejbCreate() {}
                public void ejbRemove() {}
                public void ejbActivate() {}
                public void ejbPassivate() {}
            }
            """;

    private static final String SESSION = """
              <enterprise-beans>
                <session>
                  <ejb-name>Order</ejb-name>
                  <home>s.OrderHome</home>
                  <remote>s.Order</remote>
                  <ejb-class>s.OrderEJB</ejb-class>
                  <session-type>Stateless</session-type>
                  <transaction-type>Container</transaction-type>
                </session>
              </enterprise-beans>
            </ejb-jar>
            """;

    private PlanOutcome plan(String namespace, String ejbJarHead) throws IOException {
        TextApp.write(app, "src/s/OrderEJB.java", ORDER.formatted(namespace), StandardCharsets.UTF_8);
        TextApp.write(app, "META-INF/ejb-jar.xml", ejbJarHead + SESSION, StandardCharsets.UTF_8);
        String file = "src/s/OrderEJB.java";
        Finding f = new Finding("WAN004", Severity.WARNING, "external call in a transaction",
                new FindingLocation(file, 12, "s.OrderEJB", "place"), List.of(), List.of(
                new EvidenceStep(file, 26, "s.OrderEJB", "place", EdgeKind.HTTP_EXTERNAL, "HTTP call")),
                RoundTrips.of(3), RoundTrips.of(2), new FindingSubject.Method(MethodRef.of("s.OrderEJB", "place", "java.lang.String", "int")));
        return new DeferExternalCallToMessageBean().plan(f, TextApp.analysed(app));
    }

    private static String everything(PlanOutcome o) {
        return o.patch().orElseThrow().changes().stream().map(c -> c instanceof FileChange.Create cr ? cr.text()
                        : ((FileChange.Edit) c).edits().stream().map(e -> e.replacement()).collect(Collectors.joining("\n")))
                .collect(Collectors.joining("\n"));
    }

    @Test
    void aJakartaApplicationWithEjb2BeansGetsAJakartaMessageDrivenBeanAndEntry() throws IOException {
        // Before: the sender imports no jakarta package, so the message bean was written against javax.ejb and javax.jms.
        PlanOutcome o = plan("jakarta", """
                <?xml version="1.0"?>
                <ejb-jar xmlns="https://jakarta.ee/xml/ns/jakartaee" version="4.0">
                """);
        assertThat(o.reasonWithoutPatch()).isEmpty();
        String all = everything(o);
        assertThat(all).contains("import jakarta.ejb.MessageDrivenBean;").contains("import jakarta.jms.MessageListener;")
                .contains("implements MessageDrivenBean, MessageListener").contains("public void setMessageDrivenContext(")
                .contains("public void ejbCreate() {").contains("<messaging-type>jakarta.jms.MessageListener</messaging-type>")
                .doesNotContain("javax.ejb").doesNotContain("javax.jms").doesNotContain("@MessageDriven");
    }

    @Test
    void aJ2ee14ApplicationGetsAnEjb2MessageDrivenBeanWithActivationConfig() throws IOException {
        PlanOutcome o = plan("javax", """
                <?xml version="1.0"?>
                <ejb-jar xmlns="http://java.sun.com/xml/ns/j2ee" version="2.1">
                """);
        assertThat(o.reasonWithoutPatch()).isEmpty();
        assertThat(everything(o)).contains("import javax.ejb.MessageDrivenBean;").contains("implements MessageDrivenBean, MessageListener")
                .contains("<activation-config-property-value>javax.jms.Queue</activation-config-property-value>")
                .doesNotContain("@MessageDriven").doesNotContain("@Resource").doesNotContain("@Inject").doesNotContain("jakarta.");
    }

    @Test
    void anEjb11ApplicationGetsNoMessageBean() throws IOException {
        PlanOutcome o = plan("javax", """
                <?xml version="1.0"?>
                <!DOCTYPE ejb-jar PUBLIC "-//Sun Microsystems, Inc.//DTD Enterprise JavaBeans 1.1//EN" "http://java.sun.com/j2ee/dtds/ejb-jar_1_1.dtd">
                <ejb-jar>
                """);
        assertThat(o.patch()).isEmpty();
        assertThat(o.reasonWithoutPatch()).isEqualTo("message-driven beans need EJB 2.0: META-INF/ejb-jar.xml is an EJB 1.1 descriptor (J2EE 1.2)");
    }
}
