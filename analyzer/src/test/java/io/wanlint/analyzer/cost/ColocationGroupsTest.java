package io.wanlint.analyzer.cost;

import static io.wanlint.analyzer.api.CallOp.BUSINESS_METHOD;
import static io.wanlint.analyzer.api.CallOp.ENTITY_GET;
import static io.wanlint.analyzer.api.CallOp.HOME_CREATE;
import static io.wanlint.analyzer.api.CallOp.HOME_FIND;
import static io.wanlint.analyzer.api.CallOp.LOOKUP;
import static io.wanlint.analyzer.api.EdgeKind.JNDI_LOOKUP;
import static io.wanlint.analyzer.api.EdgeKind.LOCAL_EJB;
import static io.wanlint.analyzer.api.EdgeKind.REMOTE_EJB;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.ConfigurationException;
import io.wanlint.analyzer.api.EjbInterfaces;
import io.wanlint.analyzer.api.EjbReference;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.PersistenceType;
import io.wanlint.analyzer.api.Placement;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.Topologies;
import io.wanlint.analyzer.api.Topology;
import io.wanlint.analyzer.api.WanCostModel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 19 item 7: components joined through local views share a site, whatever the preset says of their kinds. */
class ColocationGroupsTest {

    /** A CMP entity bean with local views only (EJB 2.x local home and local component interface). */
    private static Component localEntity(String name, String base) {
        return new Component(name, ComponentKind.ENTITY_CMP, null, base + "Bean",
                new EjbInterfaces(null, null, base + "LocalHome", base + "Local", List.of(), List.of(), false),
                PersistenceType.CONTAINER, null, null, List.of(), List.of(), List.of(), List.of(), List.of(), List.of(),
                null, null, false, List.of());
    }

    private static Component servlet(String name, String className, EjbReference... refs) {
        return Apps.web(name, ComponentKind.SERVLET, className).withEjbRefs(List.of(refs));
    }

    private static EjbReference localRef(String name, String target) {
        return new EjbReference(name, true, null, null, target, null, target);
    }

    private static Topology edgeWith(Placement... first) {
        Topology edge = Topologies.preset("edge");
        List<Placement> rules = new ArrayList<>(List.of(first));
        rules.addAll(edge.placements());
        return new Topology("split.yaml", rules, edge.defaultSite(), edge.clientSite(), edge.databaseSite(),
                edge.brokerSite(), edge.externalSite(), edge.oneWayLatencyMs(), edge.linkLatencyMs(), edge.costs());
    }

    private static EntryPoint entry(TestCallGraph graph, String id) {
        return graph.entryPoints().stream().filter(e -> e.id().equals(id)).findFirst().orElseThrow();
    }

    // ---- Pet Store 1.3.2's shape: the web tier reaches the catalog only through its local home ----

    private static final ComponentModel LOCAL_APP = new ComponentModel(List.of(
            servlet("CatalogServlet", "shop.web.CatalogServlet"),
            localEntity("Catalog", "shop.ejb.Catalog")));

    private static final TestCallGraph LOCAL_GRAPH = TestCallGraph.builder()
            .entry("/catalog", EntryPoint.Kind.SERVLET, "shop.web.CatalogServlet#doGet", "CatalogServlet")
            .method("shop.ejb.CatalogBean#getName", "Catalog")
            // The lookup sits in a helper (a Service Locator) that runs in the servlet's JVM.
            .local("shop.web.CatalogServlet#doGet", "shop.util.Locator#catalogHome")
            .call("shop.util.Locator#catalogHome", "javax.naming.Context#lookup", JNDI_LOOKUP, LOOKUP, "Catalog")
            .call("shop.web.CatalogServlet#doGet", "shop.ejb.CatalogLocalHome#findByPrimaryKey", LOCAL_EJB, HOME_FIND, "Catalog")
            .call("shop.web.CatalogServlet#doGet", "shop.ejb.CatalogBean#getName", LOCAL_EJB, ENTITY_GET, "Catalog", 1, false)
            .build();

    @Test
    void aWebTierReachingAnEntityOnlyThroughItsLocalHomeRunsWithItAtMain() {
        WanCostModel costs = WanCostModel.of(LOCAL_APP, LOCAL_GRAPH, Topologies.preset("edge"));

        assertThat(costs.siteOf(LOCAL_APP.byName("CatalogServlet").orElseThrow())).isEqualTo("main");
        assertThat(costs.siteOf(LOCAL_APP.byName("Catalog").orElseThrow())).isEqualTo("main");
        EntryPointCost cost = costs.estimate(entry(LOCAL_GRAPH, "/catalog"));
        // Only the browser's request crosses: the local lookup, finder and getters stay in one JVM.
        assertThat(cost.roundTrips()).isEqualTo(RoundTrips.of(2));
        assertThat(cost.crossings()).singleElement().satisfies(c -> assertThat(c.edge()).isNull());
    }

    @Test
    void aDeclaredEjbLocalRefJoinsTheWebComponentEvenWithoutACallTheAnalysisSees() {
        ComponentModel model = new ComponentModel(List.of(
                servlet("CatalogServlet", "shop.web.CatalogServlet", localRef("ejb/local/Catalog", "Catalog")),
                localEntity("Catalog", "shop.ejb.Catalog")));
        WanCostModel costs = WanCostModel.of(model, TestCallGraph.builder().build(), Topologies.preset("edge"));

        assertThat(costs.siteOf(model.byName("CatalogServlet").orElseThrow())).isEqualTo("main");
    }

    @Test
    void aWebTierCallingARemoteViewStaysAtTheEdgeAndPaysForTheCall() {
        ComponentModel model = new ComponentModel(List.of(
                servlet("CatalogServlet", "shop.web.CatalogServlet"),
                Apps.ejb("Catalog", ComponentKind.ENTITY_CMP, "shop.ejb.CatalogBean")));
        TestCallGraph graph = TestCallGraph.builder()
                .entry("/catalog", EntryPoint.Kind.SERVLET, "shop.web.CatalogServlet#doGet", "CatalogServlet")
                .method("shop.ejb.CatalogBean#getName", "Catalog")
                .local("shop.web.CatalogServlet#doGet", "shop.util.Locator#catalogHome")
                .call("shop.util.Locator#catalogHome", "javax.naming.Context#lookup", JNDI_LOOKUP, LOOKUP, "Catalog")
                .call("shop.web.CatalogServlet#doGet", "shop.ejb.CatalogHome#findByPrimaryKey", REMOTE_EJB, HOME_FIND, "Catalog")
                .call("shop.web.CatalogServlet#doGet", "shop.ejb.CatalogBean#getName", REMOTE_EJB, ENTITY_GET, "Catalog")
                .build();
        WanCostModel costs = WanCostModel.of(model, graph, Topologies.preset("edge"));

        assertThat(costs.siteOf(model.byName("CatalogServlet").orElseThrow())).isEqualTo("edge");
        assertThat(costs.siteOf(model.byName("Catalog").orElseThrow())).isEqualTo("main");
        assertThat(costs.estimate(entry(graph, "/catalog")).crossings()).filteredOn(c -> c.edge() != null)
                .extracting(c -> c.edge().kind()).containsExactlyInAnyOrder(JNDI_LOOKUP, REMOTE_EJB, REMOTE_EJB);
    }

    // ---- stateful beans sit with their callers ----

    private static Component statefulWithLocalViews(String name, String base) {
        return new Component(name, ComponentKind.STATEFUL_SESSION, null, base + "Bean",
                new EjbInterfaces(null, null, base + "LocalHome", base + "Local", List.of(), List.of(), false),
                PersistenceType.NONE, null, null, List.of(), List.of(), List.of(), List.of(), List.of(), List.of(),
                null, null, false, List.of());
    }

    @Test
    void aStatefulBeanCreatedThroughItsLocalHomeByEntityTierCodeIsAtMain() {
        ComponentModel model = new ComponentModel(List.of(
                localEntity("Order", "shop.ejb.Order"),
                statefulWithLocalViews("Cart", "shop.ejb.Cart")));
        TestCallGraph graph = TestCallGraph.builder()
                .method("shop.ejb.OrderBean#ejbCreate", "Order")
                .call("shop.ejb.OrderBean#ejbCreate", "shop.ejb.CartLocalHome#create", LOCAL_EJB, HOME_CREATE, "Cart")
                .build();
        WanCostModel costs = WanCostModel.of(model, graph, Topologies.preset("edge"));

        assertThat(costs.siteOf(model.byName("Cart").orElseThrow())).isEqualTo("main");
    }

    @Test
    void aStatefulBeanCreatedRemotelyOnlyByBackEndBeansIsAtMainAndOneTheWebTierCreatesStaysAtTheEdge() {
        ComponentModel model = new ComponentModel(List.of(
                servlet("CartServlet", "shop.web.CartServlet"),
                Apps.ejb("Order", ComponentKind.STATELESS_SESSION, "shop.ejb.OrderBean"),
                Apps.ejb("Worksheet", ComponentKind.STATEFUL_SESSION, "shop.ejb.WorksheetBean"),
                Apps.ejb("Cart", ComponentKind.STATEFUL_SESSION, "shop.ejb.CartBean")));
        TestCallGraph graph = TestCallGraph.builder()
                .method("shop.ejb.OrderBean#place", "Order")
                .call("shop.ejb.OrderBean#place", "shop.ejb.WorksheetHome#create", REMOTE_EJB, HOME_CREATE, "Worksheet")
                .entry("/cart", EntryPoint.Kind.SERVLET, "shop.web.CartServlet#doGet", "CartServlet")
                .call("shop.web.CartServlet#doGet", "shop.ejb.CartHome#create", REMOTE_EJB, HOME_CREATE, "Cart")
                .build();
        WanCostModel costs = WanCostModel.of(model, graph, Topologies.preset("edge"));

        assertThat(costs.siteOf(model.byName("Worksheet").orElseThrow())).isEqualTo("main");
        assertThat(costs.siteOf(model.byName("Cart").orElseThrow())).isEqualTo("edge");
    }

    @Test
    void aStatefulBeanTheWebTierReachesThroughItsLocalViewStaysWithTheWebTier() {
        ComponentModel model = new ComponentModel(List.of(
                servlet("CartServlet", "shop.web.CartServlet", localRef("ejb/local/Cart", "Cart")),
                statefulWithLocalViews("Cart", "shop.ejb.Cart")));
        WanCostModel costs = WanCostModel.of(model, TestCallGraph.builder().build(), Topologies.preset("edge"));

        assertThat(costs.siteOf(model.byName("CartServlet").orElseThrow())).isEqualTo("edge");
        assertThat(costs.siteOf(model.byName("Cart").orElseThrow())).isEqualTo("edge");
    }

    // ---- topology files ----

    @Test
    void aRuleNamingOneMemberPlacesItsWholeGroup() {
        WanCostModel costs = WanCostModel.of(LOCAL_APP, LOCAL_GRAPH, edgeWith(new Placement("shop.web.*", "edge")));

        assertThat(costs.siteOf(LOCAL_APP.byName("Catalog").orElseThrow())).isEqualTo("edge");
    }

    @Test
    void aTopologyFileSplittingALocalViewGroupIsAnErrorNamingBothComponentsAndTheReference() {
        ComponentModel model = new ComponentModel(List.of(
                servlet("CatalogServlet", "shop.web.CatalogServlet", localRef("ejb/local/Catalog", "Catalog")),
                localEntity("Catalog", "shop.ejb.Catalog")));
        Topology split = edgeWith(new Placement("CatalogServlet", "edge"), new Placement("Catalog", "main"));

        assertThatThrownBy(() -> WanCostModel.of(model, TestCallGraph.builder().build(), split))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("split.yaml")
                .hasMessageContaining("Catalog is placed at main (rule 'Catalog') and CatalogServlet at edge (rule 'CatalogServlet')")
                .hasMessageContaining("ejb-local-ref ejb/local/Catalog");
    }

    @Test
    void rulesNamingMembersOfDifferentGroupsMayPutThemOnDifferentSites() {
        ComponentModel model = new ComponentModel(List.of(
                servlet("CatalogServlet", "shop.web.CatalogServlet"),
                Apps.ejb("Catalog", ComponentKind.ENTITY_CMP, "shop.ejb.CatalogBean")));
        Topology placed = edgeWith(new Placement("CatalogServlet", "edge"), new Placement("Catalog", "main"));

        WanCostModel costs = WanCostModel.of(model, TestCallGraph.builder().build(), placed);

        assertThat(costs.siteOf(model.byName("CatalogServlet").orElseThrow())).isEqualTo("edge");
        assertThat(costs.siteOf(model.byName("Catalog").orElseThrow())).isEqualTo("main");
    }
}
