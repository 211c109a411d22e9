package io.wanlint.analyzer.callgraph;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.Diagnostic;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 19.2: a call on a library type the bundled classpath lacks (commons-collections, Hibernate 2)
 * is that library's method, never an application method that shares its name. Source front end only:
 * the bytecode front end reads the declaring class from the call instruction and never binds by name
 * (and these fixtures could not be compiled without the libraries).
 */
class LibraryCallsStayUnboundTest {
    @TempDir Path tmp;

    private static Map<String, String> app() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("shop/dao/OrderDao.java", """
                package shop.dao;
                public class OrderDao {
                    private javax.sql.DataSource ds;
                    public Object find(java.util.Collection<?> orders, Object key) throws Exception {
                        try (java.sql.Connection c = ds.getConnection()) {
                            return c.prepareStatement("select * from orders").executeQuery();
                        }
                    }
                    public void save(Object order) throws Exception {
                        try (java.sql.Connection c = ds.getConnection()) {
                            c.prepareStatement("insert into orders values (1)").executeUpdate();
                        }
                    }
                }
                """);
        files.put("shop/web/OrderFilter.java", """
                package shop.web;
                import org.apache.commons.collections.CollectionUtils;
                import org.apache.commons.collections.Predicate;
                import net.sf.hibernate.Session;
                public class OrderFilter {
                    private Session session;
                    private org.acme.Registry registry;
                    public Object pick(java.util.List<Object> orders, Predicate p) throws Exception {
                        session.save(orders.get(0));
                        return CollectionUtils.find(orders, p);
                    }
                    public void unknownReceiver(Object order) throws Exception {
                        registry.lookupDao().save(order);
                    }
                }
                """);
        return files;
    }

    private AnalysisResult analyse() throws Exception {
        return CompiledFixture.analyse(tmp, app(), AnalysisRequest.FrontEnd.SOURCE);
    }

    private static List<CallEdge> callsFrom(AnalysisResult result, String method) {
        return result.callGraph().edges().stream()
                .filter(e -> e.from().className().equals("shop.web.OrderFilter") && e.from().name().equals(method))
                .toList();
    }

    @Test
    void callsOnLibraryTypesMissingFromTheClasspathBindToNoApplicationMethod() throws Exception {
        AnalysisResult result = analyse();

        assertThat(callsFrom(result, "pick")).extracting(e -> e.to().className()).doesNotContain("shop.dao.OrderDao");
    }

    @Test
    void theDiagnosticCountsThemOnceForTheFile() throws Exception {
        AnalysisResult result = analyse();

        List<Diagnostic> library = result.diagnostics().stream()
                .filter(d -> d.message().contains("library types not on the classpath")).toList();
        assertThat(library).singleElement().satisfies(d -> {
            assertThat(d.location().file()).endsWith("OrderFilter.java");
            // Hibernate 2's Session is a known API (issue 23 item 4): its save is data access, not an unknown library call.
            assertThat(d.message()).contains("; 1 on library types not on the classpath")
                    .contains("org.apache.commons.collections.CollectionUtils.find").doesNotContain("net.sf.hibernate");
        });
        assertThat(callsFrom(result, "pick")).anySatisfy(e -> {
            assertThat(e.to().className() + "#" + e.to().name()).isEqualTo("net.sf.hibernate.Session#save");
            assertThat(e.kind()).isEqualTo(io.wanlint.analyzer.api.EdgeKind.JPA);
        });
    }

    @Test
    void aReceiverOfUnknownTypeStillBindsToTheOneApplicationMethodOfThatName() throws Exception {
        AnalysisResult result = analyse();

        assertThat(callsFrom(result, "unknownReceiver")).extracting(e -> e.to().className() + "#" + e.to().name())
                .containsExactly("shop.dao.OrderDao#save");
    }
}
