package io.wanlint.cli;

import static io.wanlint.cli.AppCopy.commit;
import static io.wanlint.cli.AppCopy.compile;
import static io.wanlint.cli.AppCopy.copy;
import static io.wanlint.cli.AppCopy.git;
import static io.wanlint.cli.AppCopy.patchFiles;
import static io.wanlint.cli.AppCopy.wanlint;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wanlint.cli.AppCopy.Run;
import io.wanlint.fixtures.Fixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * WAN004's patch through the real CLI on git copies of the fixtures (issue 6 acceptance): the
 * external call moves into a new message-driven bean, the patch applies, the application compiles,
 * re-analysis reports no WAN004 for the bean and exactly the predicted round trips, and a second
 * run plans nothing; findings whose transaction depends on the call are declined with the line.
 */
class MessageBeanFixTest {
    @TempDir Path temp;

    /** The fixture's ejb-jar declares EJB 1.1 (J2EE 1.2), which has no message-driven beans; as a J2EE 1.3 application it has them. */
    private static void declareEjb20(Path app) throws IOException {
        Path descriptor = app.resolve("src/deploy/estore_ejb.xml");
        String text = Files.readString(descriptor, StandardCharsets.ISO_8859_1);
        String ejb11 = "\"-//Sun Microsystems, Inc.//DTD Enterprise JavaBeans 1.1//EN\" \"http://java.sun.com/j2ee/dtds/ejb-jar_1_1.dtd\"";
        assertThat(text).contains(ejb11);
        Files.writeString(descriptor, text.replace(ejb11,
                "\"-//Sun Microsystems, Inc.//DTD Enterprise JavaBeans 2.0//EN\" \"http://java.sun.com/dtd/ejb-jar_2_0.dtd\""),
                StandardCharsets.ISO_8859_1);
    }

    /** The mailer of the fixture, made to log the confirmation in the database in the same transaction first. */
    private static void mailerLogsFirst(Path app) throws IOException {
        // The fixture's mailer only sends the mail, which WAN004 leaves alone (nothing held, nothing to undo);
        // here it first logs the confirmation in the database, in the same transaction.
        Path mailerBean = app.resolve("src/java/com/acme/estore/mail/ejb/MailerEJB.java");
        String text = Files.readString(mailerBean, StandardCharsets.ISO_8859_1);
        String send = "    public void sendOrderConfirmation(String toAddress, String customerName, double total, String language) {\n";
        assertThat(text).contains(send);
        Files.writeString(mailerBean, text.replace(send, send + """
                        try {
                            javax.sql.DataSource db = (javax.sql.DataSource) new InitialContext().lookup("java:comp/env/jdbc/EstoreDataSource");
                            java.sql.Connection con = db.getConnection();
                            try {
                                java.sql.PreparedStatement log = con.prepareStatement("INSERT INTO CONFIRMATION_LOG (EMAIL, TOTAL) VALUES (?, ?)");
                                log.setString(1, toAddress);
                                log.setDouble(2, total);
                                log.executeUpdate();
                            } finally {
                                con.close();
                            }
                        } catch (NamingException e) {
                            throw new EJBException(e);
                        } catch (java.sql.SQLException e) {
                            throw new EJBException(e);
                        }
                """), StandardCharsets.ISO_8859_1);
    }

    @Test
    void anEjb11ApplicationGetsNoMessageDrivenBean() throws Exception {
        Path app = temp.resolve("petstore-1.1");
        copy("petstore-1.1", app);
        mailerLogsFirst(app);
        commit(app);
        only(findings(app), "WAN004", "com.acme.estore.mail.ejb.MailerEJB");
        Run fix = wanlint("fix", app.toString(), "--rule", "WAN004", "--out", temp.resolve("p").toString());
        assertThat(fix.exit()).as(fix.err()).isZero();
        assertThat(fix.out()).containsPattern("no patch  WAN004 com\\.acme\\.estore\\.mail\\.ejb\\.MailerEJB .*: message-driven beans need EJB 2\\.0: "
                + "src/deploy/estore_ejb\\.xml is an EJB 1\\.1 descriptor \\(J2EE 1\\.2\\)");
        assertThat(patchFiles(temp.resolve("p"))).isEmpty();
    }

    @Test
    void mailerSmtpSendMovesIntoAMessageDrivenBeanThatCompilesAndReanalysesToThePrediction() throws Exception {
        Path app = temp.resolve("petstore-1.1");
        copy("petstore-1.1", app);
        declareEjb20(app);
        mailerLogsFirst(app);
        commit(app);
        JsonNode before = findings(app);
        JsonNode mailer = only(before, "WAN004", "com.acme.estore.mail.ejb.MailerEJB");
        int predicted = mailer.get("wanRoundTrips").get("after").asInt();
        assertThat(predicted).isEqualTo(4);

        Path patches = temp.resolve("patches");
        Run fix = wanlint("fix", app.toString(), "--rule", "WAN004", "--out", patches.toString());
        assertThat(fix.exit()).as(fix.err()).isZero();
        // The stateful controller sits at the edge: a JMS send to the broker at the main site would cost the
        // round trip the remote call costs, so its WAN004 fix saves nothing and is not proposed.
        assertThat(fix.out()).containsPattern("no patch  WAN004 com\\.acme\\.estore\\.control\\.ejb\\.ShoppingClientControllerEJB .*: "
                + "no WAN saving: the fix would not make any of its requests cheaper \\(5 round trips either way\\)");
        List<Path> files = patchFiles(patches);
        // named by the transactional method, not by its last parameter type
        assertThat(files).extracting(p -> p.getFileName().toString()).containsExactly("WAN004-1-sendorderconfirmation.patch");
        String diff = Files.readString(files.get(0), StandardCharsets.ISO_8859_1);
        assertThat(diff).contains("+        queueSendOrderConfirmation(toAddress, subject, body);\n")
                .contains("+                queueConnectionFactory = (QueueConnectionFactory) jndi.lookup(\"java:comp/env/jms/QueueConnectionFactory\");\n")
                .contains("+public class SendOrderConfirmationMessageBean implements MessageDrivenBean, MessageListener {\n")
                .contains("+    public void onMessage(javax.jms.Message delivered) {\n")
                .contains("+            String toAddress = request.getString(\"toAddress\");\n")
                .contains("+    public void setMessageDrivenContext(MessageDrivenContext ctx) {\n")
                .contains("+    public void ejbCreate() {\n")
                .doesNotContain("+@MessageDriven").doesNotContain("@Override").doesNotContain("jakarta.")
                .contains("+      <message-driven-destination>\n")
                .contains("+        <method-name>onMessage</method-name>\n+      </method>\n+      <trans-attribute>NotSupported</trans-attribute>\n")
                .contains("+      <destination-jndi-name>queue/SendOrderConfirmationQueue</destination-jndi-name>\n")
                .contains("+        <jndi-name>java:/JmsXA</jndi-name>\n");

        git(app, "apply", "--check", files.get(0).toString());
        git(app, "apply", patches.resolve("wanlint.patch").toString());
        // the descriptor keeps its Latin-1 text and encoding
        assertThat(Files.readString(app.resolve("src/deploy/estore_ejb.xml"), StandardCharsets.ISO_8859_1)).contains("boutique électronique");
        compile(app, StandardCharsets.ISO_8859_1, List.of("javaee-api", "jboss-rmi-api"));

        JsonNode after = findings(app);
        List<String> wan004 = new ArrayList<>();
        for (JsonNode f : after.get("findings")) {
            if (f.get("ruleId").asText().equals("WAN004")) wan004.add(f.get("location").get("className").asText());
        }
        assertThat(wan004).doesNotContain("com.acme.estore.mail.ejb.MailerEJB", "com.acme.estore.mail.ejb.SendOrderConfirmationMessageBean");
        // The figures are those of one request, the finding's worst (the page placing the order; the mailer's own
        // remote method is an entry point too): one of its entry points costs what the patch promised.
        List<Integer> costs = new ArrayList<>();
        for (JsonNode ep : mailer.get("entryPoints")) costs.add(entryPoint(after, ep.asText()).get("wanRoundTrips").asInt());
        assertThat(costs).contains(predicted);
        // the SMTP call is still made, by the message bean, as its own entry point outside the request
        JsonNode mdb = entryPoint(after, "com.acme.estore.mail.ejb.SendOrderConfirmationMessageBean#onMessage");
        assertThat(mdb.get("crossings").findValuesAsText("kind")).containsExactly("MAIL");

        Run second = wanlint("fix", app.toString(), "--rule", "WAN004", "--out", temp.resolve("again").toString());
        assertThat(second.exit()).as(second.err()).isZero();
        assertThat(patchFiles(temp.resolve("again"))).isEmpty();
        assertThat(second.out()).doesNotContain("MailerEJB");
    }

    @Test
    void transactionsThatDependOnTheCallsResultAreDeclinedWithTheLine() throws Exception {
        Run ecperf = wanlint("fix", Fixtures.app("ecperf-supplier").toString(), "--rule", "WAN004", "--out", temp.resolve("e").toString());
        assertThat(ecperf.exit()).as(ecperf.err()).isZero();
        assertThat(ecperf.out()).contains("BuyerSesEJB.java:62 reads status, which line 61 gets from the call: the transaction depends on the call's result"
                + " (line 63 rolls it back on that result; deferring the call would commit first)");
        Run shop = wanlint("fix", Fixtures.app("jakarta-shop").toString(), "--rule", "WAN004", "--out", temp.resolve("j").toString());
        assertThat(shop.exit()).as(shop.err()).isZero();
        assertThat(shop.out()).contains("OrderBean.java:66 reads response, which line 63 gets from the call").contains("(line 67 rolls it back");
        assertThat(patchFiles(temp.resolve("e"))).isEmpty();
        assertThat(patchFiles(temp.resolve("j"))).isEmpty();
    }

    @Test
    void jakartaBeanQueuesThroughItsJMSContextAndAMessageDrivenBeanMakesTheCall() throws Exception {
        Path app = temp.resolve("notes");
        Path pkg = Files.createDirectories(app.resolve("src/main/java/com/example/notes"));
        Files.writeString(pkg.resolve("OrderService.java"), """
                package com.example.notes;

                import jakarta.ejb.Stateless;
                import jakarta.ejb.TransactionAttribute;
                import jakarta.ejb.TransactionAttributeType;
                import jakarta.persistence.EntityManager;
                import jakarta.persistence.PersistenceContext;
                import jakarta.ws.rs.client.Client;
                import jakarta.ws.rs.client.ClientBuilder;
                import jakarta.ws.rs.client.Entity;

                /** Records an order, then tells the CRM about it over HTTP while the transaction is still open. */
                @Stateless
                public class OrderService {
                    private static final String CRM = "https://crm.example.com/notes";

                    @PersistenceContext(unitName = "shop")
                    private EntityManager em;

                    @TransactionAttribute(TransactionAttributeType.REQUIRED)
                    public void place(String customer, int quantity) {
                        em.createNativeQuery("INSERT INTO ORDERS (CUSTOMER, QTY) VALUES (?, ?)")
                                .setParameter(1, customer).setParameter(2, quantity).executeUpdate();
                        String note = "{\\"customer\\":\\"" + customer + "\\",\\"quantity\\":" + quantity + "}";
                        Client client = ClientBuilder.newClient();
                        try {
                            client.target(CRM).request().post(Entity.json(note));
                        } finally {
                            client.close();
                        }
                    }
                }
                """);
        Files.writeString(pkg.resolve("PlaceServlet.java"), """
                package com.example.notes;

                import jakarta.ejb.EJB;
                import jakarta.servlet.annotation.WebServlet;
                import jakarta.servlet.http.HttpServlet;
                import jakarta.servlet.http.HttpServletRequest;
                import jakarta.servlet.http.HttpServletResponse;
                import java.io.IOException;

                @WebServlet("/place")
                public class PlaceServlet extends HttpServlet {
                    @EJB
                    private OrderService orders;

                    @Override
                    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
                        orders.place(req.getParameter("customer"), Integer.parseInt(req.getParameter("quantity")));
                        resp.setStatus(204);
                    }
                }
                """);
        commit(app);
        JsonNode finding = only(findings(app), "WAN004", "com.example.notes.OrderService");
        int predicted = finding.get("wanRoundTrips").get("after").asInt();

        Path patches = temp.resolve("notes-patches");
        Run fix = wanlint("fix", app.toString(), "--rule", "WAN004", "--out", patches.toString());
        assertThat(fix.exit()).as(fix.err()).isZero();
        Path patch = patches.resolve("WAN004-1-place.patch");
        assertThat(Files.readString(patch)).contains("+        queuePlace(note);\n")
                .contains("+    @Inject\n+    private JMSContext jms;\n+    @Resource(lookup = \"java:app/jms/PlaceQueue\")\n")
                .contains("+        jms.createProducer().send(placeQueue, request);\n")
                .contains("+@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)\n+public class PlaceMessageBean implements MessageListener {\n")
                .contains("+            String note = request.getString(\"note\");\n+            Client client = ClientBuilder.newClient();\n");
        git(app, "apply", "--check", patch.toString());
        git(app, "apply", patches.resolve("wanlint.patch").toString());
        compile(app, StandardCharsets.UTF_8, List.of("jakarta.jakartaee-api", "jboss-rmi-api"));

        JsonNode after = findings(app);
        for (JsonNode f : after.get("findings")) assertThat(f.get("ruleId").asText()).isNotEqualTo("WAN004");
        assertThat(entryPoint(after, "/place").get("wanRoundTrips").asInt()).isEqualTo(predicted);
        assertThat(entryPoint(after, "com.example.notes.PlaceMessageBean#onMessage").get("crossings").findValuesAsText("kind"))
                .containsExactly("HTTP_EXTERNAL");
        Run second = wanlint("fix", app.toString(), "--rule", "WAN004", "--out", temp.resolve("notes-again").toString());
        assertThat(second.exit()).as(second.err()).isZero();
        assertThat(patchFiles(temp.resolve("notes-again"))).isEmpty();
    }

    @Test
    void bothAlternativeDescriptorsAndWeblogicGetTheMessageBeanWhenTheCallsResultIsUnused() throws Exception {
        Path app = temp.resolve("ecperf-supplier");
        copy("ecperf-supplier", app);
        // The fixture's purchase rolls back on the supplier's answer (declined above); here the post
        // has its own try and nothing reads its result, so it can move after commit.
        Path buyer = app.resolve("src/org/acme/ecperf/supplier/buyer/BuyerSesEJB.java");
        String text = Files.readString(buyer);
        String purchase = """
                    public int purchase(String supplierId, String componentId, int quantity) {
                        Integer poNumber;
                        String url;
                        String protocol;
                        try {
                            SComponentLocal component = componentHome.findByPrimaryKey(componentId);
                            SupplierLocal supplier = supplierHome.findByPrimaryKey(supplierId);
                            poNumber = PONumberSequence.next();
                            poHome.create(poNumber, supplierId, componentId, quantity);
                            component.setQtyOnOrder(component.getQtyOnOrder() + quantity);
                            url = supplier.getUrl();
                            protocol = supplier.getProtocol();
                        } catch (FinderException e) {
                            throw new EJBException("Unknown supplier or component: " + e.getMessage());
                        } catch (CreateException e) {
                            context.setRollbackOnly();
                            throw new EJBException(e);
                        }

                        SupplierCommand command = SupplierCommand.forSupplier(url, protocol);
                        try {
                            command.sendPurchaseOrder(poNumber.intValue(), componentId, quantity);
                        } catch (IOException e) {
                            throw new EJBException("Supplier " + supplierId + " unreachable: " + e.getMessage());
                        }
                        return poNumber.intValue();
                    }

                """;
        Files.writeString(buyer, text.substring(0, text.indexOf("    public int purchase(")) + purchase
                + text.substring(text.indexOf("    /** Runs without a transaction")));
        commit(app);
        JsonNode finding = only(findings(app), "WAN004", "org.acme.ecperf.supplier.buyer.BuyerSesEJB");
        int predicted = finding.get("wanRoundTrips").get("after").asInt();

        Path patches = temp.resolve("ecperf-patches");
        Run fix = wanlint("fix", app.toString(), "--rule", "WAN004", "--out", patches.toString());
        assertThat(fix.exit()).as(fix.err()).isZero();
        Path patch = patches.resolve("WAN004-1-purchase.patch");
        String diff = Files.readString(patch);
        assertThat(diff).contains("+        queuePurchase(url, protocol, poNumber, componentId, quantity, supplierId);\n")
                .contains("+            request.setObject(\"poNumber\", poNumber);\n")
                .contains("+            Integer poNumber = (Integer) request.getObject(\"poNumber\");\n")
                .contains("+++ b/META-INF/supplier.xml.BMP").contains("+++ b/META-INF/supplier.xml.CMP")
                .contains("+        <jndi-name>weblogic.jms.XAConnectionFactory</jndi-name>\n")
                .contains("+      <destination-jndi-name>jms/PurchaseQueue</destination-jndi-name>\n")
                .contains("+      <message-driven-destination>\n+        <destination-type>javax.jms.Queue</destination-type>\n");
        git(app, "apply", "--check", patch.toString());
        git(app, "apply", patches.resolve("wanlint.patch").toString());
        compile(app, StandardCharsets.ISO_8859_1, List.of("javaee-api", "jboss-rmi-api"));

        JsonNode after = findings(app);
        for (JsonNode f : after.get("findings")) assertThat(f.get("ruleId").asText()).isNotEqualTo("WAN004");
        assertThat(entryPoint(after, "/supplier/order").get("wanRoundTrips").asInt()).isEqualTo(predicted);
        assertThat(entryPoint(after, "org.acme.ecperf.supplier.buyer.PurchaseMessageBean#onMessage").get("wanRoundTrips").asInt()).isEqualTo(2);
        Run second = wanlint("fix", app.toString(), "--rule", "WAN004", "--out", temp.resolve("ecperf-again").toString());
        assertThat(second.exit()).as(second.err()).isZero();
        assertThat(patchFiles(temp.resolve("ecperf-again"))).isEmpty();
    }

    private JsonNode findings(Path app) throws IOException {
        Run check = wanlint("check", app.toString(), "--format", "json", "--fail-on", "never");
        assertThat(check.exit()).as(check.err()).isZero();
        return new ObjectMapper().readTree(check.out());
    }

    private static JsonNode only(JsonNode report, String rule, String className) {
        for (JsonNode f : report.get("findings")) {
            if (f.get("ruleId").asText().equals(rule) && f.get("location").get("className").asText().equals(className)) return f;
        }
        throw new AssertionError("no " + rule + " finding on " + className);
    }

    private static JsonNode entryPoint(JsonNode report, String id) {
        for (JsonNode ep : report.get("entryPoints")) if (ep.get("id").asText().equals(id)) return ep;
        throw new AssertionError("no entry point " + id);
    }
}
