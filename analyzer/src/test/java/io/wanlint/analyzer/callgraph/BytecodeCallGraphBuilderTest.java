package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.fixtures.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

class BytecodeCallGraphBuilderTest {

    private static final Set<EdgeKind> CROSS_TIER = EnumSet.of(EdgeKind.REMOTE_EJB, EdgeKind.JDBC,
            EdgeKind.HTTP_EXTERNAL, EdgeKind.JMS_SEND);

    @TempDir Path tmp;

    /** A cross-tier call between two methods, as both front ends must see it. */
    record Tier(String fromClass, String fromMethod, String toClass, String toMethod, EdgeKind kind) implements Comparable<Tier> {
        @Override public int compareTo(Tier o) { return toString().compareTo(o.toString()); }
    }

    /** No compiled JSPs in these tests: JSP pages and their edges exist only in the source graph. */
    private static boolean compiledCode(CallEdge e) { return !e.from().className().startsWith("jsp:"); }

    private static Set<Tier> crossTier(CallGraph g) {
        return g.edges().stream()
                .filter(e -> CROSS_TIER.contains(e.kind()) && compiledCode(e))
                .map(e -> new Tier(e.from().className(), e.from().name(), e.to().className(), e.to().name(), e.kind()))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /**
     * Every non-local edge with all it carries except its location (the source graph names the
     * source file as found in the input, the bytecode graph the class's SourceFile under its package).
     */
    private static Set<String> nonLocalEdges(CallGraph g) {
        return g.edges().stream()
                .filter(e -> compiledCode(e) && e.kind() != EdgeKind.LOCAL)
                .map(e -> e.from() + " -> " + e.to() + " " + e.kind() + " " + e.op() + " line " + e.line() + " loops "
                        + e.loopDepth() + " target " + e.targetComponent() + " once " + e.cachedOnce() + " utx " + e.inUserTransaction())
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<EntryPoint> entryPoints(CallGraph g) {
        return g.entryPoints().stream().filter(e -> e.kind() != EntryPoint.Kind.JSP).collect(Collectors.toSet());
    }

    @ParameterizedTest
    @CsvSource({"rubis-entity, UTF-8", "ecperf-supplier, UTF-8", "rubis-facade, UTF-8", "petstore-1.1, ISO-8859-1"})
    void bothFrontEndsFindTheSameCrossTierEdgesBetweenTheSameMethods(String fixture, String encoding) throws Exception {
        Path app = Fixtures.app(fixture);
        Path classes = tmp.resolve("classes");
        CompiledFixture.compile(app, classes, encoding);
        CompiledFixture.Application parsed = CompiledFixture.read(app, tmp.resolve("extract"));

        long t0 = System.nanoTime();
        CallGraphOutcome source = parsed.sourceGraph();
        long t1 = System.nanoTime();
        CallGraphOutcome bytecode = new BytecodeCallGraphBuilder().build(List.of(classes), parsed.components());
        long t2 = System.nanoTime();
        System.out.printf("%s: source front end %d ms, bytecode front end %d ms%n", fixture, (t1 - t0) / 1_000_000,
                (t2 - t1) / 1_000_000);

        // The acceptance test.
        assertThat(crossTier(source.graph())).isNotEmpty();
        assertThat(crossTier(bytecode.graph())).isEqualTo(crossTier(source.graph()));
        // Beyond it: EJB, JNDI and API edges agree in op, line, loops, target bean and caching, and the
        // entry points are the same. LOCAL edges legitimately differ: class files make implicit
        // super() calls explicit, which the source front end does not see.
        assertThat(nonLocalEdges(bytecode.graph())).isEqualTo(nonLocalEdges(source.graph()));
        assertThat(entryPoints(bytecode.graph())).isEqualTo(entryPoints(source.graph()));
        assertThat(bytecode.diagnostics()).isEmpty();
    }

    // ------------------------------------------------------------------ small applications

    private CallGraphOutcome compileAndBuild(Map<String, String> sources, ComponentModel model) throws Exception {
        Path src = tmp.resolve("src");
        Path classes = tmp.resolve("classes");
        CompiledFixture.compile(CompiledFixture.write(src, sources), classes, "UTF-8");
        return new BytecodeCallGraphBuilder().build(List.of(classes), model);
    }

    private static List<CallEdge> from(CallGraph g, String className, String method, Predicate<CallEdge> filter) {
        return g.edges().stream().filter(e -> e.from().className().equals(className) && e.from().name().equals(method))
                .filter(filter).toList();
    }

    private static final String DAO = """
            package app;

            import java.sql.*;
            import java.util.List;
            import javax.sql.DataSource;

            public class Dao {
                private DataSource ds;
                private static javax.naming.InitialContext ctx;

                public void load(List<String> ids) throws Exception {
                    Connection c = ds.getConnection();
                    for (String id : ids) {
                        PreparedStatement ps = c.prepareStatement("select * from t where id = ?");
                        ResultSet rs = ps.executeQuery();
                        while (rs.next()) {
                            rs.getString(1);
                        }
                    }
                    c.commit();
                }

                public void each(List<String> ids) {
                    ids.forEach(id -> {
                        try {
                            ds.getConnection().prepareStatement(id).executeUpdate();
                        } catch (SQLException e) {
                            throw new RuntimeException(e);
                        }
                    });
                }

                static Object home() throws Exception {
                    if (ctx == null) {
                        ctx = new javax.naming.InitialContext();
                    }
                    return ctx.lookup("java:comp/env/ejb/Cart");
                }
            }
            """;

    private static final String TWIN_SERVLETS = """
            package app;
            import javax.servlet.http.*;
            public class OrderServlet extends HttpServlet {
                protected void doGet(HttpServletRequest q, HttpServletResponse r) { doPost(q, r); }
                protected void doPost(HttpServletRequest q, HttpServletResponse r) { Dao.save(); Dao.save(); }
            }
            """;
    private static final String SHARED_HANDLER = """
            package app;
            import javax.servlet.http.*;
            public class ListServlet extends HttpServlet {
                protected void doGet(HttpServletRequest q, HttpServletResponse r) { handle(q); }
                protected void doPost(HttpServletRequest q, HttpServletResponse r) { handle(q); }
                protected void doPut(HttpServletRequest q, HttpServletResponse r) { Dao.save(); Dao.save(); }
                private void handle(HttpServletRequest q) { Dao.save(); Dao.save(); }
            }
            """;
    private static final String SAVE_DAO = """
            package app;
            public class Dao { static void save() { } }
            """;

    @Test
    void handlersThatOnlyDelegateToOneAnotherOrToOneMethodAreOneEntryPointInBothFrontEnds() throws Exception {
        Map<String, String> sources = Map.of("app/OrderServlet.java", TWIN_SERVLETS, "app/ListServlet.java", SHARED_HANDLER,
                "app/Dao.java", SAVE_DAO);
        ComponentModel model = new ComponentModel(List.of(GraphFixture.servlet("order", "app.OrderServlet", "/order"),
                GraphFixture.servlet("list", "app.ListServlet", "/list")));
        CallGraph bytecode = compileAndBuild(sources, model).graph();
        GraphFixture source = new GraphFixture();
        sources.forEach(source::java);
        model.components().forEach(source::component);
        CallGraph fromSource = source.build().graph();

        for (CallGraph g : List.of(bytecode, fromSource)) {
            // doGet only calls doPost: one request whatever its verb, walked from doGet. doPut does its own work.
            assertThat(g.entryPoints()).extracting(EntryPoint::id, e -> e.method().shortId()).containsExactlyInAnyOrder(
                    org.assertj.core.groups.Tuple.tuple("GET, POST /order", "app.OrderServlet#doGet"),
                    org.assertj.core.groups.Tuple.tuple("GET, POST /list", "app.ListServlet#doGet"),
                    org.assertj.core.groups.Tuple.tuple("/list [PUT]", "app.ListServlet#doPut"));
            assertThat(g.entryPoints()).filteredOn(e -> e.id().startsWith("GET, POST"))
                    .extracting(EntryPoint::keyId).containsExactlyInAnyOrder("/order", "/list");
        }
    }

    @Test
    void callsInsideLoopsArePerIterationAndNestedLoopsCountTwice() throws Exception {
        CallGraph g = compileAndBuild(Map.of("app/Dao.java", DAO), ComponentModel.EMPTY).graph();

        List<CallEdge> load = from(g, "app.Dao", "load", e -> e.kind() == EdgeKind.JDBC);
        assertThat(load).extracting(CallEdge::op, CallEdge::loopDepth).containsExactly(
                org.assertj.core.groups.Tuple.tuple(CallOp.JDBC_CONNECTION_POOL, 0),
                org.assertj.core.groups.Tuple.tuple(CallOp.JDBC_PREPARE, 1),
                org.assertj.core.groups.Tuple.tuple(CallOp.JDBC_EXECUTE, 1),
                org.assertj.core.groups.Tuple.tuple(CallOp.JDBC_RESULT_NEXT, 2),
                org.assertj.core.groups.Tuple.tuple(CallOp.JDBC_COMMIT, 0));
        assertThat(load.get(2).location().file()).isEqualTo("app/Dao.java");
        assertThat(load.get(2).line()).isEqualTo(lineOf(DAO, "executeQuery"));
    }

    @Test
    void callsInALambdaHandedToForEachBelongToTheEnclosingMethodPerElement() throws Exception {
        CallGraph g = compileAndBuild(Map.of("app/Dao.java", DAO), ComponentModel.EMPTY).graph();

        assertThat(from(g, "app.Dao", "each", e -> e.kind() == EdgeKind.JDBC))
                .extracting(CallEdge::op, CallEdge::loopDepth, CallEdge::line).containsExactly(
                        org.assertj.core.groups.Tuple.tuple(CallOp.JDBC_CONNECTION_POOL, 1, lineOf(DAO, "executeUpdate")),
                        org.assertj.core.groups.Tuple.tuple(CallOp.JDBC_PREPARE, 1, lineOf(DAO, "executeUpdate")),
                        org.assertj.core.groups.Tuple.tuple(CallOp.JDBC_EXECUTE, 1, lineOf(DAO, "executeUpdate")));
        assertThat(g.nodes()).noneMatch(n -> n.ref().name().startsWith("lambda$"));
    }

    @Test
    void aLookupBehindANullCheckedFieldIsNotCachedButTheFieldFillIs() throws Exception {
        CallGraph g = compileAndBuild(Map.of("app/Dao.java", DAO), ComponentModel.EMPTY).graph();

        // The lookup itself runs on every call; only the context creation is guarded by the null check.
        assertThat(from(g, "app.Dao", "home", e -> e.kind() == EdgeKind.JNDI_LOOKUP))
                .singleElement().satisfies(e -> assertThat(e.cachedOnce()).isFalse());
    }

    @Test
    void aHomeLookedUpOnceBehindANullCheckIsCachedAndResolvedToItsBean() throws Exception {
        String locator = """
                package app;

                public class Locator {
                    private static Object home;

                    public static Object cart() throws Exception {
                        if (home == null) {
                            home = new javax.naming.InitialContext().lookup("java:comp/env/ejb/Cart");
                        }
                        return home;
                    }

                    public static Object each() throws Exception {
                        return new javax.naming.InitialContext().lookup("java:comp/env/ejb/Cart");
                    }
                }
                """;
        Component cart = GraphFixture.ejb("Cart", ComponentKind.STATEFUL_SESSION, "app.CartBean",
                GraphFixture.remoteViews("app.CartHome", "app.Cart"), null, List.of());
        CallGraph g = compileAndBuild(Map.of("app/Locator.java", locator), new ComponentModel(List.of(cart))).graph();

        assertThat(from(g, "app.Locator", "cart", e -> e.kind() == EdgeKind.JNDI_LOOKUP)).singleElement()
                .satisfies(e -> {
                    assertThat(e.cachedOnce()).isTrue();
                    assertThat(e.targetComponent()).isEqualTo("Cart");
                });
        assertThat(from(g, "app.Locator", "each", e -> e.kind() == EdgeKind.JNDI_LOOKUP)).singleElement()
                .satisfies(e -> assertThat(e.cachedOnce()).isFalse());
    }

    @Test
    void entityBusinessMethodsThatChangeTheBeansStateAreUpdatesAsInTheSource() throws Exception {
        ComponentModel model = new ComponentModel(SourceCallGraphBuilderTest.bankComponents());
        CallGraph g = compileAndBuild(SourceCallGraphBuilderTest.BANK, model).graph();

        List<CallEdge> calls = from(g, "bank.TellerBean", "serve", e -> e.kind() == EdgeKind.LOCAL_EJB);
        assertThat(calls).extracting(e -> e.to().name(), CallEdge::op)
                .containsExactlyInAnyOrderElementsOf(SourceCallGraphBuilderTest.BANK_OPS);
        assertThat(calls).filteredOn(e -> e.op() == CallOp.ENTITY_UPDATE).extracting(e -> e.to().shortId())
                .containsExactlyInAnyOrder("bank.AccountBean#debit", "bank.AccountBean#deposit", "bank.AccountBean#depositAll",
                        "bank.ProductBean#reprice");
    }

    @Test
    void aCallOnAnAbstractCommandDispatchesToBothSubclasses() throws Exception {
        Map<String, String> sources = Map.of(
                "app/Command.java", """
                        package app;
                        public abstract class Command {
                            public abstract void execute() throws Exception;
                        }
                        """,
                "app/HttpCommand.java", """
                        package app;
                        public class HttpCommand extends Command {
                            public void execute() throws Exception {
                                new java.net.URL("http://supplier/po").openConnection();
                            }
                        }
                        """,
                "app/JdbcCommand.java", """
                        package app;
                        public class JdbcCommand extends Command {
                            javax.sql.DataSource ds;
                            public void execute() throws Exception {
                                ds.getConnection();
                            }
                        }
                        """,
                "app/Runner.java", """
                        package app;
                        public class Runner {
                            public void run(Command c) throws Exception {
                                c.execute();
                            }
                        }
                        """);
        CallGraph g = compileAndBuild(sources, ComponentModel.EMPTY).graph();

        assertThat(from(g, "app.Runner", "run", e -> true)).extracting(CallEdge::to).containsExactlyInAnyOrder(
                MethodRef.of("app.HttpCommand", "execute"), MethodRef.of("app.JdbcCommand", "execute"));
        assertThat(g.outgoing(MethodRef.of("app.HttpCommand", "execute"))).extracting(CallEdge::kind)
                .containsExactly(EdgeKind.HTTP_EXTERNAL);
    }

    @Test
    void aCorruptClassFileBecomesADiagnosticAndTheRestIsAnalysed() throws Exception {
        Path src = tmp.resolve("src");
        Path classes = tmp.resolve("classes");
        CompiledFixture.compile(CompiledFixture.write(src, Map.of("app/Dao.java", DAO)), classes, "UTF-8");
        Path broken = classes.resolve("app/Broken.class");
        byte[] good = Files.readAllBytes(classes.resolve("app/Dao.class"));
        Files.write(broken, java.util.Arrays.copyOf(good, 40)); // a truncated class file
        Files.write(classes.resolve("app/Garbage.class"), "not a class".getBytes());

        CallGraphOutcome out = new BytecodeCallGraphBuilder().build(List.of(classes), ComponentModel.EMPTY);

        assertThat(out.diagnostics()).extracting(d -> d.location().file())
                .contains("app/Broken.class", "app/Garbage.class");
        assertThat(out.diagnostics()).allMatch(d -> d.level() == Diagnostic.Level.WARNING);
        assertThat(from(out.graph(), "app.Dao", "load", e -> e.kind() == EdgeKind.JDBC)).hasSize(5);
    }

    @Test
    void aMissingClassRootIsADiagnostic() {
        CallGraphOutcome out = new BytecodeCallGraphBuilder().build(List.of(tmp.resolve("nowhere")), ComponentModel.EMPTY);

        assertThat(out.graph().nodes()).isEmpty();
        assertThat(out.diagnostics()).singleElement().satisfies(d -> assertThat(d.message()).contains("does not exist"));
    }

    @Test
    void theJdkIsNotLoadedSoASmallApplicationIsFast() throws Exception {
        Path src = tmp.resolve("src");
        Path classes = tmp.resolve("classes");
        CompiledFixture.compile(CompiledFixture.write(src, Map.of("app/Dao.java", DAO)), classes, "UTF-8");

        long start = System.nanoTime();
        CallGraphOutcome out = new BytecodeCallGraphBuilder().build(List.of(classes), ComponentModel.EMPTY);
        long millis = (System.nanoTime() - start) / 1_000_000;

        assertThat(millis).isLessThan(10_000);
        BytecodeTypes types = new BytecodeTypes(new ClassFileIndex(List.of(classes)));
        assertThat(types.all()).extracting(c -> c.name).containsExactly("app.Dao");
        assertThat(types.type("java.lang.Object")).isEmpty();
        assertThat(out.graph().nodes()).allMatch(n -> n.ref().className().equals("app.Dao"));
    }

    @Test
    void classesInAJarAreReadWithTheirSourceFileAndLines() throws Exception {
        Path src = tmp.resolve("src");
        Path classes = tmp.resolve("classes");
        CompiledFixture.compile(CompiledFixture.write(src, Map.of("app/Dao.java", DAO)), classes, "UTF-8");
        Path jar = tmp.resolve("app.jar");
        try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar))) {
            for (String name : List.of("app/Dao.class")) {
                out.putNextEntry(new java.util.jar.JarEntry(name));
                out.write(Files.readAllBytes(classes.resolve(name)));
                out.closeEntry();
            }
        }

        CallGraph g = new BytecodeCallGraphBuilder().build(List.of(jar), ComponentModel.EMPTY).graph();

        assertThat(g.node(MethodRef.of("app.Dao", "load", "java.util.List"))).hasValueSatisfying(n ->
                assertThat(n.location()).isEqualTo(new io.wanlint.analyzer.api.SourceLocation("app/Dao.java",
                        lineOf(DAO, "Connection c = ds.getConnection()"))));
        assertThat(from(g, "app.Dao", "load", e -> e.op() == CallOp.JDBC_COMMIT)).singleElement()
                .satisfies(e -> assertThat(e.line()).isEqualTo(lineOf(DAO, "c.commit()")));
    }

    private static int lineOf(String text, String marker) {
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) if (lines[i].contains(marker)) return i + 1;
        throw new IllegalArgumentException(marker);
    }
}
