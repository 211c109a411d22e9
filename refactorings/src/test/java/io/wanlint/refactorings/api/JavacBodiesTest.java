package io.wanlint.refactorings.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.fixtures.Fixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** javac's parser finds the bodies JavaParser finds ({@link SourcePathDeclarations#byJavaParser} is the oracle). */
class JavacBodiesTest {
    @Test
    void everyFixtureFileIsEmptiedExactlyAsJavaParserEmptiesIt() throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> all = Files.walk(Fixtures.root())) {
            all.filter(p -> p.toString().endsWith(".java")).sorted().forEach(files::add);
        }
        // -Dwanlint.corpus=DIR compares on a real application too (read-only).
        String corpus = System.getProperty("wanlint.corpus");
        if (corpus != null) {
            try (Stream<Path> all = Files.walk(Path.of(corpus))) {
                all.filter(p -> p.toString().endsWith(".java")).sorted().forEach(files::add);
            }
        }
        assertThat(files).hasSizeGreaterThan(100);
        int byJavac = 0;
        for (Path f : files) {
            String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
            assertThat(SourcePathDeclarations.of(text)).as(f.toString()).isEqualTo(SourcePathDeclarations.byJavaParser(text));
            if (text.indexOf("\\u") < 0 && JavacBodies.cuts(text).isPresent()) byJavac++;
        }
        assertThat(byJavac).as("files javac's parser answered for").isGreaterThan(files.size() / 2);
    }

    @Test
    void shapesWhereTheParsersCouldDisagreeAreEmptiedAsJavaParserEmptiesThem() {
        for (String text : List.of(
                // explicit constructor calls: plain, qualified, generic (left to JavaParser), not first
                "class A { A() { this(1); } A(int i) { super(); x(); } class B extends A.In { B(A a) { a.super(); } } static class In {} void x() {} }",
                "class A<T> { <U> A(U u) { } A() { <String>this(\"s\"); } }",
                "class A { A() { x(); super.toString(); } void x() {} }",
                // bodies in anonymous and local classes, enum constants, initializers, lambdas, interfaces and annotations
                "enum E { ONE { void f() { g(); } }, TWO; void f() { } static { new Object() { public String toString() { return \"\"; } }; } }",
                "interface I { default void f() { Runnable r = () -> { class L { void g() { } } }; } void h(); @interface N { int v() default 1; } }",
                "record R(int a) { R { if (a < 0) throw new IllegalArgumentException(); } int twice() { return 2 * a; } }",
                // line endings: lone CR, CRLF
                "class A {\r  void f() {\r    g();\r  }\r  void g() { }\r}\r",
                "class A {\r\n  void f() {\r\n    g();\r\n  }\r\n}\r\n",
                // what javac refuses and JavaParser RAW reads (old code), and what neither reads
                "class A { void f() { int enum = 1; assert enum > 0; } }",
                "class A { void f( { } }",
                "class A { int f() { return 1; } }  class B extends A { int f() { return super.f() + 1; } }")) {
            assertThat(SourcePathDeclarations.of(text)).as(text).isEqualTo(SourcePathDeclarations.byJavaParser(text));
        }
    }

    @Test
    void aFileJavacCannotReadIsLeftToJavaParser() {
        assertThat(JavacBodies.cuts("class A { void f() { int enum = 1; } }")).isEmpty();
        assertThat(JavacBodies.cuts("record R(int a) { R { } }")).isEmpty();
        assertThat(JavacBodies.cuts("class A { void f() { g(); } void g() { } }")).hasValueSatisfying(cuts -> assertThat(cuts).hasSize(2));
    }

    @Test
    void filesParsedTogetherAreCutAsEachIsAlone() throws IOException {
        List<String> texts = new ArrayList<>();
        try (Stream<Path> all = Files.walk(Fixtures.root())) {
            for (Path f : all.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                texts.add(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1));
            }
        }
        // Among them, files javac refuses or is not sure of: each keeps its own answer.
        for (int i = 0; i < 150; i++) texts.add(i * 7 % texts.size(), "class Broken" + i + " { void f( { } }");
        texts.add(5, "record R(int a) { R { } }");
        texts.add(9, "class A { void f() { int enum = 1; } }");
        assertThat(texts).hasSizeGreaterThan(100);
        int sure = 0;
        for (int from = 0; from < texts.size(); from += 16) {
            List<String> batch = texts.subList(from, Math.min(texts.size(), from + 16));
            List<java.util.Optional<JavacBodies.Shape>> together = JavacBodies.shapes(batch);
            assertThat(together).hasSize(batch.size());
            for (int i = 0; i < batch.size(); i++) {
                java.util.Optional<JavacBodies.Shape> alone = JavacBodies.shape(batch.get(i));
                assertThat(together.get(i).isPresent()).as(batch.get(i)).isEqualTo(alone.isPresent());
                if (alone.isPresent()) {
                    sure++;
                    assertThat(together.get(i).get().bodies()).as(batch.get(i)).isEqualTo(alone.get().bodies());
                    assertThat(together.get(i).get().imports()).usingRecursiveComparison().isEqualTo(alone.get().imports());
                }
            }
        }
        assertThat(sure).isGreaterThan(100);
    }

    @Test
    void aFileParsedAfterOthersWithHundredsOfErrorsIsStillSeenToBeBroken() {
        String manyErrors = "class Many {\n" + "    int x = ;\n".repeat(300) + "}\n";
        List<java.util.Optional<JavacBodies.Shape>> together = JavacBodies.shapes(List.of(manyErrors, "class B { void f( { } }", "class C { void f() { } }"));
        assertThat(together.get(0)).isEmpty();
        assertThat(together.get(1)).isEmpty();
        assertThat(together.get(2)).isPresent();
    }
}
