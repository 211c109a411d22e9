package io.wanlint.refactorings.dataaccess;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.refactorings.TextApp;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.PlanOutcome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which web-tier data access moves behind a façade, and what the client becomes. */
class MoveDataAccessBehindFacadeTest {
    @TempDir Path app;

    private static final String SERVLET_HEAD = """
            package shop.web;

            import jakarta.annotation.Resource;
            import jakarta.servlet.annotation.WebServlet;
            import jakarta.servlet.http.HttpServlet;
            import jakarta.servlet.http.HttpServletRequest;
            import jakarta.servlet.http.HttpServletResponse;
            import java.io.IOException;
            import java.io.PrintWriter;
            import java.sql.Connection;
            import java.sql.ResultSet;
            import java.sql.SQLException;
            import javax.sql.DataSource;

            @WebServlet("/stock")
            public class StockServlet extends HttpServlet {
                @Resource(lookup = "java:app/jdbc/Shop")
                private DataSource dataSource;

            """;

    private PlanOutcome plan(String servletBody, String method, int line) throws IOException {
        TextApp.write(app, "src/main/java/shop/web/StockServlet.java", SERVLET_HEAD + servletBody + "}\n", StandardCharsets.UTF_8);
        TextApp.write(app, "src/main/java/shop/catalog/CatalogBean.java",
                "package shop.catalog;\nimport jakarta.ejb.Stateless;\n@Stateless\npublic class CatalogBean { public int size() { return 0; } }\n", StandardCharsets.UTF_8);
        Finding f = new Finding("WAN003", Severity.ERROR, "web-tier JDBC",
                new FindingLocation("src/main/java/shop/web/StockServlet.java", line, "shop.web.StockServlet", method),
                List.of("/stock"), List.of(), RoundTrips.of(2), RoundTrips.of(1), new FindingSubject.Method(MethodRef.of("shop.web.StockServlet", method)));
        return new MoveDataAccessBehindFacade().plan(f, TextApp.analysed(app));
    }

    private static String text(PlanOutcome o, String file) {
        return o.patch().orElseThrow().changes().stream().filter(c -> c.file().equals(file)).findFirst()
                .map(c -> c instanceof FileChange.Create cr ? cr.text() : c.toString()).orElseThrow();
    }

    @Test
    void renderingBetweenTheQueriesIsDeclinedNamingTheLine() throws IOException {
        PlanOutcome o = plan("""
                    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        PrintWriter out = response.getWriter();
                        try (Connection c = dataSource.getConnection()) {
                            ResultSet rows = c.createStatement().executeQuery("SELECT name FROM item");
                            while (rows.next()) {
                                out.println(rows.getString(1));
                            }
                        } catch (SQLException e) {
                            throw new IOException(e);
                        }
                    }
                """, "doGet", 24);
        assertThat(o.patch()).isEmpty();
        assertThat(o.reasonWithoutPatch()).contains("interleaved with web code").contains("StockServlet.java:25");
    }

    @Test
    void aQueryRunBeforeRenderingMovesAndTheServletCallsTheFacadeOnce() throws IOException {
        PlanOutcome o = plan("""
                    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        String category = request.getParameter("category");
                        int count = 0;
                        try (Connection c = dataSource.getConnection()) {
                            ResultSet rows = c.createStatement().executeQuery("SELECT COUNT(*) FROM item WHERE cat = '" + category + "'");
                            rows.next();
                            count = rows.getInt(1);
                        } catch (SQLException e) {
                            throw new IOException(e);
                        }
                        response.getWriter().println(count);
                    }
                """, "doGet", 24);
        assertThat(o.reasonWithoutPatch()).isEmpty();
        assertThat(o.patch().orElseThrow().files()).containsExactly("src/main/java/shop/facade/StockDao.java",
                "src/main/java/shop/facade/StockFacade.java", "src/main/java/shop/facade/StockFacadeBean.java",
                "src/main/java/shop/web/StockServlet.java");
        assertThat(text(o, "src/main/java/shop/facade/StockFacade.java")).contains("    int stock(String category) throws IOException;");
        assertThat(text(o, "src/main/java/shop/facade/StockDao.java"))
                .contains("    public StockDao(DataSource dataSource) {")
                .contains("    public int stock(String category) throws IOException {\n        int count = 0;\n")
                .contains("        } catch (SQLException e) {\n            throw new IOException(e);\n        }\n        return count;\n    }");
        String servlet = applied(o);
        assertThat(servlet).contains("""
                        String category = request.getParameter("category");
                        int count = stockFacade.stock(category);
                        response.getWriter().println(count);
                """).contains("    @EJB\n    private StockFacade stockFacade;\n").contains("import shop.facade.StockFacade;\n");
    }

    @Test
    void anUncheckedExceptionTheClientKeepsCatchingAroundTheFacadeCallDeclinesTheMove() throws IOException {
        // Before: the catch of NumberFormatException stayed around the façade call, where the bean's
        // NumberFormatException arrives as EJBException: the error page was never sent again.
        PlanOutcome o = plan("""
                    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        String category = request.getParameter("category");
                        int count = 0;
                        try (Connection c = dataSource.getConnection()) {
                            ResultSet rows = c.createStatement().executeQuery("SELECT qty FROM item WHERE cat = '" + category + "'");
                            rows.next();
                            count = Integer.parseInt(rows.getString(1));
                        } catch (NumberFormatException e) {
                            response.sendError(500);
                        } catch (SQLException e) {
                            throw new IOException(e);
                        }
                        response.getWriter().println(count);
                    }
                """, "doGet", 24);
        assertThat(o.patch()).isEmpty();
        assertThat(o.reasonWithoutPatch()).isEqualTo("the catch of NumberFormatException (src/main/java/shop/web/StockServlet.java:27) would stay "
                + "in the client around the façade call, but NumberFormatException is unchecked: thrown in the bean it would reach the client "
                + "as the container's EJBException or RemoteException, and that catch would no longer run");
    }

    @Test
    void aHelperWorkingOnTheConnectionItsCallerOpenedIsDeclinedNamingTheParameter() throws IOException {
        PlanOutcome o = plan("""
                    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        try (Connection c = dataSource.getConnection()) {
                            response.getWriter().println(count(c));
                        } catch (SQLException e) {
                            throw new IOException(e);
                        }
                    }

                    private int count(Connection c) throws SQLException {
                        ResultSet rows = c.createStatement().executeQuery("SELECT COUNT(*) FROM item");
                        rows.next();
                        return rows.getInt(1);
                    }
                """, "count", 29);
        assertThat(o.patch()).isEmpty();
        assertThat(o.reasonWithoutPatch()).isEqualTo("StockServlet.count works on the Connection c its caller opened: a JDBC "
                + "connection, statement or result set (or JPA entity manager) cannot be sent to a façade at the database's site; "
                + "move the code that opens c and everything that uses it instead");
    }

    @Test
    void aHelperHandingAConnectionBackToTheWebTierIsDeclined() throws IOException {
        PlanOutcome o = plan("""
                    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        try (Connection c = open()) {
                            response.getWriter().println(c.getMetaData().getDatabaseProductName());
                        } catch (SQLException e) {
                            throw new IOException(e);
                        }
                    }

                    private Connection open() throws SQLException {
                        return dataSource.getConnection();
                    }
                """, "open", 28);
        assertThat(o.patch()).isEmpty();
        assertThat(o.reasonWithoutPatch()).startsWith("StockServlet.open hands its Connection back to the web tier: a JDBC connection");
    }

    @Test
    void aHelperThatChangesTheServletsStateIsDeclined() throws IOException {
        PlanOutcome o = plan("""
                    private int hits;

                    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        response.getWriter().println(count());
                    }

                    private int count() throws IOException {
                        hits++;
                        try (Connection c = dataSource.getConnection()) {
                            ResultSet rows = c.createStatement().executeQuery("SELECT COUNT(*) FROM item");
                            rows.next();
                            return rows.getInt(1) + hits;
                        } catch (SQLException e) {
                            throw new IOException(e);
                        }
                    }
                """, "count", 29);
        assertThat(o.patch()).isEmpty();
        assertThat(o.reasonWithoutPatch()).contains("keeps state in hits");
    }

    @Test
    void aStaticCallerGetsAStaticLookupHelperAndThePatchCompiles() throws IOException {
        PlanOutcome o = plan("""
                    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        response.getWriter().println(count(request.getParameter("category")));
                    }

                    static int count(String category) throws IOException {
                        int count = 0;
                        try {
                            DataSource ds = (DataSource) new javax.naming.InitialContext().lookup("java:comp/env/jdbc/Shop");
                            try (Connection c = ds.getConnection()) {
                                ResultSet rows = c.createStatement().executeQuery("SELECT COUNT(*) FROM item WHERE cat = '" + category + "'");
                                rows.next();
                                count = rows.getInt(1);
                            }
                        } catch (javax.naming.NamingException | SQLException e) {
                            throw new IOException(e);
                        }
                        return count;
                    }
                """, "count", 31);
        assertThat(o.reasonWithoutPatch()).isEmpty();
        String servlet = applied(o);
        assertThat(servlet).contains("    private static StockCountFacade stockCountFacade;\n").contains("    private static StockCountFacade stockCountFacade() {")
                .doesNotContain("@EJB");
        var context = TextApp.analysed(app);
        try (var verifier = io.wanlint.refactorings.api.PatchVerifier.of(context,
                io.wanlint.refactorings.api.CompileClassPath.of(context.root(), List.of()))) {
            assertThat(verifier.verdict(List.of(o.patch().orElseThrow())))
                    .isEqualTo(new io.wanlint.refactorings.api.PatchVerifier.Verdict.Verified());
        }
    }

    private String applied(PlanOutcome o) throws IOException {
        String file = "src/main/java/shop/web/StockServlet.java";
        FileChange.Edit edit = (FileChange.Edit) o.patch().orElseThrow().changes().stream().filter(c -> c.file().equals(file)).findFirst().orElseThrow();
        return edit.applyTo(Files.readString(app.resolve(file)));
    }
}
