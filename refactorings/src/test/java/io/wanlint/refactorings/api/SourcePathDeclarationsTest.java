package io.wanlint.refactorings.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

class SourcePathDeclarationsTest {
    private static final String BEAN = """
            package org.acme;

            import java.util.List;

            public class OrderBean extends Base {
                public static final String TABLE = "ORDERS";
                private final int limit;
                private final Runnable hook = new Runnable() {
                    public void run() { Missing.call(); }
                };
                static { System.setProperty("table", TABLE); }

                public OrderBean(int limit) {
                    super(limit,
                          TABLE);
                    this.limit = limit;
                    Missing.too();
                }

                public List<String> names() {
                    class Local { String n() { return Missing.name(); } }
                    return List.of(new Local().n());
                }

                int limit() { return limit; }
            }

            class Base {
                Base(int limit, String table) { }
                abstract static class Step { abstract void run(); }
            }
            """;

    @Test
    void bodiesBecomeThrowsOnTheSameLinesAndDeclarationsStayAsWritten() {
        String stripped = SourcePathDeclarations.of(BEAN);
        assertThat(stripped.lines().count()).isEqualTo(BEAN.lines().count());
        List<String> before = BEAN.lines().toList();
        List<String> after = stripped.lines().toList();
        for (String declaration : List.of("public static final String TABLE = \"ORDERS\";", "static { System.setProperty(\"table\", TABLE); }",
                "public List<String> names() {", "int limit() {", "abstract void run();", "import java.util.List;")) {
            int line = indexOf(before, declaration);
            assertThat(after.get(line)).as(declaration).contains(declaration);
        }
        assertThat(stripped).doesNotContain("Missing.").contains("super(limit,\n              TABLE); throw null;")
                .contains("public List<String> names() { throw null;");
    }

    @Test
    void whatIsLeftCompilesWhereTheBodiesUsedTypesThatDoNotExist() {
        assertThat(errors(BEAN)).isNotEmpty();
        assertThat(errors(SourcePathDeclarations.of(BEAN))).isEmpty();
    }

    @Test
    void textWithUnicodeEscapesOrSyntaxErrorsIsServedAsItIs() {
        String escaped = BEAN.replace("\"ORDERS\"", "\"ORD\\u0045RS\"");
        assertThat(SourcePathDeclarations.of(escaped)).isEqualTo(escaped);
        String broken = BEAN.replace("int limit() {", "int limit( {");
        assertThat(SourcePathDeclarations.of(broken)).isEqualTo(broken);
    }

    @Test
    void windowsLineBreaksKeepTheirLines() {
        String crlf = BEAN.replace("\n", "\r\n");
        String stripped = SourcePathDeclarations.of(crlf);
        assertThat(stripped).doesNotContain("Missing.");
        assertThat(indexOf(stripped.lines().toList(), "int limit() {")).isEqualTo(indexOf(crlf.lines().toList(), "int limit() {"));
    }

    private static int indexOf(List<String> lines, String text) {
        for (int i = 0; i < lines.size(); i++) if (lines.get(i).contains(text)) return i;
        throw new AssertionError(text + " not found");
    }

    private static List<String> errors(String source) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        JavaFileObject file = new SimpleJavaFileObject(URI.create("string:///org/acme/OrderBean.java"), JavaFileObject.Kind.SOURCE) {
            @Override public CharSequence getCharContent(boolean ignoreEncodingErrors) { return source; }
        };
        javac.getTask(null, null, diagnostics, List.of("-proc:none", "-d", System.getProperty("java.io.tmpdir") + "/spd-test"), null,
                List.of(file)).call();
        List<String> out = new ArrayList<>();
        diagnostics.getDiagnostics().stream().filter(d -> d.getKind() == javax.tools.Diagnostic.Kind.ERROR)
                .forEach(d -> out.add(d.getLineNumber() + ": " + d.getMessage(null)));
        return out;
    }
}
