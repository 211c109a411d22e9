package io.wanlint.analyzer.cost;

import static io.wanlint.analyzer.api.CallOp.BUSINESS_METHOD;
import static io.wanlint.analyzer.api.CallOp.ENTITY_GET;
import static io.wanlint.analyzer.api.CallOp.ENTITY_SET;
import static io.wanlint.analyzer.api.CallOp.HOME_CREATE;
import static io.wanlint.analyzer.api.CallOp.HOME_FIND;
import static io.wanlint.analyzer.api.CallOp.LOOKUP;
import static io.wanlint.analyzer.api.EdgeKind.JDBC;
import static io.wanlint.analyzer.api.EdgeKind.JNDI_LOOKUP;
import static io.wanlint.analyzer.api.EdgeKind.LOCAL_EJB;
import static io.wanlint.analyzer.api.EdgeKind.REMOTE_EJB;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.CostAdjustment;
import io.wanlint.analyzer.api.CrossingCall;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.Placement;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.Topologies;
import io.wanlint.analyzer.api.Topology;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.TransactionContext;
import io.wanlint.analyzer.api.TransactionScopes;
import io.wanlint.analyzer.api.WanCostModel;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CostEngineTest {

    // ---- a façade-style catalog page: cached lookup, one façade call, JDBC next to the database ----

    private static final ComponentModel FACADE_APP = new ComponentModel(List.of(
            Apps.web("CatalogServlet", ComponentKind.SERVLET, "com.acme.web.CatalogServlet"),
            Apps.ejb("CatalogFacade", ComponentKind.STATELESS_SESSION, "com.acme.ejb.CatalogFacadeBean")));

    private static final TestCallGraph FACADE_GRAPH = TestCallGraph.builder()
            .entry("/catalog", EntryPoint.Kind.SERVLET, "com.acme.web.CatalogServlet#doGet", "CatalogServlet")
            .method("com.acme.ejb.CatalogFacadeBean#getItems", "CatalogFacade")
            .call("com.acme.web.CatalogServlet#doGet", "javax.naming.Context#lookup", JNDI_LOOKUP, LOOKUP, "CatalogFacade", 0, true)
            .local("com.acme.web.CatalogServlet#doGet", "com.acme.web.Render#page")
            .call("com.acme.web.CatalogServlet#doGet", "com.acme.ejb.CatalogFacadeBean#getItems", REMOTE_EJB, BUSINESS_METHOD, "CatalogFacade")
            .call("com.acme.ejb.CatalogFacadeBean#getItems", "javax.sql.DataSource#getConnection", JDBC, CallOp.JDBC_CONNECTION_POOL, null)
            .call("com.acme.ejb.CatalogFacadeBean#getItems", "java.sql.PreparedStatement#executeQuery", JDBC, CallOp.JDBC_EXECUTE, null)
            .call("com.acme.ejb.CatalogFacadeBean#getItems", "java.sql.ResultSet#next", JDBC, CallOp.JDBC_RESULT_NEXT, null, 1, false)
            .build();

    private static EntryPointCost estimate(ComponentModel model, TestCallGraph graph, String topology, String entryId) {
        return estimate(model, graph, Topologies.preset(topology), entryId);
    }

    private static EntryPointCost estimate(ComponentModel model, TestCallGraph graph, Topology topology, String entryId) {
        return WanCostModel.of(model, graph, topology).estimate(entry(graph, entryId));
    }

    private static EntryPoint entry(TestCallGraph graph, String id) {
        return graph.entryPoints().stream().filter(e -> e.id().equals(id)).findFirst().orElseThrow();
    }

    private static List<CrossingCall> counted(EntryPointCost cost) {
        return cost.crossings().stream().filter(c -> !c.contribution().isZero()).toList();
    }

    @Test
    void centralizedPageCostsTheBrowserRequestOnly() {
        EntryPointCost cost = estimate(FACADE_APP, FACADE_GRAPH, "centralized", "/catalog");
        assertThat(cost.roundTrips()).isEqualTo(RoundTrips.of(2));
        assertThat(cost.site()).isEqualTo("main");
        assertThat(cost.crossings()).singleElement().satisfies(c -> {
            assertThat(c.edge()).isNull();
            assertThat(c.fromSite()).isEqualTo("client");
            assertThat(c.toSite()).isEqualTo("main");
            assertThat(c.unitCost()).isEqualTo(2);
            assertThat(c.reason()).contains("browser");
        });
    }

    @Test
    void edgePageWithACachedFacadeCallCostsOne() {
        EntryPointCost cost = estimate(FACADE_APP, FACADE_GRAPH, "edge", "/catalog");
        assertThat(cost.roundTrips().value()).isEqualTo(1);
        assertThat(cost.roundTrips().formula()).isEqualTo("1");
        assertThat(counted(cost)).singleElement().satisfies(c -> {
            assertThat(c.edge().op()).isEqualTo(BUSINESS_METHOD);
            assertThat(c.fromSite()).isEqualTo("edge");
            assertThat(c.toSite()).isEqualTo("main");
            assertThat(c.reason()).isEqualTo("remote EJB business method");
        });
        // The cached lookup is explained, not charged; the façade's JDBC runs next to the database.
        assertThat(cost.crossings()).filteredOn(c -> c.edge().kind() == JNDI_LOOKUP).singleElement()
                .satisfies(c -> {
                    assertThat(c.contribution()).isEqualTo(RoundTrips.ZERO);
                    assertThat(c.reason()).contains("cached");
                });
        assertThat(cost.crossings()).noneMatch(c -> c.edge().kind() == JDBC);
    }

    @Test
    void edgeDbChargesTheFacadeJdbcButListsFurtherResultSetBatchesAtZero() {
        EntryPointCost cost = estimate(FACADE_APP, FACADE_GRAPH, "edge-db", "/catalog");
        assertThat(cost.roundTrips()).isEqualTo(RoundTrips.of(1));
        assertThat(cost.crossings()).extracting(c -> c.edge().op(), CrossingCall::unitCost, c -> c.contribution().value())
                .containsExactly(tuple(CallOp.JDBC_CONNECTION_POOL, 0, 0L), tuple(CallOp.JDBC_EXECUTE, 1, 1L),
                        tuple(CallOp.JDBC_RESULT_NEXT, 1, 0L));
        assertThat(cost.crossings().get(2).reason()).contains("1 per further batch of 10 rows");
    }

    // ---- Pet Store's Verify Signin: create a customer session bean, then read the profile ----

    @Test
    void verifySigninCostsTwoRemoteCallsAtTheEdge() {
        ComponentModel model = new ComponentModel(List.of(
                Apps.web("SigninServlet", ComponentKind.SERVLET, "com.ps.web.SigninServlet"),
                Apps.ejb("Customer", ComponentKind.STATELESS_SESSION, "com.ps.ejb.CustomerBean")));
        TestCallGraph graph = TestCallGraph.builder()
                .entry("/signin", EntryPoint.Kind.SERVLET, "com.ps.web.SigninServlet#doPost", "SigninServlet")
                .call("com.ps.web.SigninServlet#doPost", "javax.naming.Context#lookup", JNDI_LOOKUP, LOOKUP, "Customer", 0, true)
                .call("com.ps.web.SigninServlet#doPost", "com.ps.ejb.CustomerHome#create", REMOTE_EJB, HOME_CREATE, "Customer")
                .call("com.ps.web.SigninServlet#doPost", "com.ps.ejb.Customer#getProfile", REMOTE_EJB, BUSINESS_METHOD, "Customer")
                .build();
        EntryPointCost cost = estimate(model, graph, "edge", "/signin");
        assertThat(cost.roundTrips().value()).isEqualTo(2);
        assertThat(counted(cost)).extracting(c -> c.edge().op(), CrossingCall::reason)
                .containsExactly(tuple(HOME_CREATE, "create() on a remote home"), tuple(BUSINESS_METHOD, "remote EJB business method"));
        assertThat(WanCostModel.of(model, graph, Topologies.preset("edge")).latencyMs(cost)).isEqualTo(400.0);
    }

    // ---- a servlet calling a remote entity bean directly ----

    private static final ComponentModel ENTITY_APP = new ComponentModel(List.of(
            Apps.web("ItemServlet", ComponentKind.SERVLET, "com.rubis.web.ItemServlet"),
            Apps.ejb("Item", ComponentKind.ENTITY_CMP, "com.rubis.ejb.ItemBean")));

    private static TestCallGraph.Builder entityPage() {
        return TestCallGraph.builder()
                .entry("/item", EntryPoint.Kind.SERVLET, "com.rubis.web.ItemServlet#doGet", "ItemServlet")
                .call("com.rubis.web.ItemServlet#doGet", "javax.naming.Context#lookup", JNDI_LOOKUP, LOOKUP, "Item")
                .call("com.rubis.web.ItemServlet#doGet", "com.rubis.ejb.ItemHome#findByPrimaryKey", REMOTE_EJB, HOME_FIND, "Item");
    }

    private static final TestCallGraph ENTITY_GRAPH = entityPage()
            .call("com.rubis.web.ItemServlet#doGet", "com.rubis.ejb.Item#getName", REMOTE_EJB, ENTITY_GET, "Item")
            .call("com.rubis.web.ItemServlet#doGet", "com.rubis.ejb.Item#getPrice", REMOTE_EJB, ENTITY_GET, "Item")
            .call("com.rubis.web.ItemServlet#doGet", "com.rubis.ejb.Item#getSeller", REMOTE_EJB, ENTITY_GET, "Item")
            .build();

    @Test
    void servletCallingARemoteEntityPaysLookupFinderAndEachGetter() {
        EntryPointCost cost = estimate(ENTITY_APP, ENTITY_GRAPH, "edge", "/item");
        assertThat(cost.roundTrips()).isEqualTo(RoundTrips.of(5));
        assertThat(cost.crossings()).extracting(CrossingCall::reason).containsExactly(
                "JNDI lookup of a remote home, uncached", "finder on a remote home",
                "getter on a remote entity bean", "getter on a remote entity bean", "getter on a remote entity bean");
        assertThat(cost.crossings()).allSatisfy(c -> {
            assertThat(c.fromSite()).isEqualTo("edge");
            assertThat(c.toSite()).isEqualTo("main");
            assertThat(c.contribution()).isEqualTo(RoundTrips.of(1));
        });
        assertThat(estimate(ENTITY_APP, ENTITY_GRAPH, "centralized", "/item").roundTrips()).isEqualTo(RoundTrips.of(2));
    }

    @Test
    void aReadOnlyCmpEntityRunsWithItsCallersAndOnlyItsFinderQueriesTheDatabase() {
        ComponentModel readOnly = new ComponentModel(List.of(
                Apps.web("ItemServlet", ComponentKind.SERVLET, "com.rubis.web.ItemServlet"),
                Apps.ejb("Item", ComponentKind.ENTITY_CMP, "com.rubis.ejb.ItemBean", true)));
        // Lookup and getters local to the copy at the edge; the finder is one query to the database at main.
        assertThat(estimate(readOnly, ENTITY_GRAPH, "edge", "/item").roundTrips()).isEqualTo(RoundTrips.of(1));
        assertThat(estimate(readOnly, ENTITY_GRAPH, "centralized", "/item").roundTrips()).isEqualTo(RoundTrips.of(2));
    }

    @Test
    void aReadOnlyBmpEntityIsAnsweredByItsCopyAtTheReadersSite() {
        ComponentModel readOnly = new ComponentModel(List.of(
                Apps.web("ItemServlet", ComponentKind.SERVLET, "com.rubis.web.ItemServlet"),
                Apps.ejb("Item", ComponentKind.ENTITY_BMP, "com.rubis.ejb.ItemBean", true)));
        EntryPointCost cost = estimate(readOnly, ENTITY_GRAPH, "edge", "/item");
        assertThat(cost.roundTrips()).isEqualTo(RoundTrips.ZERO);
        // Listed with the reason they cost nothing: the lookup, the finder and each getter.
        assertThat(cost.crossings()).hasSize(5).allSatisfy(c -> {
            assertThat(c.contribution()).isEqualTo(RoundTrips.ZERO);
            assertThat(c.reason()).endsWith("answered by the read-only copy of Item at edge from its cache (0 per request)");
        });
        // A write is not answered by a copy: it still goes to the bean at the main site.
        TestCallGraph writing = entityPage().call("com.rubis.web.ItemServlet#doGet", "com.rubis.ejb.Item#setName", REMOTE_EJB,
                CallOp.ENTITY_SET, "Item").build();
        assertThat(estimate(readOnly, writing, "edge", "/item").roundTrips()).isEqualTo(RoundTrips.of(1));
        // Where the reader runs next to the bean (centralized) there is no copy to answer: the browser request only.
        assertThat(estimate(readOnly, ENTITY_GRAPH, "centralized", "/item").roundTrips()).isEqualTo(RoundTrips.of(2));
    }

    @Test
    void aGetterInsideALoopGivesAFormulaInN() {
        TestCallGraph graph = entityPage()
                .call("com.rubis.web.ItemServlet#doGet", "com.rubis.ejb.Item#getName", REMOTE_EJB, ENTITY_GET, "Item")
                .call("com.rubis.web.ItemServlet#doGet", "com.rubis.ejb.Item#getPrice", REMOTE_EJB, ENTITY_GET, "Item", 1, false)
                .build();
        EntryPointCost cost = estimate(ENTITY_APP, graph, "edge", "/item");
        assertThat(cost.roundTrips().formula()).isEqualTo("3 + n");
        assertThat(cost.roundTrips().value()).isEqualTo(4);
        assertThat(cost.roundTrips().atN(10)).isEqualTo(13);
        assertThat(cost.crossings().get(3).contribution().formula()).isEqualTo("n");
    }

    @Test
    void loopDepthsAddUpAlongThePathToGiveNSquared() {
        TestCallGraph graph = entityPage()
                .localInLoop("com.rubis.web.ItemServlet#doGet", "com.rubis.web.Rows#render", 1)
                .call("com.rubis.web.Rows#render", "com.rubis.ejb.Item#getPrice", REMOTE_EJB, ENTITY_GET, "Item", 1, false)
                .call("com.rubis.web.ItemServlet#doGet", "com.rubis.ejb.Item#getBids", REMOTE_EJB, ENTITY_GET, "Item", 2, false)
                .build();
        EntryPointCost cost = estimate(ENTITY_APP, graph, "edge", "/item");
        assertThat(cost.roundTrips().formula()).isEqualTo("2 + 2n^2");
        assertThat(cost.roundTrips().atN(3)).isEqualTo(20);
        assertThat(cost.crossings()).filteredOn(c -> c.edge().op() == ENTITY_GET)
                .extracting(c -> c.contribution().formula()).containsExactly("n^2", "n^2");
    }

    @Test
    void aHelperCalledFromTwoCallSitesIsCountedForEachAndListedOnce() {
        TestCallGraph graph = entityPage()
                .local("com.rubis.web.ItemServlet#doGet", "com.rubis.web.Rows#render")
                .localInLoop("com.rubis.web.ItemServlet#doGet", "com.rubis.web.Rows#render", 1)
                .call("com.rubis.web.Rows#render", "com.rubis.ejb.Item#getPrice", REMOTE_EJB, ENTITY_GET, "Item")
                .build();
        EntryPointCost cost = estimate(ENTITY_APP, graph, "edge", "/item");
        assertThat(cost.roundTrips().formula()).isEqualTo("3 + n");
        assertThat(cost.crossings()).filteredOn(c -> c.edge().op() == ENTITY_GET).singleElement()
                .satisfies(c -> assertThat(c.contribution().formula()).isEqualTo("1 + n"));
    }

    // ---- Trade2 at the edge with a remote database: JDBC against BMP entity beans ----

    private static final ComponentModel TRADE_APP = new ComponentModel(List.of(
            Apps.web("TradeServlet", ComponentKind.SERVLET, "com.trade.web.TradeServlet"),
            Apps.ejb("TradeSession", ComponentKind.STATELESS_SESSION, "com.trade.ejb.TradeSessionBean"),
            Apps.ejb("Account", ComponentKind.ENTITY_BMP, "com.trade.ejb.AccountBean"),
            Apps.ejb("Holding", ComponentKind.ENTITY_BMP, "com.trade.ejb.HoldingBean")));

    private static final TestCallGraph TRADE_GRAPH = TestCallGraph.builder()
            .entry("/buy", EntryPoint.Kind.SERVLET, "com.trade.web.TradeServlet#buy", "TradeServlet")
            .entry("/buyEntities", EntryPoint.Kind.SERVLET, "com.trade.web.TradeServlet#buyEntities", "TradeServlet")
            .method("com.trade.ejb.TradeSessionBean#buy", "TradeSession")
            .method("com.trade.ejb.TradeSessionBean#buyEntities", "TradeSession")
            .call("com.trade.web.TradeServlet#buy", "com.trade.ejb.TradeSessionBean#buy", LOCAL_EJB, BUSINESS_METHOD, "TradeSession")
            // JDBC mode: pooled connection, three prepared statements, commit.
            .call("com.trade.ejb.TradeSessionBean#buy", "javax.sql.DataSource#getConnection", JDBC, CallOp.JDBC_CONNECTION_POOL, null)
            .call("com.trade.ejb.TradeSessionBean#buy", "java.sql.Connection#prepareStatement", JDBC, CallOp.JDBC_PREPARE, null)
            .call("com.trade.ejb.TradeSessionBean#buy", "java.sql.PreparedStatement#executeQuery", JDBC, CallOp.JDBC_EXECUTE, null)
            .call("com.trade.ejb.TradeSessionBean#buy", "java.sql.PreparedStatement#executeUpdate", JDBC, CallOp.JDBC_EXECUTE, null)
            .call("com.trade.ejb.TradeSessionBean#buy", "java.sql.PreparedStatement#executeUpdate", JDBC, CallOp.JDBC_EXECUTE, null)
            .call("com.trade.ejb.TradeSessionBean#buy", "java.sql.Connection#commit", JDBC, CallOp.JDBC_COMMIT, null)
            // Entity mode: the same work through BMP entity beans, each loading and storing itself.
            .call("com.trade.web.TradeServlet#buyEntities", "com.trade.ejb.TradeSessionBean#buyEntities", LOCAL_EJB, BUSINESS_METHOD, "TradeSession")
            .call("com.trade.ejb.TradeSessionBean#buyEntities", "com.trade.ejb.AccountBean#ejbFindByPrimaryKey", LOCAL_EJB, HOME_FIND, "Account")
            .call("com.trade.ejb.TradeSessionBean#buyEntities", "com.trade.ejb.AccountBean#getBalance", LOCAL_EJB, ENTITY_GET, "Account")
            .call("com.trade.ejb.TradeSessionBean#buyEntities", "com.trade.ejb.AccountBean#setBalance", LOCAL_EJB, ENTITY_SET, "Account")
            .call("com.trade.ejb.TradeSessionBean#buyEntities", "com.trade.ejb.HoldingBean#ejbCreate", LOCAL_EJB, HOME_CREATE, "Holding")
            .call("com.trade.ejb.AccountBean#ejbFindByPrimaryKey", "java.sql.PreparedStatement#executeQuery", JDBC, CallOp.JDBC_EXECUTE, null)
            .local("com.trade.ejb.AccountBean#getBalance", "com.trade.ejb.AccountBean#ejbLoad")
            .local("com.trade.ejb.AccountBean#setBalance", "com.trade.ejb.AccountBean#ejbLoad")
            .local("com.trade.ejb.AccountBean#setBalance", "com.trade.ejb.AccountBean#ejbStore")
            .call("com.trade.ejb.AccountBean#ejbLoad", "java.sql.PreparedStatement#executeQuery", JDBC, CallOp.JDBC_EXECUTE, null)
            .call("com.trade.ejb.AccountBean#ejbStore", "java.sql.PreparedStatement#executeUpdate", JDBC, CallOp.JDBC_EXECUTE, null)
            .call("com.trade.ejb.HoldingBean#ejbCreate", "java.sql.PreparedStatement#executeUpdate", JDBC, CallOp.JDBC_EXECUTE, null)
            .build();

    @Test
    void edgeDbJdbcActionCostsOneRoundTripPerStatementAndCommit() {
        EntryPointCost cost = estimate(TRADE_APP, TRADE_GRAPH, "edge-db", "/buy");
        assertThat(cost.roundTrips()).isEqualTo(RoundTrips.of(4));
        assertThat(counted(cost)).extracting(c -> c.edge().op())
                .containsExactly(CallOp.JDBC_EXECUTE, CallOp.JDBC_EXECUTE, CallOp.JDBC_EXECUTE, CallOp.JDBC_COMMIT);
        assertThat(cost.crossings()).allSatisfy(c -> assertThat(c.toSite()).isEqualTo("main"));
    }

    @Test
    void edgeDbEntityBeanVersionOfTheSameActionCostsMore() {
        EntryPointCost jdbc = estimate(TRADE_APP, TRADE_GRAPH, "edge-db", "/buy");
        EntryPointCost entities = estimate(TRADE_APP, TRADE_GRAPH, "edge-db", "/buyEntities");
        // finder 1 + getBalance's load 1 + setBalance's load and store 2 + create 1
        assertThat(entities.roundTrips()).isEqualTo(RoundTrips.of(5));
        assertThat(counted(entities)).allSatisfy(c -> assertThat(c.edge().op()).isEqualTo(CallOp.JDBC_EXECUTE));
        assertThat(entities.roundTrips()).isGreaterThan(jdbc.roundTrips());
        // Under `edge` the servlet reaches the façade through its local view, so it shares the façade's JVM at main
        // (issue 19 item 7: a web tier at the edge calling a local view at main cannot be deployed): each page
        // costs only the browser's request, and no call crosses.
        assertThat(estimate(TRADE_APP, TRADE_GRAPH, "edge", "/buy").roundTrips()).isEqualTo(RoundTrips.of(2));
        assertThat(counted(estimate(TRADE_APP, TRADE_GRAPH, "edge", "/buyEntities"))).singleElement()
                .satisfies(c -> assertThat(c.edge()).isNull());
    }

    // ---- messaging, JPA, external calls ----

    @Test
    void aCallDispatchedToSeveralImplementationsCostsItsCostliestTargetNotTheirSum() {
        ComponentModel model = new ComponentModel(List.of(
                Apps.web("OrderServlet", ComponentKind.SERVLET, "com.acme.web.OrderServlet")));
        TestCallGraph graph = TestCallGraph.builder()
                .entry("/order", EntryPoint.Kind.SERVLET, "com.acme.web.OrderServlet#doPost", "OrderServlet")
                .dispatch("com.acme.web.OrderServlet#doPost", "com.acme.cmd.HttpPost#send", "com.acme.cmd.XmlPost#send",
                        "com.acme.cmd.Noop#send")
                .call("com.acme.cmd.HttpPost#send", "java.net.URL#openConnection", EdgeKind.HTTP_EXTERNAL, CallOp.HTTP_REQUEST, null)
                .call("com.acme.cmd.XmlPost#send", "java.net.URL#openConnection", EdgeKind.HTTP_EXTERNAL, CallOp.HTTP_REQUEST, null)
                .call("com.acme.cmd.XmlPost#send", "javax.mail.Transport#send", EdgeKind.MAIL, CallOp.MAIL_SEND, null)
                .build();
        EntryPointCost cost = estimate(model, graph, "edge", "/order");
        // Each execution runs one command; XmlPost (HTTP 2 + mail 1) is the costliest.
        assertThat(cost.roundTrips()).isEqualTo(RoundTrips.of(3));
        assertThat(counted(cost)).extracting(c -> c.edge().from().className())
                .containsOnly("com.acme.cmd.XmlPost");
    }

    @Test
    void jmsSendIsChargedButTheMessageBeanIsNotTraversed() {
        ComponentModel model = new ComponentModel(List.of(
                Apps.web("OrderServlet", ComponentKind.SERVLET, "com.acme.web.OrderServlet"),
                Apps.ejb("OrderMdb", ComponentKind.MESSAGE_DRIVEN, "com.acme.ejb.OrderMdb")));
        TestCallGraph graph = TestCallGraph.builder()
                .entry("/order", EntryPoint.Kind.SERVLET, "com.acme.web.OrderServlet#doPost", "OrderServlet")
                .entry("com.acme.ejb.OrderMdb#onMessage", EntryPoint.Kind.MESSAGE_DRIVEN, "com.acme.ejb.OrderMdb#onMessage", "OrderMdb")
                .call("com.acme.web.OrderServlet#doPost", "com.acme.ejb.OrderMdb#onMessage", EdgeKind.JMS_SEND, CallOp.JMS_SEND, "OrderMdb")
                .call("com.acme.ejb.OrderMdb#onMessage", "java.net.HttpURLConnection#getInputStream", EdgeKind.HTTP_EXTERNAL,
                        CallOp.HTTP_REQUEST, null)
                .build();
        EntryPointCost send = estimate(model, graph, "edge", "/order");
        assertThat(send.roundTrips()).isEqualTo(RoundTrips.of(1));
        assertThat(send.crossings()).singleElement().satisfies(c -> {
            assertThat(c.edge().kind()).isEqualTo(EdgeKind.JMS_SEND);
            assertThat(c.toSite()).isEqualTo("main");
        });
        EntryPointCost consumer = estimate(model, graph, "edge", "com.acme.ejb.OrderMdb#onMessage");
        assertThat(consumer.roundTrips()).isEqualTo(RoundTrips.of(2));
        assertThat(consumer.crossings()).singleElement()
                .satisfies(c -> assertThat(c.reason()).isEqualTo("outbound HTTP / SOAP call"));
        // The edge-db broker sits at the edge: the send no longer crosses.
        assertThat(estimate(model, graph, "edge-db", "/order").roundTrips()).isEqualTo(RoundTrips.ZERO);
    }

    @Test
    void jpaWritesAreDeferredToOneFlushAtCommit() {
        ComponentModel model = new ComponentModel(List.of(Apps.web("CartServlet", ComponentKind.SERVLET, "com.acme.web.CartServlet")));
        TestCallGraph graph = TestCallGraph.builder()
                .entry("/cart", EntryPoint.Kind.SERVLET, "com.acme.web.CartServlet#doPost", "CartServlet")
                .entry("/cart/flush", EntryPoint.Kind.SERVLET, "com.acme.web.CartServlet#flushNow", "CartServlet")
                .call("com.acme.web.CartServlet#doPost", "javax.persistence.EntityManager#find", EdgeKind.JPA, CallOp.JPA_FIND, null)
                .call("com.acme.web.CartServlet#doPost", "javax.persistence.Query#getResultList", EdgeKind.JPA, CallOp.JPA_QUERY, null)
                .call("com.acme.web.CartServlet#doPost", "javax.persistence.EntityManager#persist", EdgeKind.JPA, CallOp.JPA_PERSIST, null, 1, false)
                .call("com.acme.web.CartServlet#doPost", "javax.persistence.EntityManager#merge", EdgeKind.JPA, CallOp.JPA_MERGE, null)
                .call("com.acme.web.CartServlet#flushNow", "javax.persistence.EntityManager#persist", EdgeKind.JPA, CallOp.JPA_PERSIST, null)
                .call("com.acme.web.CartServlet#flushNow", "javax.persistence.EntityManager#flush", EdgeKind.JPA, CallOp.JPA_FLUSH, null)
                .build();
        EntryPointCost cost = estimate(model, graph, "edge", "/cart");
        // find 1 + query 1 + one flush at commit for the persist (in a loop) and the merge
        assertThat(cost.roundTrips()).isEqualTo(RoundTrips.of(3));
        assertThat(cost.crossings()).extracting(CrossingCall::reason, c -> c.contribution().formula()).containsExactly(
                tuple("JPA find", "1"), tuple("JPA query execution", "1"),
                tuple("JPA persist, deferred to the flush at commit", "0"), tuple("JPA merge, deferred to the flush at commit", "0"),
                tuple("JPA flush at commit of the deferred writes", "1"));
        EntryPointCost explicit = estimate(model, graph, "edge", "/cart/flush");
        assertThat(explicit.roundTrips()).isEqualTo(RoundTrips.of(1));
        assertThat(counted(explicit)).singleElement().satisfies(c -> assertThat(c.reason()).isEqualTo("JPA flush"));
    }

    @Test
    void externalEndpointsPlacedByATopologyAreReachedAtTheirSiteAndTlsCostsThree() {
        ComponentModel model = new ComponentModel(List.of(
                Apps.ejb("Supplier", ComponentKind.STATELESS_SESSION, "com.acme.ejb.SupplierBean"),
                Apps.web("https://supplier.example/po", ComponentKind.EXTERNAL, "https://supplier.example/po")));
        TestCallGraph graph = TestCallGraph.builder()
                .entry("com.acme.ejb.SupplierBean#send", EntryPoint.Kind.REMOTE_FACADE, "com.acme.ejb.SupplierBean#send", "Supplier")
                .call("com.acme.ejb.SupplierBean#send", "java.net.URL#openConnection", EdgeKind.HTTP_EXTERNAL, CallOp.HTTP_REQUEST,
                        "https://supplier.example/po")
                .call("com.acme.ejb.SupplierBean#send", "javax.mail.Transport#send", EdgeKind.MAIL, CallOp.MAIL_SEND, null)
                .build();
        EntryPointCost cost = estimate(model, graph, "edge", "com.acme.ejb.SupplierBean#send");
        assertThat(cost.crossings()).extracting(CrossingCall::unitCost, CrossingCall::toSite)
                .containsExactly(tuple(3, "external"), tuple(1, "external"));
        Topology partner = new Topology("p", List.of(new Placement("https://supplier.example/po", "main")), "main", "edge",
                "main", "main", "external", 100, Map.of(), null);
        assertThat(estimate(model, graph, partner, "com.acme.ejb.SupplierBean#send").crossings())
                .extracting(c -> c.edge().kind()).containsExactly(EdgeKind.MAIL);
    }

    // ---- adjustments, latency, memoisation, recursion ----

    @Test
    void aCostAdjustmentChangesTheTotalsWithoutTouchingTheStandardEstimate() {
        WanCostModel model = WanCostModel.of(ENTITY_APP, ENTITY_GRAPH, Topologies.preset("edge"));
        EntryPoint item = entry(ENTITY_GRAPH, "/item");
        CostAdjustment facade = (ep, edge, cost) -> edge.op() == ENTITY_GET && ep.id().equals("/item") ? 0 : cost;
        EntryPointCost before = model.estimate(item);
        EntryPointCost after = model.estimate(item, facade);
        assertThat(after.roundTrips()).isEqualTo(RoundTrips.of(2));
        assertThat(after.crossings()).filteredOn(c -> c.edge().op() == ENTITY_GET)
                .allSatisfy(c -> assertThat(c.contribution()).isEqualTo(RoundTrips.ZERO));
        assertThat(model.estimate(item).roundTrips()).isEqualTo(RoundTrips.of(5)).isEqualTo(before.roundTrips());
        CostAdjustment doubled = (ep, edge, cost) -> cost * 2;
        assertThat(model.estimate(item, doubled).roundTrips()).isEqualTo(RoundTrips.of(10));
    }

    @Test
    void anAdjustmentThatLeavesEveryPricedCallAloneGivesTheStandardEstimate() {
        WanCostModel model = WanCostModel.of(ENTITY_APP, ENTITY_GRAPH, Topologies.preset("edge"));
        EntryPoint item = entry(ENTITY_GRAPH, "/item");
        EntryPointCost before = model.estimate(item);
        // A patch of calls this request never makes (another request's getters) changes nothing here.
        CostAdjustment elsewhere = (ep, edge, cost) -> edge.from().className().equals("com.acme.Unreached") ? 0 : cost;
        assertThat(model.estimate(item, elsewhere)).isSameAs(before);
        // Asked again with the standard cost as the answer for every priced call: still the same estimate.
        CostAdjustment same = (ep, edge, cost) -> cost;
        assertThat(model.estimate(item, same)).isSameAs(before);
    }

    @Test
    void anAdjustmentOfADispatchTargetThatIsNotCountedStillChangesWhichTargetCounts() {
        ComponentModel model = new ComponentModel(List.of(
                Apps.web("OrderServlet", ComponentKind.SERVLET, "com.acme.web.OrderServlet")));
        TestCallGraph graph = TestCallGraph.builder()
                .entry("/order", EntryPoint.Kind.SERVLET, "com.acme.web.OrderServlet#doPost", "OrderServlet")
                .dispatch("com.acme.web.OrderServlet#doPost", "com.acme.cmd.HttpPost#send", "com.acme.cmd.XmlPost#send")
                .call("com.acme.cmd.HttpPost#send", "java.net.URL#openConnection", EdgeKind.HTTP_EXTERNAL, CallOp.HTTP_REQUEST, null)
                .call("com.acme.cmd.XmlPost#send", "java.net.URL#openConnection", EdgeKind.HTTP_EXTERNAL, CallOp.HTTP_REQUEST, null)
                .call("com.acme.cmd.XmlPost#send", "javax.mail.Transport#send", EdgeKind.MAIL, CallOp.MAIL_SEND, null)
                .build();
        WanCostModel costs = WanCostModel.of(model, graph, Topologies.preset("edge"));
        EntryPoint order = entry(graph, "/order");
        assertThat(costs.estimate(order).roundTrips()).isEqualTo(RoundTrips.of(3));
        // HttpPost's call is in no crossing that counts, yet the walk priced it to choose the costliest target.
        CostAdjustment dearer = (ep, edge, cost) -> edge.from().className().equals("com.acme.cmd.HttpPost") ? 10 : cost;
        EntryPointCost after = costs.estimate(order, dearer);
        assertThat(after.roundTrips()).isEqualTo(RoundTrips.of(10));
        assertThat(counted(after)).extracting(c -> c.edge().from().className()).containsOnly("com.acme.cmd.HttpPost");
    }

    @Test
    void latencyIsTwiceTheOneWayLatencyPerRoundTripOnTheLinkCrossed() {
        EntryPointCost cost = estimate(ENTITY_APP, ENTITY_GRAPH, "edge", "/item");
        assertThat(WanCostModel.of(ENTITY_APP, ENTITY_GRAPH, Topologies.preset("edge")).latencyMs(cost)).isEqualTo(1000.0);
        Topology fastLink = new Topology("fast", Topologies.preset("edge").placements(), "main", "edge", "main", "main",
                "external", 100, Map.of("edge<->main", 40.0), null);
        WanCostModel fast = WanCostModel.of(ENTITY_APP, ENTITY_GRAPH, fastLink);
        assertThat(fast.latencyMs(fast.estimate(entry(ENTITY_GRAPH, "/item")))).isEqualTo(400.0);
        EntryPointCost page = estimate(FACADE_APP, FACADE_GRAPH, "centralized", "/catalog");
        assertThat(WanCostModel.of(FACADE_APP, FACADE_GRAPH, Topologies.preset("centralized")).latencyMs(page)).isEqualTo(400.0);
    }

    private static final ComponentModel SHARED_APP = new ComponentModel(List.of(
            Apps.web("A", ComponentKind.SERVLET, "com.acme.web.A"),
            Apps.web("B", ComponentKind.SERVLET, "com.acme.web.B"),
            Apps.ejb("Item", ComponentKind.ENTITY_CMP, "com.acme.ejb.ItemBean")));

    /** Two pages share a helper; the helper and a second helper call each other (recursion). */
    private static final TestCallGraph SHARED_GRAPH = TestCallGraph.builder()
            .entry("/a", EntryPoint.Kind.SERVLET, "com.acme.web.A#doGet", "A")
            .entry("/b", EntryPoint.Kind.SERVLET, "com.acme.web.B#doGet", "B")
            .entry("/c", EntryPoint.Kind.SERVLET, "com.acme.web.Other#doGet", "B")
            .localInLoop("com.acme.web.A#doGet", "com.acme.web.Shared#load", 1)
            .local("com.acme.web.B#doGet", "com.acme.web.Shared#load")
            .local("com.acme.web.B#doGet", "com.acme.web.Shared#again")
            .call("com.acme.web.Shared#load", "com.acme.ejb.Item#getName", REMOTE_EJB, ENTITY_GET, "Item")
            .local("com.acme.web.Shared#load", "com.acme.web.Shared#again")
            .call("com.acme.web.Shared#again", "com.acme.ejb.Item#getPrice", REMOTE_EJB, ENTITY_GET, "Item", 1, false)
            .local("com.acme.web.Shared#again", "com.acme.web.Shared#load")
            .local("com.acme.web.Other#doGet", "com.acme.web.Shared#again")
            .build();

    @Test
    void memoisationDoesNotChangeResultsWhenEntryPointsShareACallee() {
        List<String> ids = List.of("/a", "/b", "/c");
        WanCostModel shared = WanCostModel.of(SHARED_APP, SHARED_GRAPH, Topologies.preset("edge"));
        List<EntryPointCost> inOrder = ids.stream().map(id -> shared.estimate(entry(SHARED_GRAPH, id))).toList();
        for (String id : ids) {
            EntryPointCost alone = estimate(SHARED_APP, SHARED_GRAPH, "edge", id);
            assertThat(inOrder.get(ids.indexOf(id))).as(id).isEqualTo(alone);
        }
        WanCostModel reversed = WanCostModel.of(SHARED_APP, SHARED_GRAPH, Topologies.preset("edge"));
        for (int i = ids.size() - 1; i >= 0; i--) {
            assertThat(reversed.estimate(entry(SHARED_GRAPH, ids.get(i)))).isEqualTo(inOrder.get(i));
        }
        // /a: load runs n times: getName n, again (inside load) → getPrice n·n; the call back into load is not taken.
        assertThat(inOrder.get(0).roundTrips().formula()).isEqualTo("n + n^2");
        // /b: load once (getName 1, again → getPrice n) plus again directly (getPrice n). The walk met
        // again → load as the call closing the cycle, so it is not taken on the direct path either.
        assertThat(inOrder.get(1).roundTrips().formula()).isEqualTo("1 + 2n");
        // /c: again → getPrice n, then load → getName 1; load's call back into again is not taken.
        assertThat(inOrder.get(2).roundTrips().formula()).isEqualTo("1 + n");
        assertThat(shared.estimateAll()).containsExactlyElementsOf(inOrder);
    }

    @Test
    void sharedCalleesAreCountedPerPathWithoutEnumeratingPaths() {
        // 40 diamonds in a row: 2^40 paths reach the last method, which makes one remote call.
        TestCallGraph.Builder b = TestCallGraph.builder()
                .entry("/deep", EntryPoint.Kind.SERVLET, "com.acme.web.D0#run", "A");
        for (int i = 0; i < 40; i++) {
            b.local("com.acme.web.D" + i + "#run", "com.acme.web.L" + i + "#run")
                    .local("com.acme.web.D" + i + "#run", "com.acme.web.R" + i + "#run")
                    .local("com.acme.web.L" + i + "#run", "com.acme.web.D" + (i + 1) + "#run")
                    .local("com.acme.web.R" + i + "#run", "com.acme.web.D" + (i + 1) + "#run");
        }
        // and a 20,000-call chain behind it, which must not overflow the stack
        b.local("com.acme.web.D40#run", "com.acme.web.C0#run");
        for (int i = 0; i < 20_000; i++) b.local("com.acme.web.C" + i + "#run", "com.acme.web.C" + (i + 1) + "#run");
        b.call("com.acme.web.C20000#run", "com.acme.ejb.Item#getName", REMOTE_EJB, ENTITY_GET, "Item");
        TestCallGraph graph = b.build();
        EntryPointCost cost = estimate(SHARED_APP, graph, "edge", "/deep");
        assertThat(cost.roundTrips().value()).isEqualTo(1L << 40);
        assertThat(cost.crossings()).singleElement();
    }

    @Test
    void everyCountEqualsTheSumOfItsCrossingContributions() {
        for (TestCallGraph graph : List.of(FACADE_GRAPH, ENTITY_GRAPH, TRADE_GRAPH, SHARED_GRAPH)) {
            for (String topology : List.of("edge", "centralized", "edge-db")) {
                ComponentModel model = graph == FACADE_GRAPH ? FACADE_APP : graph == ENTITY_GRAPH ? ENTITY_APP
                        : graph == TRADE_GRAPH ? TRADE_APP : SHARED_APP;
                for (EntryPointCost cost : WanCostModel.of(model, graph, Topologies.preset(topology)).estimateAll()) {
                    RoundTrips sum = cost.crossings().stream().map(CrossingCall::contribution).reduce(RoundTrips.ZERO, RoundTrips::plus);
                    assertThat(cost.roundTrips()).as(topology + " " + cost.entryPoint().id()).isEqualTo(sum);
                }
            }
        }
    }

    @Test
    void sameSiteEjbCallsAndUnknownLookupsCostNothing() {
        TestCallGraph graph = TestCallGraph.builder()
                .entry("/item", EntryPoint.Kind.SERVLET, "com.rubis.web.ItemServlet#doGet", "ItemServlet")
                .call("com.rubis.web.ItemServlet#doGet", "javax.naming.Context#lookup", JNDI_LOOKUP, LOOKUP, "jdbc/RubisDS")
                .call("com.rubis.web.ItemServlet#doGet", "com.rubis.ejb.Item#getName", REMOTE_EJB, ENTITY_GET, "Item")
                .build();
        // The getter is a call within the edge; only the CMP container's load of the bean reaches the database.
        assertThat(estimate(ENTITY_APP, graph, "edge-db", "/item").crossings())
                .extracting(CrossingCall::toSite, CrossingCall::reason)
                .containsExactly(tuple("main", "CMP load of Item (the call runs in a transaction of its own, which loads the state)"));
        assertThat(estimate(ENTITY_APP, graph, "edge", "/item").crossings()).extracting(c -> c.edge().op()).containsExactly(ENTITY_GET);
    }

    @Test
    void aHelperCalledOncePerInstanceIsNotChargedPerRequest() {
        TestCallGraph graph = TestCallGraph.builder()
                .entry("/item", EntryPoint.Kind.SERVLET, "com.rubis.web.ItemServlet#doGet", "ItemServlet")
                .call("com.rubis.web.ItemServlet#doGet", "com.rubis.web.ServiceLocator#itemHome", EdgeKind.LOCAL, CallOp.INVOKE,
                        null, 0, true)
                .call("com.rubis.web.ServiceLocator#itemHome", "javax.naming.Context#lookup", JNDI_LOOKUP, LOOKUP, "Item")
                .call("com.rubis.web.ItemServlet#doGet", "com.rubis.ejb.Item#getName", REMOTE_EJB, ENTITY_GET, "Item")
                .build();
        EntryPointCost cost = estimate(ENTITY_APP, graph, "edge", "/item");
        assertThat(cost.roundTrips()).isEqualTo(RoundTrips.of(1));
        assertThat(cost.crossings()).extracting(c -> c.edge().op()).containsExactly(ENTITY_GET);
    }

    @Test
    void explanationDocumentsTheTableAndTheOverrides() {
        String md = WanCostModel.explanation();
        assertThat(md).startsWith("# The WAN round-trip cost model")
                .contains("| remote EJB business method, entity getter/setter, `remove()` (RMI/IIOP) | 1 | `remoteEjbCall` |")
                .contains("1 per further batch")
                .contains("flush at commit")
                .contains("**Exclusive branches are alternatives.**").contains("`max(3, n)`")
                .contains("the arms are added up there")
                .contains("costs: {remoteEjbCall: 1");
    }

    // ---- entity beans whose database is across the WAN (edge-db: application at the edge, database at main) ----

    /** The transaction contexts a container would give: methods listed run in the transaction {@code starter} began. */
    private record FixedTransactions(MethodRef starter, java.util.Set<MethodRef> inside) implements TransactionScopes {
        @Override public java.util.Set<TransactionContext> contextsOf(EntryPoint ep, io.wanlint.analyzer.api.CallEdge edge) {
            return contextsOfMethod(ep, edge.to());
        }

        @Override public boolean everInTransaction(io.wanlint.analyzer.api.CallEdge edge) { return inside.contains(edge.to()); }

        @Override public java.util.Set<TransactionContext> contextsOfMethod(EntryPoint ep, MethodRef method) {
            return java.util.Set.of(inside.contains(method) ? new TransactionContext(true, starter, "Required") : TransactionContext.NONE);
        }
    }

    private static final ComponentModel BMP_APP = new ComponentModel(List.of(
            Apps.web("Teller", ComponentKind.SERVLET, "bank.web.TellerServlet"),
            Apps.ejb("TellerFacade", ComponentKind.STATELESS_SESSION, "bank.TellerBean"),
            Apps.ejb("Account", ComponentKind.ENTITY_BMP, "bank.AccountBean")));

    /** {@code withdraw}: find, read the balance, debit it, read it again — in the façade's transaction. */
    private static final TestCallGraph BMP_GRAPH = TestCallGraph.builder()
            .entry("/withdraw", EntryPoint.Kind.SERVLET, "bank.web.TellerServlet#doPost", "Teller")
            .entry("/balance", EntryPoint.Kind.SERVLET, "bank.web.BalanceServlet#doGet", "Teller")
            .call("bank.web.TellerServlet#doPost", "bank.TellerBean#withdraw", REMOTE_EJB, BUSINESS_METHOD, "TellerFacade")
            .call("bank.TellerBean#withdraw", "bank.AccountBean#ejbFindByPrimaryKey", LOCAL_EJB, HOME_FIND, "Account")
            .call("bank.TellerBean#withdraw", "bank.AccountBean#getBalance", LOCAL_EJB, ENTITY_GET, "Account")
            .call("bank.TellerBean#withdraw", "bank.AccountBean#debit", LOCAL_EJB, BUSINESS_METHOD, "Account")
            .call("bank.TellerBean#withdraw", "bank.AccountBean#getBalance", LOCAL_EJB, ENTITY_GET, "Account")
            // a read without a caller transaction: the servlet calls the entity directly
            .call("bank.web.BalanceServlet#doGet", "bank.AccountBean#ejbFindByPrimaryKey", LOCAL_EJB, HOME_FIND, "Account")
            .call("bank.web.BalanceServlet#doGet", "bank.AccountBean#getBalance", LOCAL_EJB, ENTITY_GET, "Account")
            .call("bank.AccountBean#ejbFindByPrimaryKey", "java.sql.PreparedStatement#executeQuery", JDBC, CallOp.JDBC_EXECUTE, null)
            .call("bank.AccountBean#getBalance", "bank.AccountBean#ejbLoad", EdgeKind.LOCAL, CallOp.CONTAINER_CALLBACK, "Account")
            .call("bank.AccountBean#getBalance", "bank.AccountBean#ejbStore", EdgeKind.LOCAL, CallOp.CONTAINER_CALLBACK, "Account")
            .call("bank.AccountBean#debit", "bank.AccountBean#ejbLoad", EdgeKind.LOCAL, CallOp.CONTAINER_CALLBACK, "Account")
            .call("bank.AccountBean#debit", "bank.AccountBean#ejbStore", EdgeKind.LOCAL, CallOp.CONTAINER_CALLBACK, "Account")
            .call("bank.AccountBean#ejbLoad", "java.sql.PreparedStatement#executeQuery", JDBC, CallOp.JDBC_EXECUTE, null)
            .call("bank.AccountBean#ejbStore", "java.sql.PreparedStatement#executeUpdate", JDBC, CallOp.JDBC_EXECUTE, null)
            .build();

    private static final FixedTransactions WITHDRAW_TX = new FixedTransactions(TestCallGraph.m("bank.TellerBean#withdraw"),
            java.util.Set.of(TestCallGraph.m("bank.TellerBean#withdraw"), TestCallGraph.m("bank.AccountBean#ejbFindByPrimaryKey"),
                    TestCallGraph.m("bank.AccountBean#getBalance"), TestCallGraph.m("bank.AccountBean#debit")));

    private static EntryPointCost estimate(ComponentModel model, TestCallGraph graph, TransactionScopes tx, String entryId) {
        return WanCostModel.of(model, graph, Topologies.preset("edge-db"), tx).estimate(entry(graph, entryId));
    }

    @Test
    void bmpReadWithoutTransactionRunsTheFinderAndTheContainersLoadAndStore() {
        EntryPointCost cost = estimate(BMP_APP, BMP_GRAPH, WITHDRAW_TX, "/balance");

        assertThat(cost.roundTrips()).isEqualTo(RoundTrips.of(3));
        assertThat(counted(cost)).extracting(c -> c.edge().from().name(), CrossingCall::fromSite, CrossingCall::toSite)
                .containsExactly(tuple("ejbFindByPrimaryKey", "edge", "main"), tuple("ejbLoad", "edge", "main"),
                        tuple("ejbStore", "edge", "main"));
        assertThat(counted(cost).get(1).reason()).contains("AccountBean.ejbLoad, called by the container");
    }

    @Test
    void bmpUpdateInOneTransactionLoadsAndStoresTheInstanceOnce() {
        EntryPointCost cost = estimate(BMP_APP, BMP_GRAPH, WITHDRAW_TX, "/withdraw");

        // find 1 + ejbLoad 1 + ejbStore 1, although getBalance, debit and getBalance each need the instance
        assertThat(cost.roundTrips()).isEqualTo(RoundTrips.of(3));
        assertThat(counted(cost)).extracting(c -> c.edge().from().name())
                .containsExactly("ejbFindByPrimaryKey", "ejbLoad", "ejbStore");
    }

    @Test
    void withoutTransactionContextsEveryBmpCallIsItsOwnTransaction() {
        EntryPointCost cost = WanCostModel.of(BMP_APP, BMP_GRAPH, Topologies.preset("edge-db")).estimate(entry(BMP_GRAPH, "/withdraw"));

        // the upper bound: find 1 + three calls × (ejbLoad + ejbStore)
        assertThat(cost.roundTrips()).isEqualTo(RoundTrips.of(7));
        assertThat(counted(cost)).extracting(c -> c.edge().from().name(), c -> c.contribution().value())
                .containsExactly(tuple("ejbFindByPrimaryKey", 1L), tuple("ejbLoad", 3L), tuple("ejbStore", 3L));
    }

    @Test
    void bmpCallsInALoopOfOneTransactionLoadEachInstanceTheyIterate() {
        TestCallGraph graph = TestCallGraph.builder()
                .entry("/statement", EntryPoint.Kind.SERVLET, "bank.web.StatementServlet#doGet", "Teller")
                .call("bank.web.StatementServlet#doGet", "bank.TellerBean#statement", LOCAL_EJB, BUSINESS_METHOD, "TellerFacade")
                .call("bank.TellerBean#statement", "bank.AccountBean#ejbFindByOwner", LOCAL_EJB, HOME_FIND, "Account")
                .call("bank.TellerBean#statement", "bank.AccountBean#getBalance", LOCAL_EJB, ENTITY_GET, "Account", 1, false)
                .call("bank.TellerBean#statement", "bank.AccountBean#getOwner", LOCAL_EJB, ENTITY_GET, "Account", 1, false)
                .call("bank.AccountBean#ejbFindByOwner", "java.sql.PreparedStatement#executeQuery", JDBC, CallOp.JDBC_EXECUTE, null)
                .call("bank.AccountBean#getBalance", "bank.AccountBean#ejbLoad", EdgeKind.LOCAL, CallOp.CONTAINER_CALLBACK, "Account")
                .call("bank.AccountBean#getOwner", "bank.AccountBean#ejbLoad", EdgeKind.LOCAL, CallOp.CONTAINER_CALLBACK, "Account")
                .call("bank.AccountBean#ejbLoad", "java.sql.PreparedStatement#executeQuery", JDBC, CallOp.JDBC_EXECUTE, null)
                .build();
        FixedTransactions tx = new FixedTransactions(TestCallGraph.m("bank.TellerBean#statement"), java.util.Set.of(
                TestCallGraph.m("bank.AccountBean#getBalance"), TestCallGraph.m("bank.AccountBean#getOwner")));

        // the N+1 of BMP finders: 1 query + one ejbLoad per account, not two
        assertThat(estimate(BMP_APP, graph, tx, "/statement").roundTrips().formula()).isEqualTo("1 + n");
    }

    private static final ComponentModel CMP_APP = new ComponentModel(List.of(
            Apps.web("ItemPage", ComponentKind.SERVLET, "auction.web.ItemServlet"),
            Apps.ejb("Auction", ComponentKind.STATELESS_SESSION, "auction.AuctionBean"),
            Apps.ejb("Item", ComponentKind.ENTITY_CMP, "auction.ItemBean")));

    /** A finder and two getters, from the façade (in its transaction) and from the servlet (without one). */
    private static TestCallGraph cmpGraph(String caller) {
        return TestCallGraph.builder()
                .entry("/item", EntryPoint.Kind.SERVLET, "auction.web.ItemServlet#doGet", "ItemPage")
                .call("auction.web.ItemServlet#doGet", "auction.AuctionBean#show", LOCAL_EJB, BUSINESS_METHOD, "Auction")
                .call(caller, "auction.ItemLocalHome#findByPrimaryKey", LOCAL_EJB, HOME_FIND, "Item")
                .call(caller, "auction.ItemLocal#getName", LOCAL_EJB, ENTITY_GET, "Item")
                .call(caller, "auction.ItemLocal#getMaxBid", LOCAL_EJB, ENTITY_GET, "Item")
                .build();
    }

    private static final FixedTransactions SHOW_TX = new FixedTransactions(TestCallGraph.m("auction.AuctionBean#show"),
            java.util.Set.of(TestCallGraph.m("auction.ItemLocalHome#findByPrimaryKey"), TestCallGraph.m("auction.ItemLocal#getName"),
                    TestCallGraph.m("auction.ItemLocal#getMaxBid"), TestCallGraph.m("auction.ItemLocal#setMaxBid")));

    @Test
    void cmpGettersInsideATransactionUseTheStateTheFinderLoaded() {
        EntryPointCost cost = estimate(CMP_APP, cmpGraph("auction.AuctionBean#show"), SHOW_TX, "/item");

        assertThat(cost.roundTrips()).isEqualTo(RoundTrips.of(1));
        assertThat(counted(cost)).singleElement().satisfies(c -> {
            assertThat(c.reason()).startsWith("CMP finder of Item");
            assertThat(c.fromSite()).isEqualTo("edge");
            assertThat(c.toSite()).isEqualTo("main");
        });
        assertThat(cost.crossings()).filteredOn(c -> c.contribution().isZero()).extracting(CrossingCall::reason)
                .allMatch(r -> r.startsWith("CMP load of Item: 0"));
    }

    @Test
    void cmpGettersWithoutATransactionEachLoadTheState() {
        EntryPointCost cost = estimate(CMP_APP, cmpGraph("auction.web.ItemServlet#doGet"),
                new FixedTransactions(null, java.util.Set.of()), "/item");

        assertThat(cost.roundTrips()).isEqualTo(RoundTrips.of(3));
        assertThat(counted(cost)).extracting(CrossingCall::reason).containsExactly(
                "CMP finder of Item (one query; loads the beans it returns)",
                "CMP load of Item (the call runs in a transaction of its own, which loads the state)",
                "CMP load of Item (the call runs in a transaction of its own, which loads the state)");
    }

    @Test
    void cmpCreateIsOneInsertAndSettersInATransactionAreStoredOnceAtCommit() {
        TestCallGraph graph = TestCallGraph.builder()
                .entry("/bid", EntryPoint.Kind.SERVLET, "auction.web.BidServlet#doPost", "ItemPage")
                .call("auction.web.BidServlet#doPost", "auction.AuctionBean#show", LOCAL_EJB, BUSINESS_METHOD, "Auction")
                .call("auction.AuctionBean#show", "auction.ItemLocalHome#findByPrimaryKey", LOCAL_EJB, HOME_FIND, "Item")
                .call("auction.AuctionBean#show", "auction.ItemLocal#setMaxBid", LOCAL_EJB, ENTITY_SET, "Item")
                .call("auction.AuctionBean#show", "auction.ItemLocal#setMaxBid", LOCAL_EJB, ENTITY_SET, "Item")
                .call("auction.AuctionBean#show", "auction.ItemBean#ejbCreate", LOCAL_EJB, HOME_CREATE, "Item")
                .build();

        EntryPointCost cost = estimate(CMP_APP, graph, SHOW_TX, "/bid");

        assertThat(cost.roundTrips()).isEqualTo(RoundTrips.of(3));
        assertThat(counted(cost)).extracting(CrossingCall::reason).containsExactly(
                "CMP finder of Item (one query; loads the beans it returns)",
                "CMP store at commit of Item, once per transaction that sets its fields",
                "CMP insert of Item at create()");
        // Outside a transaction each setter is a transaction of its own: load + store.
        EntryPointCost alone = WanCostModel.of(CMP_APP, graph, Topologies.preset("edge-db")).estimate(entry(graph, "/bid"));
        assertThat(alone.roundTrips()).isEqualTo(RoundTrips.of(1 + 2 * 2 + 1));
    }

    @Test
    void entityBeansNextToTheirDatabaseCostNothingMore() {
        EntryPointCost cmp = WanCostModel.of(CMP_APP, cmpGraph("auction.web.ItemServlet#doGet"), Topologies.preset("centralized"))
                .estimate(entry(cmpGraph("auction.web.ItemServlet#doGet"), "/item"));
        EntryPointCost bmp = WanCostModel.of(BMP_APP, BMP_GRAPH, Topologies.preset("centralized")).estimate(entry(BMP_GRAPH, "/withdraw"));

        assertThat(cmp.roundTrips()).isEqualTo(RoundTrips.of(2));
        assertThat(bmp.roundTrips()).isEqualTo(RoundTrips.of(2));
    }
}
