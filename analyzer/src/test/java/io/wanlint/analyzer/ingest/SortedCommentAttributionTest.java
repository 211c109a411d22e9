package io.wanlint.analyzer.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.CommentAttribution;
import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.comments.Comment;
import com.github.javaparser.ast.comments.LineComment;
import io.wanlint.fixtures.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The attribution by sorted search against JavaParser's own ({@code CommentsInserter}): the same
 * tree parsed twice without comments attributed, one copy attributed by each, compared node by node
 * (comment attached, orphan comments, everything else).
 */
class SortedCommentAttributionTest {
    private static final String AWKWARD = """
            // first
            /** licence */
            package p; // after the package
            import java.util.List; /* after an import */ // and a line comment
            /* between */
            @Deprecated /* inside annotations */ @SuppressWarnings("x") // same line as annotations
            public class A extends B /* in the header */ implements C { // after the brace
                // orphan before a blank line

                int a; // a
                int b, /* between declarators */ c; // b and c
                /** doc */ @Override public String toString() { return "" /* in an expression */ + a; } // end
                void m(int x /* parameter */, // after a comma
                       int y) {
                    if (x > 0) { // then
                        y++; // y
                    } else /* else */ { }
                    // last in the block
                }
                // TODO
                // TODO
                int d; // TODO
                int e; // TODO
                /// markdown
                enum E { A /* a */, B // b
                }
                // trailing orphan
            }
            // after everything
            """;

    @Test
    void attributesAsJavaParserDoesOnAwkwardPlacements() {
        assertSameAttribution(AWKWARD);
        assertSameAttribution(AWKWARD.replace("\n", "\r\n"));
    }

    @Test
    void attributesAsJavaParserDoesOnEveryFixtureFileWithCommentsAdded() throws IOException {
        Random random = new Random(15);
        int compared = 0;
        for (String text : fixtureTexts()) {
            if (assertSameAttribution(text)) compared++;
            if (assertSameAttribution(withCommentsAdded(text, random))) compared++;
        }
        assertThat(compared).isGreaterThan(100);
    }

    /** Line comments at random line ends and block and javadoc comments on random lines of their own. */
    private static String withCommentsAdded(String text, Random random) {
        String[] lines = text.split("\n", -1);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < lines.length; i++) {
            switch (random.nextInt(8)) {
                case 0 -> out.append("/* b").append(i).append(" */\n");
                case 1 -> out.append("/** d").append(i).append(" */\n");
                case 2 -> out.append("\n");
                default -> { }
            }
            out.append(lines[i]);
            if (random.nextInt(4) == 0) out.append(random.nextBoolean() ? " // same" : " // l" + i);
            if (i < lines.length - 1) out.append('\n');
        }
        return out.toString();
    }

    /** Attributes both ways and compares; false when JavaParser does not parse the text cleanly (nothing compared). */
    private static boolean assertSameAttribution(String text) {
        ParseResult<CompilationUnit> first = parseUnattributed(text);
        ParseResult<CompilationUnit> second = parseUnattributed(text);
        if (!first.isSuccessful() || first.getCommentsCollection().isEmpty()) return false;
        CompilationUnit expected = first.getResult().orElseThrow();
        CompilationUnit actual = second.getResult().orElseThrow();
        TreeSet<Comment> expectedComments = first.getCommentsCollection().get().copy().getComments();
        TreeSet<Comment> actualComments = second.getCommentsCollection().get().copy().getComments();

        CommentAttribution.attribute(expected, expectedComments, new ParserConfiguration());
        SortedCommentAttribution.attribute(actual, actualComments);

        assertThat(TreeDifference.first(expected, actual)).as(text).isEmpty();
        assertThat(actual.getAllContainedComments()).hasSameSizeAs(expected.getAllContainedComments());
        return true;
    }

    @Test
    void overlappingCommentsAreLeftToJavaParsersAttribution() {
        String text = "class A {\n  int a; // x\n}\n";
        ParseResult<CompilationUnit> parsed = parseUnattributed(text);
        CompilationUnit unit = parsed.getResult().orElseThrow();
        TreeSet<Comment> comments = parsed.getCommentsCollection().get().copy().getComments();
        LineComment overlapping = new LineComment("overlapping");
        overlapping.setRange(comments.first().getRange().orElseThrow().withBegin(comments.first().getBegin().orElseThrow().right(1)));
        comments.add(overlapping);

        SortedCommentAttribution.attribute(unit, comments);

        assertThat(unit.getAllContainedComments()).isNotEmpty();
    }

    private static ParseResult<CompilationUnit> parseUnattributed(String text) {
        return new JavaParser(new ParserConfiguration().setAttributeComments(false)).parse(text);
    }

    private static List<String> fixtureTexts() throws IOException {
        List<String> texts = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(Fixtures.root())) {
            for (Path p : walk.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                texts.add(TextDecoding.decode(Files.readAllBytes(p)).text());
            }
        }
        return texts;
    }
}
