package io.wanlint.analyzer.vendor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.EjbReference;
import io.wanlint.analyzer.api.ResourceReference;
import io.wanlint.analyzer.ingest.TextFile;
import io.wanlint.analyzer.model.ComponentModelBuilder;
import io.wanlint.analyzer.model.ModelOutcome;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each vendor's descriptors read into the component model: global JNDI names, reference and
 * resource bindings, and read-only settings, whatever the file is called.
 */
class VendorBindingsTest {
    private final List<TextFile> xml = new ArrayList<>();

    private VendorBindingsTest xml(String path, String text) {
        xml.add(new TextFile(path, Path.of(path), text, "UTF-8"));
        return this;
    }

    private ModelOutcome build() {
        return new ComponentModelBuilder().build(List.of(), List.of(), xml);
    }

    private static Component component(ModelOutcome o, String name) {
        return o.model().byName(name).orElseThrow(() -> new AssertionError("no component " + name));
    }

    /** A façade referring to one of two entities with the same home (so only a binding can decide), and a servlet. */
    private static final String EJB_JAR = """
            <ejb-jar id="ejb-jar_ID">
              <enterprise-beans>
                <session id="Session_1">
                  <ejb-name>Catalog</ejb-name>
                  <home>a.CatalogHome</home><remote>a.Catalog</remote>
                  <ejb-class>a.CatalogBean</ejb-class><session-type>Stateless</session-type>
                  <ejb-ref id="EjbRef_1"><ejb-ref-name>ejb/Product</ejb-ref-name><ejb-ref-type>Entity</ejb-ref-type>
                    <home>a.ProductHome</home><remote>a.Product</remote></ejb-ref>
                  <resource-ref id="ResourceRef_1"><res-ref-name>jdbc/Catalog</res-ref-name><res-type>javax.sql.DataSource</res-type></resource-ref>
                </session>
                <entity id="ContainerManagedEntity_1">
                  <ejb-name>ProductA</ejb-name>
                  <home>a.ProductHome</home><remote>a.Product</remote>
                  <ejb-class>a.ProductBean</ejb-class><persistence-type>Container</persistence-type>
                </entity>
                <entity id="ContainerManagedEntity_2">
                  <ejb-name>ProductB</ejb-name>
                  <home>a.ProductHome</home><remote>a.Product</remote>
                  <ejb-class>a.ProductBean2</ejb-class><persistence-type>Container</persistence-type>
                </entity>
              </enterprise-beans>
            </ejb-jar>
            """;

    private static final String WEB_XML = """
            <web-app>
              <servlet><servlet-name>Shop</servlet-name><servlet-class>a.ShopServlet</servlet-class></servlet>
              <ejb-ref id="EjbRef_W1"><ejb-ref-name>ejb/Prod</ejb-ref-name><home>a.ProductHome</home><remote>a.Product</remote></ejb-ref>
              <resource-ref id="ResourceRef_W1"><res-ref-name>jdbc/Shop</res-ref-name><res-type>javax.sql.DataSource</res-type></resource-ref>
            </web-app>
            """;

    private void assertBound(ModelOutcome o, String catalogJndi, String productAJndi) {
        assertThat(component(o, "Catalog").jndiName()).isEqualTo(catalogJndi);
        assertThat(component(o, "ProductA").jndiName()).isEqualTo(productAJndi);
        assertThat(component(o, "Catalog").ejbRefs()).extracting(EjbReference::name, EjbReference::target)
                .containsExactly(tuple("ejb/Product", "ProductB"));
        assertThat(component(o, "Shop").ejbRefs()).extracting(EjbReference::name, EjbReference::target)
                .containsExactly(tuple("ejb/Prod", "ProductA"));
    }

    @Test
    void websphereXmiBindingsAndExtensionsNameBeansAndReferencesByElementId() {
        xml("ejbModule/META-INF/ejb-jar.xml", EJB_JAR);
        xml("ejbModule/META-INF/ibm-ejb-jar-bnd.xmi", """
                <?xml version="1.0" encoding="UTF-8"?>
                <ejbbnd:EJBJarBinding xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:ejbbnd="ejbbnd.xmi"
                    xmlns:ejb="ejb.xmi" xmlns:commonbnd="commonbnd.xmi" xmi:id="EJBJarBinding_1">
                  <ejbJar href="META-INF/ejb-jar.xml#ejb-jar_ID"/>
                  <ejbBindings xmi:id="Session_1_Bnd" jndiName="ejb/acme/CatalogHome">
                    <enterpriseBean xmi:type="ejb:Session" href="META-INF/ejb-jar.xml#Session_1"/>
                    <ejbRefBindings xmi:id="EjbRefBinding_1" jndiName="ejb/acme/ProductBHome">
                      <bindingEjbRef href="META-INF/ejb-jar.xml#EjbRef_1"/>
                    </ejbRefBindings>
                    <resRefBindings xmi:id="ResourceRefBinding_1" jndiName="jdbc/acmeDS">
                      <bindingResourceRef href="META-INF/ejb-jar.xml#ResourceRef_1"/>
                    </resRefBindings>
                  </ejbBindings>
                  <ejbBindings xmi:id="CME_1_Bnd" jndiName="ejb/acme/ProductAHome">
                    <enterpriseBean xmi:type="ejb:ContainerManagedEntity" href="META-INF/ejb-jar.xml#ContainerManagedEntity_1"/>
                  </ejbBindings>
                  <ejbBindings xmi:id="CME_2_Bnd" jndiName="ejb/acme/ProductBHome">
                    <enterpriseBean xmi:type="ejb:ContainerManagedEntity" href="META-INF/ejb-jar.xml#ContainerManagedEntity_2"/>
                  </ejbBindings>
                </ejbbnd:EJBJarBinding>
                """);
        xml("ejbModule/META-INF/ibm-ejb-jar-ext.xmi", """
                <ejbext:EJBJarExtension xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:ejbext="ejbext.xmi"
                    xmlns:ejb="ejb.xmi" xmi:id="EJBJarExtension_1">
                  <ejbExtensions xmi:type="ejbext:ContainerManagedEntityExtension" xmi:id="CMEExt_1">
                    <enterpriseBean xmi:type="ejb:ContainerManagedEntity" href="META-INF/ejb-jar.xml#ContainerManagedEntity_1"/>
                    <beanCache xmi:id="BeanCache_1" activateAt="ONCE" loadAt="ACTIVATION"/>
                  </ejbExtensions>
                  <appliedAccessIntents xmi:id="AppliedAccessIntent_1" name="catalogue" accessIntentName="wsOptimisticRead">
                    <methodElements xmi:id="MethodElement_1" name="*" type="Unspecified">
                      <enterpriseBean xmi:type="ejb:ContainerManagedEntity" href="META-INF/ejb-jar.xml#ContainerManagedEntity_1"/>
                    </methodElements>
                  </appliedAccessIntents>
                  <appliedAccessIntents xmi:id="AppliedAccessIntent_2" name="one getter" accessIntentName="wsOptimisticRead">
                    <methodElements xmi:id="MethodElement_2" name="getName" type="Remote">
                      <enterpriseBean xmi:type="ejb:ContainerManagedEntity" href="META-INF/ejb-jar.xml#ContainerManagedEntity_2"/>
                    </methodElements>
                  </appliedAccessIntents>
                  <appliedAccessIntents xmi:id="AppliedAccessIntent_3" name="updates" accessIntentName="wsPessimisticUpdate">
                    <methodElements xmi:id="MethodElement_3" name="*" type="Unspecified">
                      <enterpriseBean xmi:type="ejb:ContainerManagedEntity" href="META-INF/ejb-jar.xml#ContainerManagedEntity_2"/>
                    </methodElements>
                  </appliedAccessIntents>
                </ejbext:EJBJarExtension>
                """);
        xml("webModule/WEB-INF/web.xml", WEB_XML);
        xml("webModule/WEB-INF/ibm-web-bnd.xmi", """
                <webappbnd:WebAppBinding xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:webappbnd="webappbnd.xmi"
                    xmlns:commonbnd="commonbnd.xmi" xmi:id="WebAppBinding_1" virtualHostName="default_host">
                  <ejbRefBindings xmi:id="EjbRefBinding_W1" jndiName="ejb/acme/ProductAHome">
                    <bindingEjbRef href="WEB-INF/web.xml#EjbRef_W1"/>
                  </ejbRefBindings>
                  <resRefBindings xmi:id="ResourceRefBinding_W1" jndiName="jdbc/shopDS">
                    <bindingResourceRef href="WEB-INF/web.xml#ResourceRef_W1"/>
                  </resRefBindings>
                </webappbnd:WebAppBinding>
                """);

        ModelOutcome o = build();

        assertBound(o, "ejb/acme/CatalogHome", "ejb/acme/ProductAHome");
        assertThat(component(o, "Catalog").resourceRefs()).extracting(ResourceReference::name, ResourceReference::jndiName)
                .containsExactly(tuple("jdbc/Catalog", "jdbc/acmeDS"));
        assertThat(component(o, "Shop").resourceRefs()).extracting(ResourceReference::name, ResourceReference::jndiName)
                .containsExactly(tuple("jdbc/Shop", "jdbc/shopDS"));
        // A read intent on every method makes the bean read-only; one getter, or an update intent, does not.
        assertThat(component(o, "ProductA").readOnly()).isTrue();
        assertThat(component(o, "ProductB").readOnly()).isFalse();
        assertThat(component(o, "ProductA").declaredIn()).extracting(l -> l.file())
                .contains("ejbModule/META-INF/ibm-ejb-jar-bnd.xmi", "ejbModule/META-INF/ibm-ejb-jar-ext.xmi");
    }

    @Test
    void websphereXmlBindingsNameBeansAndReferencesDirectly() {
        xml("META-INF/ejb-jar.xml", EJB_JAR);
        xml("META-INF/ibm-ejb-jar-bnd.xml", """
                <ejb-jar-bnd xmlns="http://websphere.ibm.com/xml/ns/javaee" version="1.0">
                  <session name="Catalog" remote-home-binding-name="ejb/acme/CatalogHome">
                    <ejb-ref name="ejb/Product" binding-name="ejb/acme/ProductBHome"/>
                    <resource-ref name="jdbc/Catalog" binding-name="jdbc/acmeDS"/>
                  </session>
                  <entity name="ProductA" remote-home-binding-name="ejb/acme/ProductAHome"/>
                  <entity name="ProductB" remote-home-binding-name="ejb/acme/ProductBHome"/>
                </ejb-jar-bnd>
                """);
        xml("WEB-INF/web.xml", WEB_XML);
        xml("WEB-INF/ibm-web-bnd.xml", """
                <web-bnd xmlns="http://websphere.ibm.com/xml/ns/javaee" version="1.0">
                  <virtual-host name="default_host"/>
                  <ejb-ref name="ejb/Prod" binding-name="ejb/acme/ProductAHome"/>
                </web-bnd>
                """);

        ModelOutcome o = build();

        assertBound(o, "ejb/acme/CatalogHome", "ejb/acme/ProductAHome");
        assertThat(component(o, "Catalog").resourceRefs()).extracting(ResourceReference::jndiName).containsExactly("jdbc/acmeDS");
    }

    @Test
    void glassfishJndiNamesReadOnlyBeansAndWebBindings() {
        xml("META-INF/ejb-jar.xml", EJB_JAR);
        xml("META-INF/sun-ejb-jar.xml", """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE sun-ejb-jar PUBLIC "-//Sun Microsystems, Inc.//DTD Application Server 8.1 EJB 2.1//EN"
                  "http://www.sun.com/software/appserver/dtds/sun-ejb-jar_2_1-1.dtd">
                <sun-ejb-jar>
                  <enterprise-beans>
                    <ejb>
                      <ejb-name>Catalog</ejb-name>
                      <jndi-name>acme/Catalog</jndi-name>
                      <ejb-ref><ejb-ref-name>ejb/Product</ejb-ref-name><jndi-name>acme/ProductB</jndi-name></ejb-ref>
                      <resource-ref><res-ref-name>jdbc/Catalog</res-ref-name><jndi-name>jdbc/acmePool</jndi-name></resource-ref>
                    </ejb>
                    <ejb>
                      <ejb-name>ProductA</ejb-name>
                      <jndi-name>acme/ProductA</jndi-name>
                      <is-read-only-bean>true</is-read-only-bean>
                      <refresh-period-in-seconds>300</refresh-period-in-seconds>
                    </ejb>
                    <ejb><ejb-name>ProductB</ejb-name><jndi-name>acme/ProductB</jndi-name><is-read-only-bean>false</is-read-only-bean></ejb>
                  </enterprise-beans>
                </sun-ejb-jar>
                """);
        xml("WEB-INF/web.xml", WEB_XML);
        xml("WEB-INF/glassfish-web.xml", """
                <glassfish-web-app>
                  <ejb-ref><ejb-ref-name>ejb/Prod</ejb-ref-name><jndi-name>acme/ProductA</jndi-name></ejb-ref>
                  <resource-ref><res-ref-name>jdbc/Shop</res-ref-name><jndi-name>jdbc/shopPool</jndi-name></resource-ref>
                </glassfish-web-app>
                """);

        ModelOutcome o = build();

        assertBound(o, "acme/Catalog", "acme/ProductA");
        assertThat(component(o, "ProductA").readOnly()).isTrue();
        assertThat(component(o, "ProductB").readOnly()).isFalse();
        assertThat(component(o, "Catalog").resourceRefs()).extracting(ResourceReference::jndiName).containsExactly("jdbc/acmePool");
        assertThat(component(o, "Shop").resourceRefs()).extracting(ResourceReference::jndiName).containsExactly("jdbc/shopPool");
    }

    @Test
    void aGlassfishJndiNameOfAMessageDrivenBeanIsItsDestinationNotAHome() {
        xml("META-INF/ejb-jar.xml", """
                <ejb-jar><enterprise-beans>
                  <message-driven><ejb-name>Mailer</ejb-name><ejb-class>a.MailerBean</ejb-class></message-driven>
                </enterprise-beans></ejb-jar>
                """);
        xml("META-INF/glassfish-ejb-jar.xml", """
                <glassfish-ejb-jar><enterprise-beans>
                  <ejb><ejb-name>Mailer</ejb-name><jndi-name>jms/MailQueue</jndi-name></ejb>
                </enterprise-beans></glassfish-ejb-jar>
                """);
        assertThat(component(build(), "Mailer").jndiName()).isNull();
    }

    @Test
    void openejbDeploymentIdsAreTheGlobalNamesAndResourceLinksBindResources() {
        xml("META-INF/ejb-jar.xml", EJB_JAR);
        // A renamed file: OpenEJB is known by its root element.
        xml("META-INF/openejb-deployment.xml", """
                <openejb-jar xmlns="http://www.openejb.org/openejb-jar/1.1">
                  <ejb-deployment ejb-name="Catalog" deployment-id="client/tests/CatalogHome" container-id="Default Stateless Container">
                    <resource-link res-ref-name="jdbc/Catalog" res-id="Default JDBC Database"/>
                  </ejb-deployment>
                  <ejb-deployment ejb-name="ProductA" deployment-id="client/tests/ProductAHome"/>
                  <ejb-deployment ejb-name="ProductB" deployment-id="client/tests/ProductBHome"/>
                </openejb-jar>
                """);

        ModelOutcome o = build();

        assertThat(component(o, "Catalog").jndiName()).isEqualTo("client/tests/CatalogHome");
        assertThat(component(o, "ProductB").jndiName()).isEqualTo("client/tests/ProductBHome");
        assertThat(component(o, "Catalog").resourceRefs()).extracting(ResourceReference::jndiName)
                .containsExactly("Default JDBC Database");
        assertThat(component(o, "ProductA").readOnly()).isFalse();
    }

    @Test
    void geronimoStyleOpenejbJarBindsByJndiName() {
        xml("META-INF/ejb-jar.xml", EJB_JAR);
        xml("META-INF/openejb-jar.xml", """
                <openejb-jar xmlns="http://www.openejb.org/xml/ns/openejb-jar-2.1">
                  <enterprise-beans>
                    <session><ejb-name>Catalog</ejb-name><jndi-name>acme/CatalogHome</jndi-name>
                      <ejb-ref><ref-name>ejb/Product</ref-name><ejb-link>ProductB</ejb-link></ejb-ref>
                    </session>
                    <entity><ejb-name>ProductA</ejb-name><jndi-name>acme/ProductAHome</jndi-name><local-jndi-name>acme/ProductALocal</local-jndi-name></entity>
                  </enterprise-beans>
                </openejb-jar>
                """);

        ModelOutcome o = build();

        assertThat(component(o, "Catalog").jndiName()).isEqualTo("acme/CatalogHome");
        assertThat(component(o, "ProductA").localJndiName()).isEqualTo("acme/ProductALocal");
    }

    @Test
    void oracleDeploymentsLocationsReadOnlyLockingAndReferenceMappings() {
        xml("META-INF/ejb-jar.xml", EJB_JAR);
        xml("META-INF/orion-ejb-jar.xml", """
                <orion-ejb-jar>
                  <enterprise-beans>
                    <session-deployment name="Catalog" location="acme/Catalog">
                      <ejb-ref-mapping name="ejb/Product" location="acme/ProductB"/>
                      <resource-ref-mapping name="jdbc/Catalog" location="jdbc/OracleDS"/>
                    </session-deployment>
                    <entity-deployment name="ProductA" location="acme/ProductA" locking-mode="read-only" validity-timeout="60000"/>
                    <entity-deployment name="ProductB" location="acme/ProductB" locking-mode="optimistic"/>
                  </enterprise-beans>
                </orion-ejb-jar>
                """);
        xml("WEB-INF/web.xml", WEB_XML);
        xml("WEB-INF/orion-web.xml", """
                <orion-web-app><ejb-ref-mapping name="ejb/Prod" location="acme/ProductA"/></orion-web-app>
                """);

        ModelOutcome o = build();

        assertBound(o, "acme/Catalog", "acme/ProductA");
        assertThat(component(o, "ProductA").readOnly()).isTrue();
        assertThat(component(o, "ProductB").readOnly()).isFalse();
        assertThat(component(o, "Catalog").resourceRefs()).extracting(ResourceReference::jndiName).containsExactly("jdbc/OracleDS");
    }

    @Test
    void weblogicXmlBindsTheWebModulesReferences() {
        xml("META-INF/ejb-jar.xml", EJB_JAR);
        xml("META-INF/weblogic-ejb-jar.xml", """
                <weblogic-ejb-jar>
                  <weblogic-enterprise-bean><ejb-name>Catalog</ejb-name><jndi-name>acme.CatalogHome</jndi-name>
                    <reference-descriptor>
                      <ejb-reference-description><ejb-ref-name>ejb/Product</ejb-ref-name><jndi-name>acme.ProductBHome</jndi-name></ejb-reference-description>
                    </reference-descriptor>
                  </weblogic-enterprise-bean>
                  <weblogic-enterprise-bean><ejb-name>ProductA</ejb-name><jndi-name>acme.ProductAHome</jndi-name></weblogic-enterprise-bean>
                  <weblogic-enterprise-bean><ejb-name>ProductB</ejb-name><jndi-name>acme.ProductBHome</jndi-name></weblogic-enterprise-bean>
                </weblogic-ejb-jar>
                """);
        xml("WEB-INF/web.xml", WEB_XML);
        xml("WEB-INF/weblogic.xml", """
                <weblogic-web-app>
                  <reference-descriptor>
                    <resource-description><res-ref-name>jdbc/Shop</res-ref-name><jndi-name>shopPool</jndi-name></resource-description>
                    <ejb-reference-description><ejb-ref-name>ejb/Prod</ejb-ref-name><jndi-name>acme.ProductAHome</jndi-name></ejb-reference-description>
                  </reference-descriptor>
                </weblogic-web-app>
                """);

        ModelOutcome o = build();

        assertBound(o, "acme.CatalogHome", "acme.ProductAHome");
        assertThat(component(o, "Shop").resourceRefs()).extracting(ResourceReference::jndiName).containsExactly("shopPool");
    }

    @Test
    void aVendorFileThatIsNotOneOfItsDescriptorsByRootIsIgnored() {
        xml("META-INF/ejb-jar.xml", EJB_JAR);
        // Named like a GlassFish descriptor, but an ejb-jar fragment: never read as bindings.
        xml("META-INF/sun-ejb-jar.xml", "<notes><ejb><ejb-name>ProductA</ejb-name><is-read-only-bean>true</is-read-only-bean></ejb></notes>");

        assertThat(component(build(), "ProductA").readOnly()).isFalse();
    }
}
