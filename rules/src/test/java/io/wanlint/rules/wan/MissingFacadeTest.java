package io.wanlint.rules.wan;

import static io.wanlint.analyzer.api.CallOp.BUSINESS_METHOD;
import static io.wanlint.analyzer.api.CallOp.ENTITY_GET;
import static io.wanlint.analyzer.api.CallOp.HOME_FIND;
import static io.wanlint.analyzer.api.ComponentKind.ENTITY_CMP;
import static io.wanlint.analyzer.api.ComponentKind.MESSAGE_DRIVEN;
import static io.wanlint.analyzer.api.ComponentKind.STATELESS_SESSION;
import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.rules.testing.Checks;
import io.wanlint.rules.testing.TestApp;
import org.junit.jupiter.api.Test;

class MissingFacadeTest {
    private final MissingFacade rule = new MissingFacade();

    @Test
    void servletUsingAnEntityThroughItsLocalViewIsReportedAtTheFirstCall() {
        TestApp app = new TestApp();
        var servlet = app.servlet("ViewBook", "shop.web.ViewBookServlet");
        app.entity("Book", ENTITY_CMP, "shop.ejb", false);
        MethodRef doGet = app.method(servlet, "doGet", 20);
        app.entry(EntryPoint.Kind.SERVLET, "/viewBook", doGet);
        app.local(doGet, "Book", "findByPrimaryKey", HOME_FIND, 23);
        app.local(doGet, "Book", "getTitle", ENTITY_GET, 24);

        assertThat(Checks.edge(rule, app.build())).singleElement().satisfies(f -> {
            assertThat(f.location()).isEqualTo(new FindingLocation("src/shop/web/ViewBookServlet.java", 23,
                    "shop.web.ViewBookServlet", "doGet"));
            assertThat(f.message()).startsWith("/viewBook assembles its use case in the web tier from entity bean Book (2 calls");
            assertThat(f.key()).isEqualTo("use-case:/viewBook");
        });
    }

    @Test
    void servletCombiningTwoSessionBeansIsReportedWithFacadeFigures() {
        TestApp app = new TestApp();
        var servlet = app.servlet("Checkout", "shop.web.CheckoutServlet");
        app.session("Cart", STATELESS_SESSION, "shop.ejb", true);
        app.session("Orders", STATELESS_SESSION, "shop.ejb", true);
        MethodRef doPost = app.method(servlet, "doPost", 10);
        app.entry(EntryPoint.Kind.SERVLET, "/checkout", doPost);
        app.remote(doPost, "Cart", "items", BUSINESS_METHOD, 11);
        app.remote(doPost, "Orders", "place", BUSINESS_METHOD, 12);
        app.remote(doPost, "Cart", "clear", BUSINESS_METHOD, 13);

        Finding f = Checks.edge(rule, app.build()).get(0);

        assertThat(f.message()).contains("2 session beans Cart, Orders").contains("3 calls");
        assertThat(f.before()).isEqualTo(RoundTrips.of(3));
        assertThat(f.after()).isEqualTo(RoundTrips.of(1));
    }

    @Test
    void servletCallingOneFacadeThatUsesLocalEntitiesIsNotReported() {
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

        assertThat(Checks.edge(rule, app.build())).isEmpty();
    }

    @Test
    void messageDrivenBeanUsingEntitiesIsNotAWebUseCase() {
        TestApp app = new TestApp();
        var mdb = app.session("Restock", MESSAGE_DRIVEN, "shop.ejb", false);
        app.entity("Book", ENTITY_CMP, "shop.ejb", false);
        MethodRef onMessage = app.method(mdb, "onMessage", 15);
        app.entry(EntryPoint.Kind.MESSAGE_DRIVEN, "shop.ejb.RestockBean#onMessage", onMessage);
        app.local(onMessage, "Book", "findByPrimaryKey", HOME_FIND, 16);

        assertThat(Checks.edge(rule, app.build())).isEmpty();
    }

    @Test
    void entityWithARemoteViewGetsAStructuralFindingOnItsDescriptor() {
        TestApp app = new TestApp();
        var servlet = app.servlet("ViewBook", "shop.web.ViewBookServlet");
        var catalog = app.session("Catalog", STATELESS_SESSION, "shop.ejb", true);
        app.entity("Book", ENTITY_CMP, "shop.ejb", true);
        MethodRef doGet = app.method(servlet, "doGet", 20);
        MethodRef details = app.method(catalog, "getBookDetails", 30);
        app.entry(EntryPoint.Kind.SERVLET, "/viewBook", doGet);
        app.remote(doGet, "Catalog", "getBookDetails", BUSINESS_METHOD, 22);
        app.remote(details, "Book", "getTitle", ENTITY_GET, 31);

        assertThat(Checks.edge(rule, app.build())).singleElement().satisfies(f -> {
            assertThat(f.location()).isEqualTo(new FindingLocation("src/META-INF/ejb-jar.xml", 10, "shop.ejb.BookBean", null));
            assertThat(f.key()).isEqualTo("remote-view:Book");
            assertThat(f.message()).startsWith("entity bean Book exposes a remote view (BookHome, Book)");
            // The façade calls it on its own site: no entry point pays a WAN round trip for it yet.
            assertThat(f.entryPoints()).isEmpty();
        });
    }

    @Test
    void remoteEntityCalledFromTheEdgeListsItsClientEntryPoints() {
        TestApp app = new TestApp();
        var servlet = app.servlet("ViewBook", "shop.web.ViewBookServlet");
        app.entity("Book", ENTITY_CMP, "shop.ejb", true);
        MethodRef doGet = app.method(servlet, "doGet", 20);
        app.entry(EntryPoint.Kind.SERVLET, "/viewBook", doGet);
        app.remote(doGet, "Book", "findByPrimaryKey", HOME_FIND, 22);
        app.remote(doGet, "Book", "getTitle", ENTITY_GET, 23);

        Finding structural = Checks.edge(rule, app.build()).stream()
                .filter(f -> f.key().equals("remote-view:Book")).findFirst().orElseThrow();

        assertThat(structural.entryPoints()).containsExactly("/viewBook");
        assertThat(structural.before()).isEqualTo(RoundTrips.of(2));
        assertThat(structural.after()).isEqualTo(RoundTrips.of(1));
        assertThat(structural.evidence().get(0).description()).isEqualTo("declares remote view BookHome, Book");
    }

    /** A catalogue façade that reads Book on its own site, and Book declared with a remote view by an ejb-jar of {@code ejbVersion}. */
    private static TestApp bookReadByItsFacade(String ejbVersion) {
        TestApp app = new TestApp();
        var servlet = app.servlet("ViewBook", "shop.web.ViewBookServlet");
        var catalog = app.session("Catalog", STATELESS_SESSION, "shop.ejb", true);
        app.entity("Book", ENTITY_CMP, "shop.ejb", true);
        app.versions("Book", ejbVersion, ejbVersion.startsWith("1") ? "1.x" : "2.x");
        MethodRef doGet = app.method(servlet, "doGet", 20);
        MethodRef details = app.method(catalog, "getBookDetails", 30);
        app.entry(EntryPoint.Kind.SERVLET, "/viewBook", doGet);
        app.remote(doGet, "Catalog", "getBookDetails", BUSINESS_METHOD, 22);
        app.remote(details, "Book", "getTitle", ENTITY_GET, 31);
        return app;
    }

    @Test
    void aRemoteViewNoCrossSiteCallerUsesIsANoteWhereLocalViewsExist() {
        assertThat(Checks.edge(rule, bookReadByItsFacade("2.0").build())).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(Severity.NOTE);
            assertThat(f.message()).contains("that no entry point calls across sites under topology edge")
                    .contains("give it local interfaces only").doesNotContain("across the WAN (");
            assertThat(f.before()).isEqualTo(RoundTrips.ZERO);
            assertThat(f.key()).isEqualTo("remote-view:Book");
        });
    }

    @Test
    void onEjb11ARemoteViewNoCrossSiteCallerUsesIsNotReported() {
        // EJB 1.1 has no local interfaces: the remote view is the only one, and nobody pays for it.
        assertThat(Checks.edge(rule, bookReadByItsFacade("1.1").build())).isEmpty();
    }

    @Test
    void onEjb11RemoteCallersGetTheFacadeAdviceWithoutLocalInterfaces() {
        TestApp app = new TestApp();
        var servlet = app.servlet("ViewBook", "shop.web.ViewBookServlet");
        app.entity("Book", ENTITY_CMP, "shop.ejb", true);
        app.versions("Book", "1.1", "1.x");
        MethodRef doGet = app.method(servlet, "doGet", 20);
        app.entry(EntryPoint.Kind.SERVLET, "/viewBook", doGet);
        app.remote(doGet, "Book", "findByPrimaryKey", HOME_FIND, 22);
        app.remote(doGet, "Book", "getTitle", ENTITY_GET, 23);

        Finding structural = Checks.edge(rule, app.build()).stream()
                .filter(f -> f.key().equals("remote-view:Book")).findFirst().orElseThrow();

        assertThat(structural.severity()).isEqualTo(Severity.WARNING);
        assertThat(structural.message()).contains("1 entry point calls it across the WAN")
                .contains("serve its remote clients through a session façade next to it (EJB 1.1 has no local interfaces)")
                .doesNotContain("give it local interfaces");
    }

    @Test
    void fromEjb20RemoteCallersGetLocalInterfacesAndAFacade() {
        TestApp app = new TestApp();
        var servlet = app.servlet("ViewBook", "shop.web.ViewBookServlet");
        app.entity("Book", ENTITY_CMP, "shop.ejb", true);
        app.versions("Book", "2.0", "2.x");
        MethodRef doGet = app.method(servlet, "doGet", 20);
        app.entry(EntryPoint.Kind.SERVLET, "/viewBook", doGet);
        app.remote(doGet, "Book", "getTitle", ENTITY_GET, 23);

        Finding structural = Checks.edge(rule, app.build()).stream()
                .filter(f -> f.key().equals("remote-view:Book")).findFirst().orElseThrow();

        assertThat(structural.severity()).isEqualTo(Severity.WARNING);
        assertThat(structural.message()).contains("give it local interfaces only and serve remote clients through a session façade");
    }
}
