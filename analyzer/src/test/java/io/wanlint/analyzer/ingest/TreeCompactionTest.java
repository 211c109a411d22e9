package io.wanlint.analyzer.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.observer.AstObserverAdapter;
import com.github.javaparser.ast.stmt.BlockStmt;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class TreeCompactionTest {
    private static final String SOURCE = """
            package app;

            import java.util.List;

            /** Orders. */
            public class Orders {
                private List<String> lines; // the lines
                /* between members */
                int count(String a, String b) {
                    if (a == null) { return 0; } else { return lines.size() + b.length(); }
                }
                void add(String line) { lines.add(line); }
            }
            """;

    private static CompilationUnit parsed() {
        return new JavaSources().parse(new TextFile("app/Orders.java", Path.of("/nowhere/app/Orders.java"), SOURCE, "UTF-8"))
                .unit().unit();
    }

    @Test
    void aCompactedTreeSaysWhatTheParsersTreeSays() {
        CompilationUnit plain = new JavaParser().parse(SOURCE).getResult().orElseThrow();
        CompilationUnit compacted = parsed();

        assertThat(compacted.toString()).isEqualTo(plain.toString());
        List<Node> before = plain.findAll(Node.class);
        List<Node> after = compacted.findAll(Node.class);
        assertThat(after).hasSameSizeAs(before);
        for (int i = 0; i < before.size(); i++) {
            assertThat(after.get(i).getClass()).isEqualTo(before.get(i).getClass());
            assertThat(after.get(i).getRange()).isEqualTo(before.get(i).getRange());
            assertThat(after.get(i).getChildNodes()).hasSameSizeAs(before.get(i).getChildNodes());
        }
        assertThat(compacted.getAllContainedComments()).hasSameSizeAs(plain.getAllContainedComments());
    }

    @Test
    void aNameAndItsExpressionShareOneRange() {
        NameExpr lines = parsed().findAll(NameExpr.class).stream()
                .filter(n -> n.getNameAsString().equals("lines")).findFirst().orElseThrow();

        assertThat(lines.getName().getRange().orElseThrow()).isSameAs(lines.getRange().orElseThrow());
    }

    @Test
    void aCompactedTreeRefusesObserversInsteadOfSharingThem() {
        assertThat(TreeCompaction.available()).as("JavaParser's fields are found: trees are compacted").isTrue();
        MethodDeclaration add = parsed().findAll(MethodDeclaration.class).get(1);

        assertThatThrownBy(() -> add.register(new AstObserverAdapter() {}))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aCompactedTreeStillTakesNewChildren() {
        BlockStmt body = parsed().findAll(MethodDeclaration.class).get(1).getBody().orElseThrow();

        body.addStatement("lines.clear();");

        assertThat(body.getStatements()).hasSize(2);
        assertThat(body.getChildNodes()).hasSize(2);
    }
}
