package io.wanlint.analyzer.cost;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Analyzer;
import io.wanlint.analyzer.api.CrossingCall;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.Topologies;
import io.wanlint.analyzer.api.WanCostModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exclusive branches through the real pipeline (source front end, edge topology): the arms of an
 * {@code if}/{@code else}, a {@code switch}, a {@code ?:} and the catch clauses of a {@code try}
 * cost their costliest arm, not their sum; loops still multiply.
 */
class ExclusiveBranchesTest {
    @TempDir Path app;

    private static final String REMOTE = """
            package shop;
            public interface Catalog {
                String list();
                String find(long id);
                void reindex();
            }
            """;

    private static final String BEAN = """
            package shop;
            import jakarta.ejb.Remote;
            import jakarta.ejb.Stateless;
            @Stateless
            @Remote(Catalog.class)
            public class CatalogBean implements Catalog {
                public String list() { return ""; }
                public String find(long id) { return ""; }
                public void reindex() { }
            }
            """;

    private static String servlet(String body) {
        return """
                package shop;
                import jakarta.ejb.EJB;
                import jakarta.servlet.annotation.WebServlet;
                import jakarta.servlet.http.HttpServlet;
                import jakarta.servlet.http.HttpServletRequest;
                import jakarta.servlet.http.HttpServletResponse;
                @WebServlet("/shop")
                public class ShopServlet extends HttpServlet {
                    @EJB private Catalog catalog;
                    protected void doGet(HttpServletRequest request, HttpServletResponse response) {
                        String cmd = request.getParameter("cmd");
                        java.util.List<Long> ids = java.util.List.of(1L, 2L);
                """ + body + """
                    }
                }
                """;
    }

    private EntryPointCost cost(String body) throws IOException {
        Path src = app.resolve("src/shop");
        Files.createDirectories(src);
        Files.writeString(src.resolve("Catalog.java"), REMOTE);
        Files.writeString(src.resolve("CatalogBean.java"), BEAN);
        Files.writeString(src.resolve("ShopServlet.java"), servlet(body));
        AnalysisResult result = Analyzer.analyze(AnalysisRequest.of(app));
        WanCostModel costs = WanCostModel.of(result.model(), result.callGraph(), Topologies.preset("edge"));
        EntryPoint ep = result.callGraph().entryPoints().stream()
                .filter(e -> e.method().className().equals("shop.ShopServlet")).findFirst().orElseThrow();
        return costs.estimate(ep);
    }

    private static List<String> counted(EntryPointCost cost) {
        return cost.crossings().stream().filter(c -> !c.contribution().isZero() && c.edge() != null)
                .map(c -> c.edge().to().name() + "@" + c.edge().line() + "=" + c.contribution()).toList();
    }

    @Test
    void anIfElseWithARemoteCallInEachArmCostsOneCall() throws IOException {
        EntryPointCost cost = cost("""
                if ("list".equals(cmd)) catalog.list(); else catalog.find(1L);
                """);
        assertThat(cost.roundTrips().formula()).isEqualTo("1");
        assertThat(counted(cost)).containsExactly("list@13=1");
        assertThat(cost.crossings()).filteredOn(c -> c.edge() != null && c.edge().line() == 13 && c.contribution().isZero())
                .singleElement().extracting(CrossingCall::reason).asString()
                .contains("not counted: another arm of the exclusive choice at line 13");
    }

    @Test
    void theCallsOfAHelperOnlyTheCheaperArmCallsAreListedAsNotCounted() throws IOException {
        EntryPointCost cost = cost("""
                if ("list".equals(cmd)) { catalog.list(); catalog.reindex(); } else find();
                }
                private void find() {
                    catalog.find(1L);
                """);
        assertThat(cost.roundTrips().formula()).isEqualTo("2");
        assertThat(cost.crossings()).filteredOn(c -> c.edge() != null && c.edge().to().name().equals("find"))
                .singleElement().satisfies(c -> {
                    assertThat(c.contribution().isZero()).isTrue();
                    assertThat(c.reason()).endsWith("not counted: reached only through alternatives (exclusive branches,"
                            + " dispatch targets) that costlier ones stand for");
                });
    }

    @Test
    void callsInTheSameArmOrAfterTheChoiceStillAddUp() throws IOException {
        EntryPointCost cost = cost("""
                if ("list".equals(cmd)) { catalog.list(); catalog.reindex(); } else catalog.find(1L);
                catalog.list();
                """);
        assertThat(cost.roundTrips().formula()).isEqualTo("3");
    }

    @Test
    void anIfWithoutElseIsPaidWhenItRuns() throws IOException {
        EntryPointCost cost = cost("""
                if ("list".equals(cmd)) catalog.list();
                catalog.find(1L);
                """);
        assertThat(cost.roundTrips().formula()).isEqualTo("2");
    }

    @Test
    void anIfThatReturnsMakesTheRestOfTheBlockItsElse() throws IOException {
        EntryPointCost cost = cost("""
                if ("reload".equals(cmd)) { catalog.reindex(); return; }
                catalog.list();
                catalog.find(2L);
                """);
        assertThat(cost.roundTrips().formula()).isEqualTo("2");
    }

    @Test
    void aSwitchOverCommandsCostsItsCostliestCase() throws IOException {
        EntryPointCost cost = cost("""
                switch (cmd) {
                    case "list":
                        catalog.list();
                        break;
                    case "find":
                        catalog.find(1L);
                        catalog.find(2L);
                        break;
                    default:
                        catalog.reindex();
                }
                """);
        assertThat(cost.roundTrips().formula()).isEqualTo("2");
        assertThat(counted(cost)).containsExactly("find@18=1", "find@19=1");
    }

    @Test
    void aSwitchCaseThatFallsThroughPaysTheNextCaseToo() throws IOException {
        EntryPointCost cost = cost("""
                switch (cmd) {
                    case "both":
                        catalog.list();
                    case "find":
                        catalog.find(1L);
                        break;
                    default:
                        catalog.reindex();
                }
                """);
        assertThat(cost.roundTrips().formula()).isEqualTo("2");
    }

    @Test
    void theOperandsOfAConditionalAreAlternatives() throws IOException {
        EntryPointCost cost = cost("""
                String page = cmd == null ? catalog.list() : catalog.find(3L);
                """);
        assertThat(cost.roundTrips().formula()).isEqualTo("1");
    }

    @Test
    void catchClausesOfOneTryAreAlternativesButTheTryBlockIsNot() throws IOException {
        EntryPointCost cost = cost("""
                try {
                    catalog.list();
                } catch (IllegalStateException e) {
                    catalog.reindex();
                } catch (RuntimeException e) {
                    catalog.find(1L);
                }
                """);
        assertThat(cost.roundTrips().formula()).isEqualTo("2");
    }

    @Test
    void aLoopContainingAnIfCostsItsCostliestArmPerIteration() throws IOException {
        EntryPointCost cost = cost("""
                for (Long id : ids) {
                    if (id > 1) catalog.find(id); else { catalog.list(); catalog.reindex(); }
                }
                """);
        assertThat(cost.roundTrips().formula()).isEqualTo("2n");
    }

    @Test
    void armsCostliestAtOneAndForLargeLoopsGiveTheMaximumOfBoth() throws IOException {
        EntryPointCost cost = cost("""
                if ("all".equals(cmd)) {
                    for (Long id : ids) catalog.find(id);
                } else {
                    catalog.list();
                    catalog.reindex();
                    catalog.find(0L);
                }
                """);
        assertThat(cost.roundTrips().formula()).isEqualTo("max(3, n)");
        assertThat(cost.roundTrips().value()).isEqualTo(3);
        assertThat(cost.roundTrips().atN(10)).isEqualTo(10);
    }
}
