package io.wanlint.refactorings.api;

import static org.assertj.core.api.Assertions.assertThat;

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
}
