package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.stmt.ExplicitConstructorInvocationStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The source scan collects each callable's nodes in one walk and works out each {@code if}'s
 * once-per-instance answer once per type; these tests hold the shared answers to the ones each
 * call site and each question used to compute on its own, on code written to have every shape the
 * questions look at.
 */
class CallableScanSharedWorkTest {

    private static final String SHAPES = """
            package app;
            import java.util.*;
            import javax.servlet.http.*;
            public class Shapes extends Base {
                static final boolean DEBUG = false;
                static final boolean TRACE = true;
                private Object home;
                private boolean initialized;
                private String sessionId;
                private final Map<String, Object> cache = new HashMap<>();
                private final List<String> names = new ArrayList<>(List.of("a", "b"));
                static { if (DEBUG) log("static"); register(Shapes::new); }
                { names.add(String.valueOf(DEBUG ? build() : fetch())); }
                Shapes() { super(make()); }
                Shapes(int n) { this(); names.add("n" + n); }
                Object home() {
                    if (home == null) {
                        home = lookup("home");
                        if (TRACE || check()) log("made");
                    } else {
                        log("reused");
                    }
                    return home;
                }
                void init(String current) {
                    if (!initialized || !sessionId.equals(current)) {
                        load(current);
                        if (check()) { load("nested"); } else { log("else"); }
                        sessionId = current;
                        initialized = true;
                    }
                    if (!ready()) load("not a flag");
                    if (false && check()) log("dead and");
                    if (true || check()) log("live or");
                }
                Object cached(String key) {
                    Object v = cache.get(key);
                    if (v == null) {
                        v = fetch(key);
                        cache.put(key, v);
                    }
                    return v;
                }
                void perSession(HttpServletRequest req) {
                    HttpSession session = req.getSession();
                    Object helper = session.getAttribute("h");
                    if (helper == null) {
                        helper = new Helper(lookup("h"));
                        session.setAttribute("h", helper);
                    }
                    names.forEach(n -> { if (n == null) log(n); else new Runnable() {
                        public void run() { if (home == null) { home = lookup(n); } }
                    }.run(); });
                    switch (names.size()) {
                        case 0: log("none");
                        case 1: log("one"); break;
                        default: if (DEBUG) { log("debug"); } else { log("quiet"); }
                    }
                }
                static Object make() { return null; }
                static void log(Object o) {}
                static void register(Object o) {}
                static Object lookup(String n) { return n; }
                boolean check() { return true; }
                boolean ready() { return true; }
                void load(String s) {}
                Object build() { return null; }
                Object fetch() { return null; }
                Object fetch(String k) { return k; }
                class Helper { Helper(Object o) { if (o == null) { lookup("inner"); } } }
            }
            class Base { Base(Object o) {} }
            """;

    private static List<Node> callables(TypeDeclaration<?> type) {
        List<Node> out = new ArrayList<>();
        for (BodyDeclaration<?> m : type.getMembers()) {
            if (!(m instanceof TypeDeclaration<?>)) out.add(m);
        }
        return out;
    }

    private static List<TypeDeclaration<?>> types(CompilationUnit unit) {
        List<TypeDeclaration<?>> out = new ArrayList<>();
        for (TypeDeclaration<?> t : unit.findAll(TypeDeclaration.class)) out.add(t);
        return out;
    }

    @Test
    void oneWalkFindsTheSameNodesInTheSameOrderAsOneFindAllPerKind() {
        CompilationUnit unit = GraphFixture.parse(SHAPES);
        int sites = 0;
        for (TypeDeclaration<?> type : types(unit)) {
            for (Node callable : callables(type)) {
                CallableNodes nodes = CallableNodes.of(callable);
                assertThat(nodes.calls()).containsExactlyElementsOf(callable.findAll(MethodCallExpr.class));
                assertThat(nodes.ifs()).containsExactlyElementsOf(callable.findAll(IfStmt.class));
                assertThat(nodes.conditionals()).containsExactlyElementsOf(callable.findAll(ConditionalExpr.class));
                assertThat(nodes.binaries()).containsExactlyElementsOf(callable.findAll(BinaryExpr.class));
                List<Node> walked = new ArrayList<>();
                callable.walk(Node.TreeTraversal.PREORDER, n -> {
                    if (n instanceof MethodCallExpr || n instanceof ObjectCreationExpr
                            || n instanceof ExplicitConstructorInvocationStmt || n instanceof MethodReferenceExpr) {
                        walked.add(n);
                    }
                });
                assertThat(nodes.sites()).containsExactlyElementsOf(walked);
                List<String> declared = new ArrayList<>();
                callable.walk(Node.TreeTraversal.PREORDER, n -> {
                    if (n instanceof com.github.javaparser.ast.body.Parameter p) declared.add(p.getNameAsString());
                    else if (n instanceof com.github.javaparser.ast.body.VariableDeclarator v) declared.add(v.getNameAsString());
                });
                assertThat(nodes.declaredNames()).containsExactlyElementsOf(declared);
                sites += walked.size();
            }
        }
        assertThat(sites).as("call sites in the shapes").isGreaterThan(40);
    }

    @Test
    void deadCodeFromTheCollectedConditionsIsTheDeadCodeOfTheCallable() {
        CompilationUnit unit = GraphFixture.parse(SHAPES);
        SourceConstants constants = new SourceConstants(new AppTypes(List.of(new AppTypes.UnitSource(unit, "Shapes.java", null, null))));
        int dead = 0;
        for (TypeDeclaration<?> type : types(unit)) {
            for (Node callable : callables(type)) {
                CallableNodes nodes = CallableNodes.of(callable);
                List<Node> shared = constants.deadCode(nodes.ifs(), nodes.conditionals(), nodes.binaries());
                assertThat(shared).containsExactlyElementsOf(constants.deadCode(callable));
                dead += shared.size();
            }
        }
        // if (DEBUG) twice, DEBUG ? … : …, false && …, true || …, the else of if (TRACE || …) has none
        assertThat(dead).isGreaterThanOrEqualTo(5);
    }

    @Test
    void memoisedIfAnswersAreTheAnswersEachCallSiteWorkedOutAlone() {
        CompilationUnit unit = GraphFixture.parse(SHAPES);
        int once = 0;
        int perRequest = 0;
        Random order = new Random(22);
        for (TypeDeclaration<?> type : types(unit)) {
            CacheGuards guards = new CacheGuards(type);
            List<Node> all = new ArrayList<>();
            for (Node callable : callables(type)) {
                for (Node site : CallableNodes.of(callable).sites()) all.add(site);
            }
            // Asked in any order and more than once, as the initialisers' several callers ask.
            List<Node> asked = new ArrayList<>(all);
            asked.addAll(all);
            Collections.shuffle(asked, order);
            for (Node site : asked) {
                Node callable = callableOf(site, type);
                Set<String> maps = CallSiteShape.cacheMaps(callable);
                boolean alone = CallSiteShape.behindCache(site, callable, type, maps);
                assertThat(guards.behindCache(site, callable, maps)).as(site.toString()).isEqualTo(alone);
                if (alone) once++;
                else perRequest++;
            }
        }
        assertThat(once).as("calls behind a cache check").isGreaterThan(10);
        assertThat(perRequest).as("calls run on every request").isGreaterThan(10);
    }

    @Test
    void callsBehindEachKindOfCheckRunOncePerInstance() {
        CompilationUnit unit = GraphFixture.parse(SHAPES);
        TypeDeclaration<?> shapes = unit.getType(0);
        CacheGuards guards = new CacheGuards(shapes);
        for (String once : List.of("lookup(\"home\")", "load(current)", "load(\"nested\")", "lookup(\"h\")", "fetch(key)")) {
            Node call = call(unit, once);
            Node callable = callableOf(call, shapes);
            assertThat(guards.behindCache(call, callable, CallSiteShape.cacheMaps(callable))).as(once).isTrue();
        }
        for (String every : List.of("log(\"reused\")", "load(\"not a flag\")", "log(\"made\")")) {
            Node call = call(unit, every);
            Node callable = callableOf(call, shapes);
            boolean answer = guards.behindCache(call, callable, CallSiteShape.cacheMaps(callable));
            // log("made") sits inside the lazy home check: it runs once; the others run on every request.
            assertThat(answer).as(every).isEqualTo(every.equals("log(\"made\")"));
        }
    }

    private static Node call(CompilationUnit unit, String text) {
        return unit.findAll(MethodCallExpr.class).stream().filter(m -> m.toString().equals(text)).findFirst().orElseThrow();
    }

    private static Node callableOf(Node site, TypeDeclaration<?> type) {
        Node n = site;
        while (n.getParentNode().orElseThrow() != type) n = n.getParentNode().orElseThrow();
        return n;
    }
}
