package io.wanlint.rules.wan;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Analyzer;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.Topologies;
import io.wanlint.analyzer.api.WanCostModel;
import io.wanlint.rules.api.RoundTripOracle;
import io.wanlint.rules.api.RuleEngine;
import io.wanlint.rules.config.Configuration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A catalog page reads a session bean's properties with JSTL EL and each getter runs JDBC in the web
 * tier (Pet Store 1.3's catalog pages, issue 19 item 10): the EL reads are calls of the getters from
 * the page, and a {@code c:forEach} body runs once per item. Real files through the whole pipeline.
 */
class ElBeanPropertiesTest {
    @TempDir Path app;

    private static final String HELPER = """
            package shop.web;
            import java.sql.*;
            import javax.naming.InitialContext;
            import javax.sql.DataSource;
            public class CatalogHelper implements java.io.Serializable {
                private String categoryId;
                public void setCategoryId(String id) { categoryId = id; }
                public String getTitle() { return "Catalog"; }
                public java.util.List getProducts() throws Exception {
                    DataSource ds = (DataSource) new InitialContext().lookup("java:comp/env/jdbc/Catalog");
                    try (Connection c = ds.getConnection();
                         PreparedStatement s = c.prepareStatement("select name from product where category = ?")) {
                        s.setString(1, categoryId);
                        ResultSet r = s.executeQuery();
                        java.util.List out = new java.util.ArrayList();
                        while (r.next()) out.add(r.getString(1));
                        return out;
                    }
                }
            }
            """;

    private static final String WEB_XML = """
            <?xml version="1.0"?>
            <web-app>
              <resource-ref><res-ref-name>jdbc/Catalog</res-ref-name><res-type>javax.sql.DataSource</res-type></resource-ref>
            </web-app>
            """;

    @Test
    void aGetterReadByJstlElOnAUseBeanRunsItsJdbcForThePage() throws IOException {
        write("src/shop/web/CatalogHelper.java", HELPER);
        write("web/WEB-INF/web.xml", WEB_XML);
        write("web/category.jsp", """
                <%@ taglib prefix="c" uri="http://java.sun.com/jstl/core" %>
                <jsp:useBean id="catalog" class="shop.web.CatalogHelper" scope="session"/>
                <c:set value="${param.category_id}" target="${catalog}" property="categoryId"/>
                <c:set value="${catalog.products}" var="pageResults"/>
                <c:forEach var="p" items="${pageResults}"><c:out value="${p}"/></c:forEach>
                """);

        AnalysisResult analysis = Analyzer.analyze(AnalysisRequest.of(app));

        assertThat(findings(analysis)).filteredOn(f -> f.ruleId().equals("WAN003")).singleElement().satisfies(f -> {
            assertThat(f.entryPoints()).containsExactly("/category.jsp");
            assertThat(f.location().file()).isEqualTo("src/shop/web/CatalogHelper.java");
        });
    }

    @Test
    void aPageShowingOnlyAPropertyWithoutDataAccessHasNoWebTierJdbc() throws IOException {
        write("src/shop/web/CatalogHelper.java", HELPER);
        write("web/WEB-INF/web.xml", WEB_XML);
        write("web/title.jsp", """
                <%@ taglib prefix="c" uri="http://java.sun.com/jstl/core" %>
                <jsp:useBean id="catalog" class="shop.web.CatalogHelper" scope="session"/>
                <h1><c:out value="${catalog.title}"/></h1> ${products.size}
                """);

        AnalysisResult analysis = Analyzer.analyze(AnalysisRequest.of(app));

        assertThat(findings(analysis)).filteredOn(f -> f.ruleId().equals("WAN003")).isEmpty();
        assertThat(pageCalls(analysis, "/title.jsp")).extracting(e -> e.to().name()).contains("getTitle")
                .doesNotContain("getProducts");
    }

    @Test
    void aGetterReadInsideAForEachBodyRunsOncePerItem() throws IOException {
        write("src/shop/web/CatalogHelper.java", HELPER);
        write("web/WEB-INF/web.xml", WEB_XML);
        write("web/all.jsp", """
                <%@ taglib prefix="c" uri="http://java.sun.com/jsp/jstl/core" %>
                <jsp:useBean id="catalog" class="shop.web.CatalogHelper" scope="request"/>
                <c:forEach var="id" items="${paramValues.category}">
                  <c:set target="${catalog}" property="categoryId" value="${id}"/>
                  ${catalog.products}
                </c:forEach>
                ${catalog.title}
                """);

        AnalysisResult analysis = Analyzer.analyze(AnalysisRequest.of(app));

        List<CallEdge> calls = pageCalls(analysis, "/all.jsp");
        assertThat(calls).filteredOn(e -> e.to().name().equals("getProducts"))
                .singleElement().satisfies(e -> assertThat(e.loopDepth()).isEqualTo(1));
        assertThat(calls).filteredOn(e -> e.to().name().equals("getTitle"))
                .singleElement().satisfies(e -> assertThat(e.loopDepth()).isZero());
    }

    private static List<CallEdge> pageCalls(AnalysisResult analysis, String page) {
        return analysis.callGraph().edges().stream()
                .filter(e -> e.from().className().equals("jsp:" + page) && e.from().name().equals("_jspService"))
                .toList();
    }

    private static List<Finding> findings(AnalysisResult analysis) {
        RoundTripOracle oracle = RoundTripOracle.of(WanCostModel.of(analysis.model(), analysis.callGraph(), Topologies.preset("edge")));
        return RuleEngine.run(analysis, oracle, Configuration.DEFAULTS);
    }

    private void write(String path, String text) throws IOException {
        Path file = app.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
