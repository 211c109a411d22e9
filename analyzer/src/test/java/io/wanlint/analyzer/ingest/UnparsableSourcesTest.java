package io.wanlint.analyzer.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import io.wanlint.analyzer.api.Diagnostic;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Sources that do not parse as they are kept: build filter tokens, and members with syntax errors. */
class UnparsableSourcesTest {
    private final JavaSources sources = new JavaSources();

    private static TextFile java(String path, String text) {
        return new TextFile(path, Path.of("/nowhere", path), text, "UTF-8");
    }

    private static List<String> methods(ParsedJava p) {
        return p.unit().unit().findAll(MethodDeclaration.class).stream().map(MethodDeclaration::getNameAsString).toList();
    }

    @Test
    void antAndMavenTokensInCodeParseAsPlaceholdersKeepingPositionsWithOneWarning() {
        ParsedJava parsed = sources.parse(java("books/BookDatabase.java", """
                package books;
                import java.sql.*;
                public class BookDatabase {
                    private static final int MAX = @jdbc.connPoolMax@;
                    private static final String URL = ${db.url};
                    Connection open() throws SQLException { return DriverManager.getConnection(URL); }
                    ResultSet book(Connection c, String id) throws SQLException {
                        PreparedStatement s = c.prepareStatement(@sql.getBook@);
                        s.setString(1, id);
                        return s.executeQuery();
                    }
                    String note() { return "@not.a.token@ in a string stays as written"; }
                }
                """));

        assertThat(methods(parsed)).containsExactly("open", "book", "note");
        assertThat(parsed.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.level()).isEqualTo(Diagnostic.Level.WARNING);
            assertThat(d.location().line()).isEqualTo(4);
            assertThat(d.message()).contains("@jdbc.connPoolMax@, ${db.url}, @sql.getBook@").doesNotContain("not.a.token");
        });
        MethodCallExpr execute = parsed.unit().unit().findAll(MethodCallExpr.class).stream()
                .filter(m -> m.getNameAsString().equals("executeQuery")).findFirst().orElseThrow();
        assertThat(execute.getBegin().orElseThrow().line).isEqualTo(10);
        assertThat(execute.getBegin().orElseThrow().column).isEqualTo(16);
        assertThat(parsed.unit().unit().findAll(StringLiteralExpr.class)).extracting(StringLiteralExpr::getValue)
                .containsExactly("@not.a.token@ in a string stays as written");
    }

    @Test
    void aFileThatParsesIsNeverTouchedEvenWithTokensInStringsAndComments() {
        ParsedJava parsed = sources.parse(java("a/Q.java", """
                package a;
                /** Filtered by Ant: @build.version@. */
                class Q { String sql = "select * from t where v = '@app.version@'"; }
                """));
        assertThat(parsed.diagnostics()).isEmpty();
    }

    @Test
    void aSyntaxErrorLosesOnlyItsMemberAndTheDiagnosticSaysWhatWasDropped() {
        ParsedJava parsed = sources.parse(java("books/BookDatabase.java", """
                package books;
                public class BookDatabase {
                    private int count;
                    void first() { helper(); }
                    /** Half-edited. */
                    void broken() {
                        int x = ;
                        if (x > 1 { helper(); }
                    }
                    void helper() { count++; }
                    class Inner { void deep() { first(); } }
                    void last() { first(); }
                }
                """));

        assertThat(methods(parsed)).containsExactly("first", "helper", "deep", "last");
        assertThat(parsed.diagnostics()).allSatisfy(d -> assertThat(d.level()).isEqualTo(Diagnostic.Level.ERROR));
        assertThat(parsed.diagnostics()).anySatisfy(d -> assertThat(d.message())
                .isEqualTo("BookDatabase.java: 4 of 5 methods analysed; dropped for syntax errors: broken (line 6)"));
        // Positions are those of the file as written.
        MethodDeclaration last = parsed.unit().unit().findAll(MethodDeclaration.class).stream()
                .filter(m -> m.getNameAsString().equals("last")).findFirst().orElseThrow();
        assertThat(last.getBegin().orElseThrow().line).isEqualTo(12);
    }

    @Test
    void anErrorOutsideEveryMemberKeepsThePartialTreeAndItsErrors() {
        ParsedJava parsed = sources.parse(java("a/H.java", """
                package a;
                public class H extends {
                    void m() {}
                }
                """));
        assertThat(parsed.diagnostics()).isNotEmpty().allSatisfy(d -> assertThat(d.message()).doesNotContain("methods analysed"));
    }

    @Test
    void aLoneBrokenMethodKeepsTheParsersPartialTreeRatherThanNothing() {
        // Generated JSP code has one service method: dropping it would analyse nothing at all.
        ParsedJava parsed = sources.parse(java("web/page_jsp.java", """
                class page_jsp {
                    public void _jspService(Object request, Object out) {
                        helper(request);
                        int x = ;
                    }
                }
                """));
        assertThat(methods(parsed)).containsExactly("_jspService");
        assertThat(parsed.diagnostics()).noneSatisfy(d -> assertThat(d.message()).contains("methods analysed"));
    }

    @Test
    void enumConstantsAreNeverDroppedAsMembers() {
        ParsedJava parsed = sources.parse(java("a/E.java", """
                package a;
                enum E {
                    A, B;
                    void ok() {}
                    void bad() { return = ; }
                }
                """));
        assertThat(parsed.unit().unit().getEnumByName("E").orElseThrow().getEntries()).hasSize(2);
    }
}
