package io.wanlint.analyzer.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.comments.Comment;
import io.wanlint.fixtures.Fixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class TokenReleaseTest {
    private static final String COMMENTED = """
            /* header */
            package app;

            /** Orders. */
            public class Orders {
                // the lines
                private java.util.List<String> lines; // trailing
                /* between members */
                int count(String a) {
                    // inside a block
                    if (a == null) { /* orphan in a block */ return 0; }
                    return lines.size() /* inside an expression */ + a.length();
                }
                /** Javadoc. */ void add(String line) { lines.add(line); }
                // orphan at the end of a type
            }
            // orphan at the end of the file
            """;

    @Test
    void everyNodeAndCommentKeepsItsRangeAndLosesItsTokens() {
        assertReleasedLikeTheParsersTree(COMMENTED);
    }

    @Test
    void theFixtureSourcesKeepTheirRangesAndLoseTheirTokens() throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(Fixtures.root())) {
            files = walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThan(100);
        for (Path file : files) assertReleasedLikeTheParsersTree(Files.readString(file, StandardCharsets.ISO_8859_1));
    }

    @Test
    void nodesAndCommentsAfterAUnicodeEscapeAreWhereTheFileHasThem() {
        String source = String.join("\n",
                "class A { char c = '\\u0041'; /* attached */ int x; String s = \"\\u0042\"; // orphan",
                "  /** doc \\u0043 */ void m() { int y = 1; /* orphan \\u0044 in a block */ }",
                "}");
        ParsedJava parsed = new JavaSources().parse(new TextFile("A.java", Path.of("/nowhere/A.java"), source, "UTF-8"));
        CompilationUnit unit = parsed.unit().unit();
        String[] lines = source.split("\n");

        List<Node> placed = new ArrayList<>(unit.getAllContainedComments());
        placed.addAll(unit.findAll(FieldDeclaration.class));
        placed.addAll(unit.findAll(MethodDeclaration.class));
        assertThat(placed).hasSizeGreaterThanOrEqualTo(8);
        for (Node node : placed) {
            var begin = node.getRange().orElseThrow().begin;
            String written = lines[begin.line - 1].substring(begin.column - 1);
            String start = node instanceof Comment c ? (c.isLineComment() ? "//" : c.isJavadocComment() ? "/**" : "/*")
                    : node instanceof FieldDeclaration f ? f.getElementType().asString()
                    : ((MethodDeclaration) node).getType().asString();
            assertThat(written).as(node.toString()).startsWith(start);
            assertThat(node.getTokenRange()).isEmpty();
        }
    }

    private static void assertReleasedLikeTheParsersTree(String source) {
        CompilationUnit plain = new JavaParser().parse(source).getResult().orElseGet(CompilationUnit::new);
        CompilationUnit released = new JavaParser().parse(source).getResult().orElseGet(CompilationUnit::new);

        JavaSources.releaseTokens(released);

        List<Node> before = nodesAndComments(plain);
        List<Node> after = nodesAndComments(released);
        assertThat(after).hasSameSizeAs(before);
        for (int i = 0; i < before.size(); i++) {
            assertThat(after.get(i).getClass()).isEqualTo(before.get(i).getClass());
            assertThat(after.get(i).getRange()).as(after.get(i).toString()).isEqualTo(before.get(i).getRange());
            assertThat(after.get(i).getTokenRange()).as(after.get(i).toString()).isEmpty();
        }
        assertThat(released.toString()).isEqualTo(plain.toString());
    }

    /** What the release must reach, gathered as JavaParser offers it: every node, then every comment. */
    private static List<Node> nodesAndComments(CompilationUnit unit) {
        List<Node> nodes = new ArrayList<>(unit.findAll(Node.class));
        List<Comment> comments = unit.getAllContainedComments();
        nodes.addAll(comments);
        unit.getComment().ifPresent(nodes::add);
        return nodes;
    }
}
