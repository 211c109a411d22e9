package io.wanlint.rules.wan;

import static io.wanlint.analyzer.api.CallOp.BUSINESS_METHOD;
import static io.wanlint.analyzer.api.CallOp.ENTITY_GET;
import static io.wanlint.analyzer.api.CallOp.ENTITY_SET;
import static io.wanlint.analyzer.api.CallOp.HOME_FIND;
import static io.wanlint.analyzer.api.CallOp.JDBC_CONNECTION_POOL;
import static io.wanlint.analyzer.api.CallOp.JDBC_PREPARE;
import static io.wanlint.analyzer.api.ComponentKind.ENTITY_BMP;
import static io.wanlint.analyzer.api.ComponentKind.ENTITY_CMP;
import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.rules.testing.Checks;
import io.wanlint.rules.testing.TestApp;
import org.junit.jupiter.api.Test;

class UnconditionalEjbStoreTest {
    private final UnconditionalEjbStore rule = new UnconditionalEjbStore();

    /** A BMP Quote whose ejbStore updates through a helper, reached from a page that only reads it. */
    private static TestApp quote(TestApp app) {
        var servlet = app.servlet("Quote", "shop.web.QuoteServlet");
        var quote = app.entity("Quote", ENTITY_BMP, "shop.ejb", true);
        MethodRef doGet = app.method(servlet, "doGet", 10);
        MethodRef getPrice = app.method(quote, "getPrice", 20);
        MethodRef store = app.method(quote, "ejbStore", 30);
        app.entry(EntryPoint.Kind.SERVLET, "/quote", doGet);
        app.remote(doGet, "Quote", "findByPrimaryKey", HOME_FIND, 11);
        app.remote(doGet, "Quote", "getPrice", ENTITY_GET, 12);
        app.callback(getPrice, store, 20);
        app.jdbc(store, JDBC_CONNECTION_POOL, 31);
        app.jdbc(store, JDBC_PREPARE, 32);
        return app;
    }

    @Test
    void anUpdateWithNoConditionIsReportedOnEjbStore() {
        TestApp app = quote(new TestApp());
        MethodRef store = MethodRef.of("shop.ejb.QuoteBean", "ejbStore");
        app.preparedUpdate(store, 33);

        assertThat(Checks.edge(rule, app.build())).singleElement().satisfies(f -> {
            assertThat(f.location()).isEqualTo(new FindingLocation("src/shop/ejb/QuoteBean.java", 33, "shop.ejb.QuoteBean", "ejbStore"));
            assertThat(f.entryPoints()).containsExactly("/quote");
            assertThat(f.message()).startsWith("Quote's ejbStore runs PreparedStatement.executeUpdate() at every commit")
                    .contains("1 of them only read the bean");
            assertThat(f.evidence()).last().satisfies(s -> assertThat(s.line()).isEqualTo(33));
        });
    }

    @Test
    void anUpdateInAHelperOfEjbStoreIsFoundButNotWhenTheHelperCallIsGuarded() {
        TestApp app = quote(new TestApp());
        MethodRef store = MethodRef.of("shop.ejb.QuoteBean", "ejbStore");
        MethodRef write = app.method("Quote", "shop.ejb.QuoteBean", "write", 40);
        CallEdge toHelper = app.call(store, write, 34);
        app.preparedUpdate(write, 41);
        assertThat(Checks.edge(rule, app.build())).singleElement()
                .satisfies(f -> assertThat(f.location().method()).isEqualTo("ejbStore"));

        app.conditional(toHelper);
        assertThat(Checks.edge(rule, app.build())).isEmpty();
    }

    @Test
    void dirtyCheckedStoresQueriesAndCmpEntitiesAreNotReported() {
        TestApp app = quote(new TestApp());
        MethodRef store = MethodRef.of("shop.ejb.QuoteBean", "ejbStore");
        app.conditional(app.preparedUpdate(store, 33));
        app.jdbc(store, io.wanlint.analyzer.api.CallOp.JDBC_EXECUTE, 35); // executeQuery: not a write
        var cmp = app.entity("Account", ENTITY_CMP, "shop.ejb", true);
        app.preparedUpdate(app.method(cmp, "ejbStore", 50), 51);

        assertThat(Checks.edge(rule, app.build())).isEmpty();
    }

    @Test
    void aRequestThatWritesTheBeanKeepsItsWriteAfterThePatch() {
        TestApp app = quote(new TestApp());
        MethodRef store = MethodRef.of("shop.ejb.QuoteBean", "ejbStore");
        app.preparedUpdate(store, 33);
        var admin = app.servlet("Admin", "shop.web.AdminServlet");
        MethodRef doPost = app.method(admin, "doPost", 10);
        MethodRef setPrice = app.method("Quote", "shop.ejb.QuoteBean", "setPrice", 25);
        app.entry(EntryPoint.Kind.SERVLET, "/admin", doPost);
        app.remote(doPost, "Quote", "setPrice", ENTITY_SET, 11);
        app.callback(setPrice, store, 25);
        app.remote(doPost, "Quote", "touch", BUSINESS_METHOD, 12);

        assertThat(Checks.edge(rule, app.build())).singleElement().satisfies(f -> {
            assertThat(f.entryPoints()).containsExactlyInAnyOrder("/quote", "/admin");
            assertThat(f.message()).contains("1 of them only read the bean");
            assertThat(f.after().compareTo(f.before())).isLessThanOrEqualTo(0);
        });
    }
}
