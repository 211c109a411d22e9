package io.wanlint.analyzer.cost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.ConfigurationException;
import io.wanlint.analyzer.api.CostTable;
import io.wanlint.analyzer.api.Placement;
import io.wanlint.analyzer.api.Tier;
import io.wanlint.analyzer.api.Topologies;
import io.wanlint.analyzer.api.Topology;
import io.wanlint.analyzer.api.WanCostModel;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TopologyPresetsTest {
    private static final CallGraph EMPTY = TestCallGraph.builder().build();

    private static Map<ComponentKind, String> sitesOfEveryKind(Topology topology) {
        WanCostModel model = WanCostModel.of(ComponentModel.EMPTY, EMPTY, topology);
        Map<ComponentKind, String> sites = new EnumMap<>(ComponentKind.class);
        for (ComponentKind k : ComponentKind.values()) {
            sites.put(k, model.siteOf(Component.simple(k.name(), k, "com.acme." + k.name(), List.of(), List.of())));
        }
        return sites;
    }

    @Test
    void edgePutsHelpersWhereTheirCallersRun() {
        Component webHelper = Component.simple("StockHelper", ComponentKind.PLAIN, "shop.web.StockHelper", List.of(), List.of());
        Component webDao = Component.simple("StockDao", ComponentKind.DAO, "shop.web.StockDao", List.of(), List.of()).withTier(Tier.WEB);
        Component beanDao = Component.simple("OrderDao", ComponentKind.DAO, "shop.ejb.OrderDao", List.of(), List.of()).withTier(Tier.EJB);
        Component beanHelper = webHelper.withTier(Tier.EJB);
        WanCostModel edge = WanCostModel.of(new ComponentModel(List.of(webHelper, webDao, beanDao)), EMPTY,
                Topologies.preset("edge"));
        assertThat(edge.siteOf(webHelper)).isEqualTo("edge");
        assertThat(edge.siteOf(webDao)).isEqualTo("edge");
        assertThat(edge.siteOf(beanDao)).isEqualTo("main");
        assertThat(edge.siteOf(beanHelper)).isEqualTo("main");
    }

    @Test
    void edgePutsWebComponentsAndStatefulBeansAtTheEdgeAndTheBackEndAtMain() {
        Topology edge = Topologies.preset("edge");
        Map<ComponentKind, String> sites = sitesOfEveryKind(edge);
        for (ComponentKind k : List.of(ComponentKind.SERVLET, ComponentKind.JSP, ComponentKind.FILTER, ComponentKind.LISTENER,
                ComponentKind.TAG_HANDLER, ComponentKind.JAX_RS_RESOURCE, ComponentKind.STATEFUL_SESSION)) {
            assertThat(sites.get(k)).as(k.name()).isEqualTo("edge");
        }
        for (ComponentKind k : List.of(ComponentKind.STATELESS_SESSION, ComponentKind.SINGLETON_SESSION,
                ComponentKind.ENTITY_BMP, ComponentKind.ENTITY_CMP, ComponentKind.MESSAGE_DRIVEN, ComponentKind.JPA_ENTITY,
                ComponentKind.DAO)) {
            assertThat(sites.get(k)).as(k.name()).isEqualTo("main");
        }
        assertThat(sites.get(ComponentKind.EXTERNAL)).isEqualTo("external");
        assertThat(edge.databaseSite()).isEqualTo("main");
        assertThat(edge.brokerSite()).isEqualTo("main");
        assertThat(edge.externalSite()).isEqualTo("external");
        assertThat(edge.clientSite()).isEqualTo("edge");
        assertThat(edge.oneWayLatencyMs()).isEqualTo(100.0);
        assertThat(edge.costs()).isEqualTo(CostTable.DEFAULTS);
        assertThat(edge.placements()).contains(new Placement("kind:SERVLET", "edge"), new Placement("kind:ENTITY_BMP", "main"));
    }

    @Test
    void centralizedPutsTheWholeApplicationAndItsPartnersAtMainAndTheBrowsersAway() {
        Topology centralized = Topologies.preset("centralized");
        Map<ComponentKind, String> sites = sitesOfEveryKind(centralized);
        sites.forEach((k, site) -> assertThat(site).as(k.name()).isEqualTo("main"));
        assertThat(centralized.externalSite()).isEqualTo("main");
        assertThat(centralized.clientSite()).isEqualTo("client");
        assertThat(centralized.databaseSite()).isEqualTo("main");
        assertThat(centralized.brokerSite()).isEqualTo("main");
    }

    @Test
    void edgeDbPutsTheWholeApplicationAtTheEdgeAndOnlyTheDatabaseAtMain() {
        Topology edgeDb = Topologies.preset("edge-db");
        Map<ComponentKind, String> sites = sitesOfEveryKind(edgeDb);
        sites.forEach((k, site) -> assertThat(site).as(k.name()).isEqualTo(k == ComponentKind.EXTERNAL ? "external" : "edge"));
        assertThat(edgeDb.databaseSite()).isEqualTo("main");
        assertThat(edgeDb.brokerSite()).isEqualTo("edge");
        assertThat(edgeDb.clientSite()).isEqualTo("edge");
    }

    @Test
    void clusterPlacesLikeEdgeWithTwoServersOnEachApplicationSite() {
        Topology cluster = Topologies.preset("cluster");
        assertThat(sitesOfEveryKind(cluster)).isEqualTo(sitesOfEveryKind(Topologies.preset("edge")));
        assertThat(cluster.replication().backupsOf("edge")).isEqualTo(1);
        assertThat(cluster.replication().backupsOf("main")).isEqualTo(1);
        assertThat(cluster.replication().stateful()).isEqualTo(io.wanlint.analyzer.api.Replication.StatefulPolicy.PER_INVOCATION);
        assertThat(cluster.replication().httpSession())
                .isEqualTo(io.wanlint.analyzer.api.Replication.SessionPolicy.PER_REQUEST_WHEN_DIRTY);
        assertThat(Topologies.preset("edge").replication().replicates()).isFalse();
    }

    @Test
    void resolveTakesPresetNamesCaseInsensitivelyAndDefaultsToEdge() {
        assertThat(Topologies.resolve("CENTRALIZED").name()).isEqualTo("centralized");
        assertThat(Topologies.resolve(null).name()).isEqualTo("edge");
        assertThat(Topologies.resolve("edge-db").name()).isEqualTo("edge-db");
    }

    @Test
    void resolveRejectsAnUnknownNameListingThePresets() {
        assertThatThrownBy(() -> Topologies.resolve("cloud"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("cloud")
                .hasMessageContaining("edge, centralized, edge-db");
        assertThatThrownBy(() -> Topologies.preset("cloud"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("edge, centralized, edge-db");
    }

    @Test
    void resolveReportsAMissingTopologyFile() {
        assertThatThrownBy(() -> Topologies.resolve("does/not/exist.yaml"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("not found")
                .hasMessageContaining("does/not/exist.yaml");
    }

    @Test
    void placementRulesMatchNameClassPackageGlobsAndKindsFirstMatchWins() {
        Topology t = new Topology("t", List.of(
                new Placement("CatalogEJB", "a"),
                new Placement("com.acme.web.LoginServlet", "b"),
                new Placement("com.acme.web.*", "c"),
                new Placement("com.acme.**", "d"),
                new Placement("kind:JSP", "e")), "z", "client", "main", "main", "external", 100, Map.of(), null);
        WanCostModel model = WanCostModel.of(ComponentModel.EMPTY, EMPTY, t);
        assertThat(model.siteOf(Apps.ejb("CatalogEJB", ComponentKind.STATELESS_SESSION, "com.acme.ejb.CatalogBean"))).isEqualTo("a");
        assertThat(model.siteOf(Apps.web("Login", ComponentKind.SERVLET, "com.acme.web.LoginServlet"))).isEqualTo("b");
        assertThat(model.siteOf(Apps.web("Cart", ComponentKind.SERVLET, "com.acme.web.CartServlet"))).isEqualTo("c");
        // `*` stays inside one package; `**` crosses packages.
        assertThat(model.siteOf(Apps.web("Admin", ComponentKind.SERVLET, "com.acme.web.admin.AdminServlet"))).isEqualTo("d");
        assertThat(model.siteOf(Apps.web("/index.jsp", ComponentKind.JSP, "org.other.index_jsp"))).isEqualTo("e");
        assertThat(model.siteOf(Apps.web("Other", ComponentKind.SERVLET, "org.other.OtherServlet"))).isEqualTo("z");
    }
}
