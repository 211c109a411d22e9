package io.wanlint.analyzer.callgraph;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Analyzer;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.Topologies;
import io.wanlint.analyzer.api.WanCostModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 19 item 7 through both call-graph front ends: a web tier that looks up a local home in
 * {@code java:comp/env} (EJB 2.x ejb-local-ref) or injects a {@code @Local} view shares the bean's
 * JVM, so the edge preset runs it at the bean's site and its calls cost nothing; through remote
 * views the same page stays at the edge and pays for each call.
 */
class LocalViewPlacementFrontEndsTest {
    @TempDir Path tmp;

    private static final String ITEM_BEAN = """
            package shop.ejb;
            public abstract class ItemBean implements javax.ejb.EntityBean {
                public abstract String getId();
                public abstract void setId(String id);
                public abstract String getName();
                public String ejbCreate(String id) { setId(id); return null; }
                public void ejbPostCreate(String id) {}
                public void setEntityContext(javax.ejb.EntityContext c) {}
                public void unsetEntityContext() {}
                public void ejbActivate() {}
                public void ejbPassivate() {}
                public void ejbLoad() {}
                public void ejbStore() {}
                public void ejbRemove() {}
            }
            """;

    private static String ejbJar(String views) {
        return """
                <?xml version="1.0"?>
                <ejb-jar>
                  <enterprise-beans>
                    <entity>
                      <ejb-name>ItemEJB</ejb-name>
                      %s
                      <ejb-class>shop.ejb.ItemBean</ejb-class>
                      <persistence-type>Container</persistence-type>
                      <prim-key-class>java.lang.String</prim-key-class>
                      <reentrant>False</reentrant>
                      <cmp-field><field-name>id</field-name></cmp-field>
                      <cmp-field><field-name>name</field-name></cmp-field>
                      <primkey-field>id</primkey-field>
                    </entity>
                  </enterprise-beans>
                </ejb-jar>
                """.formatted(views);
    }

    private static String webXml(String refs) {
        return """
                <?xml version="1.0"?>
                <web-app>
                  <servlet><servlet-name>item</servlet-name><servlet-class>shop.web.ItemServlet</servlet-class></servlet>
                  <servlet-mapping><servlet-name>item</servlet-name><url-pattern>/item</url-pattern></servlet-mapping>
                  %s
                </web-app>
                """.formatted(refs);
    }

    private static String servlet(String home, String object, String jndi, String narrow) {
        return """
                package shop.web;
                import javax.servlet.http.*;
                public class ItemServlet extends HttpServlet {
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        try {
                            Object ref = new javax.naming.InitialContext().lookup("%s");
                            shop.ejb.%s home = (shop.ejb.%s) %s;
                            shop.ejb.%s item = home.findByPrimaryKey(q.getParameter("id"));
                            r.getWriter().print(item.getName());
                        } catch (Exception e) {
                            throw new java.io.IOException(e);
                        }
                    }
                }
                """.formatted(jndi, home, home, narrow, object);
    }

    private static Map<String, String> localApp() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("shop/ejb/ItemLocalHome.java", """
                package shop.ejb;
                public interface ItemLocalHome extends javax.ejb.EJBLocalHome {
                    ItemLocal findByPrimaryKey(String id) throws javax.ejb.FinderException;
                }
                """);
        files.put("shop/ejb/ItemLocal.java", """
                package shop.ejb;
                public interface ItemLocal extends javax.ejb.EJBLocalObject { String getName(); }
                """);
        files.put("shop/ejb/ItemBean.java", ITEM_BEAN);
        files.put("shop/web/ItemServlet.java", servlet("ItemLocalHome", "ItemLocal", "java:comp/env/ejb/local/Item", "ref"));
        files.put("META-INF/ejb-jar.xml", ejbJar("<local-home>shop.ejb.ItemLocalHome</local-home><local>shop.ejb.ItemLocal</local>"));
        files.put("WEB-INF/web.xml", webXml("""
                <ejb-local-ref><ejb-ref-name>ejb/local/Item</ejb-ref-name><ejb-ref-type>Entity</ejb-ref-type>
                  <local-home>shop.ejb.ItemLocalHome</local-home><local>shop.ejb.ItemLocal</local><ejb-link>ItemEJB</ejb-link>
                </ejb-local-ref>"""));
        return files;
    }

    private static Map<String, String> remoteApp() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("shop/ejb/ItemHome.java", """
                package shop.ejb;
                public interface ItemHome extends javax.ejb.EJBHome {
                    Item findByPrimaryKey(String id) throws javax.ejb.FinderException, java.rmi.RemoteException;
                }
                """);
        files.put("shop/ejb/Item.java", """
                package shop.ejb;
                public interface Item extends javax.ejb.EJBObject { String getName() throws java.rmi.RemoteException; }
                """);
        files.put("shop/ejb/ItemBean.java", ITEM_BEAN);
        files.put("shop/web/ItemServlet.java", servlet("ItemHome", "Item", "java:comp/env/ejb/Item",
                "javax.rmi.PortableRemoteObject.narrow(ref, shop.ejb.ItemHome.class)"));
        files.put("META-INF/ejb-jar.xml", ejbJar("<home>shop.ejb.ItemHome</home><remote>shop.ejb.Item</remote>"));
        files.put("WEB-INF/web.xml", webXml("""
                <ejb-ref><ejb-ref-name>ejb/Item</ejb-ref-name><ejb-ref-type>Entity</ejb-ref-type>
                  <home>shop.ejb.ItemHome</home><remote>shop.ejb.Item</remote><ejb-link>ItemEJB</ejb-link>
                </ejb-ref>"""));
        return files;
    }

    private AnalysisResult analyse(Map<String, String> files, AnalysisRequest.FrontEnd frontEnd) throws Exception {
        return CompiledFixture.analyse(tmp, files, frontEnd);
    }

    private static EntryPointCost itemPage(AnalysisResult result, WanCostModel costs) {
        EntryPoint page = result.callGraph().entryPoints().stream().filter(e -> e.id().contains("/item")).findFirst().orElseThrow();
        return costs.estimate(page);
    }

    private static Component named(AnalysisResult result, String name) {
        return result.model().byName(name).orElseThrow();
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void aLocalHomeLookedUpInJavaCompEnvKeepsThePageInTheBeansJvm(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = analyse(localApp(), frontEnd);
        WanCostModel costs = WanCostModel.of(result.model(), result.callGraph(), Topologies.preset("edge"));

        assertThat(costs.siteOf(named(result, "item"))).isEqualTo("main");
        EntryPointCost cost = itemPage(result, costs);
        // The browser's request is the only crossing: lookup, finder and getter stay inside one JVM.
        assertThat(cost.roundTrips()).isEqualTo(RoundTrips.of(2));
        assertThat(cost.crossings()).allSatisfy(c -> assertThat(c.edge()).isNull());
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void theSamePageThroughARemoteHomeStaysAtTheEdgeAndPaysForEachCall(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = analyse(remoteApp(), frontEnd);
        WanCostModel costs = WanCostModel.of(result.model(), result.callGraph(), Topologies.preset("edge"));

        assertThat(costs.siteOf(named(result, "item"))).isEqualTo("edge");
        EntryPointCost cost = itemPage(result, costs);
        assertThat(cost.crossings()).filteredOn(c -> c.edge() != null && !c.contribution().isZero())
                .extracting(c -> c.edge().op().name())
                .contains("LOOKUP", "HOME_FIND", "ENTITY_GET");
    }
}
