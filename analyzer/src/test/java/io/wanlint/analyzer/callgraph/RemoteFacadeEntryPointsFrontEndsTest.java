package io.wanlint.analyzer.callgraph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Remote façade entry points through both call-graph front ends: every business method of a
 * session bean's remote views is an entry point, wherever the bean class chain implements it and
 * whether or not the application calls it too; a method only a local view offers is not, and a
 * method two remote views declare is one entry point.
 */
class RemoteFacadeEntryPointsFrontEndsTest {
    @TempDir Path tmp;

    /**
     * An EJB 3 bean whose remote view inherits {@code count} and {@code find} from a super-interface,
     * implemented in an abstract superclass of the bean (one generic), plus a local view with
     * {@code refresh}; a servlet calls {@code search} through the remote view.
     */
    private static Map<String, String> ejb3App(boolean secondRemoteView) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("shop/ejb/Facade.java", """
                package shop.ejb;
                public interface Facade<T> {
                    int count();
                    T find(Object id);
                }
                """);
        files.put("shop/ejb/CatalogRemote.java", """
                package shop.ejb;
                @javax.ejb.Remote
                public interface CatalogRemote extends Facade<String> {
                    java.util.List<String> search(String q);
                }
                """);
        files.put("shop/ejb/CatalogAdmin.java", """
                package shop.ejb;
                @javax.ejb.Remote
                public interface CatalogAdmin {
                    java.util.List<String> search(String q);
                    void reindex();
                }
                """);
        files.put("shop/ejb/CatalogLocal.java", """
                package shop.ejb;
                @javax.ejb.Local
                public interface CatalogLocal {
                    void refresh();
                }
                """);
        files.put("shop/ejb/AbstractFacade.java", """
                package shop.ejb;
                public abstract class AbstractFacade<T> {
                    @javax.persistence.PersistenceContext protected javax.persistence.EntityManager em;
                    public int count() { return em.createQuery("select count(p) from Product p").getFirstResult(); }
                    public T find(Object id) { return null; }
                    public void helper() {}
                }
                """);
        files.put("shop/ejb/CatalogBean.java", """
                package shop.ejb;
                @javax.ejb.Stateless
                public class CatalogBean extends AbstractFacade<String> implements CatalogRemote, CatalogLocal%s {
                    public java.util.List<String> search(String q) { return java.util.List.of(q); }
                    public void refresh() {}
                    public void reindex() {}
                }
                """.formatted(secondRemoteView ? ", CatalogAdmin" : ""));
        files.put("shop/web/CatalogServlet.java", """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/catalog")
                public class CatalogServlet extends HttpServlet {
                    @javax.ejb.EJB private shop.ejb.CatalogRemote catalog;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        r.getWriter().print(catalog.search(q.getParameter("q")));
                    }
                }
                """);
        // The bytecode front end reads no bean annotations: the descriptor declares the views for both.
        files.put("META-INF/ejb-jar.xml", """
                <?xml version="1.0"?>
                <ejb-jar version="3.0">
                  <enterprise-beans>
                    <session>
                      <ejb-name>Catalog</ejb-name>
                      <business-local>shop.ejb.CatalogLocal</business-local>
                      <business-remote>shop.ejb.CatalogRemote</business-remote>
                      %s
                      <ejb-class>shop.ejb.CatalogBean</ejb-class>
                      <session-type>Stateless</session-type>
                    </session>
                  </enterprise-beans>
                </ejb-jar>
                """.formatted(secondRemoteView ? "<business-remote>shop.ejb.CatalogAdmin</business-remote>" : ""));
        return files;
    }

    /** An EJB 2 bean whose remote interface inherits {@code total} from a super-interface, implemented in the bean's base class. */
    private static Map<String, String> ejb2App() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("shop/ejb/Totals.java", """
                package shop.ejb;
                public interface Totals {
                    double total(String order) throws java.rmi.RemoteException;
                }
                """);
        files.put("shop/ejb/Orders.java", """
                package shop.ejb;
                public interface Orders extends javax.ejb.EJBObject, Totals {
                    void place(String order) throws java.rmi.RemoteException;
                }
                """);
        files.put("shop/ejb/OrdersHome.java", """
                package shop.ejb;
                public interface OrdersHome extends javax.ejb.EJBHome {
                    Orders create() throws javax.ejb.CreateException, java.rmi.RemoteException;
                }
                """);
        files.put("shop/ejb/BaseSessionBean.java", """
                package shop.ejb;
                public abstract class BaseSessionBean implements javax.ejb.SessionBean {
                    public double total(String order) { return 0; }
                    public void remove() {}
                    public void setSessionContext(javax.ejb.SessionContext c) {}
                    public void ejbRemove() {}
                    public void ejbActivate() {}
                    public void ejbPassivate() {}
                }
                """);
        files.put("shop/ejb/OrdersBean.java", """
                package shop.ejb;
                public class OrdersBean extends BaseSessionBean {
                    public void ejbCreate() {}
                    public void place(String order) {}
                    public void audit() {}
                }
                """);
        files.put("META-INF/ejb-jar.xml", """
                <?xml version="1.0"?>
                <ejb-jar version="2.1">
                  <enterprise-beans>
                    <session>
                      <ejb-name>Orders</ejb-name>
                      <home>shop.ejb.OrdersHome</home>
                      <remote>shop.ejb.Orders</remote>
                      <ejb-class>shop.ejb.OrdersBean</ejb-class>
                      <session-type>Stateless</session-type>
                      <transaction-type>Container</transaction-type>
                    </session>
                  </enterprise-beans>
                </ejb-jar>
                """);
        return files;
    }

    private static List<EntryPoint> facades(AnalysisResult result) {
        return result.callGraph().entryPoints().stream().filter(e -> e.kind() == EntryPoint.Kind.REMOTE_FACADE).toList();
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void businessMethodsInheritedFromABeanSuperclassAreEntryPoints(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = CompiledFixture.analyse(tmp, ejb3App(false), frontEnd);

        assertThat(facades(result)).extracting(EntryPoint::id, e -> e.method().shortId(), EntryPoint::component)
                .contains(
                        tuple("shop.ejb.CatalogBean#count", "shop.ejb.AbstractFacade#count", "Catalog"),
                        tuple("shop.ejb.CatalogBean#find", "shop.ejb.AbstractFacade#find", "Catalog"));
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void aRemoteMethodTheApplicationAlsoCallsStaysAnEntryPoint(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = CompiledFixture.analyse(tmp, ejb3App(false), frontEnd);

        List<CallEdge> servletCalls = result.callGraph().edges().stream()
                .filter(e -> e.from().className().equals("shop.web.CatalogServlet") && e.to().name().equals("search"))
                .toList();
        assertThat(servletCalls).extracting(CallEdge::kind).containsOnly(EdgeKind.REMOTE_EJB);
        assertThat(facades(result)).extracting(EntryPoint::id).contains("shop.ejb.CatalogBean#search");
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void localOnlyBusinessMethodsAndPlainSuperclassMethodsAreNotRemoteEntryPoints(AnalysisRequest.FrontEnd frontEnd)
            throws Exception {
        AnalysisResult result = CompiledFixture.analyse(tmp, ejb3App(false), frontEnd);

        // refresh is on the local view only, reindex on no view of this deployment, helper on none.
        assertThat(facades(result)).extracting(EntryPoint::id)
                .containsExactlyInAnyOrder("shop.ejb.CatalogBean#search", "shop.ejb.CatalogBean#count", "shop.ejb.CatalogBean#find");
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void aMethodTwoRemoteViewsDeclareIsOneEntryPoint(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = CompiledFixture.analyse(tmp, ejb3App(true), frontEnd);

        assertThat(facades(result)).extracting(EntryPoint::id).containsExactlyInAnyOrder(
                "shop.ejb.CatalogBean#search", "shop.ejb.CatalogBean#reindex",
                "shop.ejb.CatalogBean#count", "shop.ejb.CatalogBean#find");
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void entryPointsThatExistedBeforeKeepTheirIdsAndTheNewOnesTakeTheNumberedIds(AnalysisRequest.FrontEnd frontEnd)
            throws Exception {
        // An overload only outside clients call had the plain id while the one the servlet calls was
        // no entry point: it keeps that id (fingerprints hold it), the one the servlet calls comes second.
        Map<String, String> files = ejb3App(false);
        files.put("shop/ejb/CatalogRemote.java", """
                package shop.ejb;
                @javax.ejb.Remote
                public interface CatalogRemote extends Facade<String> {
                    java.util.List<String> search(String q);
                    java.util.List<String> search(String q, int max);
                }
                """);
        files.computeIfPresent("shop/ejb/CatalogBean.java", (k, v) -> v.replace("    public void refresh() {}",
                "    public java.util.List<String> search(String q, int max) { return java.util.List.of(q); }\n    public void refresh() {}"));
        AnalysisResult result = CompiledFixture.analyse(tmp, files, frontEnd);

        assertThat(facades(result)).extracting(EntryPoint::id, e -> e.method().parameterTypes().size())
                .containsExactlyInAnyOrder(
                        tuple("shop.ejb.CatalogBean#search", 2),
                        tuple("shop.ejb.CatalogBean#search (2)", 1),
                        tuple("shop.ejb.CatalogBean#count", 0),
                        tuple("shop.ejb.CatalogBean#find", 1));
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void aLocalOnlyOverloadIsNoEntryPointButTheRemoteOverloadsKeepTheIdsTheyHad(AnalysisRequest.FrontEnd frontEnd)
            throws Exception {
        // When names alone decided, search(int) of the local view took the plain id, search(String, int) "(2)"
        // and search(String) "(3)".
        Map<String, String> files = ejb3App(false);
        files.put("shop/ejb/CatalogRemote.java", """
                package shop.ejb;
                @javax.ejb.Remote
                public interface CatalogRemote extends Facade<String> {
                    java.util.List<String> search(String q);
                    java.util.List<String> search(String q, int max);
                }
                """);
        files.put("shop/ejb/CatalogLocal.java", """
                package shop.ejb;
                @javax.ejb.Local
                public interface CatalogLocal {
                    void refresh();
                    java.util.List<String> search(int page);
                }
                """);
        files.computeIfPresent("shop/ejb/CatalogBean.java", (k, v) -> v.replace("    public java.util.List<String> search(String q) {",
                "    public java.util.List<String> search(int page) { return java.util.List.of(); }\n"
                        + "    public java.util.List<String> search(String q, int max) { return java.util.List.of(q); }\n"
                        + "    public java.util.List<String> search(String q) {"));
        // No call to search here: which overload a call binds to is not what this test is about.
        files.computeIfPresent("shop/web/CatalogServlet.java", (k, v) -> v.replace("catalog.search(q.getParameter(\"q\"))", "catalog.count()"));
        AnalysisResult result = CompiledFixture.analyse(tmp, files, frontEnd);

        // (Which remote overload is second and which third follows the front end's method order, as it did.)
        assertThat(facades(result)).extracting(EntryPoint::id).containsExactlyInAnyOrder(
                "shop.ejb.CatalogBean#search (2)", "shop.ejb.CatalogBean#search (3)",
                "shop.ejb.CatalogBean#count", "shop.ejb.CatalogBean#find");
        assertThat(facades(result)).filteredOn(e -> e.method().name().equals("search"))
                .extracting(e -> e.method().parameterTypes())
                .containsExactlyInAnyOrder(List.of("java.lang.String", "int"), List.of("java.lang.String"));
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void anEjb2RemoteInterfaceMethodInheritedFromASuperInterfaceRunsInTheBeanBaseClass(AnalysisRequest.FrontEnd frontEnd)
            throws Exception {
        AnalysisResult result = CompiledFixture.analyse(tmp, ejb2App(), frontEnd);

        // EJBObject's remove() is the container's, even though the base class has a public remove().
        assertThat(facades(result)).extracting(EntryPoint::id, e -> e.method().shortId())
                .containsExactlyInAnyOrder(
                        tuple("shop.ejb.OrdersBean#place", "shop.ejb.OrdersBean#place"),
                        tuple("shop.ejb.OrdersBean#total", "shop.ejb.BaseSessionBean#total"));
    }
}
