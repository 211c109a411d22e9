package io.wanlint.cli.hostile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

import static io.wanlint.cli.hostile.HostileApps.goodServlet;
import static io.wanlint.cli.hostile.HostileApps.servletSource;
import static io.wanlint.cli.hostile.HostileApps.write;
import static io.wanlint.cli.hostile.HostileRun.checkJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/** Broken and pathological Java sources, end to end through {@code wanlint check}. */
class HostileJavaTest {
    @TempDir Path app;

    @Test
    void syntaxErrorInOneFileIsReportedWithItsLineAndTheOtherFilesAreAnalysed() {
        goodServlet(app);
        write(app.resolve("src/shop/Broken.java"), """
                package shop;

                public class Broken extends javax.servlet.http.HttpServlet {
                    void m() { int x = ; }
                }
                """);

        HostileRun.Outcome run = checkJson(app);

        assertThat(run.exit()).isZero();
        assertThat(run.err()).contains("error: src/shop/Broken.java:4: syntax error: Parse error. Found \";\"");
        assertThat(run.componentClasses()).contains("shop.Good");
    }

    /**
     * 30,000 methods calling each other in one class: method lookup by name used to scan the whole
     * class per call site, which took over ten minutes on this file.
     */
    @Test
    void fiveMegabyteGeneratedFileIsAnalysedInReasonableTime() {
        StringBuilder source = new StringBuilder("package gen;\npublic class Huge extends javax.servlet.http.HttpServlet {\n");
        String padding = "generated constant ".repeat(5);
        int i = 0;
        while (source.length() < 5_000_000) {
            source.append("    int m").append(i).append("(int a) { return m").append(Math.max(0, i - 1))
                    .append("(a - 1) + \"").append(padding).append(i).append("\".length(); }\n");
            i++;
        }
        write(app.resolve("src/gen/Huge.java"), source.append("}\n").toString());
        goodServlet(app);

        HostileRun.Outcome run = assertTimeoutPreemptively(Duration.ofSeconds(50), () -> checkJson(app));

        assertThat(run.exit()).isZero();
        assertThat(run.componentClasses()).contains("gen.Huge", "shop.Good");
    }

    @Test
    void deeplyNestedExpressionsNeverEscapeAsAStackOverflow() {
        String sum = "(1 + ".repeat(20_000) + "1" + ")".repeat(20_000);
        String calls = "f(".repeat(5_000) + "0" + ")".repeat(5_000);
        write(app.resolve("src/gen/Deep.java"), """
                package gen;
                public class Deep extends javax.servlet.http.HttpServlet {
                    int f(int x) { return x; }
                    int sum() { return %s; }
                    int calls() { return %s; }
                }
                """.formatted(sum, calls));
        goodServlet(app);

        HostileRun.Outcome run = assertTimeoutPreemptively(Duration.ofSeconds(45), () -> checkJson(app));

        assertThat(run.exit()).isZero();
        assertThat(run.componentClasses()).contains("shop.Good");
        assertThat(run.componentClasses().contains("gen.Deep") || run.err().contains("src/gen/Deep.java"))
                .as("Deep is analysed or named in a diagnostic").isTrue();
    }

    /** Legacy sources are often Latin-1: bytes that are not UTF-8 are read as ISO-8859-1, not rejected. */
    @Test
    void invalidUtf8IsReadAsLatin1AndTheFileIsStillAnalysed() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes("// caf".getBytes(StandardCharsets.US_ASCII));
        bytes.writeBytes(new byte[] {(byte) 0xE9, (byte) 0xC3, (byte) 0x28, (byte) 0xFF, '\n'});
        bytes.writeBytes(servletSource("shop", "Latin").getBytes(StandardCharsets.US_ASCII));
        write(app.resolve("src/shop/Latin.java"), bytes.toByteArray());

        HostileRun.Outcome run = checkJson(app);

        assertThat(run.exit()).isZero();
        assertThat(run.diagnostics()).noneMatch(d -> d.startsWith("error"));
        assertThat(run.componentClasses()).contains("shop.Latin");
    }

    @Test
    void byteOrderMarkIsIgnored() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF});
        bytes.writeBytes(servletSource("shop", "Bom").getBytes(StandardCharsets.UTF_8));
        write(app.resolve("src/shop/Bom.java"), bytes.toByteArray());

        HostileRun.Outcome run = checkJson(app);

        assertThat(run.exit()).isZero();
        assertThat(run.err()).doesNotContain("Bom.java");
        assertThat(run.componentClasses()).contains("shop.Bom");
    }

    @Test
    void carriageReturnOnlyLineEndingsKeepDiagnosticLinesRight() {
        write(app.resolve("src/shop/Mac.java"), servletSource("shop", "Mac").replace("\n", "\r"));
        write(app.resolve("src/shop/OldMac.java"), "package shop;\r\rclass OldMac {\r    void m() { int x = ; }\r}\r");

        HostileRun.Outcome run = checkJson(app);

        assertThat(run.exit()).isZero();
        assertThat(run.err()).contains("error: src/shop/OldMac.java:4: syntax error");
        assertThat(run.componentClasses()).contains("shop.Mac");
    }

    @Test
    void unresolvableImportsAreAnalysedAsFarAsTheyGo() {
        write(app.resolve("src/shop/Orphan.java"), """
                package shop;

                import com.vanished.vendor.Gateway;
                import com.vanished.vendor.*;
                import static com.vanished.vendor.Util.helper;

                public class Orphan extends javax.servlet.http.HttpServlet {
                    private final Gateway gateway = Gateway.connect(helper());
                    protected void doGet(javax.servlet.http.HttpServletRequest q, javax.servlet.http.HttpServletResponse r) {
                        gateway.send(new Missing().payload());
                    }
                }
                """);
        goodServlet(app);

        HostileRun.Outcome run = checkJson(app);

        assertThat(run.exit()).isZero();
        assertThat(run.componentClasses()).contains("shop.Orphan", "shop.Good");
    }

    /** A servlet whose line 13 is {@code // note <trick> st.executeQuery(…concatenated request value…)}. */
    private static String escapedSql(String name, String trick) {
        return """
                package shop;

                import java.sql.Statement;
                import javax.servlet.http.HttpServlet;
                import javax.servlet.http.HttpServletRequest;
                import javax.servlet.http.HttpServletResponse;

                public class %s extends HttpServlet {
                    private javax.sql.DataSource ds;

                    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws Exception {
                        Statement st = ds.getConnection().createStatement();
                        // note %s st.executeQuery("select * from item where name = '" + req.getParameter("n") + "'");
                        st.executeUpdate("delete from cart where id = " + req.getParameter("id"));
                    }
                }
                """.formatted(name, trick);
    }

    private static java.util.List<String> findings(HostileRun.Outcome run, String rule) {
        java.util.List<String> found = new java.util.ArrayList<>();
        run.json().path("findings").forEach(f -> {
            if (f.path("ruleId").asText().equals(rule)) {
                found.add(f.path("location").path("file").asText() + ":" + f.path("location").path("line").asInt()
                        + " " + f.path("message").asText());
            }
        });
        return found;
    }

    /**
     * {@code \\u000a} ends a line comment for javac (JLS 3.3: escapes are decoded before lexing), so
     * the call after it is real code; an escaped backslash ({@code \\\\u000a}) is not an escape.
     * Lines and columns stay those of the file as written: the escape does not shift later lines.
     */
    @Test
    void unicodeEscapedLineBreakInACommentDoesNotHideCodeFromTheRules() {
        write(app.resolve("src/shop/Search.java"), escapedSql("Search", "\\u000a"));
        write(app.resolve("src/shop/Many.java"), escapedSql("Many", "\\uuuu000A"));
        write(app.resolve("src/shop/Even.java"), escapedSql("Even", "\\\\u000a"));
        write(app.resolve("web/find.jsp"), """
                <%@ page import="java.sql.*" %>
                <html><body>
                <% Statement st = ((javax.sql.DataSource) new javax.naming.InitialContext().lookup("jdbc/x")).getConnection().createStatement();
                   // find \\u000a st.executeQuery("select * from item where name = '" + request.getParameter("n") + "'");
                %>
                </body></html>
                """);

        HostileRun.Outcome run = checkJson(app);

        assertThat(run.exit()).isEqualTo(1);
        assertThat(findings(run, "WAN009")).anySatisfy(f -> assertThat(f).startsWith("src/shop/Search.java:13 ")
                        .contains("Statement.executeQuery() on line 13", "Statement.executeUpdate() on line 14"))
                .anySatisfy(f -> assertThat(f).startsWith("src/shop/Many.java:13 ").contains("executeQuery() on line 13"))
                .anySatisfy(f -> assertThat(f).startsWith("web/find.jsp:4 "))
                .anySatisfy(f -> assertThat(f).startsWith("src/shop/Even.java:14 ").doesNotContain("executeQuery"));
    }

    /** The patch edits the text as written, where the call is a comment: it is declined, not made wrong. */
    @Test
    void fixDeclinesAPatchForAFileWhoseEscapesHideCode(@TempDir Path patches) {
        write(app.resolve("src/shop/Search.java"), escapedSql("Search", "\\u000a"));
        write(app.resolve("src/shop/Even.java"), escapedSql("Even", "\\\\u000a"));

        HostileRun.Outcome run = HostileRun.wanlint(java.util.List.of(app), "fix", app.toString(), "--out", patches.toString());

        assertThat(run.exit()).isZero();
        assertThat(run.out()).contains("no patch  WAN009 shop.Search (src/shop/Search.java): src/shop/Search.java has a unicode escape"
                + " that javac reads as structure (\\u000a on line 13)");
        assertThat(run.out()).contains("patch     WAN009 shop.Even (src/shop/Even.java)");
    }

    /**
     * Over a million trivial statements in one method (12 MB of Java, 10 MB of JSP scriptlet; two million took
     * over 4 GB of heap to parse): such files are skipped with a warning, fast, in a 2 GB JVM, while a
     * method of 200,000 statements (below the limit) is still analysed there.
     */
    @Test
    void filesAboveTheSizeLimitAreSkippedFastAndTheRestFitsInTwoGigabytes() {
        write(app.resolve("src/gen/Big.java"), statements("package gen;\npublic class Big {\n  int m(int x) {\n", 1_300_000,
                "    return x;\n  }\n}\n"));
        write(app.resolve("web/huge.jsp"), statements("<html><body>\n<% int x = 0;\n", 1_100_000, "%>\n</body></html>\n"));
        write(app.resolve("src/gen/Large.java"), statements(
                "package gen;\npublic class Large extends javax.servlet.http.HttpServlet {\n  int m(int x) {\n", 200_000,
                "    return x;\n  }\n}\n"));
        goodServlet(app);

        HostileRun.Outcome run = assertTimeoutPreemptively(Duration.ofSeconds(150), () -> HostileRun.wanlintInOwnJvm(
                java.util.List.of(app), java.util.List.of("-Xmx2g", "-XX:+UseSerialGC"), "check", app.toString(), "--format", "json"));

        assertThat(run.exit()).isZero();
        assertThat(run.err()).contains("warning: src/gen/Big.java: not analysed: more than 2,500,000 tokens",
                "warning: web/huge.jsp: not analysed: more than 2,500,000 tokens");
        assertThat(run.componentClasses()).contains("shop.Good", "gen.Large").doesNotContain("gen.Big");
    }

    private static String statements(String head, int count, String tail) {
        StringBuilder s = new StringBuilder(head.length() + count * 9 + tail.length()).append(head);
        for (int i = 0; i < count; i++) s.append("    x++;\n");
        return s.append(tail).toString();
    }
}
