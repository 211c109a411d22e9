package io.wanlint.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wanlint.fixtures.Fixtures;
import io.wanlint.report.api.Graphviz;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code wanlint graph --kind components} filters on the petstore-1.1 fixture (28 components: a web
 * tier at the edge, beans and entities at main), each compared with the whole graph.
 */
class GraphFiltersTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String APP = Fixtures.app("petstore-1.1").toString();
    private static List<String> all;

    private record Run(int exit, String out, String err) {}

    private static Run graph(String... more) {
        String[] args = new String[more.length + 2];
        args[0] = "graph";
        args[1] = APP;
        System.arraycopy(more, 0, args, 2, more.length);
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int exit = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Wiring.defaults().withGraphviz(Graphviz.absent()));
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static List<String> components(String... options) throws Exception {
        List<String> more = new ArrayList<>(List.of(options));
        more.addAll(List.of("--format", "json"));
        Run r = graph(more.toArray(String[]::new));
        assertThat(r.exit()).as(r.err()).isZero();
        List<String> names = new ArrayList<>();
        for (JsonNode c : JSON.readTree(r.out()).get("components")) names.add(c.get("name").asText());
        return names;
    }

    @BeforeAll
    static void wholeGraph() throws Exception {
        all = components();
        assertThat(all).hasSize(28).contains("ShoppingClientController", "cart", "Account", "CatalogDAO");
    }

    @Test
    void fromKeepsWhatTheComponentReaches() throws Exception {
        List<String> reached = components("--from", "ShoppingClientController");
        assertThat(reached).hasSizeLessThan(all.size()).contains("ShoppingClientController", "ShoppingCart", "Account", "Order")
                .doesNotContain("cart", "Catalog", "CatalogDAO");
    }

    @Test
    void depthCutsTheReachAfterNSteps() throws Exception {
        List<String> one = components("--from", "ShoppingClientController", "--depth", "1");
        List<String> unlimited = components("--from", "ShoppingClientController");
        assertThat(unlimited).containsAll(one);
        assertThat(one).hasSizeLessThan(unlimited.size()).doesNotContain("CartItem");
        assertThat(components("--from", "ShoppingClientController", "--depth", "0")).containsExactly("ShoppingClientController");
    }

    @Test
    void siteKeepsTheComponentsPlacedThere() throws Exception {
        List<String> main = components("--site", "main");
        assertThat(main).containsExactlyInAnyOrder("Account", "Catalog", "CatalogDAO", "Customer", "Inventory", "Mailer",
                "Order", "ProfileMgr", "SignOn");
        assertThat(components("--site", "main", "--topology", "centralized")).hasSize(28);
    }

    @Test
    void moduleKeepsTheComponentsOfThatModule() throws Exception {
        assertThat(components("--module", "(root)")).isEqualTo(all);
    }

    @Test
    void unknownNamesAreUsageErrorsThatSayWhatExists() {
        Run from = graph("--from", "NoSuchBean");
        assertThat(from.exit()).isEqualTo(2);
        assertThat(from.err()).contains("no component NoSuchBean");
        Run module = graph("--module", "nowhere");
        assertThat(module.exit()).isEqualTo(2);
        assertThat(module.err()).contains("no component in module nowhere; modules: (root)");
        Run site = graph("--site", "moon");
        assertThat(site.exit()).isEqualTo(2);
        assertThat(site.err()).contains("no component at site moon under topology edge; sites: edge, main");
        Run collapse = graph("--collapse", "class");
        assertThat(collapse.exit()).isEqualTo(2);
        Run calls = graph("--kind", "calls", "--site", "main");
        assertThat(calls.exit()).isEqualTo(2);
        assertThat(calls.err()).contains("apply to --kind components");
    }

    @Test
    void collapsingByModuleDrawsOneNodePerModuleAndSiteAndSaysSo() {
        Run r = graph("--collapse", "module");
        assertThat(r.exit()).isZero();
        assertThat(r.err()).contains("note: 28 components drawn as 2 nodes, one per module");
        assertThat(r.out()).contains("\"group:(root)@edge\" [label=\"(root)\\n19 components\"")
                .contains("\"group:(root)@edge\" -> \"group:(root)@main\" [label=\"1 + max(3, n) round trips\"");
    }

    @Test
    void theDrawnGraphUsesWordsAndSiteClusters() {
        Run dot = graph();
        assertThat(dot.out()).contains("subgraph \"cluster_edge\"", "subgraph \"cluster_main\"", "stateful session bean",
                "helper class").doesNotContain("STATEFUL_SESSION", "PLAIN", "REMOTE_EJB", "JNDI_LOOKUP");
        Run svg = graph("--format", "svg");
        assertThat(svg.out()).startsWith("<svg").contains("site main").doesNotContain("STATEFUL_SESSION", "JNDI_LOOKUP");
    }
}
