package io.wanlint.rules.wan;

import static io.wanlint.analyzer.api.CallOp.BUSINESS_METHOD;
import static io.wanlint.analyzer.api.CallOp.HOME_CREATE;
import static io.wanlint.analyzer.api.ComponentKind.ENTITY_CMP;
import static io.wanlint.analyzer.api.ComponentKind.STATEFUL_SESSION;
import static io.wanlint.analyzer.api.ComponentKind.STATELESS_SESSION;
import static io.wanlint.rules.testing.TestApp.Opt.CACHED_ONCE;
import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.rules.testing.Checks;
import io.wanlint.rules.testing.TestApp;
import org.junit.jupiter.api.Test;

class UncachedHomeLookupTest {
    private final UncachedHomeLookup rule = new UncachedHomeLookup();

    @Test
    void lookupAndCreatePerRequestAreOneFindingOnTheMethodAndCostNothingOnceCached() {
        TestApp app = new TestApp();
        var servlet = app.servlet("Item", "shop.web.ItemServlet");
        app.session("Catalog", STATELESS_SESSION, "shop.ejb", true);
        MethodRef doGet = app.method(servlet, "doGet", 10);
        app.entry(EntryPoint.Kind.SERVLET, "/item", doGet);
        app.lookup(doGet, "Catalog", 11);
        app.remote(doGet, "Catalog", "create", HOME_CREATE, 12);
        app.remote(doGet, "Catalog", "item", BUSINESS_METHOD, 13);

        assertThat(Checks.edge(rule, app.build())).singleElement().satisfies(f -> {
            assertThat(f.location()).isEqualTo(new FindingLocation("src/shop/web/ItemServlet.java", 11, "shop.web.ItemServlet", "doGet"));
            assertThat(f.entryPoints()).containsExactly("/item");
            assertThat(f.before()).isEqualTo(RoundTrips.of(3));
            assertThat(f.after()).isEqualTo(RoundTrips.of(1));
            assertThat(f.message()).contains("looks up the home of Catalog").contains("calls create() on the home of Catalog");
        });
    }

    @Test
    void lookupsCachedInInitAreNotReported() {
        TestApp app = new TestApp();
        var servlet = app.servlet("Item", "shop.web.ItemServlet");
        app.session("Catalog", STATELESS_SESSION, "shop.ejb", true);
        MethodRef doGet = app.method(servlet, "doGet", 10);
        app.entry(EntryPoint.Kind.SERVLET, "/item", doGet);
        app.lookup(doGet, "Catalog", 11, CACHED_ONCE);
        app.remote(doGet, "Catalog", "create", HOME_CREATE, 12, CACHED_ONCE);

        assertThat(Checks.edge(rule, app.build())).isEmpty();
    }

    @Test
    void sameSiteBeansEntityCreatesAndCentralizedTopologyAreNotReported() {
        TestApp app = new TestApp();
        var servlet = app.servlet("Cart", "shop.web.CartServlet");
        app.session("Cart", STATEFUL_SESSION, "shop.ejb", true);
        app.entity("Order", ENTITY_CMP, "shop.ejb", true);
        MethodRef doPost = app.method(servlet, "doPost", 10);
        app.entry(EntryPoint.Kind.SERVLET, "/cart", doPost);
        app.remote(doPost, "Cart", "create", HOME_CREATE, 11);   // stateful bean at the edge, like the servlet
        app.remote(doPost, "Order", "create", HOME_CREATE, 12);  // inserts a row: WAN001's
        var analysis = app.build();

        assertThat(Checks.edge(rule, analysis)).isEmpty();
        app.lookup(doPost, "Order", 13);
        assertThat(Checks.centralized(rule, app.build())).isEmpty();
        assertThat(Checks.edge(rule, app.build())).singleElement()
                .satisfies(f -> assertThat(f.location().line()).isEqualTo(13));
    }

    /** A stateless façade at the main site whose {@code open} reaches the stateful bean Cart, placed at the edge. */
    private static TestApp facadeReachingCart(TestApp app) {
        var facade = app.session("Shop", STATELESS_SESSION, "shop.ejb", true);
        app.session("Cart", STATEFUL_SESSION, "shop.ejb", true);
        MethodRef open = app.method(facade, "open", 20);
        app.entry(EntryPoint.Kind.REMOTE_FACADE, "shop.ejb.ShopBean#open", open);
        return app;
    }

    @Test
    void aStatefulHomeCreateIsPerUseSoOnlyTheHomeLookupIsCached() {
        TestApp app = facadeReachingCart(new TestApp());
        MethodRef open = MethodRef.of("shop.ejb.ShopBean", "open");
        app.lookup(open, "Cart", 21);
        app.remote(open, "Cart", "create", HOME_CREATE, 22);

        assertThat(Checks.edge(rule, app.build())).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(Severity.WARNING);
            assertThat(f.message()).contains("looks up the home of Cart").contains("starts a conversation with stateful Cart")
                    .contains("create() starts a new conversation per use and cannot be cached");
            // The lookup is cached, the create stays: 2 become 1, never 0.
            assertThat(f.before()).isEqualTo(RoundTrips.of(2));
            assertThat(f.after()).isEqualTo(RoundTrips.of(1));
        });
    }

    @Test
    void anEjb3LookupOfAStatefulViewIsACreateNeverAfterZero() {
        TestApp app = facadeReachingCart(new TestApp());
        app.businessViewOnly("Cart");
        app.lookup(MethodRef.of("shop.ejb.ShopBean", "open"), "Cart", 21);

        assertThat(Checks.edge(rule, app.build())).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(Severity.NOTE);
            assertThat(f.message()).contains("starts a conversation with stateful Cart").doesNotContain("Service Locator")
                    .doesNotContain("looks up the home");
            assertThat(f.after()).isEqualTo(f.before());
        });
    }

    @Test
    void anEjb3StatelessViewIsLookedUpNotAHomeAndInjectionIsTheFix() {
        TestApp app = new TestApp();
        var servlet = app.servlet("Item", "shop.web.ItemServlet");
        app.session("Catalog", STATELESS_SESSION, "shop.ejb", true);
        app.businessViewOnly("Catalog");
        MethodRef doGet = app.method(servlet, "doGet", 10);
        app.entry(EntryPoint.Kind.SERVLET, "/item", doGet);
        app.lookup(doGet, "Catalog", 11);
        app.remote(doGet, "Catalog", "item", BUSINESS_METHOD, 12);

        assertThat(Checks.edge(rule, app.build())).singleElement().satisfies(f -> {
            assertThat(f.message()).contains("looks up the business view of Catalog").doesNotContain("home")
                    .contains("injected with @EJB");
            assertThat(f.after()).isLessThan(f.before());
        });
    }
}
