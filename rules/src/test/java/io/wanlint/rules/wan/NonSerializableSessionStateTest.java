package io.wanlint.rules.wan;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.SourceFacts.Holder;
import io.wanlint.analyzer.api.SourceFacts.SessionStateValue;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.rules.testing.Checks;
import io.wanlint.rules.testing.TestApp;
import org.junit.jupiter.api.Test;

class NonSerializableSessionStateTest {
    private final NonSerializableSessionState rule = new NonSerializableSessionState();

    @Test
    void sessionPutsAreOneFindingPerMethodAndBeanFieldsOnePerBean() {
        TestApp app = new TestApp();
        var servlet = app.servlet("Products", "shop.web.ProductsServlet");
        MethodRef doGet = app.method(servlet, "doGet", 10);
        app.entry(EntryPoint.Kind.SERVLET, "/products", doGet);
        String file = "src/shop/web/ProductsServlet.java";
        app.sessionState(new SessionStateValue(Holder.HTTP_SESSION, "shop.web.ProductsServlet", doGet, "history",
                "shop.web.BrowseHistory", new SourceLocation(file, 14)));
        app.sessionState(new SessionStateValue(Holder.HTTP_SESSION, "shop.web.ProductsServlet", doGet, "",
                "shop.web.Helper", new SourceLocation(file, 15)));
        app.sessionState(new SessionStateValue(Holder.STATEFUL_BEAN_FIELD, "shop.ejb.CartBean", null, "pricer",
                "shop.ejb.Pricer", new SourceLocation("src/shop/ejb/CartBean.java", 7)));

        assertThat(Checks.edge(rule, app.build())).hasSize(2).anySatisfy(f -> {
            assertThat(f.location().className()).isEqualTo("shop.web.ProductsServlet");
            assertThat(f.location().method()).isEqualTo("doGet");
            assertThat(f.location().line()).isEqualTo(14);
            assertThat(f.entryPoints()).containsExactly("/products");
            assertThat(f.message()).contains("\"history\" = a BrowseHistory, a Helper in the HttpSession");
            assertThat(f.evidence()).extracting(s -> s.line()).containsExactly(10, 14, 15);
        }).anySatisfy(f -> {
            assertThat(f.location().className()).isEqualTo("shop.ejb.CartBean");
            assertThat(f.location().method()).isNull();
            assertThat(f.message()).contains("holds pricer (Pricer)");
        });
    }

    @Test
    void nothingToReportWithoutNonSerializableState() {
        TestApp app = new TestApp();
        var servlet = app.servlet("Products", "shop.web.ProductsServlet");
        app.entry(EntryPoint.Kind.SERVLET, "/products", app.method(servlet, "doGet", 10));

        assertThat(Checks.edge(rule, app.build())).isEmpty();
    }
}
