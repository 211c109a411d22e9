package io.wanlint.rules.wan;

import static io.wanlint.analyzer.api.CallOp.ENTITY_GET;
import static io.wanlint.analyzer.api.CallOp.HOME_FIND;
import static io.wanlint.analyzer.api.ComponentKind.ENTITY_BMP;
import static io.wanlint.analyzer.api.ComponentKind.ENTITY_CMP;
import static io.wanlint.analyzer.api.ComponentKind.STATELESS_SESSION;
import static io.wanlint.rules.testing.TestApp.Opt.IN_LOOP;
import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.rules.testing.Checks;
import io.wanlint.rules.testing.TestApp;
import org.junit.jupiter.api.Test;

class NPlusOneFinderTest {
    private final NPlusOneFinder rule = new NPlusOneFinder();

    @Test
    void collectionFinderFollowedByRemoteGetterPerElementIsReportedOnTheFinder() {
        TestApp app = new TestApp();
        var servlet = app.servlet("Browse", "shop.web.BrowseServlet");
        app.entity("Category", ENTITY_CMP, "shop.ejb", true);
        MethodRef doGet = app.method(servlet, "doGet", 10);
        app.entry(EntryPoint.Kind.SERVLET, "/browse", doGet);
        app.remote(doGet, "Category", "findAllCategories", HOME_FIND, 11);
        app.remote(doGet, "Category", "getName", ENTITY_GET, 13, IN_LOOP);

        assertThat(Checks.edge(rule, app.build())).singleElement().satisfies(f -> {
            assertThat(f.location().line()).isEqualTo(11);
            assertThat(f.location().method()).isEqualTo("doGet");
            assertThat(f.before().formula()).isEqualTo("1 + n");
            assertThat(f.after()).isEqualTo(RoundTrips.of(1));
            assertThat(f.message()).contains("finder Category.findAllCategories()").contains("Category.getName()");
        });
    }

    @Test
    void primaryKeyFinderOrCallsOutsideALoopAreNotNPlusOne() {
        TestApp app = new TestApp();
        var servlet = app.servlet("View", "shop.web.ViewServlet");
        app.entity("Item", ENTITY_CMP, "shop.ejb", true);
        MethodRef doGet = app.method(servlet, "doGet", 10);
        app.entry(EntryPoint.Kind.SERVLET, "/view", doGet);
        app.remote(doGet, "Item", "findByPrimaryKey", HOME_FIND, 11);
        app.remote(doGet, "Item", "getName", ENTITY_GET, 12, IN_LOOP);
        app.remote(doGet, "Item", "findByCategory", HOME_FIND, 13);
        app.remote(doGet, "Item", "getPrice", ENTITY_GET, 14);

        assertThat(Checks.edge(rule, app.build())).isEmpty();
    }

    @Test
    void localEntitiesNextToTheFacadeAndTheDatabaseAreNotReported() {
        TestApp app = new TestApp();
        var facade = app.session("Browse", STATELESS_SESSION, "shop.ejb", true);
        app.entity("Category", ENTITY_CMP, "shop.ejb", false);
        app.entity("Region", ENTITY_BMP, "shop.ejb", false);
        MethodRef list = app.method(facade, "categories", 20);
        app.entry(EntryPoint.Kind.REMOTE_FACADE, "Browse.categories", list);
        app.local(list, "Category", "findAll", HOME_FIND, 21);
        app.local(list, "Category", "getName", ENTITY_GET, 22, IN_LOOP);
        app.local(list, "Region", "findAll", HOME_FIND, 23);
        app.local(list, "Region", "getName", ENTITY_GET, 24, IN_LOOP);

        assertThat(Checks.edge(rule, app.build())).isEmpty();
    }
}
