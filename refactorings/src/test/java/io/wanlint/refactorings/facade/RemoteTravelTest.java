package io.wanlint.refactorings.facade;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.refactorings.TextApp;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.PlanOutcome;
import io.wanlint.refactorings.dataaccess.MoveDataAccessBehindFacade;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A façade is generated only when every value its remote interface passes can be serialised across RMI. */
class RemoteTravelTest {
    @TempDir Path app;

    private static final String SERVLET = """
            package shop.web;

            import jakarta.annotation.Resource;
            import jakarta.servlet.annotation.WebServlet;
            import jakarta.servlet.http.HttpServlet;
            import jakarta.servlet.http.HttpServletRequest;
            import jakarta.servlet.http.HttpServletResponse;
            import java.io.IOException;
            import java.sql.Connection;
            import java.sql.PreparedStatement;
            import java.sql.ResultSet;
            import java.sql.SQLException;
            import javax.sql.DataSource;
            import shop.model.Filter;
            import shop.model.Stock;

            @WebServlet("/stock")
            public class StockServlet extends HttpServlet {
                @Resource(lookup = "java:app/jdbc/Shop")
                private DataSource dataSource;

                protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                    Filter filter = new Filter(request.getParameter("category"));
                    Stock stock = null;
                    try (Connection c = dataSource.getConnection()) {
                        PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM item WHERE cat = ?");
                        ps.setString(1, filter.category());
                        ResultSet rows = ps.executeQuery();
                        rows.next();
                        stock = new Stock(rows.getInt(1));
                    } catch (SQLException e) {
                        throw new IOException(e);
                    }
                    response.getWriter().println(stock.count());
                }
            }
            """;

    private PlanOutcome plan(String filter, String stock, String... more) throws IOException {
        TextApp.write(app, "src/main/java/shop/web/StockServlet.java", SERVLET, StandardCharsets.UTF_8);
        TextApp.write(app, "src/main/java/shop/model/Filter.java", filter, StandardCharsets.UTF_8);
        TextApp.write(app, "src/main/java/shop/model/Stock.java", stock, StandardCharsets.UTF_8);
        for (int i = 0; i < more.length; i += 2) TextApp.write(app, more[i], more[i + 1], StandardCharsets.UTF_8);
        TextApp.write(app, "src/main/java/shop/catalog/CatalogBean.java",
                "package shop.catalog;\nimport jakarta.ejb.Stateless;\n@Stateless\npublic class CatalogBean { public int size() { return 0; } }\n", StandardCharsets.UTF_8);
        Finding f = new Finding("WAN003", Severity.ERROR, "web-tier JDBC",
                new FindingLocation("src/main/java/shop/web/StockServlet.java", 25, "shop.web.StockServlet", "doGet"),
                List.of("/stock"), List.of(), RoundTrips.of(2), RoundTrips.of(1), new FindingSubject.Method(MethodRef.of("shop.web.StockServlet", "doGet")));
        return new MoveDataAccessBehindFacade().plan(f, TextApp.analysed(app));
    }

    private static String filter(String header) {
        return "package shop.model;\n" + header + " {\n    private final String category;\n"
                + "    public Filter(String category) { this.category = category; }\n    public String category() { return category; }\n}\n";
    }

    private static String stock(String header) {
        return "package shop.model;\n" + header + " {\n    private final int count;\n"
                + "    public Stock(int count) { this.count = count; }\n    public int count() { return count; }\n}\n";
    }

    @Test
    void aParameterOfAnApplicationClassThatIsNotSerializableIsDeclinedNamingIt() throws IOException {
        PlanOutcome o = plan(filter("public class Filter"), stock("public class Stock implements java.io.Serializable"));
        assertThat(o.patch()).isEmpty();
        assertThat(o.reasonWithoutPatch()).isEqualTo("cannot travel over RMI: Filter (parameter filter of stock)");
    }

    @Test
    void aReturnedApplicationClassThatIsNotSerializableIsDeclined() throws IOException {
        PlanOutcome o = plan(filter("public class Filter implements java.io.Serializable"), stock("public class Stock"));
        assertThat(o.patch()).isEmpty();
        assertThat(o.reasonWithoutPatch()).isEqualTo("cannot travel over RMI: Stock (return value of stock)");
    }

    @Test
    void serializableApplicationClassesTravelAndTheFacadeIsPlanned() throws IOException {
        PlanOutcome o = plan(filter("import java.io.Serializable;\npublic class Filter implements Serializable"),
                stock("public class Stock implements java.io.Serializable"));
        assertThat(o.reasonWithoutPatch()).isEmpty();
        FileChange remote = o.patch().orElseThrow().changes().stream()
                .filter(c -> c.file().equals("src/main/java/shop/facade/StockFacade.java")).findFirst().orElseThrow();
        assertThat(((FileChange.Create) remote).text()).contains("Stock stock(Filter filter)");
    }

    @Test
    void aClassIsSerializableThroughItsSuperclassInTheApplication() throws IOException {
        PlanOutcome o = plan(filter("public class Filter extends Criterion"), stock("public class Stock extends java.util.Date"),
                "src/main/java/shop/model/Criterion.java", "package shop.model;\npublic abstract class Criterion implements java.io.Serializable {}\n");
        assertThat(o.reasonWithoutPatch()).isEmpty();
        assertThat(o.patch()).isPresent();
    }

    @Test
    void aSuperclassThatIsNotSerializableDoesNotMakeTheClassTravel() throws IOException {
        PlanOutcome o = plan(filter("public class Filter extends Criterion"), stock("public class Stock implements java.io.Serializable"),
                "src/main/java/shop/model/Criterion.java", "package shop.model;\npublic abstract class Criterion {}\n");
        assertThat(o.reasonWithoutPatch()).isEqualTo("cannot travel over RMI: Filter (parameter filter of stock)");
    }
}
