package io.wanlint.analyzer.callgraph;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Analyzer;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.EdgeKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * fp-ejb-call-via-parent-interface through both call-graph front ends: a web helper holding a
 * session bean through an interface that the bean's {@code @Local} and {@code @Remote} views both
 * extend calls the bean through the container (its implementation can only be the bean), not the
 * bean class's body as a plain Java call in the web tier.
 */
class ParentBusinessInterfaceFrontEndsTest {
    @TempDir Path tmp;

    private static Map<String, String> app(boolean localView, boolean plainImplementation) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("shop/ejb/CartSession.java", """
                package shop.ejb;
                public interface CartSession {
                    java.util.List<String> items(String user);
                }
                """);
        if (localView) {
            files.put("shop/ejb/CartSessionLocal.java", """
                    package shop.ejb;
                    @javax.ejb.Local
                    public interface CartSessionLocal extends CartSession {}
                    """);
        }
        files.put("shop/ejb/CartSessionRemote.java", """
                package shop.ejb;
                @javax.ejb.Remote
                public interface CartSessionRemote extends CartSession {}
                """);
        files.put("shop/ejb/CartSessionBean.java", """
                package shop.ejb;
                @javax.ejb.Stateless
                public class CartSessionBean implements %s {
                    @javax.persistence.PersistenceContext private javax.persistence.EntityManager em;
                    public java.util.List<String> items(String user) {
                        return em.createQuery("select i.name from Item i where i.owner = :u").setParameter("u", user).getResultList();
                    }
                }
                """.formatted(localView ? "CartSessionLocal, CartSessionRemote" : "CartSessionRemote"));
        if (plainImplementation) {
            files.put("shop/web/CachedCart.java", """
                    package shop.web;
                    public class CachedCart implements shop.ejb.CartSession {
                        public java.util.List<String> items(String user) { return java.util.List.of(); }
                        // Created by the application: a call on the interface can run it (issue 19.1).
                        public static CartHelper offline() { return new CartHelper(new CachedCart()); }
                    }
                    """);
        }
        files.put("shop/web/CartHelper.java", """
                package shop.web;
                public class CartHelper {
                    private final shop.ejb.CartSession cart;
                    public CartHelper(shop.ejb.CartSession cart) { this.cart = cart; }
                    public java.util.List<String> items(String user) { return cart.items(user); }
                }
                """);
        files.put("shop/web/CartServlet.java", """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/cart")
                public class CartServlet extends HttpServlet {
                    @javax.ejb.EJB private shop.ejb.%s cart;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        r.getWriter().print(new CartHelper(cart).items(q.getParameter("u")));
                    }
                }
                """.formatted(localView ? "CartSessionLocal" : "CartSessionRemote"));
        // The bytecode front end reads no bean annotations: the descriptor declares the views for both.
        files.put("META-INF/ejb-jar.xml", """
                <?xml version="1.0"?>
                <ejb-jar version="3.0">
                  <enterprise-beans>
                    <session>
                      <ejb-name>CartSessionBean</ejb-name>
                      %s<business-remote>shop.ejb.CartSessionRemote</business-remote>
                      <ejb-class>shop.ejb.CartSessionBean</ejb-class>
                      <session-type>Stateless</session-type>
                    </session>
                  </enterprise-beans>
                </ejb-jar>
                """.formatted(localView ? "<business-local>shop.ejb.CartSessionLocal</business-local>" : ""));
        return files;
    }

    private AnalysisResult analyse(Map<String, String> files, AnalysisRequest.FrontEnd frontEnd) throws Exception {
        return CompiledFixture.analyse(tmp, files, frontEnd);
    }

    private static List<CallEdge> helperCalls(AnalysisResult result) {
        return result.callGraph().edges().stream()
                .filter(e -> e.from().className().equals("shop.web.CartHelper") && e.from().name().equals("items"))
                .toList();
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void aCallOnTheParentOfBothViewsIsALocalEjbCallIntoTheBean(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = analyse(app(true, false), frontEnd);

        assertThat(helperCalls(result)).singleElement().satisfies(e -> {
            assertThat(e.kind()).isEqualTo(EdgeKind.LOCAL_EJB);
            assertThat(e.op()).isEqualTo(CallOp.BUSINESS_METHOD);
            assertThat(e.to().className()).isEqualTo("shop.ejb.CartSessionBean");
            assertThat(e.targetComponent()).isEqualTo("CartSessionBean");
        });
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void withOnlyARemoteViewExtendingItTheCallIsRemote(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = analyse(app(false, false), frontEnd);

        assertThat(helperCalls(result)).singleElement().satisfies(e -> {
            assertThat(e.kind()).isEqualTo(EdgeKind.REMOTE_EJB);
            assertThat(e.targetComponent()).isEqualTo("CartSessionBean");
        });
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void anInterfaceAPlainClassAlsoImplementsStaysAPlainCall(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = analyse(app(true, true), frontEnd);

        assertThat(helperCalls(result)).extracting(CallEdge::kind).containsOnly(EdgeKind.LOCAL);
        assertThat(helperCalls(result)).extracting(e -> e.to().className())
                .containsExactlyInAnyOrder("shop.ejb.CartSessionBean", "shop.web.CachedCart");
    }
}
