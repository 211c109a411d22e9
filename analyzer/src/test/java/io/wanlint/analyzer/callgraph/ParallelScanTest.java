package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.DataKey;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.Expression;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.ingest.JavaUnit;
import io.wanlint.analyzer.ingest.TextFile;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Files scanned on several threads, each with its own symbol solver, give the graph one thread gives:
 * the same nodes, edges in the same order, facts, entry points and diagnostics.
 */
class ParallelScanTest {

    /** An application made from scratch: cross-file calls, inheritance, generics, arrays, lambdas, JDBC. */
    static Map<String, String> application(long seed, int files) {
        Random random = new Random(seed);
        Map<String, String> out = new LinkedHashMap<>();
        out.put("src/app/Box.java", """
                package app;
                public class Box<T> {
                    private T value;
                    public Box(T value) { this.value = value; }
                    public T get() { return value; }
                    public <R> Box<R> map(java.util.function.Function<T, R> f) { return new Box<>(f.apply(value)); }
                }
                """);
        out.put("src/app/Work.java", """
                package app;
                public interface Work<T> {
                    T run(T input) throws java.sql.SQLException;
                }
                """);
        for (int i = 0; i < files; i++) {
            String name = "C" + i;
            int other = random.nextInt(files);
            int third = random.nextInt(files);
            String parent = i > 0 && random.nextBoolean() ? " extends C" + random.nextInt(i) : "";
            StringBuilder body = new StringBuilder();
            body.append("    protected C").append(other).append(" peer;\n");
            body.append("    protected C").append(third).append("[] many = new C").append(third).append("[2];\n");
            body.append("    protected java.util.List<C").append(other).append("> list = new java.util.ArrayList<>();\n");
            body.append("    protected Box<C").append(third).append("> box;\n");
            body.append("    protected javax.sql.DataSource ds;\n");
            body.append("    public static C").append(i).append(" make() { return new C").append(i).append("(); }\n");
            body.append("    public String name() { return \"").append(name).append("\"; }\n");
            body.append("    public C").append(other).append(" peer() { return peer; }\n");
            body.append("    public int step").append(i).append("(int n) throws java.sql.SQLException {\n");
            body.append("        if (n > 0) return peer.step").append(other).append("(n - 1) + many[0].step").append(third).append("(n - 2);\n");
            body.append("        list.forEach(x -> x.name());\n");
            body.append("        var first = list.get(0);\n");
            body.append("        first.peer().name();\n");
            body.append("        box.get().name().trim();\n");
            body.append("        box.map(b -> b.peer()).get().name();\n");
            body.append("        this.peer.peer().name();\n");
            body.append("        C").append(third).append(".make().name().length();\n");
            body.append("        Work<String> w = s -> { try (java.sql.Connection c = ds.getConnection()) {\n");
            body.append("            c.prepareStatement(\"select \" + s).executeQuery(); } return s; };\n");
            body.append("        w.run(name());\n");
            if (random.nextBoolean()) {
                body.append("        try (java.sql.Connection c = ds.getConnection(); java.sql.Statement st = c.createStatement()) {\n");
                body.append("            for (int k = 0; k < n; k++) st.executeUpdate(\"update t set a = \" + k);\n");
                body.append("        }\n");
            }
            body.append("        return name().length() + unknown.Lib.call(peer).size();\n");
            body.append("    }\n");
            out.put("src/app/" + name + ".java", "package app;\npublic class " + name + parent + " {\n" + body + "}\n");
        }
        return out;
    }

    private static List<JavaUnit> parsed(Map<String, String> texts) {
        List<JavaUnit> units = new ArrayList<>();
        texts.forEach((path, text) -> units.add(new JavaUnit(new TextFile(path, Path.of(path), text, "UTF-8"),
                GraphFixture.parse(text))));
        return units;
    }

    /** Everything a build yields that later phases read, in its order. */
    private static List<Object> everything(CallGraphOutcome outcome) {
        CallGraph g = outcome.graph();
        return List.of(List.copyOf(g.nodes()), g.edges(), g.entryPoints(), g.facts(), g.unseenCode(), outcome.diagnostics(),
                ((FrozenCallGraph) g).toDot());
    }

    private static CallGraphOutcome build(Map<String, String> texts, int threads) {
        // Fresh trees for each build: the solver remembers types in the nodes.
        return new SourceCallGraphBuilder().build(parsed(texts), List.of(), ComponentModel.EMPTY, TagHandlers.NONE,
                DeploymentNames.NONE, threads);
    }

    @RepeatedTest(4)
    void severalThreadsGiveTheGraphOfOneThread(org.junit.jupiter.api.RepetitionInfo repetition) {
        Map<String, String> app = application(17L * repetition.getCurrentRepetition(), 60);
        List<Object> oneThread = everything(build(app, 1));
        assertThat(((List<?>) oneThread.get(1))).as("the application has calls to compare").hasSizeGreaterThan(500);
        for (int threads : new int[] {2, 3}) {
            assertThat(everything(build(app, threads))).as("%d threads", threads).isEqualTo(oneThread);
        }
    }

    @Test
    void severalThreadsGiveTheGraphOfOneThreadOnTheFixtureApplications() {
        // The JSP, EJB and JPA shapes of the fixtures' applications, through the same builder.
        for (long seed = 1; seed <= 2; seed++) {
            Map<String, String> app = application(seed, 25);
            app.put("src/app/Entry.java", """
                    package app;
                    public class Entry extends javax.servlet.http.HttpServlet {
                        private C0 first = new C0();
                        protected void doGet(javax.servlet.http.HttpServletRequest q, javax.servlet.http.HttpServletResponse r) {
                            try { first.step0(3); } catch (java.sql.SQLException e) { throw new RuntimeException(e); }
                        }
                    }
                    """);
            assertThat(everything(build(app, 2))).isEqualTo(everything(build(app, 1)));
        }
    }

    /** The data keys each node of the units carries, by node. */
    private static Map<Node, Set<DataKey<?>>> dataOf(List<CompilationUnit> units) {
        Map<Node, Set<DataKey<?>>> out = new IdentityHashMap<>();
        for (CompilationUnit u : units) for (Node n : u.findAll(Node.class)) out.put(n, Set.copyOf(n.getDataKeys()));
        return out;
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(longs = {5, 11, 23, 31, 47, 59})
    void resolvingOneFileWritesIntoNoOtherFilesNodes(long seed) {
        Map<String, String> app = application(seed, 30);
        List<JavaUnit> units = parsed(app);
        List<AppTypes.UnitSource> sources = units.stream()
                .map(u -> new AppTypes.UnitSource(u.unit(), u.source().path(), null, null)).toList();
        AppTypes types = new AppTypes(sources);
        ScanSolvers solvers = ScanSolvers.attachTo(types, sources).orElseThrow();
        ReceiverTypes receivers = new ReceiverTypes(types, solvers.calling().facade());
        for (JavaUnit scanned : units) {
            List<CompilationUnit> others = units.stream().map(JavaUnit::unit).filter(u -> u != scanned.unit()).toList();
            Map<Node, Set<DataKey<?>>> before = dataOf(others);
            ReceiverTypes.FileStats stats = new ReceiverTypes.FileStats(scanned.source().path());
            for (Expression e : scanned.unit().findAll(Expression.class)) {
                receivers.typeOf(e, stats);
                try {
                    solvers.calling().facade().getType(e);
                } catch (RuntimeException | StackOverflowError ignored) {
                    // unresolvable on purpose (unknown.Lib): what matters is where the solver wrote
                }
                e.toString();
            }
            Map<Node, Set<DataKey<?>>> after = dataOf(others);
            List<String> written = new ArrayList<>();
            after.forEach((n, keys) -> {
                if (!keys.equals(before.get(n))) {
                    written.add(n.getClass().getSimpleName() + " " + n + " in "
                            + n.findCompilationUnit().flatMap(CompilationUnit::getPrimaryTypeName).orElse("?"));
                }
            });
            assertThat(written).as("nodes of other files written while resolving %s", scanned.source().path()).isEmpty();
        }
    }

    @Test
    void everyThreadResolvesThroughTheTreesWithItsOwnSolver() throws Exception {
        Map<String, String> app = application(9, 10);
        List<JavaUnit> units = parsed(app);
        List<AppTypes.UnitSource> sources = units.stream()
                .map(u -> new AppTypes.UnitSource(u.unit(), u.source().path(), null, null)).toList();
        AppTypes types = new AppTypes(sources);
        ScanSolvers solvers = ScanSolvers.attachTo(types, sources).orElseThrow();
        CompilationUnit unit = units.get(3).unit();
        assertThat(unit.getData(Node.SYMBOL_RESOLVER_KEY)).isSameAs(solvers);
        assertThat(units).allMatch(u -> u.unit().containsData(Node.PRINTER_KEY));

        ScanSolvers.Solver mine = solvers.forAnotherThread().orElseThrow();
        CompletableFuture<ScanSolvers.Solver> seen = CompletableFuture.supplyAsync(() -> {
            try (ScanSolvers.Scope ignored = solvers.use(mine)) {
                return solvers.ofCurrentThread();
            }
        });
        assertThat(seen.get()).isSameAs(mine);
        assertThat(mine).isNotSameAs(solvers.calling());
        assertThat(mine.facade()).isNotSameAs(solvers.calling().facade());
        assertThat(mine.facade().getTypeSolver()).isNotSameAs(solvers.calling().facade().getTypeSolver());
        assertThat(solvers.ofCurrentThread()).as("the calling thread outside any use").isSameAs(solvers.calling());
        // A type worked out through a unit's resolver on another thread comes from that thread's solver and
        // equals the calling thread's answer.
        Expression e = unit.findAll(com.github.javaparser.ast.expr.MethodCallExpr.class).get(0).getScope().orElseThrow();
        String there = CompletableFuture.supplyAsync(() -> {
            try (ScanSolvers.Scope ignored = solvers.use(mine)) {
                return e.calculateResolvedType().describe();
            }
        }).get();
        // The same expression of a fresh copy, worked out on the calling thread (a node remembers its type).
        List<JavaUnit> copy = parsed(app);
        List<AppTypes.UnitSource> copySources = copy.stream()
                .map(u -> new AppTypes.UnitSource(u.unit(), u.source().path(), null, null)).toList();
        ScanSolvers.attachTo(new AppTypes(copySources), copySources).orElseThrow();
        Expression same = copy.get(3).unit().findAll(com.github.javaparser.ast.expr.MethodCallExpr.class).get(0)
                .getScope().orElseThrow();
        assertThat(there).isEqualTo(same.calculateResolvedType().describe());
    }

    @Test
    void unitsWalkedInParallelGiveTheInstantiationsOfOneWalkAfterAnother() {
        Map<String, String> app = application(3, 40);
        app.put("src/app/Loader.java", """
                package app;
                public class Loader {
                    Object make(String name) throws Exception {
                        C1 one = (C1) Class.forName("app.C2").newInstance();
                        Class<?> c = Class.forName(name);
                        return c.getDeclaredConstructor().newInstance();
                    }
                }
                """);
        List<AppTypes.UnitSource> sources = parsed(app).stream()
                .map(u -> new AppTypes.UnitSource(u.unit(), u.source().path(), null, null)).toList();
        AppTypes types = new AppTypes(sources);
        JndiNames jndi = new JndiNames(types, ComponentModel.EMPTY);
        Instantiation.Facts oneAfterAnother = SourceInstantiations.of(types, sources, jndi, DeploymentNames.NONE, false);
        assertThat(oneAfterAnother.created()).hasSizeGreaterThan(10);
        assertThat(oneAfterAnother.open()).isNotEmpty();
        for (int i = 0; i < 3; i++) {
            assertThat(SourceInstantiations.of(types, sources, jndi, DeploymentNames.NONE, true)).isEqualTo(oneAfterAnother);
            // Walked on the other core before the index exists (as the builder does), resolved on several threads.
            SourceInstantiations.Walks walks = SourceInstantiations.walking(sources);
            AppTypes fresh = new AppTypes(sources);
            assertThat(SourceInstantiations.of(fresh, walks, new JndiNames(fresh, ComponentModel.EMPTY), DeploymentNames.NONE))
                    .isEqualTo(oneAfterAnother);
        }
    }
}
