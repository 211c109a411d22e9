package io.wanlint.analyzer.callgraph;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.Statement;
import io.wanlint.fixtures.Fixtures;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The call graph places calls by walking up from each call and comparing nodes by identity, where it
 * looked nodes up structurally before: a statement's index in its block with {@code NodeList.indexOf}
 * (which compares with {@code Node.equals}), whether a call is in an {@code if}'s condition with
 * {@code isAncestorOf} (a search of the condition's subtree). These tests hold the new answers to the
 * old ones on every call of the fixture applications' Java files and of this module's own, and on code written with repeated
 * statements, early exits and calls in conditions.
 */
class PlacementByIdentityTest {

    /** Statements written twice (indexOf finds the first), early exits before and between them, calls in conditions. */
    private static final String REPEATS = """
            package app;
            public class Repeats {
                void twice(boolean a, boolean b) {
                    log("x");
                    if (a) return;
                    log("x");
                    if (b) { log("y"); throw new IllegalStateException(); }
                    log("x");
                    { log("x"); if (a) return; log("x"); }
                    if (check(a)) log("then"); else log("else");
                    if (a && check(b) || ready()) { log("in"); }
                    while (check(a)) { log("x"); if (b) return; log("x"); }
                    switch (count()) {
                        case 0: log("x");
                        case 1: if (a) return; log("x"); break;
                        default: log("x");
                    }
                    try { log("x"); } catch (RuntimeException e) { if (a) return; log("x"); }
                    Object o = a ? make("x") : make("y");
                    Runnable r = () -> { if (b) return; log("x"); };
                }
                void noExit() { log("x"); log("x"); if (ready()) log("x"); log("x"); }
                boolean check(boolean v) { return v; }
                boolean ready() { return true; }
                int count() { return 1; }
                Object make(String s) { return s; }
                static void log(String s) {}
            }
            """;

    @Test
    void branchesLookedUpByIdentityAreTheOnesTheStructuralLookUpGave() throws IOException {
        int sites = 0;
        int withArms = 0;
        for (CompilationUnit unit : units()) {
            for (Node callable : callables(unit)) {
                for (Node call : calls(callable)) {
                    var placed = CallSiteShape.branches(call, callable);
                    assertThat(placed).as(call + " in " + unit.getStorage().map(s -> s.getPath().toString()).orElse("Repeats"))
                            .isEqualTo(CallSiteShape.branches(call, callable, false));
                    sites++;
                    if (!placed.isEmpty()) withArms++;
                }
            }
        }
        assertThat(sites).as("calls compared").isGreaterThan(20_000);
        assertThat(withArms).as("calls inside a choice").isGreaterThan(5_000);
    }

    @Test
    void theRepeatedStatementsKeepTheArmsTheFirstEqualStatementHas() {
        CompilationUnit unit = GraphFixture.parse(REPEATS);
        Node twice = unit.getType(0).getMethodsByName("twice").get(0);
        List<Node> calls = calls(twice);
        // The third log("x") at the top: indexOf answers the first one's place, before either early exit.
        Node third = calls.stream().filter(c -> c.toString().equals("log(\"x\")")).skip(2).findFirst().orElseThrow();
        assertThat(third.getParentNode().orElseThrow()).isInstanceOf(Statement.class);
        assertThat(CallSiteShape.branches(third, twice)).isEqualTo(CallSiteShape.branches(third, twice, false)).isEmpty();
        // A call after an early exit that no statement before it equals: the exit's else arm.
        Node afterThrow = calls.stream().filter(c -> c.toString().equals("check(a)")).findFirst().orElseThrow();
        assertThat(CallSiteShape.branches(afterThrow, twice)).hasSize(2);
    }

    @Test
    void aCallIsInAnIfsConditionExactlyWhenTheWalkUpCameThroughTheCondition() throws IOException {
        int inCondition = 0;
        int guarded = 0;
        for (CompilationUnit unit : units()) {
            for (MethodCallExpr call : unit.findAll(MethodCallExpr.class)) {
                Node child = call;
                for (Node p = call.getParentNode().orElse(null); p != null; child = p, p = p.getParentNode().orElse(null)) {
                    if (!(p instanceof IfStmt i)) continue;
                    boolean searched = i.getCondition() == call || i.getCondition().isAncestorOf(call);
                    assertThat(i.getCondition() == child).as(call.toString()).isEqualTo(searched);
                    if (searched) inCondition++;
                    else guarded++;
                }
            }
        }
        assertThat(inCondition).as("calls in a condition").isGreaterThan(1_000);
        assertThat(guarded).as("calls in a then or else").isGreaterThan(5_000);
    }

    private static List<CompilationUnit> units() throws IOException {
        List<CompilationUnit> out = new ArrayList<>();
        out.add(GraphFixture.parse(REPEATS));
        JavaParser parser = new JavaParser(new ParserConfiguration().setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17));
        // The fixture applications, and this module's own code (long methods, early exits, conditions with calls).
        for (Path root : List.of(Fixtures.root(), Path.of("src/main/java"))) {
            List<Path> files;
            try (Stream<Path> all = Files.walk(root)) {
                files = all.filter(p -> p.toString().endsWith(".java") && !p.toString().contains("/target/")).sorted().toList();
            }
            for (Path f : files) parser.parse(f).getResult().ifPresent(out::add);
        }
        return out;
    }

    /** Every method's, constructor's and initialiser's body and every field initialiser, as the scan reads them. */
    private static List<Node> callables(CompilationUnit unit) {
        List<Node> out = new ArrayList<>();
        unit.findAll(CallableDeclaration.class).forEach(out::add);
        unit.findAll(InitializerDeclaration.class).forEach(out::add);
        unit.findAll(FieldDeclaration.class).forEach(out::add);
        return out;
    }

    private static List<Node> calls(Node callable) {
        List<Node> out = new ArrayList<>();
        PreorderWalk.forEach(callable, n -> {
            if (n instanceof MethodCallExpr || n instanceof ObjectCreationExpr) out.add(n);
        });
        return out;
    }
}
