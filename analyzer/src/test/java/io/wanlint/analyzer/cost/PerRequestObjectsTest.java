package io.wanlint.analyzer.cost;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Analyzer;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.Topologies;
import io.wanlint.analyzer.api.WanCostModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Caching as it really is (issue 19 item 9), through the real pipeline under {@code edge}: a helper's
 * constructor runs once per instance of the helper, so it is "once" only when the helper itself is
 * made once (in a servlet's {@code init()}, kept in the session); a helper made with {@code new} per
 * request pays its constructor's remote calls on every request.
 */
class PerRequestObjectsTest {
    @TempDir Path app;

    private static final String REMOTE = """
            package shop;
            public interface Catalog {
                String list();
                void open();
            }
            """;

    private static final String BEAN = """
            package shop;
            import jakarta.ejb.Remote;
            import jakarta.ejb.Stateless;
            @Stateless
            @Remote(Catalog.class)
            public class CatalogBean implements Catalog {
                public String list() { return ""; }
                public void open() { }
            }
            """;

    /** A business delegate whose constructor makes a remote call (as Pet Store's AdminRequestBD creates its bean). */
    private static final String DELEGATE = """
            package shop;
            public class CatalogDelegate {
                private final Catalog catalog;
                public CatalogDelegate(Catalog catalog) {
                    catalog.open();
                    this.catalog = catalog;
                }
                public String page() { return catalog.list(); }
            }
            """;

    private EntryPointCost cost(String members) throws IOException {
        Path src = app.resolve("src/shop");
        Files.createDirectories(src);
        Files.writeString(src.resolve("Catalog.java"), REMOTE);
        Files.writeString(src.resolve("CatalogBean.java"), BEAN);
        Files.writeString(src.resolve("CatalogDelegate.java"), DELEGATE);
        Files.writeString(src.resolve("ShopServlet.java"), """
                package shop;
                import jakarta.ejb.EJB;
                import jakarta.servlet.annotation.WebServlet;
                import jakarta.servlet.http.HttpServlet;
                import jakarta.servlet.http.HttpServletRequest;
                import jakarta.servlet.http.HttpServletResponse;
                import jakarta.servlet.http.HttpSession;
                @WebServlet("/shop")
                public class ShopServlet extends HttpServlet {
                    @EJB private Catalog catalog;
                """ + members + """
                }
                """);
        AnalysisResult result = Analyzer.analyze(AnalysisRequest.of(app));
        WanCostModel costs = WanCostModel.of(result.model(), result.callGraph(), Topologies.preset("edge"));
        EntryPoint ep = result.callGraph().entryPoints().stream()
                .filter(e -> e.method().className().equals("shop.ShopServlet")).findFirst().orElseThrow();
        return costs.estimate(ep);
    }

    @Test
    void aHelperMadePerRequestPaysItsConstructorsRemoteCallEveryRequest() throws IOException {
        EntryPointCost cost = cost("""
                protected void doGet(HttpServletRequest request, HttpServletResponse response) {
                    new CatalogDelegate(catalog).page();
                }
                """);
        assertThat(cost.roundTrips().formula()).isEqualTo("2");
        assertThat(cost.crossings()).filteredOn(c -> c.edge() != null && c.edge().to().name().equals("open"))
                .singleElement().satisfies(c -> assertThat(c.contribution().value()).isEqualTo(1));
    }

    @Test
    void aHelperMadeInTheServletsInitRunsItsConstructorOnce() throws IOException {
        EntryPointCost cost = cost("""
                private CatalogDelegate delegate;
                public void init() { delegate = new CatalogDelegate(catalog); }
                protected void doGet(HttpServletRequest request, HttpServletResponse response) {
                    delegate.page();
                }
                """);
        assertThat(cost.roundTrips().formula()).isEqualTo("1");
    }

    @Test
    void aHelperKeptInTheSessionIsMadeOncePerSession() throws IOException {
        EntryPointCost cost = cost("""
                protected void doGet(HttpServletRequest request, HttpServletResponse response) {
                    HttpSession session = request.getSession();
                    CatalogDelegate delegate = (CatalogDelegate) session.getAttribute("delegate");
                    if (delegate == null) {
                        delegate = new CatalogDelegate(catalog);
                        session.setAttribute("delegate", delegate);
                    }
                    delegate.page();
                }
                """);
        assertThat(cost.roundTrips().formula()).isEqualTo("1");
    }

    /** A session-scoped bean's "initialized" flag: its block runs once per session, so 0 per request after the first. */
    @Test
    void aBlockBehindAnInitializedFlagRunsOncePerInstance() throws IOException {
        EntryPointCost cost = cost("""
                private boolean initialized;
                private String user;
                private CatalogDelegate delegate;
                protected void doGet(HttpServletRequest request, HttpServletResponse response) {
                    String current = request.getRemoteUser();
                    if (!initialized || !current.equals(user)) {
                        delegate = new CatalogDelegate(catalog);
                        user = current;
                        initialized = true;
                    }
                    delegate.page();
                }
                """);
        assertThat(cost.roundTrips().formula()).isEqualTo("1");
    }

    @Test
    void aFlagTestedWithAConditionThatIsNotRememberedIsPaidPerRequest() throws IOException {
        EntryPointCost cost = cost("""
                private boolean initialized;
                protected void doGet(HttpServletRequest request, HttpServletResponse response) {
                    if (!initialized || request.getParameter("reload") != null) {
                        catalog.open();
                        initialized = true;
                    }
                    catalog.list();
                }
                """);
        assertThat(cost.roundTrips().formula()).isEqualTo("2");
    }

    @Test
    void aHelperKeptInTheRequestIsMadePerRequest() throws IOException {
        EntryPointCost cost = cost("""
                protected void doGet(HttpServletRequest request, HttpServletResponse response) {
                    CatalogDelegate delegate = (CatalogDelegate) request.getAttribute("delegate");
                    if (delegate == null) {
                        delegate = new CatalogDelegate(catalog);
                        request.setAttribute("delegate", delegate);
                    }
                    delegate.page();
                }
                """);
        assertThat(cost.roundTrips().formula()).isEqualTo("2");
    }
}
