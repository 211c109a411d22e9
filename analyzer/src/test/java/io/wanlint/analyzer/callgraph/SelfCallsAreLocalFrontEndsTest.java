package io.wanlint.analyzer.callgraph;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.TransactionContext;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 19.3 through both call-graph front ends: a bean calling its own business methods
 * ({@code this.record()}, an implicit {@code total()}) or a private method makes a plain Java call
 * inside the instance; no container proxy stands in between, so there is no EJB edge and the
 * callee's own transaction attribute ({@code RequiresNew}) does not apply. A client calling the same
 * methods through the bean's view still makes EJB calls.
 */
class SelfCallsAreLocalFrontEndsTest {
    @TempDir Path tmp;

    private static Map<String, String> app() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("shop/ejb/Cart.java", """
                package shop.ejb;
                public interface Cart {
                    int checkout(String user) throws Exception;
                    int total(String user) throws Exception;
                    void record(String user) throws Exception;
                }
                """);
        files.put("shop/ejb/CartBean.java", """
                package shop.ejb;
                public class CartBean implements Cart {
                    private javax.sql.DataSource ds;
                    public int checkout(String user) throws Exception {
                        int t = total(user);
                        this.record(user);
                        audit(user);
                        return t;
                    }
                    public int total(String user) throws Exception {
                        try (java.sql.Connection c = ds.getConnection()) {
                            c.prepareStatement("select sum(price) from items").executeQuery();
                        }
                        return 1;
                    }
                    public void record(String user) throws Exception {
                        try (java.sql.Connection c = ds.getConnection()) {
                            c.prepareStatement("insert into log values (1)").executeUpdate();
                        }
                    }
                    private void audit(String user) throws Exception {
                        try (java.sql.Connection c = ds.getConnection()) {
                            c.prepareStatement("insert into audit values (1)").executeUpdate();
                        }
                    }
                }
                """);
        files.put("shop/web/CartServlet.java", """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/cart")
                public class CartServlet extends HttpServlet {
                    @javax.ejb.EJB private shop.ejb.Cart cart;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        try {
                            r.getWriter().print(cart.checkout(q.getParameter("u")) + cart.total("x"));
                        } catch (Exception e) {
                            throw new java.io.IOException(e);
                        }
                    }
                }
                """);
        // The bytecode front end reads no servlet or bean annotations: descriptors declare both.
        files.put("WEB-INF/web.xml", """
                <?xml version="1.0"?>
                <web-app version="3.0">
                  <servlet><servlet-name>cart</servlet-name><servlet-class>shop.web.CartServlet</servlet-class></servlet>
                  <servlet-mapping><servlet-name>cart</servlet-name><url-pattern>/cart</url-pattern></servlet-mapping>
                </web-app>
                """);
        files.put("META-INF/ejb-jar.xml", """
                <?xml version="1.0"?>
                <ejb-jar version="3.0">
                  <enterprise-beans>
                    <session>
                      <ejb-name>CartBean</ejb-name>
                      <business-local>shop.ejb.Cart</business-local>
                      <ejb-class>shop.ejb.CartBean</ejb-class>
                      <session-type>Stateless</session-type>
                      <transaction-type>Container</transaction-type>
                    </session>
                  </enterprise-beans>
                  <assembly-descriptor>
                    <container-transaction>
                      <method><ejb-name>CartBean</ejb-name><method-name>*</method-name></method>
                      <trans-attribute>Required</trans-attribute>
                    </container-transaction>
                    <container-transaction>
                      <method><ejb-name>CartBean</ejb-name><method-name>record</method-name></method>
                      <trans-attribute>RequiresNew</trans-attribute>
                    </container-transaction>
                  </assembly-descriptor>
                </ejb-jar>
                """);
        return files;
    }

    private static List<CallEdge> callsFrom(AnalysisResult result, String cls, String method) {
        return result.callGraph().edges().stream()
                .filter(e -> e.from().className().equals(cls) && e.from().name().equals(method))
                .filter(e -> e.to().className().startsWith("shop."))
                .toList();
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void aBeanCallingItsOwnMethodsMakesPlainLocalCalls(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = CompiledFixture.analyse(tmp, app(), frontEnd);

        List<CallEdge> own = callsFrom(result, "shop.ejb.CartBean", "checkout");
        assertThat(own).extracting(e -> e.to().name()).containsExactlyInAnyOrder("total", "record", "audit");
        assertThat(own).allSatisfy(e -> {
            assertThat(e.kind()).isEqualTo(EdgeKind.LOCAL);
            assertThat(e.op()).isEqualTo(CallOp.INVOKE);
            assertThat(e.targetComponent()).isNull();
        });
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void aClientCallingTheSameMethodsThroughTheViewMakesEjbCalls(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = CompiledFixture.analyse(tmp, app(), frontEnd);

        List<CallEdge> client = callsFrom(result, "shop.web.CartServlet", "doGet");
        assertThat(client).extracting(e -> e.to().name()).containsExactlyInAnyOrder("checkout", "total");
        assertThat(client).allSatisfy(e -> {
            assertThat(e.kind()).isEqualTo(EdgeKind.LOCAL_EJB);
            assertThat(e.targetComponent()).isEqualTo("CartBean");
        });
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void theCalleesOwnTransactionAttributeDoesNotApplyToASelfCall(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = CompiledFixture.analyse(tmp, app(), frontEnd);

        EntryPoint servlet = result.callGraph().entryPoints().stream()
                .filter(ep -> ep.method().className().equals("shop.web.CartServlet")).findFirst().orElseThrow();
        CallEdge insert = result.callGraph().edges().stream()
                .filter(e -> e.from().className().equals("shop.ejb.CartBean") && e.from().name().equals("record")
                        && e.op() == CallOp.JDBC_EXECUTE)
                .findFirst().orElseThrow();
        Set<TransactionContext> contexts = result.transactions().contextsOf(servlet, insert);
        assertThat(contexts).isNotEmpty().allSatisfy(c -> {
            assertThat(c.active()).isTrue();
            assertThat(c.how()).isEqualTo("Required");
            assertThat(c.startedBy().name()).isEqualTo("checkout");
        });
    }
}
