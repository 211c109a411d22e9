package io.wanlint.rules.testing;

import static io.wanlint.analyzer.api.CallOp.JDBC_EXECUTE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.rules.api.Rules;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The harness itself, driven by a stand-in analyzer (a hand-built graph of the source below) until
 * the real pipeline is wired; then {@link RuleTestHarness#withPipeline()} replaces it.
 */
class RuleTestHarnessTest {
    private static final String SERVLET = """
            package shop.web;

            public class ListServlet extends javax.servlet.http.HttpServlet {
                protected void doGet(javax.servlet.http.HttpServletRequest q, javax.servlet.http.HttpServletResponse r)
                        throws Exception {
                    ds.getConnection().createStatement().executeQuery("select 1"); // expect: WAN003
                }
            }
            """;

    /** Stands in for the analyzer: the graph the source front end should build for {@link #SERVLET}. */
    private static final Function<Path, AnalysisResult> STAND_IN = dir -> {
        TestApp app = new TestApp("");
        var servlet = app.servlet("List", "shop.web.ListServlet");
        MethodRef doGet = app.method(servlet, "doGet", 4);
        app.entry(EntryPoint.Kind.SERVLET, "/list", doGet);
        app.jdbc(doGet, JDBC_EXECUTE, 6);
        return app.build();
    };

    @Test
    void markersMatchingTheFindingsPass() {
        var harness = new RuleTestHarness(STAND_IN, FakeOracle::edge, Rules.builtIn());
        assertThat(harness.expectFindings(SERVLET)).singleElement()
                .satisfies(f -> assertThat(f.ruleId()).isEqualTo("WAN003"));
    }

    @Test
    void aMissingMarkerOrAWrongLineFailsWithBothSides() {
        var harness = new RuleTestHarness(STAND_IN, FakeOracle::edge, Rules.builtIn());
        String shifted = SERVLET.replace(" // expect: WAN003", "").replace("throws Exception {", "throws Exception { // expect: WAN001");

        assertThatThrownBy(() -> harness.expectFindings(shifted))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("missing:    shop/web/ListServlet.java:5: WAN001")
                .hasMessageContaining("unexpected: shop/web/ListServlet.java:6: WAN003");
    }

    @Test
    void markersAndPathsAreReadFromTheSource() {
        assertThat(RuleTestHarness.pathOf(SERVLET)).isEqualTo("shop/web/ListServlet.java");
        assertThat(RuleTestHarness.markers("A.java", "class A {\n  x(); // expect: WAN001, WAN004\n}"))
                .containsExactly("A.java:2: WAN001", "A.java:2: WAN004");
        assertThat(RuleTestHarness.pathOf("class Plain {}")).isEqualTo("Plain.java");
    }
}
