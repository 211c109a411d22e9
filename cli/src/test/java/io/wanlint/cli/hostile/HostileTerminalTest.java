package io.wanlint.cli.hostile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xml.sax.InputSource;

import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.List;

import static io.wanlint.cli.hostile.HostileApps.goodServlet;
import static io.wanlint.cli.hostile.HostileApps.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

/**
 * Names and strings of the analysed application that hold control characters: a class named with
 * an ESC (a legal identifier character), a file whose name erases the line and prints a fake
 * {@code ok}. What wanlint prints for people (text report, {@code predict}, {@code fix}, diagnostics)
 * shows them as visible escapes; the SVG stays well-formed XML.
 */
class HostileTerminalTest {
    private static final char ESC = 0x1b;
    private static final String EVIL_CLASS = "Evil" + ESC + "c"; // ESC c resets the terminal
    private static final String FAKE_OK = "Bad" + ESC + "[2K\rok";   // erase the line, go back, print "ok"

    @TempDir Path app;
    @TempDir Path patches;

    /** A servlet with unprepared SQL (WAN009), so the report names the class, its file and its method. */
    private static String sqlServlet(String name) {
        return """
                package shop;

                import java.sql.Statement;

                public class %s extends javax.servlet.http.HttpServlet {
                    private javax.sql.DataSource ds;

                    protected void doGet(javax.servlet.http.HttpServletRequest req, javax.servlet.http.HttpServletResponse resp) throws Exception {
                        Statement st = ds.getConnection().createStatement();
                        st.executeQuery("select * from item where name = '" + req.getParameter("n") + "'");
                    }
                }
                """.formatted(name);
    }

    private HostileRun.Outcome wanlint(String... args) {
        return HostileRun.wanlint(List.of(app), args);
    }

    private static void assertNoRawControls(HostileRun.Outcome run) {
        for (String stream : List.of(run.out(), run.err())) {
            assertThat(stream.chars()).as("characters printed").doesNotContain((int) ESC, (int) '\r', 0x9b);
        }
    }

    private void hostileApp() {
        goodServlet(app);
        write(app.resolve("src/shop/" + EVIL_CLASS + ".java"), sqlServlet(EVIL_CLASS));
        write(app.resolve("src/shop/" + FAKE_OK + ".java"), "package shop;\nclass Broken { void m() { int x = ; } }\n");
    }

    @Test
    void textReportAndDiagnosticsShowControlCharactersAsEscapes() {
        hostileApp();

        HostileRun.Outcome run = wanlint("check", app.toString(), "--no-color");

        assertThat(run.exit()).isEqualTo(1);
        assertNoRawControls(run);
        assertThat(run.out()).contains("WAN009", "shop.Evil\\x1bc#doGet", "src/shop/Evil\\x1bc.java:10");
        assertThat(run.err()).contains("error: src/shop/Bad\\x1b[2K\\x0dok.java:2: syntax error");
    }

    @Test
    void jsonReportEscapesControlCharactersItself() {
        hostileApp();

        HostileRun.Outcome run = wanlint("check", app.toString(), "--format", "json");

        assertNoRawControls(run);
        assertThat(run.componentClasses()).contains("shop." + EVIL_CLASS);
    }

    @Test
    void predictAndFixConsoleOutputShowControlCharactersAsEscapes() {
        hostileApp();

        HostileRun.Outcome predict = wanlint("predict", app.toString());
        HostileRun.Outcome fix = wanlint("fix", app.toString(), "--out", patches.toString());

        assertThat(predict.exit()).isZero();
        assertNoRawControls(predict);
        assertThat(predict.out()).contains("shop.Evil\\x1bc");
        assertThat(fix.exit()).isZero();
        assertNoRawControls(fix);
        assertThat(fix.out()).contains("WAN009 shop.Evil\\x1bc (src/shop/Evil\\x1bc.java)");
    }

    @Test
    void graphsWithControlCharactersInLabelsStayWellFormed() {
        hostileApp();

        HostileRun.Outcome svg = wanlint("graph", app.toString(), "--format", "svg");
        HostileRun.Outcome dot = wanlint("graph", app.toString(), "--format", "dot");

        assertThat(svg.exit()).isZero();
        assertThatCode(() -> offlineParser().parse(new InputSource(new StringReader(svg.out()))))
                .as("the SVG parses as XML").doesNotThrowAnyException();
        assertThat(dot.exit()).isZero();
        assertNoRawControls(dot);
        assertThat(dot.out()).contains("Evil\\\\x1bc");
    }

    /** Graphviz's SVG names the W3C DTD by URL; CI has no network, so the parser must not fetch it. */
    private static DocumentBuilder offlineParser() throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        DocumentBuilder builder = factory.newDocumentBuilder();
        builder.setEntityResolver((publicId, systemId) -> new InputSource(new StringReader("")));
        return builder;
    }
}
