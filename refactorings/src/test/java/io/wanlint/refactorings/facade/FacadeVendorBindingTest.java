package io.wanlint.refactorings.facade;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.refactorings.api.SourceText;
import io.wanlint.refactorings.api.TextEdit;
import io.wanlint.refactorings.text.XmlOutline;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The façade's JNDI binding and web ref mapping for the vendors known by root element only (WebSphere 7+, Oracle). */
class FacadeVendorBindingTest {
    private static final FacadeDesign DESIGN = new FacadeDesign("a.facade", "CountFacade", "src", List.of(), List.of(), List.of(),
            Set.of(), Optional.empty());

    private static String applied(String path, String before, boolean web) {
        SourceText text = new SourceText(path, before, StandardCharsets.UTF_8, false);
        XmlOutline.Element root = XmlOutline.parse(before).orElseThrow();
        Optional<TextEdit> edit = web ? FacadeDescriptors.webRefMapping(text, root, DESIGN, "shop/CountFacade")
                : FacadeDescriptors.vendorBinding(text, root, DESIGN, "shop/CountFacade");
        assertThat(edit).as(path).isPresent();
        TextEdit e = edit.get();
        return before.substring(0, e.start()) + e.replacement() + before.substring(e.end());
    }

    @Test
    void websphereBindingsGetTheHomeBindingAndTheWebRef() {
        assertThat(applied("META-INF/ibm-ejb-jar-bnd.xml", """
                <ejb-jar-bnd xmlns="http://websphere.ibm.com/xml/ns/javaee" version="1.0">
                  <session name="Cart" remote-home-binding-name="shop/Cart"/>
                </ejb-jar-bnd>
                """, false)).isEqualTo("""
                <ejb-jar-bnd xmlns="http://websphere.ibm.com/xml/ns/javaee" version="1.0">
                  <session name="Cart" remote-home-binding-name="shop/Cart"/>
                  <session name="CountFacade" remote-home-binding-name="shop/CountFacade"/>
                </ejb-jar-bnd>
                """);
        assertThat(applied("WEB-INF/ibm-web-bnd.xml", """
                <web-bnd xmlns="http://websphere.ibm.com/xml/ns/javaee" version="1.0">
                  <virtual-host name="default_host"/>
                  <resource-ref name="jdbc/Shop" binding-name="jdbc/shop"/>
                </web-bnd>
                """, true)).isEqualTo("""
                <web-bnd xmlns="http://websphere.ibm.com/xml/ns/javaee" version="1.0">
                  <virtual-host name="default_host"/>
                  <ejb-ref name="ejb/CountFacade" binding-name="shop/CountFacade"/>
                  <resource-ref name="jdbc/Shop" binding-name="jdbc/shop"/>
                </web-bnd>
                """);
    }

    @Test
    void oracleDescriptorsGetASessionDeploymentAndAnEjbRefMapping() {
        assertThat(applied("META-INF/orion-ejb-jar.xml", """
                <orion-ejb-jar>
                  <enterprise-beans>
                    <session-deployment name="Cart" location="shop/Cart"/>
                  </enterprise-beans>
                </orion-ejb-jar>
                """, false)).isEqualTo("""
                <orion-ejb-jar>
                  <enterprise-beans>
                    <session-deployment name="Cart" location="shop/Cart"/>
                    <session-deployment name="CountFacade" location="shop/CountFacade"/>
                  </enterprise-beans>
                </orion-ejb-jar>
                """);
        assertThat(applied("WEB-INF/orion-web.xml", "<orion-web-app>\n  <resource-ref-mapping name=\"jdbc/Shop\" location=\"jdbc/OracleDS\"/>\n</orion-web-app>\n", true))
                .isEqualTo("<orion-web-app>\n  <ejb-ref-mapping name=\"ejb/CountFacade\" location=\"shop/CountFacade\"/>\n"
                        + "  <resource-ref-mapping name=\"jdbc/Shop\" location=\"jdbc/OracleDS\"/>\n</orion-web-app>\n");
    }

    @Test
    void aMappingAlreadyThereIsLeftAlone() {
        String mapped = "<web-bnd>\n  <ejb-ref name=\"ejb/CountFacade\" binding-name=\"x\"/>\n</web-bnd>\n";
        SourceText text = new SourceText("ibm-web-bnd.xml", mapped, StandardCharsets.UTF_8, false);
        assertThat(FacadeDescriptors.webRefMapping(text, XmlOutline.parse(mapped).orElseThrow(), DESIGN, "shop/CountFacade")).isEmpty();
    }
}
