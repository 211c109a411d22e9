package io.wanlint.analyzer.descriptor;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.PersistenceType;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.api.TransactionAttribute;
import io.wanlint.analyzer.api.TransactionType;
import io.wanlint.analyzer.descriptor.EjbJarDescriptor.BeanType;
import io.wanlint.analyzer.descriptor.EjbJarDescriptor.SessionType;
import io.wanlint.analyzer.ingest.TextFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class DescriptorReaderTest {
    private final DescriptorReader reader = new DescriptorReader();
    private final List<Diagnostic> diagnostics = new ArrayList<>();

    private Optional<Descriptor> read(String path, String text) {
        return reader.read(new TextFile(path, Path.of(path), text, "UTF-8"), diagnostics::add);
    }

    private <T extends Descriptor> T read(String path, String text, Class<T> type) {
        Optional<Descriptor> d = read(path, text);
        assertThat(d).get().isInstanceOf(type);
        return type.cast(d.get());
    }

    @Test
    void ejb11DtdWithOldTransactionSpellings() {
        EjbJarDescriptor d = read("petstore/estore_ejb.xml", """
                <?xml version="1.0" encoding="ISO-8859-1"?>
                <!DOCTYPE ejb-jar PUBLIC "-//Sun Microsystems, Inc.//DTD Enterprise JavaBeans 1.1//EN"
                  "http://java.sun.com/j2ee/dtds/ejb-jar_1_1.dtd">
                <ejb-jar>
                  <enterprise-beans>
                    <entity>
                      <ejb-name>TheAccount</ejb-name>
                      <home>com.sun.estore.account.ejb.AccountHome</home>
                      <remote>com.sun.estore.account.ejb.Account</remote>
                      <ejb-class>com.sun.estore.account.ejb.AccountEJB</ejb-class>
                      <persistence-type>Bean</persistence-type>
                      <prim-key-class>java.lang.String</prim-key-class>
                      <reentrant>False</reentrant>
                      <resource-ref>
                        <res-ref-name>jdbc/EstoreDataSource</res-ref-name>
                        <res-type>javax.sql.DataSource</res-type>
                        <res-auth>Container</res-auth>
                      </resource-ref>
                    </entity>
                    <session>
                      <ejb-name>TheCart</ejb-name>
                      <home>com.sun.estore.cart.ejb.ShoppingCartHome</home>
                      <remote>com.sun.estore.cart.ejb.ShoppingCart</remote>
                      <ejb-class>com.sun.estore.cart.ejb.ShoppingCartEJB</ejb-class>
                      <session-type>Stateful</session-type>
                      <transaction-type>Container</transaction-type>
                      <ejb-ref>
                        <ejb-ref-name>ejb/catalog/Catalog</ejb-ref-name>
                        <ejb-ref-type>Session</ejb-ref-type>
                        <home>com.sun.estore.catalog.ejb.CatalogHome</home>
                        <remote>com.sun.estore.catalog.ejb.Catalog</remote>
                        <ejb-link>TheCatalog</ejb-link>
                      </ejb-ref>
                    </session>
                  </enterprise-beans>
                  <assembly-descriptor>
                    <container-transaction>
                      <method><ejb-name>TheAccount</ejb-name><method-name>*</method-name></method>
                      <trans-attribute>TX_REQUIRED</trans-attribute>
                    </container-transaction>
                    <container-transaction>
                      <method>
                        <ejb-name>TheCart</ejb-name><method-intf>Remote</method-intf>
                        <method-name>addItem</method-name>
                        <method-params><method-param>java.lang.String</method-param><method-param>int</method-param></method-params>
                      </method>
                      <method><ejb-name>TheCart</ejb-name><method-name>clear</method-name><method-params/></method>
                      <trans-attribute>Requires New</trans-attribute>
                    </container-transaction>
                    <container-transaction>
                      <method><ejb-name>TheCart</ejb-name><method-name>getItems</method-name></method>
                      <trans-attribute>Required</trans-attribute>
                    </container-transaction>
                  </assembly-descriptor>
                </ejb-jar>
                """, EjbJarDescriptor.class);

        assertThat(d.version()).isEqualTo("1.1");
        assertThat(d.location()).isEqualTo(new SourceLocation("petstore/estore_ejb.xml", 4));
        EjbJarDescriptor.Bean account = d.beans().get(0);
        assertThat(account.type()).isEqualTo(BeanType.ENTITY);
        assertThat(account.persistenceType()).isEqualTo(PersistenceType.BEAN);
        assertThat(account.home()).isEqualTo("com.sun.estore.account.ejb.AccountHome");
        assertThat(account.reentrant()).isFalse();
        assertThat(account.location().line()).isEqualTo(6);
        assertThat(account.resourceRefs()).singleElement().satisfies(r -> {
            assertThat(r.kind()).isEqualTo(ResourceRefDeclaration.Kind.RESOURCE);
            assertThat(r.name()).isEqualTo("jdbc/EstoreDataSource");
            assertThat(r.type()).isEqualTo("javax.sql.DataSource");
        });
        EjbJarDescriptor.Bean cart = d.beans().get(1);
        assertThat(cart.sessionType()).isEqualTo(SessionType.STATEFUL);
        assertThat(cart.transactionType()).isEqualTo(TransactionType.CONTAINER);
        assertThat(cart.ejbRefs()).singleElement().satisfies(r -> {
            assertThat(r.local()).isFalse();
            assertThat(r.home()).isEqualTo("com.sun.estore.catalog.ejb.CatalogHome");
            assertThat(r.component()).isEqualTo("com.sun.estore.catalog.ejb.Catalog");
            assertThat(r.ejbLink()).isEqualTo("TheCatalog");
        });
        assertThat(d.containerTransactions()).extracting(EjbJarDescriptor.ContainerTransaction::attribute)
                .containsExactly(TransactionAttribute.REQUIRED, TransactionAttribute.REQUIRES_NEW, TransactionAttribute.REQUIRED);
        EjbJarDescriptor.ContainerTransaction second = d.containerTransactions().get(1);
        assertThat(second.attributeText()).isEqualTo("Requires New");
        assertThat(second.methods()).hasSize(2);
        assertThat(second.methods().get(0).methodIntf()).isEqualTo("Remote");
        assertThat(second.methods().get(0).methodParams()).containsExactly("java.lang.String", "int");
        assertThat(second.methods().get(1).methodParams()).isEmpty();
        assertThat(d.containerTransactions().get(2).methods().get(0).methodParams()).isNull();
    }

    @Test
    void ejb20DtdWithLocalInterfacesCmpFieldsAndQueries() {
        EjbJarDescriptor d = read("rubis/ejb-jar.xml", """
                <?xml version="1.0"?>
                <!DOCTYPE ejb-jar PUBLIC "-//Sun Microsystems, Inc.//DTD Enterprise JavaBeans 2.0//EN"
                  "http://java.sun.com/dtd/ejb-jar_2_0.dtd">
                <ejb-jar>
                  <enterprise-beans>
                    <entity>
                      <ejb-name>Item</ejb-name>
                      <local-home>edu.rice.rubis.ItemLocalHome</local-home>
                      <local>edu.rice.rubis.ItemLocal</local>
                      <ejb-class>edu.rice.rubis.ItemBean</ejb-class>
                      <persistence-type>Container</persistence-type>
                      <prim-key-class>java.lang.Integer</prim-key-class>
                      <reentrant>False</reentrant>
                      <cmp-version>2.x</cmp-version>
                      <abstract-schema-name>ItemSchema</abstract-schema-name>
                      <cmp-field><field-name>id</field-name></cmp-field>
                      <cmp-field><field-name>name</field-name></cmp-field>
                      <primkey-field>id</primkey-field>
                      <query>
                        <query-method>
                          <method-name>findByCategory</method-name>
                          <method-params><method-param>java.lang.Integer</method-param></method-params>
                        </query-method>
                        <ejb-ql>SELECT OBJECT(i) FROM ItemSchema i WHERE i.category = ?1</ejb-ql>
                      </query>
                    </entity>
                    <session>
                      <ejb-name>SB_ViewItem</ejb-name>
                      <home>edu.rice.rubis.SB_ViewItemHome</home>
                      <remote>edu.rice.rubis.SB_ViewItem</remote>
                      <ejb-class>edu.rice.rubis.SB_ViewItemBean</ejb-class>
                      <session-type>Stateless</session-type>
                      <transaction-type>Bean</transaction-type>
                      <ejb-local-ref>
                        <ejb-ref-name>ejb/Item</ejb-ref-name>
                        <ejb-ref-type>Entity</ejb-ref-type>
                        <local-home>edu.rice.rubis.ItemLocalHome</local-home>
                        <local>edu.rice.rubis.ItemLocal</local>
                        <ejb-link>rubis.jar#Item</ejb-link>
                      </ejb-local-ref>
                    </session>
                    <message-driven>
                      <ejb-name>Mailer</ejb-name>
                      <ejb-class>edu.rice.rubis.MailerBean</ejb-class>
                      <transaction-type>Container</transaction-type>
                      <message-driven-destination><destination-type>javax.jms.Queue</destination-type></message-driven-destination>
                    </message-driven>
                  </enterprise-beans>
                </ejb-jar>
                """, EjbJarDescriptor.class);

        assertThat(d.version()).isEqualTo("2.0");
        EjbJarDescriptor.Bean item = d.beans().get(0);
        assertThat(item.persistenceType()).isEqualTo(PersistenceType.CONTAINER);
        assertThat(item.localHome()).isEqualTo("edu.rice.rubis.ItemLocalHome");
        assertThat(item.local()).isEqualTo("edu.rice.rubis.ItemLocal");
        assertThat(item.cmpVersion()).isEqualTo("2.x");
        assertThat(item.abstractSchemaName()).isEqualTo("ItemSchema");
        assertThat(item.cmpFields()).containsExactly("id", "name");
        assertThat(item.queries()).singleElement().satisfies(q -> {
            assertThat(q.method()).isEqualTo("findByCategory");
            assertThat(q.parameterTypes()).containsExactly("java.lang.Integer");
            assertThat(q.query()).startsWith("SELECT OBJECT(i)");
        });
        EjbJarDescriptor.Bean view = d.beans().get(1);
        assertThat(view.transactionType()).isEqualTo(TransactionType.BEAN);
        assertThat(view.ejbRefs()).singleElement().satisfies(r -> {
            assertThat(r.local()).isTrue();
            assertThat(r.home()).isEqualTo("edu.rice.rubis.ItemLocalHome");
            assertThat(r.ejbLink()).isEqualTo("rubis.jar#Item");
        });
        EjbJarDescriptor.Bean mailer = d.beans().get(2);
        assertThat(mailer.type()).isEqualTo(BeanType.MESSAGE_DRIVEN);
        assertThat(mailer.destinationType()).isEqualTo("javax.jms.Queue");
    }

    @ParameterizedTest
    @CsvSource({
            "http://java.sun.com/xml/ns/j2ee, 2.1",
            "http://java.sun.com/xml/ns/javaee, 3.0",
            "http://java.sun.com/xml/ns/javaee, 3.1",
            "http://xmlns.jcp.org/xml/ns/javaee, 3.2",
            "https://jakarta.ee/xml/ns/jakartaee, 4.0"})
    void schemaBasedEjbJarInEveryNamespace(String namespace, String version) {
        EjbJarDescriptor d = read("ejb.jar!/META-INF/ejb-jar.xml", """
                <ejb-jar xmlns="%s" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="%s" metadata-complete="true">
                  <enterprise-beans>
                    <session>
                      <ejb-name>OrderFacade</ejb-name>
                      <business-remote>shop.OrderService</business-remote>
                      <business-local>shop.OrderLocal</business-local>
                      <local-bean/>
                      <ejb-class>shop.OrderFacadeBean</ejb-class>
                      <session-type>Singleton</session-type>
                      <ejb-local-ref>
                        <ejb-ref-name>ejb/Inventory</ejb-ref-name>
                        <local>shop.InventoryLocal</local>
                        <injection-target>
                          <injection-target-class>shop.OrderFacadeBean</injection-target-class>
                          <injection-target-name>inventory</injection-target-name>
                        </injection-target>
                      </ejb-local-ref>
                      <message-destination-ref>
                        <message-destination-ref-name>jms/Orders</message-destination-ref-name>
                        <message-destination-type>javax.jms.Queue</message-destination-type>
                        <message-destination-link>OrderQueue</message-destination-link>
                      </message-destination-ref>
                    </session>
                    <message-driven>
                      <ejb-name>OrderListener</ejb-name>
                      <ejb-class>shop.OrderListener</ejb-class>
                      <message-destination-type>javax.jms.Queue</message-destination-type>
                      <activation-config>
                        <activation-config-property>
                          <activation-config-property-name>destinationType</activation-config-property-name>
                          <activation-config-property-value>javax.jms.Topic</activation-config-property-value>
                        </activation-config-property>
                        <activation-config-property>
                          <activation-config-property-name>destination</activation-config-property-name>
                          <activation-config-property-value>jms/OrderTopic</activation-config-property-value>
                        </activation-config-property>
                      </activation-config>
                    </message-driven>
                  </enterprise-beans>
                  <assembly-descriptor>
                    <container-transaction>
                      <method><ejb-name>OrderFacade</ejb-name><method-name>*</method-name></method>
                      <trans-attribute>RequiresNew</trans-attribute>
                    </container-transaction>
                  </assembly-descriptor>
                </ejb-jar>
                """.formatted(namespace, version), EjbJarDescriptor.class);

        assertThat(d.version()).isEqualTo(version);
        assertThat(d.metadataComplete()).isTrue();
        EjbJarDescriptor.Bean facade = d.beans().get(0);
        assertThat(facade.sessionType()).isEqualTo(SessionType.SINGLETON);
        assertThat(facade.businessRemote()).containsExactly("shop.OrderService");
        assertThat(facade.businessLocal()).containsExactly("shop.OrderLocal");
        assertThat(facade.localBean()).isTrue();
        assertThat(facade.ejbRefs()).singleElement().satisfies(r -> {
            assertThat(r.component()).isEqualTo("shop.InventoryLocal");
            assertThat(r.injectionTargets()).containsExactly(new InjectionTarget("shop.OrderFacadeBean", "inventory"));
        });
        assertThat(facade.resourceRefs()).singleElement().satisfies(r -> {
            assertThat(r.kind()).isEqualTo(ResourceRefDeclaration.Kind.MESSAGE_DESTINATION);
            assertThat(r.jndiName()).isEqualTo("OrderQueue");
        });
        EjbJarDescriptor.Bean listener = d.beans().get(1);
        assertThat(listener.destinationType()).isEqualTo("javax.jms.Topic");
        assertThat(listener.destination()).isEqualTo("jms/OrderTopic");
        assertThat(d.containerTransactions()).singleElement()
                .satisfies(ct -> assertThat(ct.attribute()).isEqualTo(TransactionAttribute.REQUIRES_NEW));
    }

    @Test
    void webApp22And23DtdForms() {
        WebAppDescriptor d22 = read("WEB-INF/web.xml", """
                <?xml version="1.0"?>
                <!DOCTYPE web-app PUBLIC "-//Sun Microsystems, Inc.//DTD Web Application 2.2//EN"
                  "http://java.sun.com/j2ee/dtds/web-app_2_2.dtd">
                <web-app>
                  <servlet>
                    <servlet-name>main</servlet-name>
                    <servlet-class>com.sun.estore.control.web.MainServlet</servlet-class>
                  </servlet>
                  <servlet>
                    <servlet-name>cart</servlet-name>
                    <jsp-file>/cart.jsp</jsp-file>
                  </servlet>
                  <servlet-mapping><servlet-name>main</servlet-name><url-pattern>/control/*</url-pattern></servlet-mapping>
                  <taglib><taglib-uri>/estore</taglib-uri><taglib-location>/WEB-INF/tlds/estore.tld</taglib-location></taglib>
                  <ejb-ref>
                    <ejb-ref-name>ejb/catalog</ejb-ref-name>
                    <ejb-ref-type>Session</ejb-ref-type>
                    <home>com.sun.estore.catalog.ejb.CatalogHome</home>
                    <remote>com.sun.estore.catalog.ejb.Catalog</remote>
                  </ejb-ref>
                </web-app>
                """, WebAppDescriptor.class);
        assertThat(d22.version()).isEqualTo("2.2");
        assertThat(d22.servlets()).extracting(WebAppDescriptor.Servlet::name).containsExactly("main", "cart");
        assertThat(d22.servlets().get(1).jspFile()).isEqualTo("/cart.jsp");
        assertThat(d22.servlets().get(0).location().line()).isEqualTo(5);
        assertThat(d22.servletMappings().get(0).urlPatterns()).containsExactly("/control/*");
        assertThat(d22.taglibs()).containsExactly(new WebAppDescriptor.Taglib("/estore", "/WEB-INF/tlds/estore.tld",
                new SourceLocation("WEB-INF/web.xml", 14)));
        assertThat(d22.ejbRefs()).singleElement().satisfies(r -> assertThat(r.home()).endsWith("CatalogHome"));

        WebAppDescriptor d23 = read("WEB-INF/web.xml", """
                <?xml version="1.0"?>
                <!DOCTYPE web-app PUBLIC "-//Sun Microsystems, Inc.//DTD Web Application 2.3//EN"
                  "http://java.sun.com/dtd/web-app_2_3.dtd">
                <web-app>
                  <filter><filter-name>enc</filter-name><filter-class>shop.EncodingFilter</filter-class></filter>
                  <filter-mapping><filter-name>enc</filter-name><servlet-name>main</servlet-name></filter-mapping>
                  <listener><listener-class>shop.StartupListener</listener-class></listener>
                  <ejb-local-ref>
                    <ejb-ref-name>ejb/Cart</ejb-ref-name>
                    <ejb-ref-type>Session</ejb-ref-type>
                    <local-home>shop.CartLocalHome</local-home>
                    <local>shop.CartLocal</local>
                    <ejb-link>Cart</ejb-link>
                  </ejb-local-ref>
                  <resource-env-ref>
                    <resource-env-ref-name>jms/Orders</resource-env-ref-name>
                    <resource-env-ref-type>javax.jms.Queue</resource-env-ref-type>
                  </resource-env-ref>
                </web-app>
                """, WebAppDescriptor.class);
        assertThat(d23.version()).isEqualTo("2.3");
        assertThat(d23.filters()).containsExactly(new WebAppDescriptor.Filter("enc", "shop.EncodingFilter",
                new SourceLocation("WEB-INF/web.xml", 5)));
        assertThat(d23.filterMappings().get(0).servletNames()).containsExactly("main");
        assertThat(d23.listeners()).extracting(WebAppDescriptor.Listener::listenerClass).containsExactly("shop.StartupListener");
        assertThat(d23.ejbRefs()).singleElement().satisfies(r -> {
            assertThat(r.local()).isTrue();
            assertThat(r.component()).isEqualTo("shop.CartLocal");
        });
        assertThat(d23.resourceRefs()).singleElement()
                .satisfies(r -> assertThat(r.kind()).isEqualTo(ResourceRefDeclaration.Kind.RESOURCE_ENV));
    }

    @ParameterizedTest
    @CsvSource({
            "http://java.sun.com/xml/ns/j2ee, 2.4",
            "http://java.sun.com/xml/ns/javaee, 2.5",
            "http://java.sun.com/xml/ns/javaee, 3.0",
            "http://xmlns.jcp.org/xml/ns/javaee, 3.1",
            "http://xmlns.jcp.org/xml/ns/javaee, 4.0",
            "https://jakarta.ee/xml/ns/jakartaee, 5.0",
            "https://jakarta.ee/xml/ns/jakartaee, 6.0"})
    void schemaBasedWebAppInEveryNamespace(String namespace, String version) {
        WebAppDescriptor d = read("shop.war!/WEB-INF/web.xml", """
                <?xml version="1.0" encoding="UTF-8"?>
                <web-app xmlns="%s" version="%s">
                  <servlet>
                    <servlet-name>Catalog</servlet-name>
                    <servlet-class>shop.web.CatalogServlet</servlet-class>
                  </servlet>
                  <servlet-mapping>
                    <servlet-name>Catalog</servlet-name>
                    <url-pattern>/catalog</url-pattern>
                    <url-pattern>/catalog/*</url-pattern>
                  </servlet-mapping>
                  <filter-mapping><filter-name>auth</filter-name><url-pattern>/*</url-pattern></filter-mapping>
                  <jsp-config>
                    <taglib><taglib-uri>http://shop/tags</taglib-uri><taglib-location>/WEB-INF/shop.tld</taglib-location></taglib>
                  </jsp-config>
                  <resource-ref>
                    <res-ref-name>jdbc/Shop</res-ref-name>
                    <res-type>javax.sql.DataSource</res-type>
                    <lookup-name>java:global/jdbc/Shop</lookup-name>
                  </resource-ref>
                </web-app>
                """.formatted(namespace, version), WebAppDescriptor.class);

        assertThat(d.version()).isEqualTo(version);
        assertThat(d.servlets()).singleElement().satisfies(s -> assertThat(s.servletClass()).isEqualTo("shop.web.CatalogServlet"));
        assertThat(d.servletMappings().get(0).urlPatterns()).containsExactly("/catalog", "/catalog/*");
        assertThat(d.filterMappings().get(0).urlPatterns()).containsExactly("/*");
        assertThat(d.taglibs()).extracting(WebAppDescriptor.Taglib::uri).containsExactly("http://shop/tags");
        assertThat(d.resourceRefs()).singleElement().satisfies(r -> assertThat(r.jndiName()).isEqualTo("java:global/jdbc/Shop"));
    }

    @Test
    void webFragmentIsAWebDescriptor() {
        WebAppDescriptor d = read("lib/x.jar!/META-INF/web-fragment.xml", """
                <web-fragment xmlns="http://java.sun.com/xml/ns/javaee" version="3.0">
                  <listener><listener-class>x.Boot</listener-class></listener>
                </web-fragment>
                """, WebAppDescriptor.class);
        assertThat(d.fragment()).isTrue();
        assertThat(d.listeners()).hasSize(1);
    }

    @Test
    void applicationXmlModules() {
        ApplicationDescriptor d = read("META-INF/application.xml", """
                <!DOCTYPE application PUBLIC "-//Sun Microsystems, Inc.//DTD J2EE Application 1.3//EN"
                  "http://java.sun.com/dtd/application_1_3.dtd">
                <application>
                  <display-name>petstore</display-name>
                  <module><ejb>petstoreEjb.jar</ejb></module>
                  <module><web><web-uri>petstore.war</web-uri><context-root>/estore</context-root></web></module>
                  <module><java>client.jar</java></module>
                </application>
                """, ApplicationDescriptor.class);
        assertThat(d.displayName()).isEqualTo("petstore");
        assertThat(d.modules()).extracting(ApplicationDescriptor.Module::type).containsExactly(
                ApplicationDescriptor.ModuleType.EJB, ApplicationDescriptor.ModuleType.WEB, ApplicationDescriptor.ModuleType.JAVA);
        assertThat(d.modules().get(1).path()).isEqualTo("petstore.war");
        assertThat(d.modules().get(1).contextRoot()).isEqualTo("/estore");
    }

    @Test
    void jbossAndJbossWebBindings() {
        JbossDescriptor d = read("META-INF/jboss.xml", """
                <?xml version="1.0"?>
                <!DOCTYPE jboss PUBLIC "-//JBoss//DTD JBOSS 3.2//EN" "http://www.jboss.org/j2ee/dtd/jboss_3_2.dtd">
                <jboss>
                  <enterprise-beans>
                    <session>
                      <ejb-name>Catalog</ejb-name>
                      <jndi-name>estore/Catalog</jndi-name>
                      <local-jndi-name>estore/CatalogLocal</local-jndi-name>
                      <ejb-ref><ejb-ref-name>ejb/Inventory</ejb-ref-name><jndi-name>estore/Inventory</jndi-name></ejb-ref>
                    </session>
                    <entity>
                      <ejb-name>Product</ejb-name>
                      <jndi-name>estore/Product</jndi-name>
                      <read-only>true</read-only>
                    </entity>
                  </enterprise-beans>
                </jboss>
                """, JbossDescriptor.class);
        assertThat(d.web()).isFalse();
        assertThat(d.beans()).hasSize(2);
        JbossDescriptor.Bean catalog = d.beans().get(0);
        assertThat(catalog.jndiName()).isEqualTo("estore/Catalog");
        assertThat(catalog.localJndiName()).isEqualTo("estore/CatalogLocal");
        assertThat(catalog.readOnly()).isFalse();
        assertThat(catalog.ejbRefs()).extracting(JndiBinding::refName, JndiBinding::jndiName)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("ejb/Inventory", "estore/Inventory"));
        assertThat(d.beans().get(1).readOnly()).isTrue();

        JbossDescriptor web = read("WEB-INF/jboss-web.xml", """
                <jboss-web>
                  <ejb-ref><ejb-ref-name>ejb/catalog</ejb-ref-name><jndi-name>estore/Catalog</jndi-name></ejb-ref>
                  <ejb-local-ref><ejb-ref-name>ejb/cart</ejb-ref-name><local-jndi-name>estore/Cart</local-jndi-name></ejb-local-ref>
                </jboss-web>
                """, JbossDescriptor.class);
        assertThat(web.web()).isTrue();
        assertThat(web.ejbRefs()).extracting(JndiBinding::jndiName).containsExactly("estore/Catalog", "estore/Cart");
    }

    @Test
    void jbossCmpJdbcEntities() {
        JbossCmpDescriptor d = read("META-INF/jbosscmp-jdbc.xml", """
                <jbosscmp-jdbc>
                  <enterprise-beans>
                    <entity>
                      <ejb-name>Category</ejb-name>
                      <table-name>categories</table-name>
                      <read-only>true</read-only>
                      <read-time-out>300000</read-time-out>
                    </entity>
                    <entity><ejb-name>Bid</ejb-name><table-name>bids</table-name></entity>
                  </enterprise-beans>
                </jbosscmp-jdbc>
                """, JbossCmpDescriptor.class);
        assertThat(d.entities()).containsExactly(
                new JbossCmpDescriptor.Entity("Category", "categories", true, 300000L, new SourceLocation("META-INF/jbosscmp-jdbc.xml", 3)),
                new JbossCmpDescriptor.Entity("Bid", "bids", false, null, new SourceLocation("META-INF/jbosscmp-jdbc.xml", 9)));
    }

    @Test
    void weblogicEjbJarCachingAndReferences() {
        WeblogicEjbJarDescriptor d = read("META-INF/weblogic-ejb-jar.xml", """
                <weblogic-ejb-jar xmlns="http://xmlns.oracle.com/weblogic/weblogic-ejb-jar">
                  <weblogic-enterprise-bean>
                    <ejb-name>Product</ejb-name>
                    <entity-descriptor>
                      <entity-cache>
                        <read-timeout-seconds>600</read-timeout-seconds>
                        <concurrency-strategy>ReadOnly</concurrency-strategy>
                      </entity-cache>
                    </entity-descriptor>
                    <jndi-name>ProductHome</jndi-name>
                  </weblogic-enterprise-bean>
                  <weblogic-enterprise-bean>
                    <ejb-name>Order</ejb-name>
                    <entity-descriptor><entity-cache><concurrency-strategy>Optimistic</concurrency-strategy></entity-cache></entity-descriptor>
                    <reference-descriptor>
                      <ejb-reference-description><ejb-ref-name>ejb/Product</ejb-ref-name><jndi-name>ProductHome</jndi-name></ejb-reference-description>
                    </reference-descriptor>
                    <local-jndi-name>OrderLocalHome</local-jndi-name>
                  </weblogic-enterprise-bean>
                </weblogic-ejb-jar>
                """, WeblogicEjbJarDescriptor.class);
        WeblogicEjbJarDescriptor.Bean product = d.beans().get(0);
        assertThat(product.concurrencyStrategy()).isEqualTo(WeblogicEjbJarDescriptor.ConcurrencyStrategy.READ_ONLY);
        assertThat(product.readOnly()).isTrue();
        assertThat(product.readTimeoutSeconds()).isEqualTo(600);
        assertThat(product.jndiName()).isEqualTo("ProductHome");
        WeblogicEjbJarDescriptor.Bean order = d.beans().get(1);
        assertThat(order.concurrencyStrategy()).isEqualTo(WeblogicEjbJarDescriptor.ConcurrencyStrategy.OPTIMISTIC);
        assertThat(order.readOnly()).isFalse();
        assertThat(order.localJndiName()).isEqualTo("OrderLocalHome");
        assertThat(order.ejbRefs()).extracting(JndiBinding::jndiName).containsExactly("ProductHome");
    }

    @Test
    void tagLibraryDescriptorsOfBothGenerations() {
        TagLibraryDescriptor jsp11 = read("WEB-INF/tlds/estore.tld", """
                <!DOCTYPE taglib PUBLIC "-//Sun Microsystems, Inc.//DTD JSP Tag Library 1.1//EN"
                  "http://java.sun.com/j2ee/dtds/web-jsptaglibrary_1_1.dtd">
                <taglib>
                  <tlibversion>1.0</tlibversion>
                  <shortname>estore</shortname>
                  <tag><name>cart</name><tagclass>com.sun.estore.taglib.CartTag</tagclass></tag>
                </taglib>
                """, TagLibraryDescriptor.class);
        assertThat(jsp11.shortName()).isEqualTo("estore");
        assertThat(jsp11.uri()).isNull();
        assertThat(jsp11.tags()).extracting(TagLibraryDescriptor.Tag::name, TagLibraryDescriptor.Tag::tagClass)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("cart", "com.sun.estore.taglib.CartTag"));

        TagLibraryDescriptor jsp21 = read("WEB-INF/shop.tld", """
                <taglib xmlns="http://java.sun.com/xml/ns/javaee" version="2.1">
                  <short-name>shop</short-name>
                  <uri>http://shop/tags</uri>
                  <tag><name>price</name><tag-class>shop.web.PriceTag</tag-class><body-content>empty</body-content></tag>
                </taglib>
                """, TagLibraryDescriptor.class);
        assertThat(jsp21.uri()).isEqualTo("http://shop/tags");
        assertThat(jsp21.tags().get(0).tagClass()).isEqualTo("shop.web.PriceTag");
    }

    @Test
    void detectionIsByRootElementNotFileName() {
        assertThat(read("supplier.xml.CMP", "<ejb-jar><enterprise-beans/></ejb-jar>")).get().isInstanceOf(EjbJarDescriptor.class);
        assertThat(read("WEB-INF/web.xml", "<project><modelVersion>4.0.0</modelVersion></project>")).isEmpty();
        assertThat(read("ejb-jar.xml", "just some text")).isEmpty();
        assertThat(diagnostics).isEmpty();
    }

    @Test
    void malformedDescriptorYieldsDiagnosticAndWhatCouldBeRead() {
        Optional<Descriptor> d = read("META-INF/ejb-jar.xml", """
                <ejb-jar>
                  <enterprise-beans>
                    <session>
                      <ejb-name>Cart</ejb-name>
                      <ejb-class>shop.CartBean</ejb-class>
                    </session>
                    <session>
                      <ejb-name>Broken</ejb-name>
                      <ejb-class>shop.Broken</ejb-clas>
                    </session>
                  </enterprise-beans>
                </ejb-jar>
                """);
        assertThat(diagnostics).singleElement().satisfies(x -> {
            assertThat(x.location().line()).isEqualTo(9);
            assertThat(x.level()).isEqualTo(Diagnostic.Level.ERROR);
        });
        assertThat(d).get().isInstanceOf(EjbJarDescriptor.class);
        assertThat(((EjbJarDescriptor) d.get()).beans()).extracting(EjbJarDescriptor.Bean::ejbName).contains("Cart");
    }

    @Test
    void readsStrutsConfigActionMappingsWithTheirTypeAndParameter() {
        StrutsConfigDescriptor d = read("WEB-INF/struts-config.xml", """
                <struts-config><action-mappings>
                  <action path="/list" type="a.ListAction"/>
                  <action path="/edit" type="a.EditAction" parameter="op"/>
                  <action path="/home" forward="/index.jsp"/>
                </action-mappings></struts-config>""", StrutsConfigDescriptor.class);
        assertThat(d.actions()).extracting(StrutsConfigDescriptor.Action::path, StrutsConfigDescriptor.Action::type,
                StrutsConfigDescriptor.Action::parameter).containsExactly(org.assertj.core.groups.Tuple.tuple("/list", "a.ListAction", null),
                org.assertj.core.groups.Tuple.tuple("/edit", "a.EditAction", "op"), org.assertj.core.groups.Tuple.tuple("/home", null, null));
    }

    @Test
    void readsXworkAndStruts2ActionsWithNamespaceMethodAndExtension() {
        XworkDescriptor d = read("struts.xml", """
                <struts><constant name="struts.action.extension" value="do,,"/>
                  <package name="p" namespace="/shop"><action name="order" class="a.OrderAction" method="place"/></package>
                  <package name="q"><action name="home"/></package>
                </struts>""", XworkDescriptor.class);
        assertThat(d.extension()).isEqualTo("do,,");
        assertThat(d.actions()).extracting(XworkDescriptor.Action::namespace, XworkDescriptor.Action::name,
                XworkDescriptor.Action::className, XworkDescriptor.Action::method).containsExactly(
                org.assertj.core.groups.Tuple.tuple("/shop", "order", "a.OrderAction", "place"),
                org.assertj.core.groups.Tuple.tuple("", "home", null, null));
    }

    @Test
    void readsWebwork1ActionsWithTheirAliasesAndCommands() {
        XworkDescriptor d = read("actions.xml", """
                <actions><action name="a.IssueAction" alias="ViewIssue">
                  <command name="edit" alias="EditIssue"/></action></actions>""", XworkDescriptor.class);
        assertThat(d.actions()).extracting(XworkDescriptor.Action::name, XworkDescriptor.Action::className,
                XworkDescriptor.Action::method).containsExactly(org.assertj.core.groups.Tuple.tuple("ViewIssue", "a.IssueAction", null),
                org.assertj.core.groups.Tuple.tuple("EditIssue", "a.IssueAction", "doEdit"));
        assertThat(read("other.xml", "<actions><step/></actions>")).isEmpty();
    }

    @Test
    void readsFacesConfigManagedBeansAndHibernateMappingsPersistentClasses() {
        FacesConfigDescriptor f = read("faces-config.xml", """
                <faces-config><managed-bean><managed-bean-name>cart</managed-bean-name>
                <managed-bean-class>a.CartBean</managed-bean-class><managed-bean-scope>session</managed-bean-scope>
                </managed-bean></faces-config>""", FacesConfigDescriptor.class);
        assertThat(f.beans()).extracting(FacesConfigDescriptor.ManagedBean::name, FacesConfigDescriptor.ManagedBean::className,
                FacesConfigDescriptor.ManagedBean::scope).containsExactly(org.assertj.core.groups.Tuple.tuple("cart", "a.CartBean", "session"));
        HibernateMappingDescriptor h = read("Item.hbm.xml", """
                <hibernate-mapping package="a.model"><class name="Item" table="ITEM">
                  <joined-subclass name="a.other.Book" table="BOOK"/></class></hibernate-mapping>""", HibernateMappingDescriptor.class);
        assertThat(h.classes()).extracting(HibernateMappingDescriptor.PersistentClass::className)
                .containsExactly("a.model.Item", "a.other.Book");
    }

    @Test
    void faceletPagesAreNeverReadAsDescriptors() {
        assertThat(read("web/index.xhtml", "<faces-config><managed-bean/></faces-config>")).isEmpty();
        assertThat(diagnostics).isEmpty();
    }
}
