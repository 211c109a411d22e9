package io.wanlint.analyzer.callgraph;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.EdgeKind;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 19.1 through both call-graph front ends: a virtual call dispatches only to implementations
 * of classes the application can instantiate. A DAO factory that loads the class an env-entry names
 * ({@code Class.forName} of a {@code java:comp/env} lookup) runs that class only, not its
 * alternative the descriptor leaves commented out; a class nothing creates is no target once a
 * sibling is created with {@code new}. When the name cannot be read (a system property), or the
 * env-entry is not declared, every implementation stays and a diagnostic says why; when no
 * implementation is seen created at all, every one stays (its instances come from elsewhere).
 */
class DispatchByWhatCanRunFrontEndsTest {
    @TempDir Path tmp;

    private static final String DAO = """
            package shop.dao;
            public interface PriceDao {
                java.util.List<String> prices(String sku) throws Exception;
            }
            """;
    private static final String JDBC_DAO = """
            package shop.dao;
            public class JdbcPriceDao implements PriceDao {
                private javax.sql.DataSource ds;
                public java.util.List<String> prices(String sku) throws Exception {
                    try (java.sql.Connection c = ds.getConnection()) {
                        c.prepareStatement("select price from prices where sku = ?").executeQuery();
                    }
                    return java.util.List.of();
                }
            }
            """;
    private static final String CACHED_DAO = """
            package shop.dao;
            public class CachedPriceDao implements PriceDao {
                private final java.util.Map<String, java.util.List<String>> cache = new java.util.HashMap<>();
                public java.util.List<String> prices(String sku) {
                    return cache.getOrDefault(sku, java.util.List.of());
                }
            }
            """;
    private static final String NAMES = """
            package shop.dao;
            public final class Names {
                private Names() {}
                public static final String PRICE_DAO_CLASS = "java:comp/env/param/PriceDaoClass";
            }
            """;
    private static final String SERVLET = """
            package shop.web;
            import javax.servlet.http.*;
            @javax.servlet.annotation.WebServlet("/prices")
            public class PriceServlet extends HttpServlet {
                protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                    try {
                        r.getWriter().print(shop.dao.PriceDaoFactory.create().prices(q.getParameter("sku")));
                    } catch (Exception e) {
                        throw new java.io.IOException(e);
                    }
                }
            }
            """;

    /** The factory reads the class name with {@code nameSource} (a Java expression of type Object or String). */
    private static Map<String, String> factoryApp(String nameSource, String webXmlEnvEntries) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("shop/dao/PriceDao.java", DAO);
        files.put("shop/dao/JdbcPriceDao.java", JDBC_DAO);
        files.put("shop/dao/CachedPriceDao.java", CACHED_DAO);
        files.put("shop/dao/Names.java", NAMES);
        files.put("shop/dao/PriceDaoFactory.java", """
                package shop.dao;
                public class PriceDaoFactory {
                    public static PriceDao create() throws Exception {
                        javax.naming.InitialContext ic = new javax.naming.InitialContext();
                        String className = (String) %s;
                        return (PriceDao) Class.forName(className).newInstance();
                    }
                }
                """.formatted(nameSource));
        files.put("shop/web/PriceServlet.java", SERVLET);
        files.put("WEB-INF/web.xml", """
                <?xml version="1.0"?>
                <web-app version="2.4">
                  %s
                </web-app>
                """.formatted(webXmlEnvEntries));
        return files;
    }

    private static final String CHOOSES_CACHED = """
            <env-entry>
              <env-entry-name>param/PriceDaoClass</env-entry-name>
              <env-entry-type>java.lang.String</env-entry-type>
              <!-- <env-entry-value>shop.dao.JdbcPriceDao</env-entry-value> -->
              <env-entry-value>shop.dao.CachedPriceDao</env-entry-value>
            </env-entry>
            """;

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void aFactoryLoadingTheClassAnEnvEntryNamesRunsThatClassOnly(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = analyse(factoryApp("ic.lookup(Names.PRICE_DAO_CLASS)", CHOOSES_CACHED), frontEnd);

        assertThat(pricesTargets(result)).containsExactly("shop.dao.CachedPriceDao");
        assertThat(result.callGraph().edges()).noneMatch(e -> e.from().className().equals("shop.dao.JdbcPriceDao")
                && e.kind() == EdgeKind.JDBC && reachedFromServlet(result, e));
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void anEnvEntryNoDescriptorDeclaresKeepsEveryImplementation(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = analyse(factoryApp("ic.lookup(Names.PRICE_DAO_CLASS)", ""), frontEnd);

        assertThat(pricesTargets(result)).containsExactlyInAnyOrder("shop.dao.CachedPriceDao", "shop.dao.JdbcPriceDao");
        assertThat(result.diagnostics()).anySatisfy(d -> {
            assertThat(d.level()).isEqualTo(Diagnostic.Level.INFO);
            assertThat(d.message()).contains("created by reflection").contains("shop.dao.PriceDao");
        });
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void aClassNameTheAnalysisCannotReadKeepsEveryImplementation(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = analyse(factoryApp("System.getProperty(\"price.dao\")", CHOOSES_CACHED), frontEnd);

        assertThat(pricesTargets(result)).containsExactlyInAnyOrder("shop.dao.CachedPriceDao", "shop.dao.JdbcPriceDao");
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void aClassNothingCreatesIsNoTargetWhenASiblingIsCreated(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = analyse(createdApp("new shop.dao.CachedPriceDao()"), frontEnd);

        assertThat(pricesTargets(result)).containsExactly("shop.dao.CachedPriceDao");
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void whenNoImplementationIsSeenCreatedEveryOneStays(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = analyse(createdApp("lookupDao()"), frontEnd);

        assertThat(pricesTargets(result)).containsExactlyInAnyOrder("shop.dao.CachedPriceDao", "shop.dao.JdbcPriceDao");
    }

    /**
     * Issue 19.1: the factory loads the class a properties file names under the key {@code key}
     * ({@code Class.forName(props.getProperty(KEY))}, the key a constant).
     */
    private static Map<String, String> propertiesApp(String key) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("shop/dao/PriceDao.java", DAO);
        files.put("shop/dao/JdbcPriceDao.java", JDBC_DAO);
        files.put("shop/dao/CachedPriceDao.java", CACHED_DAO);
        files.put("shop/dao/PriceDaoFactory.java", """
                package shop.dao;
                public class PriceDaoFactory {
                    private static final String KEY = "%s";
                    public static PriceDao create() throws Exception {
                        java.util.Properties props = new java.util.Properties();
                        try (java.io.InputStream in = PriceDaoFactory.class.getResourceAsStream("/dao.properties")) {
                            props.load(in);
                        }
                        String className = props.getProperty(KEY);
                        return (PriceDao) Class.forName(className).newInstance();
                    }
                }
                """.formatted(key));
        files.put("shop/web/PriceServlet.java", SERVLET);
        files.put("WEB-INF/classes/dao.properties", """
                # which DAO the shop runs
                #price.dao.class=shop.dao.JdbcPriceDao
                price.dao.class = shop.dao.CachedPriceDao
                """);
        return files;
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void aFactoryLoadingTheClassAPropertiesFileNamesRunsThatClassOnly(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = analyse(propertiesApp("price.dao.class"), frontEnd);

        assertThat(pricesTargets(result)).containsExactly("shop.dao.CachedPriceDao");
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void aPropertyNoFileDefinesKeepsEveryImplementation(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = analyse(propertiesApp("price.dao.impl"), frontEnd);

        assertThat(pricesTargets(result)).containsExactlyInAnyOrder("shop.dao.CachedPriceDao", "shop.dao.JdbcPriceDao");
    }

    /** The servlet gets its DAO from {@code daoExpression}; no factory, no descriptor. */
    private static Map<String, String> createdApp(String daoExpression) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("shop/dao/PriceDao.java", DAO);
        files.put("shop/dao/JdbcPriceDao.java", JDBC_DAO);
        files.put("shop/dao/CachedPriceDao.java", CACHED_DAO);
        files.put("shop/web/PriceServlet.java", """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/prices")
                public class PriceServlet extends HttpServlet {
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        try {
                            shop.dao.PriceDao dao = %s;
                            r.getWriter().print(dao.prices(q.getParameter("sku")));
                        } catch (Exception e) {
                            throw new java.io.IOException(e);
                        }
                    }
                    private shop.dao.PriceDao lookupDao() throws Exception {
                        return (shop.dao.PriceDao) new javax.naming.InitialContext().lookup("java:comp/env/dao/Prices");
                    }
                }
                """.formatted(daoExpression));
        return files;
    }

    private AnalysisResult analyse(Map<String, String> files, AnalysisRequest.FrontEnd frontEnd) throws Exception {
        return CompiledFixture.analyse(tmp, files, frontEnd);
    }

    /** The classes whose {@code prices} the application's call of {@code PriceDao.prices} runs. */
    private static List<String> pricesTargets(AnalysisResult result) {
        return result.callGraph().edges().stream()
                .filter(e -> e.to().name().equals("prices") && e.kind() == EdgeKind.LOCAL
                        && e.from().className().equals("shop.web.PriceServlet"))
                .map(e -> e.to().className()).distinct().toList();
    }

    private static boolean reachedFromServlet(AnalysisResult result, CallEdge jdbc) {
        return result.callGraph().edges().stream().anyMatch(e -> e.from().className().equals("shop.web.PriceServlet")
                && e.to().equals(jdbc.from()));
    }
}
