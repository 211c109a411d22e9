package io.wanlint.analyzer.callgraph;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Analyzer;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.SourceFacts;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 23.3 through both call-graph front ends: the facts WAN008–WAN010 read (a call under a dirty
 * check, SQL assembled at run time, a non-serializable value in the session or a stateful bean's
 * field) and the test classes are the same whether the application is read from its sources or
 * from its class files — compiled for Java 17 (concatenation by {@code invokedynamic}) and for
 * Java 8 (concatenation by {@code StringBuilder} chains, as old J2EE builds ship).
 */
class SourceOnlyFactsFrontEndsTest {
    @TempDir Path tmp;

    private static Map<String, String> app() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("shop/data/Orders.java", """
                package shop.data;
                import java.sql.*;
                public class Orders {
                    private static final String TABLE = "ORDERS";
                    private final String view;
                    private javax.sql.DataSource ds;
                    public Orders(String view) { this.view = view; }
                    public void byCustomer(String customer, int limit, long id) throws SQLException {
                        Statement s = ds.getConnection().createStatement();
                        s.executeQuery("SELECT * FROM " + TABLE + " WHERE CUSTOMER = '" + customer + "'");
                        s.executeQuery("SELECT * FROM " + TABLE + " WHERE ID = " + id + " AND N < " + limit);
                        s.executeQuery("SELECT * FROM ORDERS");
                        s.executeQuery("SELECT * FROM " + view);
                        StringBuilder sql = new StringBuilder("SELECT * FROM ORDERS WHERE STATE = '");
                        sql.append(customer).append("'");
                        s.executeQuery(sql.toString());
                        s.executeUpdate(String.format("DELETE FROM %s", customer));
                        String q = "SELECT COUNT(*) FROM ORDERS";
                        q += " WHERE TOTAL > " + limit;
                        s.executeQuery(q);
                        String w = "SELECT * FROM ORDERS WHERE NOTE = '";
                        w = w + customer + "'";
                        s.execute(w);
                        s.executeQuery(customer);
                    }
                    public void unbound(String customer) throws SQLException {
                        ds.getConnection().prepareStatement("SELECT * FROM ORDERS WHERE C = '" + customer + "'").executeQuery();
                    }
                    public void bound(String customer, String sort) throws SQLException {
                        PreparedStatement p = ds.getConnection().prepareStatement("SELECT * FROM ORDERS WHERE C = ? ORDER BY " + sort);
                        p.setString(1, customer);
                        p.executeQuery();
                    }
                    public PreparedStatement handedBack(String sort) throws SQLException {
                        PreparedStatement p = ds.getConnection().prepareStatement("SELECT * FROM ORDERS ORDER BY " + sort);
                        return p;
                    }
                }
                """);
        files.put("shop/ejb/Stores.java", """
                package shop.ejb;
                abstract class Stores {
                    protected javax.sql.DataSource ds;
                    protected void write() {
                        try {
                            ds.getConnection().createStatement().executeUpdate("UPDATE ACCOUNT SET X = 1");
                        } catch (java.sql.SQLException e) {
                            throw new IllegalStateException(e);
                        }
                    }
                }
                """);
        files.put("shop/ejb/EarlyReturnBean.java", """
                package shop.ejb;
                public class EarlyReturnBean extends Stores {
                    private boolean modified;
                    public void setOwner(String o) { modified = true; }
                    public boolean isModified() { return modified; }
                    public void ejbLoad() { modified = false; }
                    public void ejbStore() {
                        if (!isModified()) return;
                        write();
                    }
                }
                """);
        files.put("shop/ejb/GuardedBlockBean.java", """
                package shop.ejb;
                public class GuardedBlockBean extends Stores {
                    private boolean dirty;
                    private int version;
                    public void setOwner(String o) { dirty = true; }
                    public void ejbStore() {
                        version++;
                        if (dirty) {
                            write();
                            dirty = false;
                        }
                    }
                }
                """);
        files.put("shop/ejb/CreationGuardBean.java", """
                package shop.ejb;
                public class CreationGuardBean extends Stores {
                    private boolean beingCreated;
                    public void ejbCreate() { beingCreated = true; }
                    public void ejbPostCreate() { beingCreated = false; }
                    public void ejbStore() {
                        if (beingCreated) return;
                        write();
                    }
                }
                """);
        files.put("shop/ejb/PlainBean.java", """
                package shop.ejb;
                public class PlainBean extends Stores {
                    public void ejbStore() { write(); }
                }
                """);
        files.put("shop/web/Cart.java", """
                package shop.web;
                public class Cart { java.util.List<String> items = new java.util.ArrayList<>(); }
                """);
        files.put("shop/web/Base.java", """
                package shop.web;
                public class Base implements java.io.Serializable { }
                """);
        files.put("shop/web/Prefs.java", """
                package shop.web;
                public class Prefs extends Base { }
                """);
        files.put("shop/web/CartServlet.java", """
                package shop.web;
                import javax.servlet.http.*;
                public class CartServlet extends HttpServlet {
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) {
                        HttpSession s = q.getSession();
                        s.setAttribute("cart", new Cart());
                        Cart kept = lookup(q);
                        s.setAttribute("kept", kept);
                        s.setAttribute("prefs", new Prefs());
                        s.setAttribute("name", "x");
                        s.putValue("legacy", new Cart());
                    }
                    private Cart lookup(HttpServletRequest q) { return new Cart(); }
                }
                """);
        files.put("shop/ejb/WizardBean.java", """
                package shop.ejb;
                @javax.ejb.Stateful
                public class WizardBean {
                    private shop.web.Cart cart = new shop.web.Cart();
                    private transient shop.web.Cart scratch;
                    private static shop.web.Cart shared;
                    private shop.web.Prefs prefs;
                    private java.util.List<String> steps;
                    public void next() { }
                }
                """);
        files.put("shop/Test.java", """
                package shop;
                @java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)
                public @interface Test { }
                """);
        files.put("shop/OrdersCheck.java", """
                package shop;
                public class OrdersCheck {
                    @Test public void finds() { }
                }
                """);
        return files;
    }

    private AnalysisResult source() throws Exception {
        Path src = tmp.resolve("src");
        CompiledFixture.write(src, app());
        return Analyzer.analyze(new AnalysisRequest(List.of(src), List.of(), AnalysisRequest.FrontEnd.SOURCE));
    }

    private AnalysisResult bytecode(String release) throws Exception {
        Path src = tmp.resolve("src-" + release);
        Path bin = tmp.resolve("bin-" + release);
        List<Path> files = CompiledFixture.write(src, app());
        java.nio.file.Files.createDirectories(bin);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> problems = new DiagnosticCollector<>();
        try (StandardJavaFileManager fm = javac.getStandardFileManager(problems, null, StandardCharsets.UTF_8)) {
            List<String> options = List.of("-g", "-nowarn", "--release", release, "-proc:none",
                    "-classpath", CompiledFixture.apiClassPath(), "-d", bin.toString());
            assertThat(javac.getTask(null, fm, problems, options, null, fm.getJavaFileObjectsFromPaths(files)).call())
                    .as("compiles: %s", problems.getDiagnostics()).isTrue();
        }
        return Analyzer.analyze(new AnalysisRequest(List.of(bin), List.of(), AnalysisRequest.FrontEnd.BYTECODE));
    }

    private static String call(CallEdge e) {
        return simple(e.from().className()) + "." + e.from().name() + " -> " + e.to().name() + " @" + e.line();
    }

    private static String simple(String className) { return className.substring(className.lastIndexOf('.') + 1); }

    private static Set<String> conditional(AnalysisResult r) {
        return r.callGraph().facts().conditionalCalls().stream().map(SourceOnlyFactsFrontEndsTest::call)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> sqlBuilt(AnalysisResult r) {
        return r.callGraph().facts().sqlBuiltAtRuntime().stream().map(SourceOnlyFactsFrontEndsTest::call)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> sessionState(AnalysisResult r) {
        return r.callGraph().facts().nonSerializableState().stream().map(SourceOnlyFactsFrontEndsTest::state)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static String state(SourceFacts.SessionStateValue v) {
        return v.holder() + " " + simple(v.className()) + (v.method() == null ? "" : "." + v.method().name()) + " "
                + v.member() + " : " + simple(v.valueType());
    }

    @Test
    void theSourcesGiveTheFactsTheRulesExpect() throws Exception {
        AnalysisResult source = source();
        assertThat(sqlBuilt(source)).containsExactly(
                "Orders.byCustomer -> execute @23",
                "Orders.byCustomer -> executeQuery @10",
                "Orders.byCustomer -> executeQuery @16",
                "Orders.byCustomer -> executeUpdate @17",
                "Orders.unbound -> prepareStatement @27");
        assertThat(conditional(source)).containsExactly(
                "EarlyReturnBean.ejbStore -> write @9",
                "GuardedBlockBean.ejbStore -> write @9");
        assertThat(sessionState(source)).containsExactly(
                "HTTP_SESSION CartServlet.doGet cart : Cart",
                "HTTP_SESSION CartServlet.doGet kept : Cart",
                "HTTP_SESSION CartServlet.doGet legacy : Cart",
                "STATEFUL_BEAN_FIELD WizardBean cart : Cart");
        assertThat(source.callGraph().facts().testCode()).containsExactly("shop.OrdersCheck");
    }

    @ParameterizedTest
    @ValueSource(strings = {"17", "8"})
    void classFilesGiveTheSameFactsAsTheSources(String release) throws Exception {
        AnalysisResult source = source();
        AnalysisResult bytecode = bytecode(release);
        assertThat(bytecode.callGraph().facts().known()).isTrue();
        assertThat(sqlBuilt(bytecode)).isEqualTo(sqlBuilt(source));
        assertThat(conditional(bytecode)).isEqualTo(conditional(source));
        assertThat(sessionState(bytecode)).isEqualTo(sessionState(source));
        assertThat(bytecode.callGraph().facts().testCode()).isEqualTo(source.callGraph().facts().testCode());
    }

    @Test
    void aBeanFieldReadFromAClassFileIsLocatedWhereItsInitialiserIs() throws Exception {
        assertThat(bytecode("17").callGraph().facts().nonSerializableState())
                .filteredOn(v -> v.holder() == SourceFacts.Holder.STATEFUL_BEAN_FIELD).singleElement()
                .satisfies(v -> assertThat(v.location().file()).isEqualTo("shop/ejb/WizardBean.java"))
                .satisfies(v -> assertThat(v.location().line()).isEqualTo(4));
    }

    @Test
    void onlyTheClusterStateRulesAreSaidToBeUnknownOnClassFiles() throws Exception {
        List<String> messages = bytecode("17").diagnostics().stream().map(d -> d.message()).toList();
        assertThat(messages).noneMatch(m -> m.startsWith("WAN008") || m.startsWith("WAN009") || m.startsWith("WAN010"))
                .anySatisfy(m -> assertThat(m).startsWith("WAN011–WAN015 unknown for the Java code of 1 stateful or singleton bean(s) and web component(s) (WizardBean)"));
    }
}
