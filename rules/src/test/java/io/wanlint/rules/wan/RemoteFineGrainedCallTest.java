package io.wanlint.rules.wan;

import static io.wanlint.analyzer.api.CallOp.BUSINESS_METHOD;
import static io.wanlint.analyzer.api.CallOp.ENTITY_GET;
import static io.wanlint.analyzer.api.CallOp.HOME_CREATE;
import static io.wanlint.analyzer.api.CallOp.HOME_FIND;
import static io.wanlint.analyzer.api.ComponentKind.ENTITY_CMP;
import static io.wanlint.analyzer.api.ComponentKind.STATELESS_SESSION;
import static io.wanlint.rules.testing.TestApp.Opt.CACHED_ONCE;
import static io.wanlint.rules.testing.TestApp.Opt.IN_LOOP;
import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.EvidenceStep;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.rules.api.RuleSettings;
import io.wanlint.rules.config.Configuration;
import io.wanlint.rules.config.ConfigurationFiles;
import io.wanlint.rules.testing.Checks;
import io.wanlint.rules.testing.FakeOracle;
import io.wanlint.rules.testing.TestApp;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RemoteFineGrainedCallTest {
    private final RemoteFineGrainedCall rule = new RemoteFineGrainedCall();

    /** A servlet that finds a remote Book and reads three of its fields: 5 round trips at the edge. */
    private static TestApp servletReadingRemoteBook() {
        TestApp app = new TestApp();
        var servlet = app.servlet("ViewBook", "shop.web.ViewBookServlet");
        app.entity("Book", ENTITY_CMP, "shop.ejb", true);
        MethodRef doGet = app.method(servlet, "doGet", 20);
        app.entry(EntryPoint.Kind.SERVLET, "/viewBook", doGet);
        app.lookup(doGet, "Book", 21);
        app.remote(doGet, "Book", "findByPrimaryKey", HOME_FIND, 22);
        app.remote(doGet, "Book", "getTitle", ENTITY_GET, 23);
        app.remote(doGet, "Book", "getPrice", ENTITY_GET, 24);
        app.remote(doGet, "Book", "getAuthor", ENTITY_GET, 25);
        return app;
    }

    @Test
    void servletReadingRemoteEntityIsReportedOnceWithRoundTripsBeforeAndAfterAFacade() {
        List<Finding> findings = Checks.edge(rule, servletReadingRemoteBook().build());

        assertThat(findings).hasSize(1);
        Finding f = findings.get(0);
        assertThat(f.ruleId()).isEqualTo("WAN001");
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.location()).isEqualTo(new FindingLocation("src/shop/web/ViewBookServlet.java", 22,
                "shop.web.ViewBookServlet", "doGet"));
        assertThat(f.entryPoints()).containsExactly("/viewBook");
        assertThat(f.before()).isEqualTo(RoundTrips.of(5));
        assertThat(f.after()).isEqualTo(RoundTrips.of(1));
        assertThat(f.message()).startsWith("5 round trips through 4 remote calls on Book (findByPrimaryKey, getTitle, getPrice, getAuthor)")
                .contains("per request to /viewBook").contains("3 entity accessors called remotely")
                .endsWith("makes it 1");
        assertThat(f.key()).isEqualTo("/viewBook");
    }

    @Test
    void evidenceStartsAtTheEntryPointAndListsEachRemoteCallWithItsLine() {
        Finding f = Checks.edge(rule, servletReadingRemoteBook().build()).get(0);

        assertThat(f.evidence()).extracting(EvidenceStep::line).containsExactly(20, 22, 23, 24, 25);
        assertThat(f.evidence().get(0).kind()).isNull();
        assertThat(f.evidence().get(0).description()).isEqualTo("entry point /viewBook");
        assertThat(f.evidence().subList(1, 5)).allSatisfy(s -> assertThat(s.kind()).isEqualTo(EdgeKind.REMOTE_EJB));
        assertThat(f.evidence().get(2).description()).isEqualTo("remote entity getter Book.getTitle()");
    }

    @Test
    void evidenceFollowsHelpersDownToTheRemoteCall() {
        TestApp app = new TestApp();
        var servlet = app.servlet("CartPage", "shop.web.CartServlet");
        app.session("Cart", STATELESS_SESSION, "shop.ejb", true);
        MethodRef doPost = app.method(servlet, "doPost", 10);
        MethodRef helper = app.method(null, "shop.web.CartHelper", "update", 40);
        app.entry(EntryPoint.Kind.SERVLET, "/cart", doPost);
        app.call(doPost, helper, 12);
        app.remote(helper, "Cart", "addItem", BUSINESS_METHOD, 42);
        app.remote(helper, "Cart", "total", BUSINESS_METHOD, 43);

        Finding f = Checks.edge(rule, app.build()).get(0);

        assertThat(f.location()).isEqualTo(new FindingLocation("src/shop/web/CartHelper.java", 42, "shop.web.CartHelper", "update"));
        assertThat(f.evidence()).extracting(EvidenceStep::className, EvidenceStep::method, EvidenceStep::line)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("shop.web.CartServlet", "doPost", 10),
                        org.assertj.core.groups.Tuple.tuple("shop.web.CartServlet", "doPost", 12),
                        org.assertj.core.groups.Tuple.tuple("shop.web.CartHelper", "update", 42),
                        org.assertj.core.groups.Tuple.tuple("shop.web.CartHelper", "update", 43));
        assertThat(f.before()).isEqualTo(RoundTrips.of(2));
        assertThat(f.after()).isEqualTo(RoundTrips.of(1));
    }

    @Test
    void oneFacadeCallWithCachedStubsIsNotReported() {
        TestApp app = new TestApp();
        var servlet = app.servlet("ViewBook", "shop.web.ViewBookServlet");
        app.session("Catalog", STATELESS_SESSION, "shop.ejb", true);
        MethodRef init = app.method(servlet, "init", 12);
        MethodRef doGet = app.method(servlet, "doGet", 20);
        app.entry(EntryPoint.Kind.SERVLET, "/viewBook", doGet);
        app.lookup(init, "Catalog", 13, CACHED_ONCE);
        app.call(doGet, MethodRef.of("shop.web.ViewBookServlet", "catalog"), 21);
        app.remote(doGet, "Catalog", "create", HOME_CREATE, 21, CACHED_ONCE);
        app.remote(doGet, "Catalog", "getBookDetails", BUSINESS_METHOD, 22);

        assertThat(Checks.edge(rule, app.build())).isEmpty();
    }

    @Test
    void uncachedLookupAndSessionCreateAreLeftToWan006() {
        TestApp app = new TestApp();
        var servlet = app.servlet("ViewBook", "shop.web.ViewBookServlet");
        app.session("Catalog", STATELESS_SESSION, "shop.ejb", true);
        MethodRef doGet = app.method(servlet, "doGet", 20);
        app.entry(EntryPoint.Kind.SERVLET, "/viewBook", doGet);
        app.lookup(doGet, "Catalog", 21);
        app.remote(doGet, "Catalog", "create", HOME_CREATE, 22);
        app.remote(doGet, "Catalog", "getBookDetails", BUSINESS_METHOD, 23);

        assertThat(Checks.edge(rule, app.build())).isEmpty();
    }

    @Test
    void localInterfaceCallsInsideTheEjbTierAreNotReported() {
        TestApp app = new TestApp();
        var servlet = app.servlet("ViewBook", "shop.web.ViewBookServlet");
        var catalog = app.session("Catalog", STATELESS_SESSION, "shop.ejb", true);
        app.entity("Book", ENTITY_CMP, "shop.ejb", false);
        MethodRef doGet = app.method(servlet, "doGet", 20);
        MethodRef details = app.method(catalog, "getBookDetails", 30);
        app.entry(EntryPoint.Kind.SERVLET, "/viewBook", doGet);
        app.remote(doGet, "Catalog", "getBookDetails", BUSINESS_METHOD, 22);
        app.local(details, "Book", "findByPrimaryKey", HOME_FIND, 31);
        app.local(details, "Book", "getTitle", ENTITY_GET, 32);
        app.local(details, "Book", "getPrice", ENTITY_GET, 33, IN_LOOP);

        assertThat(Checks.edge(rule, app.build())).isEmpty();
    }

    @Test
    void aSingleRemoteCallInsideALoopIsReportedAndTheFacadeIsCalledOnce() {
        TestApp app = new TestApp();
        var servlet = app.servlet("CartPage", "shop.web.CartServlet");
        app.session("Pricing", STATELESS_SESSION, "shop.ejb", true);
        MethodRef doGet = app.method(servlet, "doGet", 10);
        app.entry(EntryPoint.Kind.SERVLET, "/cart", doGet);
        app.remote(doGet, "Pricing", "priceOf", BUSINESS_METHOD, 14, IN_LOOP);

        Finding f = Checks.edge(rule, app.build()).get(0);

        assertThat(f.before().formula()).isEqualTo("n");
        assertThat(f.after()).isEqualTo(RoundTrips.of(1));
        assertThat(f.message()).startsWith("n round trips through 1 remote call on Pricing (priceOf)")
                .contains("1 of them inside a loop");
    }

    @Test
    void centralizedTopologyHasNoCrossSiteCallsSoNothingIsReported() {
        assertThat(Checks.centralized(rule, servletReadingRemoteBook().build())).isEmpty();
    }

    @Test
    void twoBusinessCallsOnDifferentBeansAreReportedUnlessTheThresholdIsRaised() {
        TestApp app = new TestApp();
        var servlet = app.servlet("Checkout", "shop.web.CheckoutServlet");
        app.session("Cart", STATELESS_SESSION, "shop.ejb", true);
        app.session("Orders", STATELESS_SESSION, "shop.ejb", true);
        MethodRef doPost = app.method(servlet, "doPost", 10);
        app.entry(EntryPoint.Kind.SERVLET, "/checkout", doPost);
        app.remote(doPost, "Cart", "items", BUSINESS_METHOD, 11);
        app.remote(doPost, "Orders", "place", BUSINESS_METHOD, 12);
        var analysis = app.build();

        assertThat(Checks.edge(rule, analysis)).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("2 remote calls on Cart (items), Orders (place)"));
        Configuration three = new Configuration(Set.of(), Map.of(), RuleSettings.DEFAULTS.withMinCrossSiteCalls(3),
                null, List.of(), null);
        assertThat(Checks.run(rule, analysis, FakeOracle.edge(analysis), three)).isEmpty();
        // The README's shape of wanlint.yaml reaches the rule too.
        Configuration fromSettings = ConfigurationFiles.parse("settings:\n  WAN001: {minCrossSiteCalls: 3}\n", "wanlint.yaml", false);
        assertThat(Checks.run(rule, analysis, FakeOracle.edge(analysis), fromSettings)).isEmpty();
    }
}
