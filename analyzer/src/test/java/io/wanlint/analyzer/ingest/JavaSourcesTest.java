package io.wanlint.analyzer.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.MethodCallExpr;
import io.wanlint.analyzer.api.Diagnostic;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class JavaSourcesTest {
    private final JavaSources sources = new JavaSources();

    private static TextFile java(String path, String text) {
        return new TextFile(path, Path.of("/nowhere", path), text, "UTF-8");
    }

    @Test
    void parsedTreesKeepLineRangesButReleaseTheirTokens() {
        ParsedJava parsed = sources.parse(java("app/Greeter.java", """
                /* Licence header. */
                package app;

                /** Says hello. */
                public class Greeter {
                    // the greeting
                    String greet(String name) {
                        return "hello " + name; // trailing
                    }
                }
                """));

        var unit = parsed.unit().unit();
        assertThat(unit.findAll(MethodDeclaration.class)).singleElement()
                .satisfies(m -> assertThat(m.getRange().orElseThrow().begin.line).isEqualTo(7))
                .satisfies(m -> assertThat(m.getComment().orElseThrow().getRange().orElseThrow().begin.line).isEqualTo(6));
        assertThat(unit.getComment().orElseThrow().getRange().orElseThrow().begin.line).isEqualTo(1);
        assertThat(unit.getAllContainedComments()).hasSize(3).allSatisfy(c -> assertThat(c.getRange()).isPresent());
        assertThat(unit.findAll(Node.class)).allSatisfy(n -> {
            assertThat(n.getRange()).isPresent();
            assertThat(n.getTokenRange()).isEmpty();
        });
        assertThat(unit.getComment().orElseThrow().getTokenRange()).isEmpty();
    }

    @Test
    void preJava5EnumIdentifierParsesWithoutProblems() {
        ParsedJava parsed = sources.parse(java("legacy/Lister.java", """
                package legacy;
                import java.util.Enumeration;
                import java.util.Vector;
                public class Lister {
                    public int count(Vector v) {
                        Enumeration enum = v.elements();
                        int n = 0;
                        while (enum.hasMoreElements()) { enum.nextElement(); n++; }
                        return n;
                    }
                }
                """));

        assertThat(parsed.diagnostics()).isEmpty();
        assertThat(parsed.unit().unit().findAll(MethodDeclaration.class)).extracting(m -> m.getNameAsString())
                .containsExactly("count");
    }

    @Test
    void preJava14AssertIdentifierParsesWithoutProblems() {
        ParsedJava parsed = sources.parse(java("legacy/Check.java", """
                package legacy;
                public class Check {
                    boolean assert = true;
                    static void assert(String why, boolean ok) { if (!ok) throw new RuntimeException(why); }
                    void run() {
                        // JUnit 3 style: assert("...", cond)
                        assert("math", 1 + 1 == 2);
                        if (this.assert) Check.assert("text with assert in it", true);
                    }
                }
                """));

        assertThat(parsed.diagnostics()).isEmpty();
        var unit = parsed.unit().unit();
        assertThat(unit.findAll(MethodDeclaration.class)).extracting(m -> m.getNameAsString())
                .containsExactly("assert", "run");
        assertThat(unit.findAll(MethodCallExpr.class)).extracting(m -> m.getNameAsString())
                .containsExactly("assert", "assert");
        assertThat(unit.findFirst(MethodCallExpr.class).orElseThrow().getBegin().orElseThrow().line).isEqualTo(7);
        assertThat(unit.toString()).contains("\"text with assert in it\"").doesNotContain("$ssert");
    }

    @Test
    void modernSyntaxParsesAtTheDefaultLevel() {
        ParsedJava parsed = sources.parse(java("shop/Shapes.java", """
                package shop;
                sealed interface Shape permits Circle, Square {}
                record Circle(double r) implements Shape {}
                record Square(double side) implements Shape {}
                class Areas {
                    double area(Shape s) {
                        return switch (s) {
                            case Circle c -> Math.PI * c.r() * c.r();
                            case Square q -> q.side() * q.side();
                        };
                    }
                    String text() { return \"""
                        multi
                        \"""; }
                }
                """));

        assertThat(parsed.diagnostics()).isEmpty();
    }

    @Test
    void syntaxErrorGivesPartialTreeAndDiagnosticWhileOtherFilesParse() {
        TextFile broken = java("shop/Broken.java", """
                package shop;
                public class Broken {
                    void ok() { System.out.println("fine"); }
                    void bad() { int x = ; }
                }
                """);
        TextFile good = java("shop/Good.java", "package shop; public class Good { void run() { new Broken().ok(); } }");

        List<ParsedJava> parsed = sources.parseAll(List.of(broken, good));

        assertThat(parsed).hasSize(2);
        ParsedJava first = parsed.get(0);
        assertThat(first.unit().source()).isSameAs(broken);
        assertThat(first.diagnostics()).isNotEmpty().allSatisfy(d -> {
            assertThat(d.level()).isEqualTo(Diagnostic.Level.ERROR);
            assertThat(d.location().file()).isEqualTo("shop/Broken.java");
        });
        assertThat(first.diagnostics().get(0).location().line()).isEqualTo(4);
        assertThat(first.unit().unit().getClassByName("Broken")).isPresent();
        assertThat(parsed.get(1).diagnostics()).isEmpty();
        assertThat(parsed.get(1).unit().unit().findAll(MethodCallExpr.class)).hasSize(1);
    }

    @Test
    void carriageReturnOnlyLineEndingsKeepLineNumbers() {
        String text = "package a;\rpublic class R {\r  void m() {\r    helper();\r  }\r  void helper() {}\r}\r";

        ParsedJava parsed = sources.parse(java("a/R.java", text));

        assertThat(parsed.diagnostics()).isEmpty();
        MethodCallExpr call = parsed.unit().unit().findFirst(MethodCallExpr.class).orElseThrow();
        assertThat(call.getBegin()).hasValueSatisfying(p -> assertThat(p.line).isEqualTo(4));
    }

    @Test
    void deeplyNestedExpressionNeverEscapesAsAnError() {
        int depth = 20_000;
        String expression = "(".repeat(depth) + "1" + ")".repeat(depth);
        TextFile file = java("gen/Deep.java", "class Deep { int x = " + expression + "; }");

        ParsedJava onCallerThread = sources.parse(file);
        ParsedJava onParserThread = sources.parseAll(List.of(file)).get(0);

        for (ParsedJava parsed : List.of(onCallerThread, onParserThread)) {
            boolean parsedFine = parsed.diagnostics().isEmpty() && parsed.unit().unit().getClassByName("Deep").isPresent();
            boolean reported = parsed.diagnostics().stream().anyMatch(d -> d.level() == Diagnostic.Level.ERROR);
            assertThat(parsedFine || reported).isTrue();
        }
    }

    @Test
    void fiveMegabyteGeneratedFileParses() {
        StringBuilder text = new StringBuilder("package gen; public class Big {\n");
        int methods = 0;
        while (text.length() < 5_000_000) {
            text.append("  public int m").append(methods).append("(int a) { int b = a * ").append(methods)
                    .append(" + 7; return helper(b, \"constant string number ").append(methods).append("\"); }\n");
            methods++;
        }
        text.append("  int helper(int b, String s) { return b + s.length(); }\n}\n");

        ParsedJava parsed = sources.parseAll(List.of(java("gen/Big.java", text.toString()))).get(0);

        assertThat(parsed.diagnostics()).isEmpty();
        assertThat(parsed.unit().unit().findAll(MethodDeclaration.class)).hasSize(methods + 1);
    }
}
