package io.wanlint.rules.wan;

import static io.wanlint.analyzer.api.CallOp.BUSINESS_METHOD;
import static io.wanlint.analyzer.api.CallOp.ENTITY_GET;
import static io.wanlint.analyzer.api.CallOp.ENTITY_SET;
import static io.wanlint.analyzer.api.CallOp.ENTITY_UPDATE;
import static io.wanlint.analyzer.api.CallOp.HOME_CREATE;
import static io.wanlint.analyzer.api.CallOp.HOME_FIND;
import static io.wanlint.analyzer.api.CallOp.JPA_FIND;
import static io.wanlint.analyzer.api.CallOp.JPA_PERSIST;
import static io.wanlint.analyzer.api.ComponentKind.ENTITY_BMP;
import static io.wanlint.analyzer.api.ComponentKind.ENTITY_CMP;
import static io.wanlint.analyzer.api.ComponentKind.STATELESS_SESSION;
import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.rules.api.RuleSettings;
import io.wanlint.rules.config.Configuration;
import io.wanlint.rules.testing.Checks;
import io.wanlint.rules.testing.FakeOracle;
import io.wanlint.rules.testing.TestApp;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CacheableReadMostlyEntityTest {
    private final CacheableReadMostlyEntity rule = new CacheableReadMostlyEntity();

    /** {@code pages} servlets, each finding a Category and reading its name remotely. */
    private static TestApp catalogPages(TestApp app, int pages) {
        app.entity("Category", ENTITY_CMP, "shop.ejb", true);
        for (int i = 1; i <= pages; i++) {
            var servlet = app.servlet("Page" + i, "shop.web.Page" + i + "Servlet");
            MethodRef doGet = app.method(servlet, "doGet", 10);
            app.entry(EntryPoint.Kind.SERVLET, "/page" + i, doGet);
            app.remote(doGet, "Category", "findByPrimaryKey", HOME_FIND, 11);
            app.remote(doGet, "Category", "getName", ENTITY_GET, 12);
        }
        return app;
    }

    @Test
    void entityReadByThreePagesAndNeverWrittenIsReportedWithBothVendorStrategies() {
        assertThat(Checks.edge(rule, catalogPages(new TestApp(), 3).build())).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(Severity.NOTE);
            assertThat(f.location()).isEqualTo(new FindingLocation("src/shop/ejb/CategoryBean.java", 5, "shop.ejb.CategoryBean", null));
            assertThat(f.entryPoints()).containsExactly("/page1", "/page2", "/page3");
            assertThat(f.message()).startsWith("entity Category (CMP) is read-mostly: 6 reads and 0 writes")
                    .contains("never written").contains("hottest finder Category.findByPrimaryKey() from 3 entry points")
                    .contains("JBoss <read-only>true</read-only>").contains("WebLogic <concurrency-strategy>ReadOnly")
                    .doesNotContain("read-mostly pattern");
            // One request of one page (the first of three alike), not the three added up.
            assertThat(f.before()).isEqualTo(RoundTrips.of(2));
            // The read-only copy runs with the page: the getter is local, the finder still queries the database.
            assertThat(f.after()).isEqualTo(RoundTrips.of(1));
            assertThat(f.key()).isEqualTo("entity:Category");
        });
    }

    @Test
    void vendorDescriptorsDecideTheStrategy() {
        TestApp app = catalogPages(new TestApp(), 1);
        app.descriptorFile("src/META-INF/jboss.xml", "jboss");

        assertThat(Checks.edge(rule, app.build())).singleElement().satisfies(f ->
                assertThat(f.message()).contains("JBoss <read-only>true</read-only> in jboss.xml (and jbosscmp-jdbc.xml)")
                        .doesNotContain("WebLogic"));
    }

    @Test
    void entityWrittenOnEveryOrderIsNotReported() {
        TestApp app = new TestApp();
        var servlet = app.servlet("Checkout", "shop.web.CheckoutServlet");
        var facade = app.session("Orders", STATELESS_SESSION, "shop.ejb", true);
        app.entity("Order", ENTITY_BMP, "shop.ejb", false);
        MethodRef doPost = app.method(servlet, "doPost", 10);
        MethodRef place = app.method(facade, "place", 20);
        app.entry(EntryPoint.Kind.SERVLET, "/checkout", doPost);
        app.remote(doPost, "Orders", "place", io.wanlint.analyzer.api.CallOp.BUSINESS_METHOD, 11);
        app.local(place, "Order", "create", HOME_CREATE, 21);
        app.local(place, "Order", "setStatus", ENTITY_SET, 22);
        app.local(place, "Order", "getTotal", ENTITY_GET, 23);

        assertThat(Checks.edge(rule, app.build())).isEmpty();
    }

    @Test
    void readsAboveTheRatioAreReportedAsReadMostlyUnlessTheThresholdIsRaised() {
        TestApp app = catalogPages(new TestApp(), 5);
        var admin = app.servlet("Admin", "shop.web.AdminServlet");
        MethodRef doPost = app.method(admin, "doPost", 10);
        app.entry(EntryPoint.Kind.SERVLET, "/admin", doPost);
        app.remote(doPost, "Category", "setName", ENTITY_SET, 12);
        var analysis = app.build();

        assertThat(Checks.edge(rule, analysis)).singleElement().satisfies(f ->
                assertThat(f.message()).contains("10 reads and 1 write").contains("10.0 reads per write")
                        .contains("read-mostly pattern"));
        Configuration strict = new Configuration(Set.of(), Map.of(), RuleSettings.DEFAULTS.withReadWriteRatio(11), null,
                List.of(), null);
        assertThat(Checks.run(rule, analysis, FakeOracle.edge(analysis), strict)).isEmpty();
    }

    @Test
    void readMostlyCmpPredictionServesTheReadersFromTheTwinAndLeavesTheWritersAsTheyWere() {
        TestApp app = new TestApp();
        app.entity("Item", ENTITY_CMP, "shop.ejb", true);
        for (int i = 1; i <= 5; i++) {
            var servlet = app.servlet("View" + i, "shop.web.View" + i + "Servlet");
            MethodRef doGet = app.method(servlet, "doGet", 10);
            app.entry(EntryPoint.Kind.SERVLET, "/view" + i, doGet);
            app.lookup(doGet, "Item", 11);
            app.remote(doGet, "Item", "findByPrimaryKey", HOME_FIND, 12);
            app.remote(doGet, "Item", "getName", ENTITY_GET, 13);
        }
        var bid = app.servlet("Bid", "shop.web.BidServlet");
        MethodRef doPost = app.method(bid, "doPost", 10);
        app.entry(EntryPoint.Kind.SERVLET, "/bid", doPost);
        app.lookup(doPost, "Item", 11);
        app.remote(doPost, "Item", "findByPrimaryKey", HOME_FIND, 12);
        app.remote(doPost, "Item", "setMaxBid", ENTITY_SET, 13);

        assertThat(Checks.edge(rule, app.build())).singleElement().satisfies(f -> {
            assertThat(f.entryPoints()).containsExactly("/view1", "/view2", "/view3", "/view4", "/view5", "/bid");
            assertThat(f.message()).contains("11 reads and 1 write").contains("read-only twin").contains("read-mostly pattern");
            // One request of the worst entry point (all cost 3: the first reader is named): lookup 1 + finder 1
            // + getter 1 = 3 becomes one query; the bidder would keep its 3.
            assertThat(f.before()).isEqualTo(RoundTrips.of(3));
            assertThat(f.after()).isEqualTo(RoundTrips.of(1));
            assertThat(f.message()).contains("(worst: /view1, of 6 entry points)");
        });
    }

    /** Five pages reading an account's balance, and a payment servlet that debits it with {@code debitOp}. */
    private static TestApp accountPages(io.wanlint.analyzer.api.CallOp debitOp) {
        TestApp app = new TestApp();
        app.entity("Account", ENTITY_BMP, "bank.ejb", true);
        for (int i = 1; i <= 5; i++) {
            var servlet = app.servlet("Statement" + i, "bank.web.Statement" + i + "Servlet");
            MethodRef doGet = app.method(servlet, "doGet", 10);
            app.entry(EntryPoint.Kind.SERVLET, "/statement" + i, doGet);
            app.remote(doGet, "Account", "getBalance", ENTITY_GET, 11);
        }
        var pay = app.servlet("Pay", "bank.web.PayServlet");
        MethodRef doPost = app.method(pay, "doPost", 10);
        app.entry(EntryPoint.Kind.SERVLET, "/pay", doPost);
        app.remote(doPost, "Account", "debit", debitOp, 11);
        return app;
    }

    @Test
    void aBusinessMethodThatUpdatesTheEntityCountsAsAWrite() {
        // 5 reads : 1 update is below the default ratio of 10.
        var analysis = accountPages(ENTITY_UPDATE).build();
        assertThat(Checks.edge(rule, analysis)).isEmpty();

        Configuration ratioFive = new Configuration(Set.of(), Map.of(), RuleSettings.DEFAULTS.withReadWriteRatio(5), null,
                List.of(), null);
        assertThat(Checks.run(rule, analysis, FakeOracle.edge(analysis), ratioFive)).singleElement().satisfies(f ->
                assertThat(f.message()).contains("5 reads and 1 write").contains("5.0 reads per write")
                        .contains("read-mostly pattern"));
    }

    @Test
    void aBusinessMethodThatOnlyReadsIsNoWrite() {
        assertThat(Checks.edge(rule, accountPages(BUSINESS_METHOD).build())).singleElement().satisfies(f ->
                assertThat(f.message()).contains("5 reads and 0 writes").contains("never written"));
    }

    @Test
    void writesFromTheEntitysOwnLifecycleMethodsDoNotCount() {
        TestApp app = catalogPages(new TestApp(), 1);
        MethodRef doGet = MethodRef.of("shop.web.Page1Servlet", "doGet");
        MethodRef ejbStore = app.method("Category", "shop.ejb.CategoryBean", "ejbStore", 80);
        app.local(doGet, "Category", "ejbStore", io.wanlint.analyzer.api.CallOp.INVOKE, 13);
        app.remote(ejbStore, "Category", "setName", ENTITY_SET, 81);

        assertThat(Checks.edge(rule, app.build())).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("2 reads and 0 writes"));
    }

    @Test
    void entityAlreadyDeclaredReadOnlyIsSkipped() {
        TestApp app = new TestApp();
        app.readOnlyEntity("Category", "shop.ejb");
        var servlet = app.servlet("Page", "shop.web.PageServlet");
        MethodRef doGet = app.method(servlet, "doGet", 10);
        app.entry(EntryPoint.Kind.SERVLET, "/page", doGet);
        app.local(doGet, "Category", "getName", ENTITY_GET, 12);

        assertThat(Checks.edge(rule, app.build())).isEmpty();
    }

    @Test
    void jpaEntityGetsTheSecondLevelCacheStrategy() {
        TestApp app = new TestApp();
        app.jpaEntity("Product", "shop.model.Product");
        var facade = app.session("Catalog", STATELESS_SESSION, "shop.ejb", true);
        MethodRef add = app.method(facade, "add", 30);
        jpaReadByPage(app, "Product");
        app.entry(EntryPoint.Kind.REMOTE_FACADE, "shop.ejb.CatalogBean#add", add);
        app.jpa(add, JPA_PERSIST, "Product", 31);

        var analysis = app.build();
        Configuration ratioOne = new Configuration(Set.of(), Map.of(), RuleSettings.DEFAULTS.withReadWriteRatio(1), null,
                List.of(), null);
        assertThat(Checks.run(rule, analysis, FakeOracle.edge(analysis), ratioOne)).singleElement().satisfies(f -> {
            assertThat(f.message()).contains("1 read and 1 write").contains("@Cacheable")
                    .contains("@Cache(usage = NONSTRICT_READ_WRITE)");
            assertThat(f.location()).isEqualTo(new FindingLocation("src/shop/model/Product.java", 3, "shop.model.Product", null));
        });
        assertThat(Checks.edge(rule, analysis)).isEmpty();
    }

    /** A page at the edge that finds the JPA entity {@code entity} itself, across the WAN from the database. */
    private static MethodRef jpaReadByPage(TestApp app, String entity) {
        var servlet = app.servlet("Shelf", "shop.web.ShelfServlet");
        MethodRef doGet = app.method(servlet, "doGet", 10);
        app.entry(EntryPoint.Kind.SERVLET, "/shelf", doGet);
        app.jpa(doGet, JPA_FIND, entity, 11);
        return doGet;
    }

    /** A remote façade at the main site (next to the entity) that finds {@code entity} and reads it, once per call. */
    private static TestApp readByFacadeAtMain(TestApp app, String entity) {
        var facade = app.session("Catalog", STATELESS_SESSION, "shop.ejb", true);
        MethodRef show = app.method(facade, "show", 20);
        app.entry(EntryPoint.Kind.REMOTE_FACADE, "shop.ejb.CatalogBean#show", show);
        app.local(show, entity, "findByPrimaryKey", HOME_FIND, 21);
        app.local(show, entity, "getName", ENTITY_GET, 22);
        return app;
    }

    @Test
    void entityReadOnlyOnItsOwnSiteIsNotReportedAsACopyAtTheEdgeWouldSaveNoWanRoundTrip() {
        TestApp app = new TestApp();
        app.entity("Category", ENTITY_CMP, "shop.ejb", false);
        app.versions("Category", "2.0", "2.x");
        readByFacadeAtMain(app, "Category");

        assertThat(Checks.edge(rule, app.build())).isEmpty();
    }

    @Test
    void entityReadAcrossSitesKeepsTheEdgeAdviceAndItsSaving() {
        TestApp app = catalogPages(new TestApp(), 1);
        app.versions("Category", "2.0", "2.x");

        assertThat(Checks.edge(rule, app.build())).singleElement().satisfies(f -> {
            assertThat(f.message()).contains("deploy a read-only CMP 2.x bean at the edge").contains("become 1")
                    .doesNotContain("database work");
            assertThat(f.after()).isLessThan(f.before());
        });
    }

    @Test
    void adviceNamesOnlyTheServersWhoseDescriptorsTheApplicationShips() {
        TestApp jboss2 = catalogPages(new TestApp(), 1);
        jboss2.versions("Category", "1.1", "1.x");
        jboss2.descriptorFile("src/META-INF/jboss.xml", "jboss");
        jboss2.descriptorFile("src/META-INF/jaws.xml", "jaws");
        assertThat(Checks.edge(rule, jboss2.build())).singleElement().satisfies(f -> assertThat(f.message())
                .contains("read-only CMP 1.x bean").contains("JBoss 2.x <read-only>true</read-only> with a <time-out>")
                .contains("jaws.xml").doesNotContain("jbosscmp-jdbc.xml").doesNotContain("WebLogic"));

        TestApp websphere = catalogPages(new TestApp(), 1);
        websphere.descriptorFile("ejbModule/META-INF/ibm-ejb-jar-ext.xmi", "EJBJarExtension");
        assertThat(Checks.edge(rule, websphere.build())).singleElement().satisfies(f -> assertThat(f.message())
                .contains("WebSphere").contains("ibm-ejb-jar-ext.xmi").doesNotContain("JBoss").doesNotContain("WebLogic"));

        TestApp weblogic = catalogPages(new TestApp(), 1);
        weblogic.descriptorFile("src/META-INF/weblogic-cmp-rdbms-jar-Category.xml", "weblogic-rdbms-jar");
        assertThat(Checks.edge(rule, weblogic.build())).singleElement().satisfies(f -> assertThat(f.message())
                .contains("WebLogic <concurrency-strategy>ReadOnly").doesNotContain("JBoss"));

        TestApp openejb = catalogPages(new TestApp(), 1);
        openejb.descriptorFile("src/META-INF/openejb-jar.xml", "openejb-jar");
        assertThat(Checks.edge(rule, openejb.build())).singleElement().satisfies(f -> assertThat(f.message())
                .contains("OpenEJB").contains("openjpa.DataCache").doesNotContain("JBoss").doesNotContain("WebLogic"));

        TestApp ri = catalogPages(new TestApp(), 1);
        ri.descriptorFile("src/META-INF/sun-j2ee-ri.xml", "j2ee-ri-specific-information");
        assertThat(Checks.edge(rule, ri.build())).singleElement().satisfies(f -> assertThat(f.message())
                .contains("the J2EE reference implementation (sun-j2ee-ri.xml) has no read-only switch"));

        TestApp glassfish = catalogPages(new TestApp(), 1);
        glassfish.descriptorFile("src/META-INF/sun-ejb-jar.xml", "sun-ejb-jar");
        assertThat(Checks.edge(rule, glassfish.build())).singleElement().satisfies(f -> assertThat(f.message())
                .contains("GlassFish <is-read-only-bean>true</is-read-only-bean>").doesNotContain("JBoss").doesNotContain("WebLogic"));

        TestApp oracle = catalogPages(new TestApp(), 1);
        oracle.descriptorFile("src/META-INF/orion-ejb-jar.xml", "orion-ejb-jar");
        assertThat(Checks.edge(rule, oracle.build())).singleElement().satisfies(f -> assertThat(f.message())
                .contains("locking-mode=\"read-only\"").contains("orion-ejb-jar.xml").doesNotContain("JBoss"));
    }

    @Test
    void vendorIsKnownByRootElementNotByFileName() {
        TestApp renamed = catalogPages(new TestApp(), 1);
        renamed.descriptorFile("src/META-INF/estore-server.xml", "weblogic-ejb-jar");
        renamed.descriptorFile("src/META-INF/jboss.xml.orig", null);
        assertThat(Checks.edge(rule, renamed.build())).singleElement().satisfies(f -> assertThat(f.message())
                .contains("WebLogic <concurrency-strategy>ReadOnly").doesNotContain("JBoss"));
    }

    @Test
    void bmpEntityIsNamedAsSuchAndGetsNoCmpMappingFile() {
        TestApp app = new TestApp();
        app.entity("Account", ENTITY_BMP, "bank.ejb", false);
        app.descriptorFile("src/META-INF/jboss.xml", "jboss");
        var servlet = app.servlet("Balance", "bank.web.BalanceServlet");
        MethodRef doGet = app.method(servlet, "doGet", 10);
        app.entry(EntryPoint.Kind.SERVLET, "/balance", doGet);
        app.remote(doGet, "Account", "findByPrimaryKey", HOME_FIND, 11);
        app.remote(doGet, "Account", "getBalance", ENTITY_GET, 12);

        assertThat(Checks.edge(rule, app.build())).singleElement().satisfies(f -> assertThat(f.message())
                .contains("(BMP)").contains("deploy a read-only BMP bean at the edge (JBoss <read-only>true</read-only> in jboss.xml)")
                .doesNotContain("jbosscmp-jdbc"));
    }

    @Test
    void jpaEntityReadOnlyOnItsOwnSiteIsNotReported() {
        TestApp app = new TestApp();
        app.jpaEntity("Product", "shop.model.Product");
        var facade = app.session("Catalog", STATELESS_SESSION, "shop.ejb", true);
        MethodRef find = app.method(facade, "product", 20);
        app.entry(EntryPoint.Kind.REMOTE_FACADE, "shop.ejb.CatalogBean#product", find);
        app.jpa(find, JPA_FIND, "Product", 21);

        assertThat(Checks.edge(rule, app.build())).isEmpty();
    }

    @Test
    void writesNoEntryPointReachesMakeTheRatioAnUpperBoundNeverNeverWritten() {
        TestApp app = catalogPages(new TestApp(), 5);
        var admin = app.servlet("Admin", "shop.web.AdminServlet");
        MethodRef doPost = app.method(admin, "doPost", 10);
        app.entry(EntryPoint.Kind.SERVLET, "/admin", doPost);
        app.remote(doPost, "Category", "setName", ENTITY_SET, 12);
        // A nightly import no entry point reaches (a timer the analysis does not know) also writes it.
        MethodRef nightly = app.method(null, "shop.batch.CategoryImport", "run", 30);
        app.remote(nightly, "Category", "create", HOME_CREATE, 31);

        assertThat(Checks.edge(rule, app.build())).singleElement().satisfies(f -> assertThat(f.message())
                .contains("10 reads and 1 write").contains("10.0 reads per write at most")
                .contains("it has more writes, how often unknown: no entry point reaches CategoryImport.run")
                .doesNotContain("never written").contains("read-mostly pattern"));
    }

    @Test
    void anEntityWhoseOnlyWritesNoEntryPointReachesIsNotCalledReadMostly() {
        TestApp app = catalogPages(new TestApp(), 3);
        MethodRef nightly = app.method(null, "shop.batch.CategoryImport", "run", 30);
        app.remote(nightly, "Category", "create", HOME_CREATE, 31);

        assertThat(Checks.edge(rule, app.build())).isEmpty();
    }

    @Test
    void anUntypedJpaPersistMakesEveryJpaEntityOfItsModuleUnknown() {
        TestApp app = new TestApp();
        app.jpaEntity("Product", "shop.model.Product");
        jpaReadByPage(app, "Product");
        var analysisWithout = app.build();
        assertThat(Checks.edge(rule, analysisWithout)).singleElement();

        MethodRef save = app.method(null, "shop.dao.GenericDao", "save", 40);
        app.jpa(save, JPA_PERSIST, null, 41);
        assertThat(Checks.edge(rule, app.build())).isEmpty();
    }
}
