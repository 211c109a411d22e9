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
    void sessionPutsAreOneFindingPerStoredClassAndBeanFieldsOnePerBean() {
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

        // two classes in one method: two causes, two fixes; each keyed by its class (the method stores both)
        assertThat(Checks.edge(rule, app.build())).hasSize(3).anySatisfy(f -> {
            assertThat(f.location().className()).isEqualTo("shop.web.ProductsServlet");
            assertThat(f.location().method()).isEqualTo("doGet");
            assertThat(f.location().line()).isEqualTo(14);
            assertThat(f.entryPoints()).containsExactly("/products");
            assertThat(f.message()).startsWith("ProductsServlet.doGet stores \"history\" = a BrowseHistory in the HttpSession");
            assertThat(f.evidence()).extracting(s -> s.line()).containsExactly(10, 14);
            assertThat(f.key()).isEqualTo("shop.web.BrowseHistory->session");
        }).anySatisfy(f -> {
            assertThat(f.location().line()).isEqualTo(15);
            assertThat(f.message()).startsWith("ProductsServlet.doGet stores a Helper in the HttpSession");
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
    @Test
    void aClassStoredByTwoPagesIsOneFindingListingBothAndAClassStoredByOneMethodKeepsThatMethodsKey() {
        TestApp app = new TestApp();
        MethodRef editor = app.method(app.jsp("/editpublishers.jsp"), "_jspService", 1);
        MethodRef queue = app.method(app.jsp("/queue.jspf"), "_jspService", 1);
        var servlet = app.servlet("Products", "shop.web.ProductsServlet");
        MethodRef doGet = app.method(servlet, "doGet", 10);
        app.entry(EntryPoint.Kind.JSP, "/editpublishers.jsp", editor);
        app.entry(EntryPoint.Kind.JSP, "/queue.jspf", queue);
        app.entry(EntryPoint.Kind.SERVLET, "/products", doGet);
        app.sessionState(new SessionStateValue(Holder.HTTP_SESSION, "jsp:/editpublishers.jsp", editor, "publisherhelper",
                "ra.web.PublisherHelper", new SourceLocation("web/editpublishers.jsp", 14)));
        app.sessionState(new SessionStateValue(Holder.HTTP_SESSION, "jsp:/queue.jspf", queue, "publisherhelper",
                "ra.web.PublisherHelper", new SourceLocation("web/queue.jspf", 3)));
        app.sessionState(new SessionStateValue(Holder.HTTP_SESSION, "shop.web.ProductsServlet", doGet, "history",
                "shop.web.BrowseHistory", new SourceLocation("src/shop/web/ProductsServlet.java", 14)));

        var findings = Checks.edge(rule, app.build());

        assertThat(findings).hasSize(2).anySatisfy(f -> {
            assertThat(f.location().file()).isEqualTo("web/editpublishers.jsp");
            assertThat(f.location().line()).isEqualTo(14);
            assertThat(f.entryPoints()).containsExactly("/editpublishers.jsp", "/queue.jspf");
            assertThat(f.message()).startsWith("2 places store a PublisherHelper in the HttpSession: page /editpublishers.jsp "
                    + "(\"publisherhelper\"), page /queue.jspf (\"publisherhelper\")").contains("Make PublisherHelper Serializable");
            assertThat(f.evidence()).extracting(s -> s.line()).containsExactly(1, 14, 3);
            assertThat(f.key()).isEqualTo("ra.web.PublisherHelper->session");
        }).anySatisfy(f -> assertThat(f.key()).isEqualTo(doGet + "->session"));
    }
}
