package io.wanlint.refactorings.text;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.ast.body.MethodDeclaration;
import io.wanlint.refactorings.api.SourceText;
import java.util.List;
import org.junit.jupiter.api.Test;

class JavaSourceTest {
    private static final String BEAN = """
            package org.acme;

            import java.util.List;

            public class OrderBean {
                public List<String> names() {
                    return List.of("a");
                }

                int limit() { return 1; }
            }
            """;

    @Test
    void nodesAreFoundAtTheirTextWhateverTheLineEndings() {
        for (String eol : List.of("\n", "\r\n", "\r")) {
            String text = BEAN.replace("\n", eol);
            JavaSource source = JavaSource.parse(new SourceText("OrderBean.java", text, java.nio.charset.StandardCharsets.UTF_8, false))
                    .orElseThrow();
            List<MethodDeclaration> methods = source.unit().findAll(MethodDeclaration.class);
            assertThat(source.text(methods.get(0))).as(eol.replace("\r", "CR").replace("\n", "LF"))
                    .isEqualTo("public List<String> names() {" + eol + "        return List.of(\"a\");" + eol + "    }");
            assertThat(source.text(methods.get(1))).isEqualTo("int limit() { return 1; }");
            assertThat(source.startsLine(source.begin(methods.get(1)))).isTrue();
            assertThat(source.source().lineStart(source.begin(methods.get(1)) + 4)).isEqualTo(text.indexOf("    int limit()"));
        }
    }

    @Test
    void aLineStartIsAfterLfCrLfOrALoneCr() {
        SourceText text = new SourceText("A.java", "a\r\nb\rc\nd", java.nio.charset.StandardCharsets.UTF_8, false);
        assertThat(text.lineStart(0)).isZero();
        assertThat(text.lineStart(2)).as("inside the CR LF pair: still the first line").isZero();
        assertThat(text.lineStart(3)).isEqualTo(3);
        assertThat(text.lineStart(5)).isEqualTo(5);
        assertThat(text.lineStart(8)).isEqualTo(7);
        assertThat(io.wanlint.refactorings.api.SourceText.lineStarts("a\r\nb\rc\nd")).containsExactly(0, 3, 5, 7);
    }

    @Test
    void anImportIsAddedAfterTheLastOneOnAnOldMacFile() {
        String text = BEAN.replace("\n", "\r");
        JavaSource source = JavaSource.parse(new SourceText("OrderBean.java", text, java.nio.charset.StandardCharsets.UTF_8, false))
                .orElseThrow();
        int at = source.importFor("java.util.Map").orElseThrow().start();
        assertThat(text.substring(0, at)).endsWith("import java.util.List;\r");
    }

    @Test
    void aSharingScopeParsesEachTextReadOnceOnItsThreadAndForgetsItWhenClosed() throws Exception {
        SourceText text = new SourceText("OrderBean.java", BEAN, java.nio.charset.StandardCharsets.UTF_8, false);
        SourceText sameContentOtherRead = new SourceText("OrderBean.java", BEAN, java.nio.charset.StandardCharsets.UTF_8, false);
        JavaSource first;
        try (JavaSource.Sharing trees = JavaSource.sharing()) {
            first = JavaSource.parse(text).orElseThrow();
            assertThat(JavaSource.parse(text).orElseThrow()).isSameAs(first);
            try (JavaSource.Sharing nested = JavaSource.sharing()) {
                assertThat(JavaSource.parse(text).orElseThrow()).isSameAs(first);
            }
            // closing a nested scope keeps the outer one's trees
            assertThat(JavaSource.parse(text).orElseThrow()).isSameAs(first);
            // only the very text read is shared (a file is read once per run)
            assertThat(JavaSource.parse(sameContentOtherRead).orElseThrow()).isNotSameAs(first);
            // another thread has no scope of its own
            java.util.concurrent.FutureTask<JavaSource> elsewhere = new java.util.concurrent.FutureTask<>(() -> JavaSource.parse(text).orElseThrow());
            Thread t = new Thread(elsewhere);
            t.start();
            assertThat(elsewhere.get()).isNotSameAs(first);
        }
        assertThat(JavaSource.parse(text).orElseThrow()).isNotSameAs(first);
        assertThat(JavaSource.parse(text).orElseThrow()).isNotSameAs(JavaSource.parse(text).orElseThrow());
    }
}
