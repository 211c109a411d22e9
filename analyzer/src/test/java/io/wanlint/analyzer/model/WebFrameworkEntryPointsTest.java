package io.wanlint.analyzer.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Analyzer;
import io.wanlint.analyzer.api.EntryPoint;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The frameworks' conventions for which URL runs which method (issue 19 item 10): Struts 1 prefix
 * mappings and 1.0's {@code perform}, mapping dispatch actions, Struts 2's extension constant and
 * namespaces, WebWork 1's {@code actions.xml}, and JSF 1.x pages written as JSPs.
 */
class WebFrameworkEntryPointsTest {
    @TempDir Path app;

    private AnalysisResult analyse(Map<String, String> files) throws IOException {
        for (Map.Entry<String, String> f : files.entrySet()) {
            Path p = app.resolve(f.getKey());
            Files.createDirectories(p.getParent());
            Files.writeString(p, f.getValue());
        }
        return Analyzer.analyze(AnalysisRequest.of(app));
    }

    private static final String STRUTS_IMPORTS = """
            import javax.servlet.http.*;
            import org.apache.struts.action.*;
            """;

    @Test
    void strutsUrlsFollowTheActionServletsMappingAndStruts10ActionsRunPerform() throws IOException {
        AnalysisResult r = analyse(Map.of(
                "WEB-INF/web.xml", """
                        <web-app><servlet><servlet-name>s</servlet-name><servlet-class>a.ShopServlet</servlet-class></servlet>
                        <servlet-mapping><servlet-name>s</servlet-name><url-pattern>/do/*</url-pattern></servlet-mapping></web-app>""",
                "WEB-INF/struts-config.xml", """
                        <struts-config><action-mappings>
                          <action path="/old" type="a.OldAction"/>
                          <action path="/pick" type="a.PickAction" parameter="choose"/>
                          <action path="/forward" type="org.apache.struts.actions.ForwardAction" parameter="/x.jsp"/>
                        </action-mappings></struts-config>""",
                "src/a/ShopServlet.java", "package a; public class ShopServlet extends org.apache.struts.action.ActionServlet {}",
                "src/a/OldAction.java", "package a;\n" + STRUTS_IMPORTS + """
                        public class OldAction extends Action {
                            public ActionForward perform(ActionMapping m, ActionForm f, HttpServletRequest q, HttpServletResponse s) { return null; }
                        }""",
                "src/a/PickAction.java", "package a;\n" + STRUTS_IMPORTS + """
                        public class PickAction extends org.apache.struts.actions.MappingDispatchAction {
                            public ActionForward choose(ActionMapping m, ActionForm f, HttpServletRequest q, HttpServletResponse s) { return null; }
                            public ActionForward other(ActionMapping m, ActionForm f, HttpServletRequest q, HttpServletResponse s) { return null; }
                        }"""));
        assertThat(r.callGraph().entryPoints()).filteredOn(ep -> ep.kind() == EntryPoint.Kind.WEB_ACTION)
                .extracting(EntryPoint::id, ep -> ep.method().name())
                .containsExactlyInAnyOrder(tuple("/do/old", "perform"), tuple("/do/pick", "choose"));
    }

    @Test
    void struts2ActionsTakeTheExtensionConstantAndTheirNamespace() throws IOException {
        AnalysisResult r = analyse(Map.of(
                "src/struts.xml", """
                        <struts><constant name="struts.action.extension" value="html"/>
                          <package name="p" namespace="/shop"><action name="order" class="a.OrderAction" method="place"/>
                          <action name="{1}Order" class="a.OrderAction" method="{1}"/></package></struts>""",
                "src/a/OrderAction.java", """
                        package a;
                        public class OrderAction { public String execute() { return "success"; } public String place() { return "success"; } }"""));
        assertThat(r.callGraph().entryPoints()).extracting(EntryPoint::id, ep -> ep.method().name())
                .containsExactlyInAnyOrder(tuple("/shop/order.html", "place"), tuple("/shop/{1}Order.html", "execute"));
        assertThat(r.diagnostics()).anySatisfy(d -> assertThat(d.message()).contains("wildcard method '{1}' not resolved"));
    }

    @Test
    void webwork1ActionsNamedBySimpleClassNameRunDoExecute() throws IOException {
        AnalysisResult r = analyse(Map.of(
                "src/actions.xml", """
                        <actions><action name="ViewIssue" alias="ViewIssue"/><action name="Missing" alias="Gone"/></actions>""",
                "src/a/ViewIssue.java", """
                        package a;
                        public class ViewIssue extends webwork.action.ActionSupport { protected String doExecute() { return "success"; } }"""));
        assertThat(r.callGraph().entryPoints()).extracting(EntryPoint::id, ep -> ep.method().toString())
                .containsExactly(tuple("/ViewIssue.action", "a.ViewIssue#doExecute()"));
        assertThat(r.diagnostics()).anySatisfy(d -> assertThat(d.message()).contains("action Gone").contains("Missing"));
    }

    @Test
    void jsf1PagesWrittenAsJspsReachManagedBeansNamedByTheirAnnotation() throws IOException {
        AnalysisResult r = analyse(Map.of(
                "web/WEB-INF/web.xml", "<web-app/>",
                "web/cart.jsp", """
                        <%@ taglib uri="http://java.sun.com/jsf/html" prefix="h" %>
                        <h:commandButton action="#{cart.checkOut}" value="Buy"/> <h:outputText value="#{cart.total}"/>""",
                "src/a/Cart.java", """
                        package a;
                        @javax.faces.bean.ManagedBean(name = "cart") @javax.faces.bean.SessionScoped
                        public class Cart implements java.io.Serializable {
                            public String checkOut() { return "done"; }
                            public int getTotal() { return 0; }
                        }""",
                "src/a/Helper.java", """
                        package a;
                        @javax.annotation.ManagedBean public class Helper { public String checkOut() { return ""; } }"""));
        assertThat(r.callGraph().entryPoints()).filteredOn(ep -> ep.kind() == EntryPoint.Kind.JSF)
                .extracting(EntryPoint::id, ep -> ep.method().toString())
                .containsExactlyInAnyOrder(tuple("/cart.jsp #{cart.checkOut}", "a.Cart#checkOut()"),
                        tuple("/cart.jsp #{cart.total}", "a.Cart#getTotal()"));
    }

    @Test
    void aFaceletInAResourceJarIsServedFromBelowMetaInfResources() throws IOException {
        AnalysisResult r = analyse(Map.of(
                "shared/src/main/resources/META-INF/resources/util/cart.xhtml", "<p>#{basket.total}</p>",
                "src/a/Basket.java", """
                        package a;
                        @javax.inject.Named @javax.enterprise.context.SessionScoped
                        public class Basket implements java.io.Serializable { public int getTotal() { return 0; } }"""));
        assertThat(r.callGraph().entryPoints()).extracting(EntryPoint::id).containsExactly("/util/cart.xhtml #{basket.total}");
    }

    @Test
    void actionsNamedBySpringBeansRunTheBeansClasses() throws IOException {
        AnalysisResult r = analyse(Map.of(
                "WEB-INF/classes/applicationContext-action.xml", """
                        <beans><bean id="orderAction" class="a.OrderAction" scope="prototype"/>
                          <bean name="/legacy" class="a.LegacyAction"/></beans>""",
                "WEB-INF/classes/xwork.xml", """
                        <xwork><package name="p"><action name="order" class="orderAction"/>
                          <action name="ghost" class="ghostAction"/></package></xwork>""",
                "WEB-INF/struts-config.xml", """
                        <struts-config><action-mappings>
                          <action path="/legacy" type="org.springframework.web.struts.DelegatingActionProxy"/>
                        </action-mappings></struts-config>""",
                "src/a/OrderAction.java", "package a; public class OrderAction { public String execute() { return \"ok\"; } }",
                "src/a/LegacyAction.java", "package a;\n" + STRUTS_IMPORTS + """
                        public class LegacyAction extends Action {
                            public ActionForward execute(ActionMapping m, ActionForm f, HttpServletRequest q, HttpServletResponse s) { return null; }
                        }"""));
        assertThat(r.callGraph().entryPoints()).extracting(EntryPoint::id, ep -> ep.method().className() + "." + ep.method().name())
                .containsExactlyInAnyOrder(tuple("/order.action", "a.OrderAction.execute"), tuple("/legacy.do", "a.LegacyAction.execute"));
        assertThat(r.diagnostics()).anySatisfy(d -> assertThat(d.message()).contains("ghostAction is neither a Spring bean"));
    }

    @Test
    void aNamedScopedClassNoPageUsesKeepsItsOwnKind() throws IOException {
        AnalysisResult r = analyse(Map.of(
                "web/index.xhtml", "<p>#{greeter.text}</p>",
                "src/a/Greeter.java", """
                        package a;
                        @javax.inject.Named @javax.enterprise.context.RequestScoped
                        public class Greeter { public String getText() { return "hi"; } }""",
                "src/a/ReportDao.java", """
                        package a;
                        @javax.inject.Named @javax.enterprise.context.ApplicationScoped
                        public class ReportDao { public int count() { return 0; } }"""));
        assertThat(r.model().byClass("a.Greeter")).map(c -> c.kind()).hasValue(io.wanlint.analyzer.api.ComponentKind.MANAGED_BEAN);
        assertThat(r.model().byClass("a.ReportDao")).map(c -> c.kind()).hasValue(io.wanlint.analyzer.api.ComponentKind.DAO);
    }
}
