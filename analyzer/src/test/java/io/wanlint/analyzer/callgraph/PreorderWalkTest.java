package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The walk gives the nodes JavaParser's preorder walk gives (kept as the oracle), the same objects in the same order. */
class PreorderWalkTest {

    private static final String CODE = """
            package app;
            import java.util.*;
            /** A class. */
            public class Walked<T> extends Base implements Runnable {
                // a field
                private final Map<String, List<T>> byName = new HashMap<>();
                static { System.out.println("init"); }
                public void run() {
                    for (int i = 0; i < 3; i++) { /* loop */ if (i > 1) call(i); else call(i + 1); }
                    Runnable r = () -> { byName.clear(); };
                    new Thread(new Runnable() { public void run() { r.run(); } }).start();
                    int x = flag ? a() : b(); // trailing
                    switch (x) { case 1: call(1); break; default: call(2); }
                    try { call(3); } catch (RuntimeException e) { throw e; } finally { call(4); }
                    byName.values().stream().map(List::size).forEach(System.out::println);
                }
                <E> E pick(E[] all) { return all[0]; }
                class Inner { Inner() { this(1); } Inner(int i) { super(); } }
                enum Kind { A { int k() { return 1; } }, B; int k() { return 0; } }
            }
            """;

    private static List<Node> preorder(Node root) {
        List<Node> out = new ArrayList<>();
        PreorderWalk.forEach(root, out::add);
        return out;
    }

    private static List<Node> oracle(Node root) {
        List<Node> out = new ArrayList<>();
        root.walk(Node.TreeTraversal.PREORDER, out::add);
        return out;
    }

    private static void assertSameNodes(List<Node> actual, List<Node> expected) {
        assertThat(actual).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) assertThat(actual.get(i)).as("node " + i).isSameAs(expected.get(i));
    }

    @Test
    void aUnitsNodesComeInJavaParsersPreorder() {
        CompilationUnit unit = GraphFixture.parse(CODE);
        assertThat(oracle(unit)).hasSizeGreaterThan(200);
        assertSameNodes(preorder(unit), oracle(unit));
    }

    @Test
    void aCallablesNodesComeInJavaParsersPreorder() {
        CompilationUnit unit = GraphFixture.parse(CODE);
        for (CallableDeclaration<?> c : unit.findAll(CallableDeclaration.class)) assertSameNodes(preorder(c), oracle(c));
    }
}
