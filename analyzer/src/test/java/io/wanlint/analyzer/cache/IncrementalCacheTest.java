package io.wanlint.analyzer.cache;

import static io.wanlint.analyzer.cache.SameAnalysis.assertSame;
import static io.wanlint.analyzer.cache.SameAnalysis.phases;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Analyzer;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.fixtures.Fixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The incremental update behind {@code --cache}: after Java files changed only inside their
 * bodies, the cached analysis is brought up to date without analysing everything again, and the
 * result is always the one a fresh analysis gives.
 */
class IncrementalCacheTest {
    /** Files edited per fixture: spread over the application, enough to meet every kind of class. */
    private static final int EDITS_PER_FIXTURE = 6;

    @TempDir Path temp;

    private final List<Diagnostic> warnings = new ArrayList<>();

    @BeforeAll
    static void parserLevel() {
        StaticJavaParser.getParserConfiguration().setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17);
    }

    static Stream<String> fixtures() {
        return Fixtures.APPLICATIONS.stream().filter(a -> Files.isDirectory(Fixtures.root().resolve(a)));
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void aCallAddedInsideABodyIsCaughtUpWithAndRevertingItToo(String fixture) throws IOException {
        Path app = copy(Fixtures.app(fixture), temp.resolve(fixture));
        AnalysisRequest request = AnalysisRequest.of(app);
        Path cache = temp.resolve("cache");
        cached(request, cache);

        List<Path> candidates = new ArrayList<>();
        for (Path file : javaFiles(app)) if (callLine(file).isPresent()) candidates.add(file);
        assertThat(candidates).as("files with a call statement in " + fixture).isNotEmpty();
        int step = Math.max(1, candidates.size() / EDITS_PER_FIXTURE);
        int updated = 0;
        for (int i = 0; i < candidates.size(); i += step) {
            Path file = candidates.get(i);
            byte[] original = Files.readAllBytes(file);
            duplicateLine(file, callLine(file).orElseThrow());

            AnalysisResult edited = cached(request, cache);
            assertSame(edited, Analyzer.analyze(request));
            if (updatedInPlace(edited)) updated++;

            Files.write(file, original);
            AnalysisResult reverted = cached(request, cache);
            assertSame(reverted, Analyzer.analyze(request));
        }
        assertThat(updated).as("edits of " + fixture + " applied without a full analysis").isPositive();
        assertThat(warnings).isEmpty();
    }

    @Test
    void aBeanBodyReadByItsCallersScansTheCallersAgain() throws IOException {
        Run bank = bankAnalysed();
        AnalysisResult before = bank.first();
        assertThat(tellerCalls(before)).contains(CallOp.ENTITY_UPDATE);
        assertThat(callbacksAfterDebit(before)).extracting(e -> e.to().name()).containsExactlyInAnyOrder("ejbLoad", "ejbStore");

        AnalysisResult after = edited(bank, "bank/AccountBean.java", ACCOUNT.formatted(DEBIT_ONLY_LOGS));

        assertThat(updatedInPlace(after)).as("updated without a full analysis: " + phases(after)).isTrue();
        // The teller's file did not change, but its scan read the bean's body: it was scanned again.
        assertThat(tellerCalls(after)).doesNotContain(CallOp.ENTITY_UPDATE).contains(CallOp.BUSINESS_METHOD);
        // The guarded store no longer follows debit: the flag is not set there any more.
        assertThat(callbacksAfterDebit(after)).extracting(e -> e.to().name()).containsExactly("ejbLoad");
        assertThat(warnings).isEmpty();
    }

    @Test
    void aChangedDeclarationIsAnalysedFromScratch() throws IOException {
        Run bank = bankAnalysed();

        String audit = "\n    public void audit() { }";
        AnalysisResult after = edited(bank, "bank/AccountBean.java", ACCOUNT.formatted(DEBIT_WRITES + audit));

        assertThat(phases(after)).contains("incremental update declined", "model");
        // The next body-only change builds on the entry the full analysis left.
        AnalysisResult next = edited(bank, "bank/AccountBean.java", ACCOUNT.formatted(DEBIT_ONLY_LOGS + audit));
        assertThat(updatedInPlace(next)).isTrue();
    }

    @Test
    void anXDocletTagChangeIsADeclarationChangeAndItsProseIsNot() throws IOException {
        Path app = copy(Fixtures.app("xdoclet-store"), temp.resolve("xdoclet-store"));
        AnalysisRequest request = AnalysisRequest.of(app);
        Path cache = temp.resolve("cache");
        cached(request, cache);
        Path facade = app.resolve("src/java/org/example/xstore/ejb/session/StoreFacadeBean.java");
        String original = Files.readString(facade);

        Files.writeString(facade, original.replace("One product's price.", "The price of one product."));
        AnalysisResult prose = cached(request, cache);
        assertSame(prose, Analyzer.analyze(request));
        assertThat(updatedInPlace(prose)).as("a javadoc sentence: " + phases(prose)).isTrue();

        Files.writeString(facade, original.replace("@ejb.transaction type=\"RequiresNew\"", "@ejb.transaction type=\"Never\""));
        AnalysisResult tag = cached(request, cache);
        assertSame(tag, Analyzer.analyze(request));
        assertThat(phases(tag)).contains("incremental update declined", "model");
        assertThat(tag.model().byName("StoreFacade").orElseThrow().transactionAttribute("reprice"))
                .contains(io.wanlint.analyzer.api.TransactionAttribute.NEVER);
        assertThat(warnings).isEmpty();
    }

    @Test
    void aCommentOrBlankLineMovingTheCodeDownKeepsEveryLocationRight() throws IOException {
        Run bank = bankAnalysed();

        String teller = Files.readString(bank.app().resolve("bank/TellerBean.java"));
        AnalysisResult after = edited(bank, "bank/TellerBean.java",
                teller.replace("double before", "// a note\n\n        double before"));

        assertThat(updatedInPlace(after)).isTrue();
    }

    @Test
    void aFileThatNoLongerParsesIsAnalysedFromScratch() throws IOException {
        Run bank = bankAnalysed();

        String teller = Files.readString(bank.app().resolve("bank/TellerBean.java"));
        AnalysisResult broken = edited(bank, "bank/TellerBean.java", teller.replace("account.debit(2.0);", "account.debit(2.0"));
        assertThat(updatedInPlace(broken)).isFalse();

        // Mended: the entry left by a run with a syntax error in that file is not updated but replaced.
        assertThat(updatedInPlace(edited(bank, "bank/TellerBean.java", teller))).isFalse();
    }

    @Test
    void aScriptletEditedInAJspPageIsCaughtUpWithAndRevertingItToo() throws IOException {
        Path app = copy(Fixtures.app("petstore-1.1"), temp.resolve("petstore"));
        AnalysisRequest request = AnalysisRequest.of(app);
        Path cache = temp.resolve("cache");
        AnalysisResult first = cached(request, cache);
        Path page = app.resolve("src/docroot/product.jsp");
        byte[] original = Files.readAllBytes(page);
        String text = new String(original, StandardCharsets.ISO_8859_1);
        String ask = "    String availability = inventory.getAvailability(itemId);\n";
        assertThat(text).contains(ask);
        // The stock level asked twice, on a new line: one more call, and every line below moves down.
        Files.write(page, text.replace(ask, ask + "    inventory.getAvailability(itemId);\n").getBytes(StandardCharsets.ISO_8859_1));

        AnalysisResult edited = cached(request, cache);
        assertSame(edited, Analyzer.analyze(request));
        assertThat(updatedInPlace(edited)).as("updated without a full analysis: " + phases(edited)).isTrue();
        assertThat(availabilityCalls(edited)).isEqualTo(availabilityCalls(first) + 1);

        Files.write(page, original);
        AnalysisResult reverted = cached(request, cache);
        assertSame(reverted, Analyzer.analyze(request));
        assertThat(updatedInPlace(reverted)).isTrue();
        assertThat(warnings).isEmpty();
    }

    @Test
    void aPageUsingATagLibraryOrChangingADeclarationIsAnalysedFromScratch() throws IOException {
        Path app = temp.resolve("pages");
        write(app, "web/report.jsp", REPORT_PAGE.formatted("1"));
        write(app, "web/counter.jsp", COUNTER_PAGE.formatted("", "1"));
        AnalysisRequest request = AnalysisRequest.of(app);
        Path cache = temp.resolve("cache");
        cached(request, cache);
        Run pages = new Run(app, request, cache, null);

        // Its SQL tag's edges come from the tag library, which an update does not read again.
        AnalysisResult tagged = edited(pages, "web/report.jsp", REPORT_PAGE.formatted("2"));
        assertThat(phases(tagged)).contains("incremental update declined", "model");

        // A declaration (`<%! %>`) is the page class's member: its surface changed.
        AnalysisResult declared = edited(pages, "web/counter.jsp", COUNTER_PAGE.formatted(" int misses;", "1"));
        assertThat(phases(declared)).contains("incremental update declined", "model");

        // A scriptlet of the same page afterwards: updated in place.
        AnalysisResult scriptlet = edited(pages, "web/counter.jsp", COUNTER_PAGE.formatted(" int misses;", "2"));
        assertThat(updatedInPlace(scriptlet)).as("updated in place: " + phases(scriptlet)).isTrue();
        assertThat(warnings).isEmpty();
    }

    private static final String REPORT_PAGE = """
            <%%@ taglib uri="http://java.sun.com/jsp/jstl/sql" prefix="sql" %%>
            <%% int limit = %s; %%>
            <sql:query var="rows" dataSource="jdbc/Shop" sql="select * from orders"/>
            <p><%%= limit %%></p>
            """;

    private static final String COUNTER_PAGE = """
            <%%! int hits;%s %%>
            <%% hits = hits + %s; %%>
            <p><%%= hits %%></p>
            """;

    private static long availabilityCalls(AnalysisResult result) {
        return result.callGraph().edges().stream()
                .filter(e -> e.from().className().equals("jsp:/product.jsp") && e.to() != null
                        && e.to().name().equals("getAvailability"))
                .count();
    }

    @Test
    void aNamedQueryKeepsNamingItsEntityAfterABodyEditElsewhereWithoutParsingTheEntityAgain() throws IOException {
        Path app = temp.resolve("orders");
        write(app, "shop/Order.java", """
                package shop;
                import javax.persistence.*;
                @Entity
                @NamedQueries({ @NamedQuery(name = "openOrders", query = "select o from Order o where o.open = true") })
                public class Order {
                    @Id private long id;
                    private boolean open;
                }
                """);
        String service = """
                package shop;
                import javax.ejb.Stateless;
                import javax.persistence.*;
                @Stateless
                public class OrderService {
                    @PersistenceContext private EntityManager em;
                    public java.util.List<?> open() {
                %s        return em.createNamedQuery("openOrders").getResultList();
                    }
                }
                """;
        write(app, "shop/OrderService.java", service.formatted(""));
        AnalysisRequest request = AnalysisRequest.of(app);
        Path cache = temp.resolve("cache");
        AnalysisResult first = cached(request, cache);
        // The name says nothing of the entity: only the query the entity declares does.
        assertThat(namedQueryTargets(first)).containsExactly("Order");

        write(app, "shop/OrderService.java", service.formatted("        System.out.println(\"open\");\n"));
        AnalysisResult after = cached(request, cache);
        assertSame(after, Analyzer.analyze(request));
        assertThat(updatedInPlace(after)).as("updated without a full analysis: " + phases(after)).isTrue();
        // The named queries came from the run before (the entity's annotations cannot change in an update).
        assertThat(namedQueryTargets(after)).containsExactly("Order");
        assertThat(warnings).isEmpty();
    }

    private static List<String> namedQueryTargets(AnalysisResult result) {
        return result.callGraph().edges().stream().filter(e -> e.op() == CallOp.JPA_QUERY)
                .map(e -> String.valueOf(e.targetComponent() != null ? e.targetComponent() : e.to())).toList();
    }

    // ---------------------------------------------------------------- helpers

    /** The bank application analysed once into an empty cache. */
    private record Run(Path app, AnalysisRequest request, Path cache, AnalysisResult first) {}

    private Run bankAnalysed() throws IOException {
        Path app = bank(DEBIT_WRITES);
        AnalysisRequest request = AnalysisRequest.of(app);
        Path cache = temp.resolve("cache");
        return new Run(app, request, cache, cached(request, cache));
    }

    /** Writes a file of the bank, then runs with the cache: the result must be a fresh analysis's. */
    private AnalysisResult edited(Run bank, String file, String text) throws IOException {
        write(bank.app(), file, text);
        AnalysisResult result = cached(bank.request(), bank.cache());
        assertSame(result, Analyzer.analyze(bank.request()));
        return result;
    }

    /** An update in place runs no model phase; a full analysis does. */
    private static boolean updatedInPlace(AnalysisResult result) {
        return phases(result).contains("call graph") && !phases(result).contains("model");
    }

    private AnalysisResult cached(AnalysisRequest request, Path cache) {
        return Analyzer.analyze(request, cache, warnings::add);
    }

    private static List<CallOp> tellerCalls(AnalysisResult result) {
        return result.callGraph().edges().stream().filter(e -> e.from().className().equals("bank.TellerBean"))
                .filter(e -> e.to() != null && e.to().name().equals("debit")).map(CallEdge::op).toList();
    }

    private static List<CallEdge> callbacksAfterDebit(AnalysisResult result) {
        return result.callGraph().edges().stream().filter(e -> e.op() == CallOp.CONTAINER_CALLBACK)
                .filter(e -> e.from().name().equals("debit")).toList();
    }

    /** The first line holding a whole call statement inside a method body. */
    private static Optional<Integer> callLine(Path file) throws IOException {
        CompilationUnit unit;
        try {
            unit = StaticJavaParser.parse(new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
        return unit.findAll(MethodDeclaration.class).stream()
                .flatMap(m -> m.getBody().stream())
                .flatMap(b -> b.findAll(ExpressionStmt.class).stream())
                .filter(s -> s.getExpression().isMethodCallExpr())
                .filter(s -> s.getBegin().isPresent() && s.getEnd().isPresent() && s.getBegin().get().line == s.getEnd().get().line)
                .map(s -> s.getBegin().get().line)
                .findFirst();
    }

    /** Repeats a line right after itself, byte for byte, so every line below moves down one. */
    private static void duplicateLine(Path file, int line) throws IOException {
        // ISO-8859-1 maps bytes to chars one to one: any encoding survives the round trip.
        String text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
        int start = 0;
        for (int i = 1; i < line; i++) start = text.indexOf('\n', start) + 1;
        int end = text.indexOf('\n', start) + 1;
        String copy = text.substring(start, end);
        Files.write(file, (text.substring(0, end) + copy + text.substring(end)).getBytes(StandardCharsets.ISO_8859_1));
    }

    private static List<Path> javaFiles(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
    }

    private static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(target);
                else Files.copy(p, target);
            }
        }
        return to;
    }

    private Path bank(String debit) throws IOException {
        Path app = temp.resolve("bank");
        write(app, "META-INF/ejb-jar.xml", EJB_JAR);
        write(app, "bank/AccountLocal.java", """
                package bank;
                public interface AccountLocal extends javax.ejb.EJBLocalObject {
                    double getBalance();
                    void debit(double amount);
                }
                """);
        write(app, "bank/AccountLocalHome.java", """
                package bank;
                public interface AccountLocalHome extends javax.ejb.EJBLocalHome {
                    AccountLocal findByPrimaryKey(String id) throws javax.ejb.FinderException;
                }
                """);
        write(app, "bank/AccountBean.java", ACCOUNT.formatted(debit));
        write(app, "bank/Teller.java", """
                package bank;
                public interface Teller extends javax.ejb.EJBObject {
                    double serve(String id) throws java.rmi.RemoteException;
                }
                """);
        write(app, "bank/TellerHome.java", """
                package bank;
                public interface TellerHome extends javax.ejb.EJBHome {
                    Teller create() throws javax.ejb.CreateException, java.rmi.RemoteException;
                }
                """);
        write(app, "bank/TellerBean.java", """
                package bank;
                import javax.ejb.*;
                import javax.naming.InitialContext;
                public class TellerBean implements SessionBean {
                    public double serve(String id) {
                        try {
                            AccountLocalHome home = (AccountLocalHome) new InitialContext().lookup("java:comp/env/ejb/Account");
                            AccountLocal account = home.findByPrimaryKey(id);
                            double before = account.getBalance();
                            account.debit(2.0);
                            return before;
                        } catch (Exception e) {
                            return -1;
                        }
                    }
                    public void setSessionContext(SessionContext c) {}
                    public void ejbCreate() {}
                    public void ejbRemove() {}
                    public void ejbActivate() {}
                    public void ejbPassivate() {}
                }
                """);
        return app;
    }

    private static void write(Path root, String relative, String text) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private static final String DEBIT_WRITES = """
                public void debit(double amount) {
                    balance = balance - amount;
                    dirty = true;
                }""";

    private static final String DEBIT_ONLY_LOGS = """
                public void debit(double amount) {
                    System.out.println("debit " + amount);
                }""";

    private static final String ACCOUNT = """
            package bank;
            import javax.ejb.*;
            public class AccountBean implements EntityBean {
                private EntityContext context;
                private String id;
                private double balance;
                private transient boolean dirty;
                public double getBalance() { return balance; }
            %s
                public String ejbFindByPrimaryKey(String key) { return key; }
                public void setEntityContext(EntityContext c) { context = c; }
                public void unsetEntityContext() { context = null; }
                public void ejbRemove() {}
                public void ejbActivate() {}
                public void ejbPassivate() {}
                public void ejbLoad() { id = (String) context.getPrimaryKey(); dirty = false; }
                public void ejbStore() {
                    if (!dirty) return;
                    System.out.println("update " + id);
                    dirty = false;
                }
            }
            """;

    private static final String EJB_JAR = """
            <?xml version="1.0"?>
            <ejb-jar>
              <enterprise-beans>
                <session>
                  <ejb-name>Teller</ejb-name>
                  <home>bank.TellerHome</home>
                  <remote>bank.Teller</remote>
                  <ejb-class>bank.TellerBean</ejb-class>
                  <session-type>Stateless</session-type>
                  <transaction-type>Container</transaction-type>
                  <ejb-local-ref>
                    <ejb-ref-name>ejb/Account</ejb-ref-name>
                    <ejb-ref-type>Entity</ejb-ref-type>
                    <local-home>bank.AccountLocalHome</local-home>
                    <local>bank.AccountLocal</local>
                    <ejb-link>Account</ejb-link>
                  </ejb-local-ref>
                </session>
                <entity>
                  <ejb-name>Account</ejb-name>
                  <local-home>bank.AccountLocalHome</local-home>
                  <local>bank.AccountLocal</local>
                  <ejb-class>bank.AccountBean</ejb-class>
                  <persistence-type>Bean</persistence-type>
                  <prim-key-class>java.lang.String</prim-key-class>
                  <reentrant>False</reentrant>
                </entity>
              </enterprise-beans>
            </ejb-jar>
            """;
}
