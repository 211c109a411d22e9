package io.wanlint.analyzer.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ParserConfiguration.LanguageLevel;
import com.github.javaparser.Problem;
import com.github.javaparser.TokenRange;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.type.UnionType;
import com.github.javaparser.ast.type.VarType;
import com.github.javaparser.ast.validator.ProblemReporter;
import com.github.javaparser.ast.validator.SingleNodeTypeValidator;
import com.github.javaparser.ast.validator.Validator;
import com.github.javaparser.ast.validator.Validators;
import com.github.javaparser.ast.validator.language_level_validations.Java1_0Validator;
import com.github.javaparser.ast.validator.language_level_validations.Java21Validator;
import com.github.javaparser.ast.validator.language_level_validations.Java8Validator;
import io.wanlint.fixtures.Fixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class OneWalkValidationTest {
    /** Each source shows what at least one of JavaParser's checks reports at some language level. */
    private static final List<String> SOURCES = List.of(
            "class A { void m(int x) { assert x > 0 : \"positive\"; } }",
            "class A { void m() { int assert = 1; assert(assert); } }",
            "class A { int enum = 2; void enum() { enum = enum + 1; } }",
            "import enum.enum; class A { Object o = enum.enum.x; }",
            "class A { class B { interface C {} } void m() { class L {} interface I {} } }",
            "class A { Class<?> c = String.class; java.util.List<String> l = new java.util.ArrayList<>(); }",
            "class A<T extends Comparable<T>> { <U> U id(U u) { return u; } java.util.Map<int, String> bad; }",
            "class A { void m() throws Exception { try { } finally { } try { } try (java.io.Reader r = null; r) { } }}",
            "@Deprecated class A { @SuppressWarnings(\"x\") void m(String... args) { for (String a : args) { } } }",
            "@interface Marker { int value() default 1; } enum E { X, Y; } class A { void m() { for (int a, b : new int[0][]) {} } }",
            "import static java.lang.Math.max; class A { int m(int x) { switch (x) { case 1, 2: return 0; default: return 1; } } }",
            "class A { int m(int x) { return switch (x) { case 1 -> 1; default -> { yield 2; } }; } }",
            "class A { long a = 0b1010L; int b = 1_000_000; int c = 0B11; long d = 0x7fff_ffffL; }",
            "class A { void m() { try { } catch (IllegalStateException | IllegalArgumentException e) { } } }",
            "class A { Runnable r = () -> {}; java.util.function.Function<String, Integer> f = String::length; }",
            "module app { requires java.sql; exports app; }",
            "class A { boolean m(Object o) { return o instanceof String s && s.isEmpty(); } }",
            "class A { String s = \"\"\"\n    text\n    block\"\"\"; }",
            "record Point(int x, int y) { Point { if (x < 0) throw new IllegalArgumentException(); } }",
            "sealed interface Shape permits Circle, Square {} final class Circle implements Shape {} non-sealed class Square implements Shape {}",
            "class A { int m(Object o) { return switch (o) { case null, default -> 0; case String s when s.isEmpty() -> 1; case Integer i -> 2; }; } }",
            "record P(int x, int y) {} class A { int m(Object o) { if (o instanceof P(int x, int y)) return x + y; return 0; } }",
            "class A { A(int x) { int y = x; this(); } A() { super(); } }",
            "class A { int _ = 1; void _() { } }",
            // The visitor reaches a method's body before its name and parameters; the walk does not.
            "class A { void _(int _) { int _ = _; } int enum(int enum) { return enum.enum; } void record() { record.record(); } }",
            "class _ { @_ enum.enum.Type f; java.util.List<_> l; } @interface _ { }",
            "class A { int strictfp = 1; strictfp void m() { } }",
            "interface I { default void m(); default void n() { } static void s() { } private void p() { } }",
            "class A { void m() { var x = 1; for (var y : new int[0]) { } java.util.function.Function<String, String> f = (var s) -> s; } var v; }",
            "class record { } class A { record r; }",
            "class sealed { } class permits { }",
            "interface I { { } } interface J implements Runnable { } class C extends Object, Number { }",
            "class A { void m() { int a; a = 1; (a) = 2; this.a = 3; new int[1][0] = 4; } int a; }",
            "class A { private public int x; static static void m() { } abstract final void n(); transient void t() { } }",
            "class A { void m() { char c = '\\u0041'; String s = \"\\u0022\"; /* \\u002a/ int hidden; */ } }",
            "class A { void m() { int x = ; } void n() { } }",
            "class A { void m( { } class B { int y; }",
            "public class A { void m() { label: for (;;) { break label; } synchronized (this) { } } }",
            "class A { void m() { java.util.List<String> l = java.util.List.<String>of(); Object o = new <String>A(); } }",
            "enum E { A { void m() { } }; abstract void m(); } class B { protected private void x() {} }");

    @Test
    void everyLevelReportsJavaParsersProblemsInItsOrder() {
        for (LanguageLevel level : LanguageLevel.values()) {
            for (String source : SOURCES) assertSameAsJavaParser(source, level);
        }
    }

    @Test
    void theFixtureApplicationsAndTestSourcesValidateAsWithJavaParser() throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(Fixtures.root())) {
            files = walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThan(100);
        for (Path file : files) {
            String source = Files.readString(file, StandardCharsets.ISO_8859_1);
            for (LanguageLevel level : List.of(LanguageLevel.JAVA_21, LanguageLevel.JAVA_8, LanguageLevel.JAVA_1_4, LanguageLevel.JAVA_1_3)) {
                assertSameAsJavaParser(source, level);
            }
        }
    }

    @Test
    void theLevelsWanlintParsesAtAreValidatedInOneWalk() {
        for (LanguageLevel level : List.of(LanguageLevel.JAVA_21, LanguageLevel.JAVA_8, LanguageLevel.JAVA_1_4, LanguageLevel.JAVA_1_3)) {
            assertThat(OneWalkValidation.forLevel(level)).as(level.name()).isPresent();
        }
    }

    @Test
    void onlyAVarOutsideLongerIdentifiersCanNameAVarType() {
        assertThat(OneWalkValidation.mayHoldVarToken("int variant = invar + var_2 + $var;")).isFalse();
        assertThat(OneWalkValidation.mayHoldVarToken("var x = 1;")).isTrue();
        assertThat(OneWalkValidation.mayHoldVarToken("for (var s : l) {}")).isTrue();
        assertThat(OneWalkValidation.mayHoldVarToken("List<var>")).isTrue();
        assertThat(OneWalkValidation.mayHoldVarToken("\u00e9var x")).isTrue();
        assertThat(OneWalkValidation.mayHoldVarToken("ends with var")).isTrue();
    }

    @Test
    void aVarTypeNextToLongerIdentifiersIsStillAVarType() {
        String source = "class A { int variant; void m() { var invar = variant; java.util.function.Function<String, String> f = (var s) -> s; } }";
        for (LanguageLevel level : List.of(LanguageLevel.JAVA_21, LanguageLevel.JAVA_10, LanguageLevel.JAVA_8)) {
            assertSameAsJavaParser(source, level);
        }
        ParsedJava parsed = new JavaSources().parse(new TextFile("A.java", Path.of("/nowhere/A.java"), source, "UTF-8"));
        assertThat(parsed.unit().unit().findAll(VarType.class)).hasSize(2);
    }

    @Test
    void aVarSpelledWithUnicodeEscapesIsStillAVarType() {
        String source = "class A { void m() { v\\u0061r x = 1; for (\\u0076ar s : new String[0]) { } } }";
        ParsedJava parsed = new JavaSources().parse(new TextFile("A.java", Path.of("/nowhere/A.java"), source, "UTF-8"));

        assertThat(parsed.diagnostics()).isEmpty();
        assertThat(parsed.unit().unit().findAll(VarType.class)).hasSize(2);
    }

    @Test
    void emptyRequiredListsAreReportedAsByJavaParser() {
        // Built by hand: the parser itself does not produce these empty lists.
        VariableDeclarationExpr noVariables = new VariableDeclarationExpr();
        UnionType noAlternatives = new UnionType(new NodeList<>());
        TryStmt bare = new TryStmt();
        MethodDeclaration method = new MethodDeclaration();
        method.setBody(new BlockStmt(new NodeList<>(new ExpressionStmt(noVariables), bare)));
        method.getParameters().add(new com.github.javaparser.ast.body.Parameter(noAlternatives, "e"));
        ClassOrInterfaceDeclaration type = new ClassOrInterfaceDeclaration().setName("A").addMember(method);
        CompilationUnit unit = new CompilationUnit().addType(type);

        for (Validator validator : List.of(new Java21Validator(), new Java8Validator(), new Java1_0Validator())) {
            List<String> expected = new ArrayList<>();
            validator.accept(unit, new ProblemReporter(p -> expected.add(p.getMessage())));
            List<String> actual = new ArrayList<>();
            OneWalkValidation.of(validator).orElseThrow().validate(unit, p -> actual.add(p.getMessage()));

            assertThat(expected).contains("VariableDeclarationExpr.variables can not be empty.", "UnionType.elements can not be empty.");
            assertThat(actual).isEqualTo(expected);
        }
    }

    @Test
    void aCheckOfTheRootSeesItTwiceAsInJavaParser() {
        Validator counting = new Validators(new SingleNodeTypeValidator<>(CompilationUnit.class,
                (n, reporter) -> reporter.report(n, "unit")));
        CompilationUnit unit = parsed("class A { }");
        List<String> expected = new ArrayList<>();
        counting.accept(unit, new ProblemReporter(p -> expected.add(p.getMessage())));
        List<String> actual = new ArrayList<>();
        OneWalkValidation.of(counting).orElseThrow().validate(unit, p -> actual.add(p.getMessage()));

        assertThat(expected).containsExactly("unit", "unit");
        assertThat(actual).isEqualTo(expected);
    }

    @Test
    void aFailingCheckFailsAsInJavaParserAfterTheSameProblems() {
        Validator failing = new Validators(
                new SingleNodeTypeValidator<>(ClassOrInterfaceDeclaration.class, (n, reporter) -> reporter.report(n, "first")),
                new SingleNodeTypeValidator<>(MethodDeclaration.class, (n, reporter) -> {
                    reporter.report(n, "before the failure");
                    throw new IllegalStateException("check failed");
                }),
                new SingleNodeTypeValidator<>(ClassOrInterfaceDeclaration.class, (n, reporter) -> reporter.report(n, "never")));
        CompilationUnit unit = parsed("class A { void m() { } void n() { } }");

        List<String> expected = new ArrayList<>();
        RuntimeException expectedFailure = failure(() -> failing.accept(unit, new ProblemReporter(p -> expected.add(p.getMessage()))));
        List<String> actual = new ArrayList<>();
        RuntimeException actualFailure = failure(() -> OneWalkValidation.of(failing).orElseThrow().validate(unit, p -> actual.add(p.getMessage())));

        assertThat(expected).containsExactly("first", "before the failure");
        assertThat(actual).isEqualTo(expected);
        assertThat(actualFailure).hasMessage(expectedFailure.getMessage());
    }

    private static RuntimeException failure(Runnable action) {
        try {
            action.run();
        } catch (RuntimeException e) {
            return e;
        }
        throw new AssertionError("expected a failure");
    }

    private static void assertSameAsJavaParser(String source, LanguageLevel level) {
        ParseResult<CompilationUnit> expected = new JavaParser(new ParserConfiguration().setLanguageLevel(level)).parse(source);
        ParseResult<CompilationUnit> actual = new JavaParser(OneWalkValidation.configure(new ParserConfiguration(), level, source)).parse(source);
        String what = level + " on " + source.substring(0, Math.min(80, source.length()));
        assertThat(describe(actual.getProblems())).as(what).isEqualTo(describe(expected.getProblems()));
        assertThat(actual.getResult().map(Node::toString)).as(what).isEqualTo(expected.getResult().map(Node::toString));
    }

    private static List<String> describe(List<Problem> problems) {
        return problems.stream()
                .map(p -> p.getMessage() + " @ " + p.getLocation().flatMap(TokenRange::toRange).map(Object::toString).orElse("-")
                        + (p.getCause().isPresent() ? " cause " + p.getCause().get().getClass().getName() : ""))
                .toList();
    }

    /** A tree to run checks on directly. */
    private static CompilationUnit parsed(String source) {
        return new JavaParser().parse(source).getResult().orElseThrow();
    }
}
