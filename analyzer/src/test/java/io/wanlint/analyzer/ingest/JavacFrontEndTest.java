package io.wanlint.analyzer.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.Position;
import com.github.javaparser.Range;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.comments.MarkdownComment;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.SimpleName;
import com.github.javaparser.utils.LineSeparator;
import io.wanlint.fixtures.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The javac front end against its oracle: JavaParser's own tree of the same file, as
 * {@link JavaSources#parse} returns it (class, properties, ranges, comments of every node).
 */
class JavacFrontEndTest {
    /** Plain Java 5-8 code with most of what the conversion builds, comments in awkward places. */
    private static final String BROAD = """
            /* licence */
            @Deprecated
            package app.orders;

            import java.util.*;
            import static java.lang.Math.max;
            import java.io.IOException;

            /**
             * Orders.
             */
            @SuppressWarnings({"unchecked", "rawtypes"})
            public abstract class Orders<T extends Comparable<T>, U> extends Base implements java.io.Serializable, Cloneable {
                private static final long serialVersionUID = -1L; // trailing
                protected int a, b = 2, c;
                transient java.util.Map<String, List<? extends Number>> byName = new HashMap<>();
                int[] counts = new int[] {1, 2, -3}, more[], most[][] = {};
                String[][] grid = new String[3][];
                static { System.out.println("loaded"); }
                { a = 1; }
                @Override public String toString() { return super.toString() + this.a; }
                public Orders() { this(1); }
                Orders(int a) { super(); this.a = a; }
                abstract <X> X convert(final T value, String names[], U... rest) throws IOException, IllegalStateException;
                @SafeVarargs static synchronized strictfp int sum(int... values) {
                    int total = 0;
                    for (int i = 0, j = values.length; i < j; i++, j--) total += values[i];
                    for (final int v : values) { total -= v; }
                    label:
                    while (total > 0) { if (total % 2 == 0) break label; else continue label; }
                    do { total--; } while (total > 100);
                    switch (total) {
                        case 1:
                        case 2: total++; break;
                        default:
                            // nothing
                    }
                    synchronized (Orders.class) { total = total << 2 >>> 1 >> 1; }
                    try {
                        total = (int) (long) total;
                    } catch (IllegalArgumentException | NullPointerException e) {
                        throw new RuntimeException(e);
                    } catch (final java.lang.Exception e) {
                        assert total > 0 : "positive";
                    } finally {
                        total = total > 0 ? total : -total;
                    }
                    try (java.io.StringReader r = new java.io.StringReader("x")) { r.read(); } catch (IOException e) { }
                    Object o = new Object() { @Override public int hashCode() { return 1; } };
                    boolean ok = o instanceof String && !(o == null) || ~total == 0x1F;
                    char ch = '\\n'; long l = 10L; double d = 1.5e3; float f = 2f; String s = "a\\"b" + 'c' + null;
                    java.util.List<String> names = java.util.Collections.<String>emptyList();
                    int[][] m = {{1}, {2, 3}}; Object o[] = (Object[]) null, p;
                    m[0][0] += ++total - total--;
                    Outer.Inner inner = new Outer().new Inner();
                    java.util.function.Function<String, Integer> length = String::length;
                    Runnable later = () -> System.out.println(total);
                    java.util.function.BinaryOperator<Integer> add = (x, y) -> x + y;
                    java.util.function.UnaryOperator<Integer> next = x -> { return x + 1; };
                    java.util.function.Function<Integer, Integer> typed = (final Integer x) -> x, same = (x) -> (x);
                    java.util.function.Supplier<List<String>> make = ArrayList<String>::new;
                    java.util.function.IntFunction<int[]> ints = int[]::new;
                    java.util.function.Supplier<String> text = this::toString, first = names.get(0)::trim;
                    return total;
                }
                enum Kind implements Runnable {
                    A, B(2), C { public void run() { } };
                    private final int n;
                    Kind() { this(0); }
                    Kind(int n) { this.n = n; }
                    public void run() { }
                }
                @interface Tag { String value() default ""; int[] ids() default {1, 2}; Class<?> type() default Object.class; }
                interface Listener extends java.util.EventListener { void fired(); }
            }
            // the end
            """;

    @Test
    void convertsPlainJavaToTheTreeJavaParserMakes() {
        TextFile file = file(BROAD);
        List<JavacFrontEnd.Outcome> outcomes = JavacFrontEnd.convert(List.of(BROAD));

        assertThat(outcomes.get(0)).isInstanceOf(JavacFrontEnd.Outcome.Converted.class);
        JavacFrontEnd.Outcome.Converted converted = (JavacFrontEnd.Outcome.Converted) outcomes.get(0);
        ParsedJava expected = new JavaSources().parse(file);
        ParsedJava actual = new JavaSources().converted(file, converted);
        assertThat(expected.clean()).isTrue();
        assertThat(TreeDifference.first(expected.unit().unit(), actual.unit().unit())).isEmpty();
    }

    @Test
    void convertsFilesWithUnicodeEscapesAsJavaParserMapsTheirPositions() {
        String escaped = String.join("\n",
                "/** Gr\\u00f6\\u00dfe \\u0041 */",
                "class A { char c = '\\u0041'; /* attached \\u00e4 */ int caf\\u00e9 = 1; String s = \"\\u0042\\\\u0043\"; // orphan \\u00fc",
                "  /** doc \\u0043 */ void m() { int y = 1; /* in a block \\u000a */ s = s + \"\\uuu0044\"; }",
                "}");
        List<String> texts = new ArrayList<>(List.of(escaped));
        // \r\n line ends, one of them split between two of the decoder's reads for one of the paddings.
        for (int pad = 0; pad < 11; pad++) texts.add(escaped.replace("\n", "\r\n") + " ".repeat(pad) + "\r\n" + "// filler\r\n".repeat(400));
        assertThat(texts).anyMatch(t -> t.length() > 2048 && t.charAt(2047) == '\r' && t.charAt(2048) == '\n');
        for (String text : texts) {
            TextFile file = file(text);
            List<JavacFrontEnd.Outcome> outcomes = JavacFrontEnd.convert(List.of(text));

            assertThat(outcomes.get(0)).isInstanceOf(JavacFrontEnd.Outcome.Converted.class);
            ParsedJava expected = new JavaSources().parse(file);
            ParsedJava actual = new JavaSources().converted(file, (JavacFrontEnd.Outcome.Converted) outcomes.get(0));
            assertThat(expected.clean()).isTrue();
            assertThat(TreeDifference.first(expected.unit().unit(), actual.unit().unit())).isEmpty();
        }
    }

    @Test
    void convertedTreesEqualJavaParsersOnEveryFixtureFile() throws IOException {
        List<TextFile> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(Fixtures.root())) {
            for (Path p : walk.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                TextDecoding.DecodedText decoded = TextDecoding.decode(Files.readAllBytes(p));
                files.add(new TextFile(p.toString(), p, decoded.text(), decoded.encoding()));
            }
        }

        FrontEndComparison.Result result = FrontEndComparison.compare(files);

        assertThat(result.files()).isGreaterThan(100);
        assertThat(result.differences()).isEmpty();
        // Most fixture files are plain old Java: the comparison must have had trees to compare.
        assertThat(result.converted()).isGreaterThan(result.files() / 2);
    }

    @Test
    void batchesGiveWhatParsingEachFileGivesConvertedOrNot() {
        List<TextFile> files = List.of(file(BROAD), file("class A { Runnable r = () -> { }; }"),
                file("class B { String s = \"\\u0041\"; }"), file("class C { void m( }"), file("class D { int x; }"));
        JavaSources sources = new JavaSources();

        List<ParsedJava> batch = sources.parseBatch(files);

        for (int i = 0; i < files.size(); i++) {
            ParsedJava alone = new JavaSources().parse(files.get(i));
            assertThat(batch.get(i).diagnostics()).isEqualTo(alone.diagnostics());
            assertThat(TreeDifference.first(alone.unit().unit(), batch.get(i).unit().unit())).as(files.get(i).text()).isEmpty();
        }
    }

    @Test
    void parsingAllFilesOnParserThreadsWithJavacGivesEveryFileInOrder() {
        List<TextFile> files = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            files.add(file(i % 3 == 0 ? "class C" + i + " { String s = \"\\u0041\"; }" : "/** C. */ class C" + i + " { int f" + i + "; }"));
        }

        List<ParsedJava> withJavac = new JavaSources().parseAll(files, true);
        List<ParsedJava> without = new JavaSources().parseAll(files, false);

        assertThat(withJavac).hasSameSizeAs(files);
        for (int i = 0; i < files.size(); i++) {
            assertThat(withJavac.get(i).unit().source()).isSameAs(files.get(i));
            assertThat(TreeDifference.first(without.get(i).unit().unit(), withJavac.get(i).unit().unit())).isEmpty();
        }
    }

    @Test
    void fallsBackWhereTheTreeWouldNotBeExact() {
        List<String> texts = List.of(
                "record A(int x) { }",
                "class B { String s = \"\"\"\n  text\"\"\"; }",
                "class C { void m( }",
                "class D { int m()[] { return null; } }",
                "class E { void m() { var x = 1; } }");

        List<JavacFrontEnd.Outcome> outcomes = JavacFrontEnd.convert(texts);

        assertThat(outcomes).allMatch(o -> o instanceof JavacFrontEnd.Outcome.Fallback);
        assertThat(((JavacFrontEnd.Outcome.Fallback) outcomes.get(0)).reason()).contains("RECORD");
        assertThat(((JavacFrontEnd.Outcome.Fallback) outcomes.get(1)).reason()).contains("text block");
        assertThat(((JavacFrontEnd.Outcome.Fallback) outcomes.get(2)).reason()).startsWith("javac error");
        assertThat(((JavacFrontEnd.Outcome.Fallback) outcomes.get(3)).reason()).contains("brackets after parameters");
        assertThat(((JavacFrontEnd.Outcome.Fallback) outcomes.get(4)).reason()).contains("var");
    }

    @Test
    void lineSeparatorIsJavaParsersWhateverTheLengthOfTheFile() {
        String shortCrLf = "class A {\r\n}\r\n";
        String longCrLf = "class A {\r\n" + "  int x;\r\n".repeat(500) + "}\r\n";

        assertThat(JavacFrontEnd.lineSeparator(shortCrLf)).contains(LineSeparator.CRLF);
        assertThat(JavacFrontEnd.lineSeparator("class A {\n}\n")).contains(LineSeparator.LF);
        assertThat(JavacFrontEnd.lineSeparator("class A {\r\n}\n" + longCrLf)).contains(LineSeparator.MIXED);
        assertThat(JavacFrontEnd.lineSeparator(longCrLf)).contains(javaParsersSeparator(longCrLf));
    }

    @Test
    void longCrLfFilesGetTheSeparatorJavaParsersReadsGiveThem() {
        Random random = new Random(22);
        List<LineSeparator> seen = new ArrayList<>();
        for (int f = 0; f < 150; f++) {
            StringBuilder text = new StringBuilder("package p;\r\n/** A. */\r\nclass A" + f + " {\r\n");
            int target = 4_000 + random.nextInt(30_000);
            for (int i = 0; text.length() < target; i++) {
                switch (random.nextInt(5)) {
                    case 0 -> text.append("  // ").append("c".repeat(random.nextInt(300))).append("\r\n");
                    case 1 -> text.append("  /* ").append("b\r\n".repeat(random.nextInt(40))).append(" */\r\n");
                    case 2 -> text.append("  String s").append(i).append(" = \"").append("v".repeat(random.nextInt(200))).append("\";\r\n");
                    case 3 -> text.append(" ".repeat(random.nextInt(120))).append("int f").append(i).append(" = ").append(random.nextInt()).append(";\r\n");
                    default -> text.append("\r\n".repeat(1 + random.nextInt(3)));
                }
            }
            text.append("}\r\n");
            String file = text.toString();
            LineSeparator expected = javaParsersSeparator(file);
            seen.add(expected);

            assertThat(JavacFrontEnd.lineSeparator(file)).as("file %d", f).contains(expected);
            if (f % 10 == 0) assertConvertedAsJavaParserParses(file);
        }
        // Both outcomes of a read boundary: between the two characters of a line end or not.
        assertThat(seen).contains(LineSeparator.CRLF, LineSeparator.MIXED);
    }

    /** Markdown comments in the places JavaParser's lexer makes them of {@code ///} lines, and where it does not. */
    private static final String MARKDOWN = """
            /// The file's first comment, two lines
            ///   of markdown.
            package app;

            ////////////////////////////////////////
            /// A separator line joins the next one.
            ////////////////////////////////////////

            /// Orders: a markdown doc comment.
            ///
            /// - with a list
            public class Orders { /// beside code on the class's line
                int a; /// after a field
                       /// and continued on the next line
                int b;
                /// ended by a blank line

                /// ended by a line comment
                // plain
                /// ended by a block comment
                /* block */ /// after a block comment
                /** javadoc */
                /// before a method
                void m() {
                    /// in a body
                    int x = 1; //// four slashes
                    String s = "/// not a comment"; /// but this is
                }
                ///
            }
            /// after the last token: JavaParser drops it
            """;

    @Test
    void convertsMarkdownCommentsAsJavaParsersLexerJoinsThem() {
        assertConvertedAsJavaParserParses(MARKDOWN);
        assertConvertedAsJavaParserParses(MARKDOWN.replace("\n", "\r\n"));
        assertConvertedAsJavaParserParses(MARKDOWN.replace("\n", "\r"));
        assertConvertedAsJavaParserParses(MARKDOWN.replace("\n", "\r\n").replace("}\r\n/// after", "}\r\n" + "// filler\r\n".repeat(300) + "/// after"));
        assertConvertedAsJavaParserParses("class A { }\n/// last\n/// lines\n// then a plain one\n");
        assertConvertedAsJavaParserParses("class A { }\n///");
        assertConvertedAsJavaParserParses("/// only before\n\n\n\tclass A { /// a\n\t\t/// b\n\n\t/// c\n\t}");

        CompilationUnit unit = converted(MARKDOWN).unit().unit();
        assertThat(unit.getAllContainedComments()).anyMatch(c -> c instanceof MarkdownComment);
    }

    @Test
    void markdownLinesBesideWhiteSpaceOnlyJavaParserSkipsFallBack() {
        String text = "class A {\n  /// a\n\u00a0 /// b\n  int x;\n}\n";

        assertThat(JavacFrontEnd.convert(List.of(text)).get(0)).isInstanceOf(JavacFrontEnd.Outcome.Fallback.class);
    }

    private static void assertConvertedAsJavaParserParses(String text) {
        ParsedJava expected = new JavaSources().parse(file(text));
        ParsedJava actual = converted(text);
        assertThat(expected.clean()).isTrue();
        assertThat(TreeDifference.first(expected.unit().unit(), actual.unit().unit())).as(text).isEmpty();
    }

    private static ParsedJava converted(String text) {
        JavacFrontEnd.Outcome outcome = JavacFrontEnd.convert(List.of(text)).get(0);
        assertThat(outcome).as(text).isInstanceOf(JavacFrontEnd.Outcome.Converted.class);
        return new JavaSources().converted(file(text), (JavacFrontEnd.Outcome.Converted) outcome);
    }

    /** The separator JavaParser's own processor records on its parse of {@code text}. */
    private static LineSeparator javaParsersSeparator(String text) {
        CompilationUnit unit = new JavaParser(new ParserConfiguration()).parse(text).getResult().orElseThrow();
        return unit.getData(Node.LINE_SEPARATOR_KEY);
    }

    @Test
    void theOracleSeesAChangedRangePropertyOrComment() {
        TextFile file = file(BROAD);
        CompilationUnit reference = new JavaSources().parse(file).unit().unit();

        CompilationUnit moved = new JavaSources().parse(file).unit().unit();
        SimpleName name = moved.findFirst(MethodDeclaration.class).orElseThrow().getName();
        Range r = name.getRange().orElseThrow();
        name.setRange(new Range(r.begin, new Position(r.end.line, r.end.column + 1)));
        assertThat(TreeDifference.first(reference, moved)).hasValueSatisfying(d -> assertThat(d).contains("range"));

        CompilationUnit renamed = new JavaSources().parse(file).unit().unit();
        renamed.findFirst(MethodDeclaration.class).orElseThrow().getName().setIdentifier("other");
        assertThat(TreeDifference.first(reference, renamed)).hasValueSatisfying(d -> assertThat(d).contains("identifier"));

        CompilationUnit uncommented = new JavaSources().parse(file).unit().unit();
        uncommented.getTypes().get(0).removeComment();
        assertThat(TreeDifference.first(reference, uncommented)).hasValueSatisfying(d -> assertThat(d).contains("comment"));
    }

    private static TextFile file(String text) {
        return new TextFile("A.java", Path.of("/nowhere/A.java"), text, "UTF-8");
    }
}
