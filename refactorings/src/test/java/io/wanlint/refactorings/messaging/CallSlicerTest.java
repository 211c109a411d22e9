package io.wanlint.refactorings.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.SourceText;
import io.wanlint.refactorings.text.JavaSource;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which statements move to the message bean, why some cannot, and the code both sides get. */
class CallSlicerTest {
    private static final String BEAN = """
            package shop;

            import java.net.HttpURLConnection;
            import java.net.URL;
            import javax.ejb.EJBException;
            import javax.ejb.SessionBean;
            import javax.ejb.SessionContext;

            public class NotifierEJB implements SessionBean {
                private SessionContext context;
                private int sent;

                public void notifyPartner(String partnerUrl, int orderId) {
                    String query = "?order=" + orderId;
                    try {
                        HttpURLConnection c = (HttpURLConnection) new URL(partnerUrl + query).openConnection();
                        c.setRequestMethod("POST");
                        c.getResponseCode();
                    } catch (java.io.IOException e) {
                        throw new EJBException(e);
                    }
                }

                public int notifyAndCheck(String partnerUrl) throws java.io.IOException {
                    HttpURLConnection c = (HttpURLConnection) new URL(partnerUrl).openConnection();
                    int status = c.getResponseCode();
                    if (status >= 300) {
                        context.setRollbackOnly();
                    }
                    return status;
                }

                public void notifyAndCount(String partnerUrl) throws java.io.IOException {
                    ((HttpURLConnection) new URL(partnerUrl).openConnection()).getResponseCode();
                    sent++;
                }

                public void setSessionContext(SessionContext ctx) { context = ctx; }
                public void ejbCreate() {}
                public void ejbRemove() {}
                public void ejbActivate() {}
                public void ejbPassivate() {}
            }
            """;

    private static CallSlice slice(JavaSource source, String method, int... lines) {
        TypeDeclaration<?> type = source.type("NotifierEJB").orElseThrow();
        MethodDeclaration m = type.getMethodsByName(method).get(0);
        Set<Integer> callLines = new java.util.TreeSet<>();
        for (int l : lines) callLines.add(l);
        return new CallSlicer(type, m, "NotifierEJB.java", Set.of(), t -> t, q -> false).slice(callLines);
    }

    private static JavaSource parse() {
        return JavaSource.parse(SourceText.created("src/shop/NotifierEJB.java", BEAN)).orElseThrow();
    }

    @Test
    void aCallThatIsTheWholeTryBodyMovesWithItsTryAndItsStringInputs() {
        JavaSource source = parse();
        CallSlice s = slice(source, "notifyPartner", 16);
        assertThat(s).isInstanceOf(CallSlice.Movable.class);
        CallSlice.Movable m = (CallSlice.Movable) s;
        assertThat(m.statements()).hasSize(1);
        assertThat(m.firstLine()).isEqualTo(15);
        assertThat(m.inputs()).extracting(CallSlice.Input::name).containsExactly("partnerUrl", "query");
        assertThat(m.inputs()).allMatch(i -> i.kind() == MessageValue.STRING);

        MessageBeanCode code = new MessageBeanCode(source, source.type("NotifierEJB").orElseThrow(), m,
                MessageBeanCode.Names.of("notifyPartner"), false, "javax");
        String sender = code.sender().applyTo(BEAN);
        assertThat(sender).contains("        String query = \"?order=\" + orderId;\n        queueNotifyPartner(partnerUrl, query);\n    }\n")
                .contains("    private void queueNotifyPartner(String partnerUrl, String query) {\n")
                .contains("            QueueSession session = connection.createQueueSession(true, QueueSession.AUTO_ACKNOWLEDGE);\n")
                .contains("            request.setString(\"query\", query);\n")
                .contains("import javax.jms.QueueConnectionFactory;\n")
                .contains("import java.net.URL;\n") // still used by the other methods
                .doesNotContain("new URL(partnerUrl + query)");
        FileChange.Create mdb = code.messageBean();
        assertThat(mdb.file()).isEqualTo("src/shop/NotifyPartnerMessageBean.java");
        assertThat(mdb.text()).contains("import java.net.URL;\n")
                .contains("public class NotifyPartnerMessageBean implements MessageDrivenBean, MessageListener {\n")
                .contains("            String query = request.getString(\"query\");\n"
                        + "            try {\n"
                        + "                HttpURLConnection c = (HttpURLConnection) new URL(partnerUrl + query).openConnection();\n")
                .contains("        } catch (JMSException e) {\n");
    }

    @Test
    void aResultTheTransactionReadsLaterIsRefusedWithItsLine() {
        CallSlice s = slice(parse(), "notifyAndCheck", 25);
        assertThat(s).isEqualTo(new CallSlice.Refused(
                "NotifierEJB.java:27 reads status, which line 26 gets from the call: the transaction depends on the call's result"
                        + " (line 28 rolls it back on that result; deferring the call would commit first)"));
    }

    @Test
    void aRollbackDecidedNextToTheCallIsRefused() {
        CallSlice s = slice(parse(), "notifyAndCheck", 25, 27);
        assertThat(((CallSlice.Refused) s).reason()).contains("NotifierEJB.java:28 decides the transaction's outcome (setRollbackOnly)");
    }

    @Test
    void writingTheBeansStateIsRefused() {
        CallSlice s = slice(parse(), "notifyAndCount", 34, 35);
        assertThat(((CallSlice.Refused) s).reason()).isEqualTo("NotifierEJB.java:35 writes the field sent, which the transaction's bean keeps");
    }
    @Test
    void aValueThatNoMapMessageCarriesTravelsInASerializableRequestObject() {
        String bean = """
                package shop;

                import java.math.BigDecimal;
                import java.net.URL;
                import javax.ejb.SessionBean;

                public class NotifierEJB implements SessionBean {
                    public void charge(String card, BigDecimal amount) throws java.io.IOException {
                        new URL("https://pay.example.com/charge?card=" + card + "&amount=" + amount).openStream().close();
                    }
                    public void setSessionContext(javax.ejb.SessionContext ctx) {}
                    public void ejbRemove() {}
                    public void ejbActivate() {}
                    public void ejbPassivate() {}
                }
                """;
        JavaSource source = JavaSource.parse(SourceText.created("src/shop/NotifierEJB.java", bean)).orElseThrow();
        TypeDeclaration<?> type = source.type("NotifierEJB").orElseThrow();
        CallSlice.Movable m = (CallSlice.Movable) new CallSlicer(type, type.getMethodsByName("charge").get(0), "NotifierEJB.java", Set.of(),
                t -> t.equals("BigDecimal") ? "java.math.BigDecimal" : t, q -> false).slice(Set.of(9));
        assertThat(m.inputs()).extracting(CallSlice.Input::kind).containsExactly(MessageValue.STRING, MessageValue.SERIALIZABLE);
        assertThat(m.throwsChecked()).isTrue();
        MessageBeanCode code = new MessageBeanCode(source, type, m, MessageBeanCode.Names.of("charge"), false, "javax");
        assertThat(code.sender().applyTo(bean)).contains("ObjectMessage request = session.createObjectMessage(new ChargeRequest(card, amount));");
        assertThat(code.requestClass().orElseThrow().text()).contains("import java.math.BigDecimal;\n")
                .contains("public class ChargeRequest implements Serializable {\n")
                .contains("    public BigDecimal getAmount() {\n");
        assertThat(code.messageBean().text())
                .contains("            ChargeRequest request = (ChargeRequest) ((ObjectMessage) delivered).getObject();\n")
                .contains("            BigDecimal amount = request.getAmount();\n")
                // the moved call throws IOException, which the method declared: onMessage wraps it
                .contains("        } catch (RuntimeException e) {\n            throw e;\n        } catch (Exception e) {\n");
        assertThat(compiles(java.util.Map.of("shop/NotifierEJB.java", code.sender().applyTo(bean),
                "shop/ChargeMessageBean.java", code.messageBean().text(), "shop/ChargeRequest.java", code.requestClass().orElseThrow().text())))
                .as("javac").isEmpty();
    }

    @Test
    void handingTheBeanItselfToTheCallIsRefused() {
        String bean = """
                package shop;

                import java.net.URL;

                public class NotifierEJB {
                    public void ping(String url) throws java.io.IOException {
                        Audit.record(this, new URL(url).openStream());
                    }
                }
                """;
        JavaSource source = JavaSource.parse(SourceText.created("NotifierEJB.java", bean)).orElseThrow();
        TypeDeclaration<?> type = source.type("NotifierEJB").orElseThrow();
        CallSlice s = new CallSlicer(type, type.getMethodsByName("ping").get(0), "NotifierEJB.java", Set.of(), t -> t, q -> false)
                .slice(Set.of(7));
        assertThat(s).isEqualTo(new CallSlice.Refused("NotifierEJB.java:7 hands the bean itself (this) to the call, which a message bean cannot do"));
    }

    @Test
    void namesTheBeanAlreadyUsesForOtherThingsAreNotReused() {
        String bean = """
                package shop;

                public class NotifierEJB {
                    private String pingQueue;
                    private javax.jms.QueueConnectionFactory queueConnectionFactory;
                    public void ping(String url) {}
                    private void queuePing() {}
                }
                """;
        TypeDeclaration<?> type = JavaSource.parse(SourceText.created("NotifierEJB.java", bean)).orElseThrow().type("NotifierEJB").orElseThrow();
        MessageBeanCode.Names names = MessageBeanCode.Names.of("ping").freeIn(type);
        assertThat(names.queueField()).isEqualTo("pingQueue2");
        assertThat(names.factoryField()).isEqualTo("queueConnectionFactory");
        assertThat(names.helper()).isEqualTo("queuePing2");
    }

    /** javac's errors for these sources, against the Java EE API jar on the test class path. */
    private static java.util.List<String> compiles(java.util.Map<String, String> sources) {
        try {
            java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("mdb-compile");
            java.util.List<java.nio.file.Path> files = new java.util.ArrayList<>();
            for (var e : sources.entrySet()) {
                java.nio.file.Path f = dir.resolve("src").resolve(e.getKey());
                java.nio.file.Files.createDirectories(f.getParent());
                java.nio.file.Files.writeString(f, e.getValue());
                files.add(f);
            }
            String cp = java.util.stream.Stream.of(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
                    .filter(x -> x.contains("javaee-api")).collect(java.util.stream.Collectors.joining(java.io.File.pathSeparator));
            javax.tools.JavaCompiler javac = javax.tools.ToolProvider.getSystemJavaCompiler();
            javax.tools.DiagnosticCollector<javax.tools.JavaFileObject> problems = new javax.tools.DiagnosticCollector<>();
            try (var fm = javac.getStandardFileManager(problems, null, java.nio.charset.StandardCharsets.UTF_8)) {
                javac.getTask(null, fm, problems, java.util.List.of("-nowarn", "-proc:none", "-classpath", cp, "-d", dir.resolve("out").toString()),
                        null, fm.getJavaFileObjectsFromPaths(files)).call();
            }
            return problems.getDiagnostics().stream().filter(d -> d.getKind() == javax.tools.Diagnostic.Kind.ERROR).map(Object::toString).toList();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
