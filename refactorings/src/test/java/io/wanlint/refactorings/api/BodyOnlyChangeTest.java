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

class BodyOnlyChangeTest {
    private static final String BEAN = """
            package org.acme;

            import java.sql.Statement;

            /** A bean. */
            public class OrderBean {
                public static final int LIMIT = 10;
                private final Runnable hook = new Runnable() { public void run() { System.out.println("hook"); } };
                static { System.setProperty("a", "b"); }

                public OrderBean() { super(); }

                public int count(Statement st) throws Exception {
                    // counts
                    return st.executeUpdate("delete from t where id = " + LIMIT);
                }

                abstract static class Step { abstract void run(); }

                enum Mode { FAST { int cost() { return 1; } }, SLOW; int cost() { return 2; } }
            }
            """;

    private static boolean change(String before, String after) {
        assertThat(BEAN).contains(before);
        return BodyOnlyChange.between(BEAN, BEAN.replace(before, after));
    }

    @Test
    void editsInsideMethodConstructorAndInitializerBodiesChangeNoDeclaration() {
        assertThat(change("return st.executeUpdate(\"delete from t where id = \" + LIMIT);",
                "java.sql.PreparedStatement ps = null;\n        return ps.executeUpdate();")).isTrue();
        assertThat(change("public OrderBean() { super(); }", "public OrderBean() { super(); count(null); }")).isTrue();
        assertThat(change("static { System.setProperty(\"a\", \"b\"); }", "static { System.setProperty(\"a\", \"c\"); }")).isTrue();
        assertThat(change("FAST { int cost() { return 1; } }", "FAST { int cost() { return 3; } }")).isTrue();
        // A method of an anonymous class, even in a field initializer: never a constant, never seen from outside.
        assertThat(change("System.out.println(\"hook\");", "System.out.println(\"hooked\");")).isTrue();
        assertThat(change("// counts", "/* counts rows */")).isTrue();
        assertThat(change("/** A bean. */", "/** A bean.\n * @author nobody */")).isTrue();
    }

    @Test
    void importsAreTheEditedFilesOwnBusiness() {
        assertThat(change("import java.sql.Statement;", "import java.sql.Statement;\nimport java.sql.PreparedStatement;")).isTrue();
    }

    @Test
    void aChangedMemberSignatureOrModifierIsADeclarationChange() {
        assertThat(change("public int count(Statement st)", "public int count(Statement st, int max)")).isFalse();
        assertThat(change("public int count(Statement st) throws Exception", "public int count(Statement st)")).isFalse();
        assertThat(change("public int count(", "int count(")).isFalse();
        assertThat(change("public OrderBean() { super(); }", "public OrderBean() { super(); }\n    public void more() { }")).isFalse();
        assertThat(change("public class OrderBean {", "public class OrderBean implements java.io.Serializable {")).isFalse();
        assertThat(change("/** A bean. */", "@Deprecated")).isFalse();
    }

    @Test
    void fieldInitializersAndBodylessMethodsAreDeclarations() {
        // A constant's value is inlined by the files that use it.
        assertThat(change("LIMIT = 10;", "LIMIT = 11;")).isFalse();
        assertThat(change("new Runnable() {", "new Thread() {")).isFalse();
        assertThat(change("abstract void run();", "void run() { }")).isFalse();
    }

    @Test
    void textThatDoesNotParseCleanlyIsNeverCalledBodyOnly() {
        assertThat(change("return st.executeUpdate(", "return st.executeUpdate((")).isFalse();
        assertThat(BodyOnlyChange.between("class A { void m( { } }", "class A { void m( { int x; } }")).isFalse();
    }

    @Test
    void legacyCodeIsComparedAtTheLanguageLevelItParsesAt() {
        String legacy = """
                class Legacy {
                    void m(java.util.Vector v) {
                        java.util.Enumeration enum = v.elements();
                        while (enum.hasMoreElements()) enum.nextElement();
                    }
                }
                """;
        assertThat(BodyOnlyChange.between(legacy, legacy.replace("enum.nextElement();", "{ enum.nextElement(); }"))).isTrue();
        assertThat(BodyOnlyChange.between(legacy, legacy.replace("void m(", "public void m("))).isFalse();
    }

    @Test
    void identicalTextsAreTriviallyBodyOnly() {
        assertThat(BodyOnlyChange.between(BEAN, BEAN)).isTrue();
    }

    // ---- javac's faster reading (sameDeclarationsByJavac) against JavaParser's, the definition ----

    @Test
    void javacsReadingAnswersForBodyEditsAndImportsAndAgreesWithJavaParser() {
        String body = BEAN.replace("return st.executeUpdate(\"delete from t where id = \" + LIMIT);",
                "java.sql.PreparedStatement ps = null;\n        ps.setInt(1, LIMIT);\n\n        return ps.executeUpdate();");
        assertThat(BodyOnlyChange.sameDeclarationsByJavac(BEAN, body)).isTrue();
        assertThat(BodyOnlyChange.byJavaParser(BEAN, body)).isTrue();
        String imported = BEAN.replace("import java.sql.Statement;", "import java.sql.Statement;\nimport java.sql.PreparedStatement;");
        assertThat(BodyOnlyChange.sameDeclarationsByJavac(BEAN, imported)).isTrue();
        String commented = BEAN.replace("public int count(", "/* counts */ public int count(");
        assertThat(BodyOnlyChange.sameDeclarationsByJavac(BEAN, commented)).isTrue();
    }

    @Test
    void javacsReadingNeverCallsADeclarationChangeBodyOnly() {
        for (String[] edit : List.of(
                new String[] {"LIMIT = 10;", "LIMIT = 11;"},
                new String[] {"public int count(Statement st)", "public int count(Statement st, int max)"},
                new String[] {"abstract void run();", "void run() { }"},
                new String[] {"new Runnable() {", "new Thread() {"},
                new String[] {"public OrderBean() { super(); }", "public OrderBean() { super(); }\n    public void more() { }"},
                new String[] {"int cost() { return 2; }", "int cost() { return 2; } int more;"})) {
            String after = BEAN.replace(edit[0], edit[1]);
            assertThat(BodyOnlyChange.sameDeclarationsByJavac(BEAN, after)).as(edit[1]).isFalse();
            assertThat(BodyOnlyChange.between(BEAN, after)).as(edit[1]).isFalse();
        }
    }

    @Test
    void blanksInsideAConstantsLiteralAreItsValue() {
        String before = "class A { static final String S = \"a  b\"; void f() { } }";
        String after = "class A { static final String S = \"a b\"; void f() { } }";
        assertThat(BodyOnlyChange.sameDeclarationsByJavac(before, after)).isFalse();
        assertThat(BodyOnlyChange.between(before, after)).isFalse();
    }

    @Test
    void aFileWithUnicodeEscapesIsComparedWithItsCommentsAndLineBreaks() {
        // An escape outside the bodies: the comments are kept as written.
        String before = "class A {\n  static final char NBSP = '\\u00A0';\n  // old\n  int a;\n  void f() { String s = \"ber\\u00FCcksichtigt\"; }\n}\n";
        assertThat(BodyOnlyChange.sameDeclarationsByJavac(before, before.replace("String s", "String t = \"\\u00A0\";\n    String s"))).isTrue();
        // The field commented out: only the line break told the comment from the field.
        String commentedOut = before.replace("// old\n  int a;", "// old int a;");
        assertThat(BodyOnlyChange.sameDeclarationsByJavac(before, commentedOut)).isFalse();
        assertThat(BodyOnlyChange.between(before, commentedOut)).isFalse();
    }

    @Test
    void whereJavacsReadingIsNotSureJavaParserDecides() {
        // An initializer block is a body to JavaParser, a declaration to the cuts javac's reading makes.
        String edited = BEAN.replace("System.setProperty(\"a\", \"b\");", "System.setProperty(\"a\", \"c\");");
        assertThat(BodyOnlyChange.sameDeclarationsByJavac(BEAN, edited)).isFalse();
        assertThat(BodyOnlyChange.between(BEAN, edited)).isTrue();
        String record = "record R(int a) { int twice() { return 2 * a; } }";
        assertThat(BodyOnlyChange.sameDeclarationsByJavac(record, record.replace("2 * a", "a + a"))).isFalse();
        assertThat(BodyOnlyChange.between(record, record.replace("2 * a", "a + a"))).isTrue();
    }

    /**
     * The oracle: every fixture file (and with -Dwanlint.corpus=DIR every file of a real application),
     * edited inside a body, by an added import and by an added member; wherever javac's reading says
     * body-only, JavaParser's must say so too, and for body edits javac's reading must answer mostly.
     */
    @Test
    void onEveryFixtureFileJavacsReadingSaysBodyOnlyOnlyWhereJavaParserDoes() throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> all = Files.walk(Fixtures.root())) {
            all.filter(p -> p.toString().endsWith(".java")).sorted().forEach(files::add);
        }
        String corpus = System.getProperty("wanlint.corpus");
        if (corpus != null) {
            try (Stream<Path> all = Files.walk(Path.of(corpus))) {
                all.filter(p -> p.toString().endsWith(".java")).sorted().forEach(files::add);
            }
        }
        int bodyEdits = 0;
        int answeredByJavac = 0;
        int declarationEdits = 0;
        for (Path f : files) {
            String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
            var cuts = JavacBodies.cuts(text);
            if (cuts.isEmpty() || cuts.get().isEmpty()) continue;
            SourcePathDeclarations.Cut first = cuts.get().get(0);
            List<String[]> edits = new ArrayList<>();
            // Inside the first body: a statement on lines of its own.
            String body = text.substring(0, first.from() + 1) + "\n        int wanlintProbe = 0;\n" + text.substring(first.from() + 1);
            edits.add(new String[] {"body", body});
            int pkg = text.indexOf("package ");
            int semicolon = pkg < 0 ? -1 : text.indexOf(';', pkg);
            if (semicolon > 0) {
                edits.add(new String[] {"body", text.substring(0, semicolon + 1) + "\nimport java.util.List;" + text.substring(semicolon + 1)});
            }
            // Just after the first body: a member of the type that holds it.
            edits.add(new String[] {"declaration", text.substring(0, first.to()) + "\n    int wanlintProbe;\n" + text.substring(first.to())});
            for (String[] edit : edits) {
                boolean fast = BodyOnlyChange.sameDeclarationsByJavac(text, edit[1]);
                boolean definition = BodyOnlyChange.byJavaParser(text, edit[1]);
                if (fast) assertThat(definition).as(f + " " + edit[0]).isTrue();
                assertThat(BodyOnlyChange.between(text, edit[1])).as(f + " " + edit[0]).isEqualTo(definition || fast);
                if (edit[0].equals("body")) {
                    bodyEdits++;
                    if (fast) answeredByJavac++;
                } else {
                    declarationEdits++;
                    assertThat(fast).as(f + " " + edit[0]).isFalse();
                }
            }
        }
        assertThat(declarationEdits).isGreaterThan(100);
        assertThat(answeredByJavac).as("body edits javac's reading answered, of " + bodyEdits).isGreaterThan(bodyEdits * 3 / 4);
    }
}
