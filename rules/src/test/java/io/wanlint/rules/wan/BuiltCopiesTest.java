package io.wanlint.rules.wan;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Analyzer;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.Topologies;
import io.wanlint.analyzer.api.WanCostModel;
import io.wanlint.rules.api.RoundTripOracle;
import io.wanlint.rules.api.RuleEngine;
import io.wanlint.rules.config.Configuration;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An application folder holding its sources and, next to them, what its build made of them (a WAR
 * in {@code dist/}, classes' sources copied under {@code build/}): the copies are the same
 * servlets, pages and classes, so one entry point each and the sources' code (issue 19 item 12,
 * issue 20 item 3). Real files through the whole pipeline under the {@code edge} topology.
 */
class BuiltCopiesTest {
    @TempDir Path app;

    private static final String CATALOG = """
            package shop.api;
            @javax.ejb.Remote
            public interface Catalog {
                String name(long id);
                double price(long id);
            }
            """;
    private static final String CATALOG_BEAN = """
            package shop.ejb;
            @javax.ejb.Stateless
            public class CatalogBean implements shop.api.Catalog {
                public String name(long id) { return "n" + id; }
                public double price(long id) { return 1.0; }
            }
            """;
    private static final String ITEM_SERVLET = """
            package shop.web;
            import javax.servlet.http.*;
            public class ItemServlet extends HttpServlet {
                @javax.ejb.EJB shop.api.Catalog catalog;
                protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                    r.getWriter().print(catalog.name(1));
                    r.getWriter().print(catalog.price(1));
                }
            }
            """;
    /** What the build copied before the last edit: the stale copy must not stand for the class. */
    private static final String STALE_ITEM_SERVLET = """
            package shop.web;
            import javax.servlet.http.*;
            public class ItemServlet extends HttpServlet {
                @javax.ejb.EJB shop.api.Catalog catalog;
                protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                    r.getWriter().print("stale");
                    r.getWriter().print(catalog.price(1));
                    r.getWriter().print(catalog.name(1));
                    r.getWriter().print(catalog.price(2));
                }
            }
            """;
    private static final String PAGE = """
            <html><body><%= new java.util.Date() %></body></html>
            """;

    private static String webXml(String pattern) {
        return """
                <?xml version="1.0"?>
                <web-app>
                  <servlet>
                    <servlet-name>item</servlet-name>
                    <servlet-class>shop.web.ItemServlet</servlet-class>
                  </servlet>
                  <servlet-mapping>
                    <servlet-name>item</servlet-name>
                    <url-pattern>%s</url-pattern>
                  </servlet-mapping>
                </web-app>
                """.formatted(pattern);
    }

    @Test
    void aServletPageAndClassCopiedIntoABuiltWarAndABuildFolderAreOneEntryPointEachWithTheSourcesCode() throws IOException {
        sources();
        write("build/src/shop/web/ItemServlet.java", STALE_ITEM_SERVLET);
        war("dist/shop.war", Map.of("WEB-INF/web.xml", webXml("/item"), "index.jsp", PAGE));

        AnalysisResult analysis = Analyzer.analyze(AnalysisRequest.of(app));
        List<Finding> findings = findings(analysis);

        assertThat(webEntryPoints(analysis)).containsExactlyInAnyOrder("/item", "/index.jsp");
        assertThat(findings).singleElement().satisfies(f -> {
            assertThat(f.ruleId()).isEqualTo("WAN001");
            assertThat(f.entryPoints()).containsExactly("/item");
            // The source's calls (name, then price) at the source's line, not the stale copy's.
            assertThat(f.location().file()).isEqualTo("src/shop/web/ItemServlet.java");
            assertThat(f.location().line()).isEqualTo(6);
            assertThat(f.message()).contains("2 remote calls on CatalogBean (name, price)");
        });
    }

    @Test
    void theSameServletMappedToAnotherUrlByAnotherDescriptorStaysAnEntryPointOfItsOwn() throws IOException {
        sources();
        war("dist/shop.war", Map.of("WEB-INF/web.xml", webXml("/other")));

        AnalysisResult analysis = Analyzer.analyze(AnalysisRequest.of(app));

        assertThat(webEntryPoints(analysis)).containsExactlyInAnyOrder("/item", "/other", "/index.jsp");
        // Two requests making the same calls at the same place: one finding that lists both.
        assertThat(findings(analysis)).singleElement().satisfies(f ->
                assertThat(f.entryPoints()).containsExactlyInAnyOrder("/item", "/other"));
    }

    private void sources() throws IOException {
        write("src/shop/api/Catalog.java", CATALOG);
        write("src/shop/ejb/CatalogBean.java", CATALOG_BEAN);
        write("src/shop/web/ItemServlet.java", ITEM_SERVLET);
        write("web/WEB-INF/web.xml", webXml("/item"));
        write("web/index.jsp", PAGE);
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

    private void war(String path, Map<String, String> entries) throws IOException {
        Path file = app.resolve(path);
        Files.createDirectories(file.getParent());
        try (OutputStream out = Files.newOutputStream(file); ZipOutputStream zip = new ZipOutputStream(out)) {
            for (var e : new java.util.TreeMap<>(entries).entrySet()) {
                zip.putNextEntry(new ZipEntry(e.getKey()));
                zip.write(e.getValue().getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        }
    }

    /** The web tier's entry points (the catalog bean's remote methods are entry points of their own, issue 19.11). */
    private static List<String> webEntryPoints(AnalysisResult analysis) {
        return analysis.callGraph().entryPoints().stream().filter(ep -> ep.kind() != EntryPoint.Kind.REMOTE_FACADE)
                .map(EntryPoint::id).toList();
    }
}
