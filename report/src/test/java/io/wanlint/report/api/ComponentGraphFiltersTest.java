package io.wanlint.report.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Views of the component graph: each filter before and after, on a generated 3-module application. */
class ComponentGraphFiltersTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final GeneratedApplication APP = new GeneratedApplication(3);

    private static ComponentGraph all() { return APP.graph().collapsed(ComponentGraph.Collapse.NONE); }

    private static List<String> names(ComponentGraph g) throws Exception {
        List<String> out = new ArrayList<>();
        for (JsonNode c : JSON.readTree(g.toJson()).get("components")) out.add(c.get("name").asText());
        return out;
    }

    @Test
    void fromKeepsWhatAComponentReachesThroughItsCalls() throws Exception {
        assertThat(names(all())).hasSize(45);
        ComponentGraph reached = all().from("Servlet0x0", -1).orElseThrow();
        assertThat(names(reached)).containsExactlyInAnyOrder("Servlet0x0", "Facade0x0", "Facade0x1", "Facade1x0",
                "Entity0x0", "Entity0x1", "Entity1x0", "Helper0", "Helper1");
        assertThat(reached.toDot()).doesNotContain("Servlet0x1").contains("\"Servlet0x0\" -> \"Facade1x0\"");
    }

    @Test
    void depthLimitsHowManyStepsFromCounts() throws Exception {
        assertThat(names(all().from("Servlet0x0", 1).orElseThrow()))
                .containsExactlyInAnyOrder("Servlet0x0", "Facade0x0", "Facade0x1", "Facade1x0");
        assertThat(names(all().from("Servlet0x0", 0).orElseThrow())).containsExactly("Servlet0x0");
    }

    @Test
    void depthWithoutFromCountsFromTheComponentsHoldingEntryPoints() throws Exception {
        assertThat(names(all().depth(0))).hasSize(9).allMatch(n -> n.startsWith("Servlet"));
        assertThat(names(all().depth(1))).hasSize(9 + 18).noneMatch(n -> n.startsWith("Entity") || n.startsWith("Helper"));
        assertThat(names(all().depth(2))).hasSize(45);
    }

    @Test
    void fromAnUnknownComponentIsEmpty() {
        assertThat(all().from("NoSuchBean", -1)).isEmpty();
    }

    @Test
    void moduleKeepsTheComponentsDeclaredInIt() throws Exception {
        assertThat(all().modules()).containsExactly("module0", "module1", "module2");
        List<String> in = names(all().inModule("module1").orElseThrow());
        assertThat(in).hasSize(15).allMatch(n -> n.matches("[A-Za-z]+1(x\\d)?"));
        assertThat(all().inModule("module9")).isEmpty();
    }

    @Test
    void aComponentsModuleIsItsArchiveOrTheFolderHoldingItsSources() {
        assertThat(ComponentGraph.moduleOfPath("shop.ear!/web.war!/WEB-INF/web.xml")).isEqualTo("web.war");
        assertThat(ComponentGraph.moduleOfPath("ejbca-ejb/src/main/resources/ejb-jar.xml")).isEqualTo("ejbca-ejb");
        assertThat(ComponentGraph.moduleOfPath("src/components/catalog/src/ejb-jar.xml")).isEqualTo("src/components/catalog");
        assertThat(ComponentGraph.moduleOfPath("src/main/resources/META-INF/ejb-jar.xml")).isEqualTo("(root)");
        assertThat(ComponentGraph.moduleOfPath("web/WEB-INF/web.xml")).isEqualTo("web");
        assertThat(ComponentGraph.moduleOfPath("META-INF/ejb-jar.xml")).isEqualTo("(root)");
    }

    @Test
    void siteKeepsTheComponentsTheTopologyPlacesThere() throws Exception {
        assertThat(all().siteNames()).containsExactly("edge", "main");
        assertThat(names(all().atSite("edge").orElseThrow())).hasSize(12)
                .allMatch(n -> n.startsWith("Servlet") || n.startsWith("Helper"));
        assertThat(all().atSite("moon")).isEmpty();
    }

    @Test
    void filtersCombine() throws Exception {
        ComponentGraph g = all().from("Servlet0x0", -1).orElseThrow().atSite("main").orElseThrow();
        assertThat(names(g)).containsExactlyInAnyOrder("Facade0x0", "Facade0x1", "Facade1x0", "Entity0x0", "Entity0x1", "Entity1x0");
        assertThat(names(g.inModule("module1").orElseThrow())).containsExactlyInAnyOrder("Facade1x0", "Entity1x0");
    }

    @Test
    void collapsingByModuleDrawsOneNodePerModuleAndSite() {
        ComponentGraph g = all().collapsed(ComponentGraph.Collapse.MODULE);
        assertThat(g.componentCount()).isEqualTo(45);
        assertThat(g.nodeCount()).isEqualTo(6);
        assertThat(g.nodesStandFor()).isEqualTo("module");
        assertThat(g.toDot()).contains("\"group:module0@edge\" [label=\"module0\\n4 components\"")
                .contains("\"group:module0@main\" [label=\"module0\\n11 components\"");
    }

    @Test
    void collapsingByPackageSumsCallsAndRoundTripsPerRequestBetweenGroups() {
        String dot = all().collapsed(ComponentGraph.Collapse.PACKAGE).toDot();
        // 3 servlets × (2 lookups + 2 remote calls); one request (one servlet) spends 1 + 1 on the
        // lookups, 1 on the first call and n on the call in a loop.
        assertThat(dot).contains("\"group:com.gen.m0.web@edge\" -> \"group:com.gen.m0.ejb@main\" [label=\"3 + n round trips\","
                + " tooltip=\"JNDI lookup, remote EJB call — 12 calls, 3 + n round trips per request\", penwidth=2.5");
        // The chain to the next module: one remote call per servlet, 1 round trip per request.
        assertThat(dot).contains("\"group:com.gen.m0.web@edge\" -> \"group:com.gen.m1.ejb@main\" [label=\"1 round trip\"");
        // Calls inside a group are not drawn; the helper calls stay a thin dashed local edge.
        assertThat(dot).doesNotContain("\"group:com.gen.m0.ejb@main\" -> \"group:com.gen.m0.ejb@main\"")
                .contains("\"group:com.gen.m0.ejb@main\" -> \"group:com.gen.m0.util@edge\" [label=\"local call\","
                        + " tooltip=\"local call — 6 calls\", style=dashed");
    }

    @Test
    void autoCollapsesOnlyAboveSixtyComponents() {
        assertThat(APP.graph().nodeCount()).isEqualTo(45);
        assertThat(new GeneratedApplication(5).graph().nodeCount()).as("75 components").isEqualTo(20);
    }

    @Test
    void dotClustersNodesBySiteThenTier() {
        String dot = all().toDot();
        assertThat(dot).contains("subgraph \"cluster_edge\" {").contains("subgraph \"cluster_main\" {")
                .contains("subgraph \"cluster_main_EJB\" {").contains("label=\"EJB tier\"");
        int edge = dot.indexOf("subgraph \"cluster_edge\""), main = dot.indexOf("subgraph \"cluster_main\"");
        assertThat(dot.indexOf("\"Servlet0x0\" [")).isBetween(edge, main);
        assertThat(dot.indexOf("\"Facade0x0\" [")).isGreaterThan(main);
    }
}
