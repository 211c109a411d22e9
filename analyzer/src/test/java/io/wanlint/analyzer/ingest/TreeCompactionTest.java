package io.wanlint.analyzer.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.Name;
import com.github.javaparser.ast.expr.SimpleName;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.observer.AstObserverAdapter;
import com.github.javaparser.ast.stmt.BlockStmt;
import java.nio.file.Path;
import java.util.ArrayList;
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
    void theTreesOfOneParserShareEqualNamesLiteralsAndPositions() {
        JavaSources sources = new JavaSources();
        CompilationUnit first = parse(sources, "class A { String id = \"key\"; int n = 10; void f() { id = id + n; } }");
        CompilationUnit second = parse(sources, "class B { String id = \"key\"; int n = 10; }");

        List<SimpleName> ids = new ArrayList<>(first.findAll(SimpleName.class, n -> n.getIdentifier().equals("id")));
        ids.addAll(second.findAll(SimpleName.class, n -> n.getIdentifier().equals("id")));
        assertThat(ids).hasSize(4);
        for (SimpleName id : ids) assertThat(id.getIdentifier()).isSameAs(ids.get(0).getIdentifier());
        assertThat(second.findFirst(StringLiteralExpr.class).orElseThrow().getValue())
                .isSameAs(first.findFirst(StringLiteralExpr.class).orElseThrow().getValue());
        assertThat(second.findFirst(IntegerLiteralExpr.class).orElseThrow().getValue())
                .isSameAs(first.findFirst(IntegerLiteralExpr.class).orElseThrow().getValue());
        // Both files' second fields begin at line 1, column 29.
        FieldDeclaration n1 = first.findAll(FieldDeclaration.class).get(1);
        FieldDeclaration n2 = second.findAll(FieldDeclaration.class).get(1);
        assertThat(n2.getBegin().orElseThrow()).isSameAs(n1.getBegin().orElseThrow());
    }

    @Test
    void sharedNamesAndLiteralsReadAsTheParsersOwn() {
        String source = """
                class C {
                    static final String SQL = "select * from t where id = ?";
                    char c = 'x'; long l = 10L; double d = 1.5e3; String text = \"""
                        block
                        \""";
                    int f(int id) { return id + 0x1F + com.acme.Util.MAX; }
                }
                """;
        CompilationUnit plain = new JavaParser().parse(source).getResult().orElseThrow();
        JavaSources sources = new JavaSources();
        parse(sources, source);
        CompilationUnit shared = parse(sources, source);

        assertThat(shared).isEqualTo(plain);
        assertThat(shared.toString()).isEqualTo(plain.toString());
    }

    private static CompilationUnit parse(JavaSources sources, String source) {
        return sources.parse(new TextFile("A.java", Path.of("/nowhere/A.java"), source, "UTF-8")).unit().unit();
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
    void aCompactedTreeRefusesElementsOfAnEmptyListAndChildrenOfALeaf() {
        CompilationUnit unit = parsed();
        MethodDeclaration count = unit.findAll(MethodDeclaration.class).get(0);
        Name packageName = unit.getPackageDeclaration().orElseThrow().getName();

        // Empty lists of every tree are one shared list: an element added to one would be in all.
        assertThatThrownBy(() -> count.addThrownException(IllegalStateException.class))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> packageName.setQualifier(new Name("com")))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThat(unit.findAll(MethodDeclaration.class).get(1).getThrownExceptions()).isEmpty();
    }

    @Test
    void aCompactedTreeStillTakesNewChildren() {
        BlockStmt body = parsed().findAll(MethodDeclaration.class).get(1).getBody().orElseThrow();

        body.addStatement("lines.clear();");

        assertThat(body.getStatements()).hasSize(2);
        assertThat(body.getChildNodes()).hasSize(2);
    }
}
