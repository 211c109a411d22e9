package io.wanlint.analyzer.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ParserConfiguration.LanguageLevel;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.EjbReference;
import io.wanlint.analyzer.api.PersistenceType;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.api.Tier;
import io.wanlint.analyzer.api.TransactionAttribute;
import io.wanlint.analyzer.api.TransactionType;
import io.wanlint.analyzer.ingest.JavaUnit;
import io.wanlint.analyzer.ingest.JspUnit;
import io.wanlint.analyzer.ingest.TextFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ComponentModelBuilderTest {
    private static final JavaParser PARSER =
            new JavaParser(new ParserConfiguration().setLanguageLevel(LanguageLevel.JAVA_17));

    private final List<JavaUnit> units = new ArrayList<>();
    private final List<JspUnit> jsps = new ArrayList<>();
    private final List<TextFile> xml = new ArrayList<>();

    private static TextFile file(String path, String text) {
        return new TextFile(path, Path.of(path), text, "UTF-8");
    }

    private ComponentModelBuilderTest java(String path, String code) {
        units.add(new JavaUnit(file(path, code), PARSER.parse(code).getResult().orElseThrow()));
        return this;
    }

    private ComponentModelBuilderTest xml(String path, String text) {
        xml.add(file(path, text));
        return this;
    }

    private ComponentModelBuilderTest jsp(String pagePath) {
        String cls = "class Page { void _jspService() {} }";
        jsps.add(new JspUnit(file("web" + pagePath, "<html/>"), pagePath, PARSER.parse(cls).getResult().orElseThrow(),
                "Page", List.of()));
        return this;
    }

    private ModelOutcome build() {
        return new ComponentModelBuilder().build(units, jsps, xml);
    }

    private static Component component(ModelOutcome o, String name) {
        return o.model().byName(name).orElseThrow(() -> new AssertionError("no component " + name + " in "
                + o.model().components().stream().map(Component::name).toList()));
    }

    // ---- EJB 1.1 / 2.x descriptors -----------------------------------------------------------

    private static final String PETSTORE_EJB = """
            <?xml version="1.0"?>
            <!DOCTYPE ejb-jar PUBLIC "-//Sun Microsystems, Inc.//DTD Enterprise JavaBeans 1.1//EN"
              "http://java.sun.com/j2ee/dtds/ejb-jar_1_1.dtd">
            <ejb-jar>
              <enterprise-beans>
                <entity>
                  <ejb-name>TheAccount</ejb-name>
                  <home>estore.AccountHome</home>
                  <remote>estore.Account</remote>
                  <ejb-class>estore.AccountEJB</ejb-class>
                  <persistence-type>Bean</persistence-type>
                  <prim-key-class>java.lang.String</prim-key-class>
                </entity>
                <session>
                  <ejb-name>TheCatalog</ejb-name>
                  <home>estore.CatalogHome</home>
                  <remote>estore.Catalog</remote>
                  <ejb-class>estore.CatalogEJB</ejb-class>
                  <session-type>Stateless</session-type>
                  <transaction-type>Container</transaction-type>
                </session>
                <session>
                  <ejb-name>TheCart</ejb-name>
                  <home>estore.CartHome</home>
                  <remote>estore.Cart</remote>
                  <ejb-class>estore.CartEJB</ejb-class>
                  <session-type>Stateful</session-type>
                  <transaction-type>Container</transaction-type>
                  <ejb-ref>
                    <ejb-ref-name>ejb/catalog</ejb-ref-name>
                    <ejb-ref-type>Session</ejb-ref-type>
                    <home>estore.CatalogHome</home>
                    <remote>estore.Catalog</remote>
                    <ejb-link>TheCatalog</ejb-link>
                  </ejb-ref>
                  <ejb-ref>
                    <ejb-ref-name>ejb/account</ejb-ref-name>
                    <ejb-ref-type>Entity</ejb-ref-type>
                    <home>estore.AccountHome</home>
                    <remote>estore.Account</remote>
                  </ejb-ref>
                </session>
              </enterprise-beans>
              <assembly-descriptor>
                <container-transaction>
                  <method><ejb-name>TheAccount</ejb-name><method-name>*</method-name></method>
                  <trans-attribute>TX_REQUIRED</trans-attribute>
                </container-transaction>
                <container-transaction>
                  <method><ejb-name>TheCatalog</ejb-name><method-name>*</method-name></method>
                  <trans-attribute>TX_SUPPORTS</trans-attribute>
                </container-transaction>
                <container-transaction>
                  <method><ejb-name>TheCart</ejb-name><method-name>*</method-name></method>
                  <trans-attribute>Required</trans-attribute>
                </container-transaction>
                <container-transaction>
                  <method><ejb-name>TheCart</ejb-name><method-name>checkout</method-name></method>
                  <trans-attribute>Requires New</trans-attribute>
                </container-transaction>
              </assembly-descriptor>
            </ejb-jar>
            """;

    @Test
    void ejb11DescriptorBeansWithKindsInterfacesAndTransactions() {
        java("src/estore/AccountEJB.java", """
                package estore;
                import javax.ejb.*;
                public class AccountEJB implements EntityBean {
                    public String ejbFindByPrimaryKey(String id) { return id; }
                }
                """);
        xml("estore_ejb.xml", PETSTORE_EJB);

        ModelOutcome o = build();

        Component account = component(o, "TheAccount");
        assertThat(account.kind()).isEqualTo(ComponentKind.ENTITY_BMP);
        assertThat(account.tier()).isEqualTo(Tier.EJB);
        assertThat(account.persistence()).isEqualTo(PersistenceType.BEAN);
        assertThat(account.primaryKeyClass()).isEqualTo("java.lang.String");
        assertThat(account.interfaces().home()).isEqualTo("estore.AccountHome");
        assertThat(account.interfaces().hasRemoteView()).isTrue();
        assertThat(account.transactionAttribute("getBalance")).contains(TransactionAttribute.REQUIRED);
        assertThat(account.declaredIn()).containsExactly(new SourceLocation("estore_ejb.xml", 6),
                new SourceLocation("src/estore/AccountEJB.java", 3));

        Component catalog = component(o, "TheCatalog");
        assertThat(catalog.kind()).isEqualTo(ComponentKind.STATELESS_SESSION);
        assertThat(catalog.transactionType()).isEqualTo(TransactionType.CONTAINER);
        assertThat(catalog.transactionAttribute("getProducts")).contains(TransactionAttribute.SUPPORTS);

        Component cart = component(o, "TheCart");
        assertThat(cart.kind()).isEqualTo(ComponentKind.STATEFUL_SESSION);
        assertThat(cart.transactionAttribute("checkout")).contains(TransactionAttribute.REQUIRES_NEW);
        assertThat(cart.transactionAttribute("addItem")).contains(TransactionAttribute.REQUIRED);

        // The bean classes without source are kept, each with a diagnostic.
        assertThat(o.diagnostics()).filteredOn(d -> d.message().contains("no source"))
                .extracting(d -> d.message().split(" ")[3]).containsExactlyInAnyOrder("estore.CatalogEJB", "estore.CartEJB");
        assertThat(o.descriptors()).hasSize(1);
    }

    @Test
    void ejbReferencesResolveThroughLinkAndInterfaceType() {
        xml("estore_ejb.xml", PETSTORE_EJB);

        ModelOutcome o = build();

        assertThat(component(o, "TheCart").ejbRefs()).extracting(EjbReference::name, EjbReference::target)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("ejb/catalog", "TheCatalog"),
                        org.assertj.core.groups.Tuple.tuple("ejb/account", "TheAccount"));
    }

    @Test
    void ejbReferencesResolveThroughVendorJndiBindings() {
        xml("META-INF/ejb-jar.xml", """
                <ejb-jar>
                  <enterprise-beans>
                    <session>
                      <ejb-name>Facade</ejb-name>
                      <home>a.FacadeHome</home><remote>a.Facade</remote>
                      <ejb-class>a.FacadeBean</ejb-class><session-type>Stateless</session-type>
                      <ejb-ref><ejb-ref-name>ejb/Product</ejb-ref-name><home>x.UnknownHome</home><remote>x.Unknown</remote></ejb-ref>
                    </session>
                    <entity>
                      <ejb-name>ProductA</ejb-name>
                      <home>a.ProductHome</home><remote>a.Product</remote>
                      <ejb-class>a.ProductBean</ejb-class><persistence-type>Container</persistence-type>
                    </entity>
                    <entity>
                      <ejb-name>ProductB</ejb-name>
                      <home>a.ProductHome</home><remote>a.Product</remote>
                      <ejb-class>a.ProductBean2</ejb-class><persistence-type>Container</persistence-type>
                    </entity>
                  </enterprise-beans>
                </ejb-jar>
                """);
        xml("META-INF/jboss.xml", """
                <jboss>
                  <enterprise-beans>
                    <session>
                      <ejb-name>Facade</ejb-name><jndi-name>app/Facade</jndi-name>
                      <ejb-ref><ejb-ref-name>ejb/Product</ejb-ref-name><jndi-name>app/ProductB</jndi-name></ejb-ref>
                    </session>
                    <entity><ejb-name>ProductA</ejb-name><jndi-name>app/ProductA</jndi-name><read-only>true</read-only></entity>
                    <entity><ejb-name>ProductB</ejb-name><jndi-name>app/ProductB</jndi-name></entity>
                  </enterprise-beans>
                </jboss>
                """);
        xml("web/WEB-INF/web.xml", """
                <web-app>
                  <servlet><servlet-name>Shop</servlet-name><servlet-class>a.ShopServlet</servlet-class></servlet>
                  <ejb-ref><ejb-ref-name>ejb/Facade</ejb-ref-name><home>a.FacadeHome</home><remote>a.Facade</remote></ejb-ref>
                  <ejb-ref><ejb-ref-name>ejb/Prod</ejb-ref-name><home>a.ProductHome</home><remote>a.Product</remote></ejb-ref>
                </web-app>
                """);
        xml("web/WEB-INF/jboss-web.xml", """
                <jboss-web><ejb-ref><ejb-ref-name>ejb/Prod</ejb-ref-name><jndi-name>app/ProductA</jndi-name></ejb-ref></jboss-web>
                """);

        ModelOutcome o = build();

        assertThat(component(o, "Facade").jndiName()).isEqualTo("app/Facade");
        assertThat(component(o, "Facade").ejbRefs()).singleElement()
                .satisfies(r -> assertThat(r.target()).isEqualTo("ProductB"));
        assertThat(component(o, "ProductA").readOnly()).isTrue();
        assertThat(component(o, "ProductB").readOnly()).isFalse();
        // The home type alone is ambiguous (two beans); the jboss-web.xml binding decides.
        assertThat(component(o, "Shop").ejbRefs()).extracting(EjbReference::name, EjbReference::target)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("ejb/Facade", "Facade"),
                        org.assertj.core.groups.Tuple.tuple("ejb/Prod", "ProductA"));
    }

    @Test
    void entityBeansKnowTheirEjbAndCmpVersions() {
        xml("old/META-INF/ejb-jar.xml", PETSTORE_EJB.replace("<persistence-type>Bean</persistence-type>",
                "<persistence-type>Container</persistence-type>"));
        xml("new/META-INF/ejb-jar.xml", """
                <?xml version="1.0"?>
                <!DOCTYPE ejb-jar PUBLIC "-//Sun Microsystems, Inc.//DTD Enterprise JavaBeans 2.0//EN"
                  "http://java.sun.com/dtd/ejb-jar_2_0.dtd">
                <ejb-jar><enterprise-beans>
                  <entity><ejb-name>Category</ejb-name><home>r.CategoryHome</home><remote>r.Category</remote>
                    <ejb-class>r.CategoryBean</ejb-class><persistence-type>Container</persistence-type></entity>
                  <entity><ejb-name>Legacy</ejb-name><home>r.LegacyHome</home><remote>r.Legacy</remote>
                    <ejb-class>r.LegacyBean</ejb-class><persistence-type>Container</persistence-type><cmp-version>1.x</cmp-version></entity>
                  <entity><ejb-name>Bid</ejb-name><home>r.BidHome</home><remote>r.Bid</remote>
                    <ejb-class>r.BidBean</ejb-class><persistence-type>Bean</persistence-type></entity>
                </enterprise-beans></ejb-jar>
                """);

        ModelOutcome o = build();

        // EJB 1.1 had no cmp-version and no local views; from 2.0 on CMP is 2.x unless the bean says 1.x.
        Component account = component(o, "TheAccount");
        assertThat(account.ejbVersion()).isEqualTo("1.1");
        assertThat(account.cmpVersion()).isEqualTo("1.x");
        assertThat(account.localViewsPossible()).isFalse();
        assertThat(component(o, "Category").cmpVersion()).isEqualTo("2.x");
        assertThat(component(o, "Category").localViewsPossible()).isTrue();
        assertThat(component(o, "Legacy").cmpVersion()).isEqualTo("1.x");
        assertThat(component(o, "Bid").cmpVersion()).isNull();
        assertThat(component(o, "Bid").ejbVersion()).isEqualTo("2.0");
    }

    @Test
    void weblogicAndJbossCmpMarkEntitiesReadOnly() {
        xml("ejb-jar.xml", """
                <ejb-jar><enterprise-beans>
                  <entity><ejb-name>Category</ejb-name><local-home>r.CategoryLocalHome</local-home><local>r.CategoryLocal</local>
                    <ejb-class>r.CategoryBean</ejb-class><persistence-type>Container</persistence-type><cmp-version>2.x</cmp-version>
                    <cmp-field><field-name>id</field-name></cmp-field><cmp-field><field-name>name</field-name></cmp-field>
                    <query><query-method><method-name>findAll</method-name><method-params/></query-method>
                      <ejb-ql>SELECT OBJECT(c) FROM Category c</ejb-ql></query>
                  </entity>
                  <entity><ejb-name>Region</ejb-name><local-home>r.RegionLocalHome</local-home><local>r.RegionLocal</local>
                    <ejb-class>r.RegionBean</ejb-class><persistence-type>Container</persistence-type></entity>
                  <entity><ejb-name>Bid</ejb-name><local-home>r.BidLocalHome</local-home><local>r.BidLocal</local>
                    <ejb-class>r.BidBean</ejb-class><persistence-type>Container</persistence-type></entity>
                </enterprise-beans></ejb-jar>
                """);
        xml("weblogic-ejb-jar.xml", """
                <weblogic-ejb-jar>
                  <weblogic-enterprise-bean><ejb-name>Category</ejb-name>
                    <entity-descriptor><entity-cache><concurrency-strategy>ReadOnly</concurrency-strategy></entity-cache></entity-descriptor>
                    <local-jndi-name>rubis/CategoryLocal</local-jndi-name>
                  </weblogic-enterprise-bean>
                </weblogic-ejb-jar>
                """);
        xml("jbosscmp-jdbc.xml", """
                <jbosscmp-jdbc><enterprise-beans>
                  <entity><ejb-name>Region</ejb-name><table-name>regions</table-name><read-only>true</read-only></entity>
                </enterprise-beans></jbosscmp-jdbc>
                """);

        ModelOutcome o = build();

        Component category = component(o, "Category");
        assertThat(category.kind()).isEqualTo(ComponentKind.ENTITY_CMP);
        assertThat(category.persistence()).isEqualTo(PersistenceType.CONTAINER);
        assertThat(category.readOnly()).isTrue();
        assertThat(category.localJndiName()).isEqualTo("rubis/CategoryLocal");
        assertThat(category.cmpFields()).containsExactly("id", "name");
        assertThat(category.queries()).singleElement().satisfies(q -> assertThat(q.query()).contains("FROM Category"));
        assertThat(category.interfaces().hasRemoteView()).isFalse();
        assertThat(category.declaredIn()).extracting(SourceLocation::file).contains("weblogic-ejb-jar.xml");
        assertThat(component(o, "Region").readOnly()).isTrue();
        assertThat(component(o, "Bid").readOnly()).isFalse();
    }

    @Test
    void duplicateBeanAcrossVariantsKeepsOneAndWarns() {
        String variant = """
                <ejb-jar><enterprise-beans>
                  <entity><ejb-name>Supplier</ejb-name><home>s.SupplierHome</home><remote>s.Supplier</remote>
                    <ejb-class>s.%s</ejb-class><persistence-type>%s</persistence-type></entity>
                </enterprise-beans>
                <assembly-descriptor><container-transaction>
                  <method><ejb-name>Supplier</ejb-name><method-name>*</method-name></method>
                  <trans-attribute>%s</trans-attribute>
                </container-transaction></assembly-descriptor></ejb-jar>
                """;
        xml("supplier/supplier.xml.CMP", variant.formatted("SupplierCmpEJB", "Container", "Mandatory"));
        xml("supplier/supplier.xml.BMP", variant.formatted("SupplierBmpEJB", "Bean", "Supports"));

        ModelOutcome o = build();

        assertThat(o.model().ofKind(ComponentKind.ENTITY_BMP)).singleElement().satisfies(c -> {
            assertThat(c.className()).isEqualTo("s.SupplierBmpEJB");
            // Only the kept variant's assembly descriptor applies.
            assertThat(c.transactionAttribute("getName")).contains(TransactionAttribute.SUPPORTS);
        });
        assertThat(o.model().ofKind(ComponentKind.ENTITY_CMP)).isEmpty();
        assertThat(o.diagnostics()).filteredOn(d -> d.level() == Diagnostic.Level.WARNING).singleElement()
                .satisfies(d -> assertThat(d.message()).contains("supplier/supplier.xml.BMP", "supplier/supplier.xml.CMP", "Supplier"));
    }

    @Test
    void aFileNamedEjbJarXmlWinsOverVariants() {
        String variant = """
                <ejb-jar><enterprise-beans><session><ejb-name>Orders</ejb-name><ejb-class>o.%s</ejb-class>
                  <session-type>Stateless</session-type></session></enterprise-beans></ejb-jar>
                """;
        xml("a/orders.xml", variant.formatted("First"));
        xml("z/META-INF/ejb-jar.xml", variant.formatted("Standard"));

        assertThat(component(build(), "Orders").className()).isEqualTo("o.Standard");
    }

    // ---- annotations ---------------------------------------------------------------------------

    @Test
    void annotationsInBothNamespacesAndUnrelatedLookalikesIgnored() {
        java("src/shop/OrderBean.java", """
                package shop;
                import jakarta.ejb.*;
                @Stateless
                @Remote(OrderService.class)
                public class OrderBean implements OrderService { public void place(String id) {} }
                """);
        java("src/shop/OrderService.java", "package shop; public interface OrderService { void place(String id); }");
        java("src/legacy/CartBean.java", """
                package legacy;
                @javax.ejb.Stateful(name = "Cart")
                public class CartBean implements CartLocal, java.io.Serializable {}
                """);
        java("src/legacy/CartLocal.java", "package legacy; public interface CartLocal {}");
        java("src/legacy/Clock.java", """
                package legacy;
                import javax.ejb.Singleton;
                import javax.ejb.LocalBean;
                @Singleton @LocalBean
                public class Clock { public long now() { return 0; } }
                """);
        java("src/other/Counter.java", """
                package other;
                import com.acme.annotations.Stateless;
                import javax.ejb.*;
                @Stateless
                public class Counter {}
                """);
        java("src/other/Lookalike.java", """
                package other;
                @Stateless
                public class Lookalike {}
                """);
        java("src/other/Injected.java", """
                package other;
                import javax.inject.Singleton;
                @Singleton
                public class Injected {}
                """);

        ModelOutcome o = build();

        Component order = component(o, "OrderBean");
        assertThat(order.kind()).isEqualTo(ComponentKind.STATELESS_SESSION);
        assertThat(order.interfaces().remoteBusiness()).containsExactly("shop.OrderService");
        assertThat(order.interfaces().localBusiness()).isEmpty();
        assertThat(order.transactionType()).isEqualTo(TransactionType.CONTAINER);
        Component cart = component(o, "Cart");
        assertThat(cart.kind()).isEqualTo(ComponentKind.STATEFUL_SESSION);
        assertThat(cart.interfaces().localBusiness()).containsExactly("legacy.CartLocal");
        Component clock = component(o, "Clock");
        assertThat(clock.kind()).isEqualTo(ComponentKind.SINGLETON_SESSION);
        assertThat(clock.interfaces().noInterfaceView()).isTrue();
        assertThat(component(o, "Counter").kind()).isEqualTo(ComponentKind.PLAIN);
        assertThat(component(o, "Lookalike").kind()).isEqualTo(ComponentKind.PLAIN);
        assertThat(component(o, "Injected").kind()).isEqualTo(ComponentKind.PLAIN);
        // Interfaces are views, not components.
        assertThat(o.model().byName("OrderService")).isEmpty();
    }

    @Test
    void interfaceAnnotatedRemoteDesignatesTheView() {
        java("src/j/Catalog.java", "package j; import jakarta.ejb.Remote; @Remote public interface Catalog {}");
        java("src/j/Audit.java", "package j; public interface Audit {}");
        java("src/j/CatalogBean.java", """
                package j;
                import jakarta.ejb.Stateless;
                @Stateless public class CatalogBean implements Catalog {}
                """);
        java("src/j/AuditBean.java", """
                package j;
                import jakarta.ejb.Stateless;
                @Stateless public class AuditBean implements Audit {}
                """);

        ModelOutcome o = build();

        assertThat(component(o, "CatalogBean").interfaces().remoteBusiness()).containsExactly("j.Catalog");
        assertThat(component(o, "CatalogBean").interfaces().hasLocalView()).isFalse();
        assertThat(component(o, "AuditBean").interfaces().localBusiness()).containsExactly("j.Audit");
    }

    private static final String ORDER_BEAN = """
            package tx;
            import javax.ejb.*;
            @Stateless
            @TransactionAttribute(TransactionAttributeType.SUPPORTS)
            public class OrderBean {
                @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
                public void place(String id) {}
                public void place(String id, int qty) {}
                public void cancel(String id) {}
                @TransactionAttribute(TransactionAttributeType.NEVER)
                public void report() {}
            }
            """;

    @Test
    void annotationPrecedenceMethodOverClassOverDefault() {
        java("src/tx/OrderBean.java", ORDER_BEAN);
        java("src/tx/PlainBean.java", "package tx; @javax.ejb.Stateless public class PlainBean { public void x() {} }");

        ModelOutcome o = build();

        Component order = component(o, "OrderBean");
        assertThat(order.transactionAttribute("place", List.of("String"), null)).contains(TransactionAttribute.REQUIRES_NEW);
        assertThat(order.transactionAttribute("place", List.of("java.lang.String"), null)).contains(TransactionAttribute.REQUIRES_NEW);
        assertThat(order.transactionAttribute("place", List.of("String", "int"), null)).contains(TransactionAttribute.SUPPORTS);
        assertThat(order.transactionAttribute("cancel")).contains(TransactionAttribute.SUPPORTS);
        assertThat(order.transactionAttribute("report")).contains(TransactionAttribute.NEVER);
        assertThat(component(o, "PlainBean").transactionAttribute("x")).contains(TransactionAttribute.REQUIRED);
    }

    @Test
    void descriptorOverridesAnnotationsAndNamePlusParamsBeatsName() {
        java("src/tx/OrderBean.java", ORDER_BEAN);
        xml("META-INF/ejb-jar.xml", """
                <ejb-jar xmlns="http://xmlns.jcp.org/xml/ns/javaee" version="3.2">
                  <enterprise-beans>
                    <session><ejb-name>OrderBean</ejb-name><session-type>Stateful</session-type></session>
                  </enterprise-beans>
                  <assembly-descriptor>
                    <container-transaction>
                      <method><ejb-name>OrderBean</ejb-name><method-name>place</method-name></method>
                      <trans-attribute>Mandatory</trans-attribute>
                    </container-transaction>
                    <container-transaction>
                      <method><ejb-name>OrderBean</ejb-name><method-name>place</method-name>
                        <method-params><method-param>java.lang.String</method-param><method-param>int</method-param></method-params>
                      </method>
                      <trans-attribute>NotSupported</trans-attribute>
                    </container-transaction>
                  </assembly-descriptor>
                </ejb-jar>
                """);

        ModelOutcome o = build();

        assertThat(o.model().components()).filteredOn(c -> c.kind().isEjb()).hasSize(1);
        Component order = component(o, "OrderBean");
        assertThat(order.kind()).isEqualTo(ComponentKind.STATEFUL_SESSION);
        assertThat(order.className()).isEqualTo("tx.OrderBean");
        assertThat(order.declaredIn()).extracting(SourceLocation::file).containsExactly("META-INF/ejb-jar.xml", "src/tx/OrderBean.java");
        assertThat(order.transactionAttribute("place", List.of("String"), null)).contains(TransactionAttribute.MANDATORY);
        assertThat(order.transactionAttribute("place", List.of("String", "int"), null)).contains(TransactionAttribute.NOT_SUPPORTED);
        assertThat(order.transactionAttribute("report")).contains(TransactionAttribute.NEVER);
        assertThat(order.transactionAttribute("cancel")).contains(TransactionAttribute.SUPPORTS);
    }

    @Test
    void descriptorStarBeatsMethodAnnotation() {
        java("src/tx/OrderBean.java", ORDER_BEAN);
        xml("META-INF/ejb-jar.xml", """
                <ejb-jar version="3.0" xmlns="http://java.sun.com/xml/ns/javaee">
                  <assembly-descriptor><container-transaction>
                    <method><ejb-name>OrderBean</ejb-name><method-name>*</method-name></method>
                    <trans-attribute>Required</trans-attribute>
                  </container-transaction></assembly-descriptor>
                </ejb-jar>
                """);

        Component order = component(build(), "OrderBean");

        assertThat(order.transactionAttribute("report")).contains(TransactionAttribute.REQUIRED);
        assertThat(order.transactionAttribute("place", List.of("String"), null)).contains(TransactionAttribute.REQUIRED);
    }

    @Test
    void jakartaDescriptorMergesWithTheAnnotatedClassByEjbClass() {
        java("src/j/ShopBean.java", """
                package j;
                import jakarta.ejb.*;
                @Stateless(name = "AnnotatedShop")
                @TransactionAttribute(TransactionAttributeType.MANDATORY)
                public class ShopBean implements Shop { public void buy() {} }
                """);
        java("src/j/Shop.java", "package j; public interface Shop { void buy(); }");
        xml("shop.jar!/META-INF/ejb-jar.xml", """
                <ejb-jar xmlns="https://jakarta.ee/xml/ns/jakartaee" version="4.0">
                  <enterprise-beans>
                    <session>
                      <ejb-name>Shop</ejb-name>
                      <business-remote>j.Shop</business-remote>
                      <ejb-class>j.ShopBean</ejb-class>
                    </session>
                  </enterprise-beans>
                </ejb-jar>
                """);

        ModelOutcome o = build();

        assertThat(o.model().components()).filteredOn(c -> c.kind().isEjb()).singleElement().satisfies(c -> {
            assertThat(c.name()).isEqualTo("Shop");
            assertThat(c.kind()).isEqualTo(ComponentKind.STATELESS_SESSION);
            assertThat(c.interfaces().remoteBusiness()).containsExactly("j.Shop");
            // The undesignated-interface default (local) does not apply when the descriptor names the views.
            assertThat(c.interfaces().localBusiness()).isEmpty();
            assertThat(c.transactionAttribute("buy")).contains(TransactionAttribute.MANDATORY);
        });
    }

    @Test
    void metadataCompleteDescriptorIgnoresTheBeanAnnotations() {
        java("src/m/Ledger.java", """
                package m;
                import javax.ejb.*;
                @Stateless @TransactionAttribute(TransactionAttributeType.NEVER)
                public class Ledger { public void post() {} }
                """);
        xml("ejb-jar.xml", """
                <ejb-jar xmlns="http://java.sun.com/xml/ns/javaee" version="3.1" metadata-complete="true">
                  <enterprise-beans><session><ejb-name>Ledger</ejb-name><ejb-class>m.Ledger</ejb-class>
                    <session-type>Stateful</session-type></session></enterprise-beans>
                </ejb-jar>
                """);

        Component ledger = component(build(), "Ledger");

        assertThat(ledger.kind()).isEqualTo(ComponentKind.STATEFUL_SESSION);
        assertThat(ledger.transactionAttribute("post")).contains(TransactionAttribute.REQUIRED);
    }

    @Test
    void beanManagedTransactionsHaveNoAttribute() {
        java("src/b/Manual.java", """
                package b;
                import jakarta.ejb.*;
                @Stateless
                @TransactionManagement(TransactionManagementType.BEAN)
                @TransactionAttribute(TransactionAttributeType.REQUIRED)
                public class Manual { public void run() {} }
                """);
        xml("ejb-jar.xml", """
                <ejb-jar><enterprise-beans><session><ejb-name>Legacy</ejb-name><home>b.LegacyHome</home><remote>b.Legacy</remote>
                  <ejb-class>b.LegacyEJB</ejb-class><session-type>Stateless</session-type><transaction-type>Bean</transaction-type>
                </session></enterprise-beans></ejb-jar>
                """);

        ModelOutcome o = build();

        assertThat(component(o, "Manual").transactionType()).isEqualTo(TransactionType.BEAN);
        assertThat(component(o, "Manual").transactionAttribute("run")).isEmpty();
        assertThat(component(o, "Legacy").transactionType()).isEqualTo(TransactionType.BEAN);
        assertThat(component(o, "Legacy").transactionAttribute("anything")).isEmpty();
    }

    @Test
    void injectionReferencesResolveByBeanNameTypeAndInject() {
        java("src/i/Inventory.java", "package i; public interface Inventory {}");
        java("src/i/Pricing.java", "package i; public interface Pricing {}");
        java("src/i/InventoryBean.java", "package i; @javax.ejb.Stateless public class InventoryBean implements Inventory {}");
        java("src/i/PricingBean.java", """
                package i;
                import javax.ejb.*;
                @Stateless(name = "Prices") @Remote(Pricing.class) public class PricingBean implements Pricing {}
                """);
        java("src/i/PricingBean2.java", """
                package i;
                import javax.ejb.*;
                @Stateless(name = "Prices2") @Remote(Pricing.class) public class PricingBean2 implements Pricing {}
                """);
        java("src/i/web/ShopServlet.java", """
                package i.web;
                import i.*;
                import javax.ejb.EJB;
                import javax.inject.Inject;
                import javax.annotation.Resource;
                import javax.persistence.PersistenceContext;
                import javax.persistence.EntityManager;
                import javax.servlet.annotation.WebServlet;
                import javax.servlet.http.HttpServlet;
                @WebServlet(urlPatterns = {"/shop", "/shop/*"})
                public class ShopServlet extends HttpServlet {
                    @EJB Inventory inventory;
                    @EJB(beanName = "Prices2") Pricing pricing;
                    @Inject Inventory injected;
                    @Inject String notAnEjb;
                    @Resource(lookup = "java:jboss/datasources/Shop") javax.sql.DataSource ds;
                    @PersistenceContext(unitName = "shop") EntityManager em;
                    private Pricing other;
                    @EJB(name = "ejb/Other", beanName = "Prices") public void setOther(Pricing p) { other = p; }
                }
                """);

        ModelOutcome o = build();

        Component servlet = component(o, "i.web.ShopServlet");
        assertThat(servlet.kind()).isEqualTo(ComponentKind.SERVLET);
        assertThat(servlet.urlPatterns()).containsExactly("/shop", "/shop/*");
        assertThat(servlet.ejbRefs()).extracting(EjbReference::name, EjbReference::injectionField, EjbReference::target,
                        EjbReference::local)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple("i.web.ShopServlet/inventory", "inventory", "InventoryBean", true),
                        org.assertj.core.groups.Tuple.tuple("i.web.ShopServlet/pricing", "pricing", "Prices2", false),
                        org.assertj.core.groups.Tuple.tuple("ejb/Other", "other", "Prices", false),
                        org.assertj.core.groups.Tuple.tuple("i.web.ShopServlet/injected", "injected", "InventoryBean", true));
        assertThat(servlet.resourceRefs()).extracting(r -> r.injectionField() + "=" + r.type() + "@" + r.jndiName())
                .containsExactly("ds=javax.sql.DataSource@java:jboss/datasources/Shop", "em=javax.persistence.EntityManager@shop");
    }

    // ---- web tier ------------------------------------------------------------------------------

    @Test
    void webModuleServletsJspsFiltersListenersAndTags() {
        java("src/w/BaseServlet.java", """
                package w;
                import javax.servlet.http.*;
                public abstract class BaseServlet extends HttpServlet {}
                """);
        java("src/w/MainServlet.java", "package w; public class MainServlet extends BaseServlet {}");
        java("src/w/Unmapped.java", "package w; public class Unmapped extends BaseServlet {}");
        java("src/w/AuthFilter.java", """
                package w;
                import javax.servlet.*;
                public class AuthFilter implements Filter {}
                """);
        java("src/w/LogFilter.java", """
                package w;
                import java.util.logging.Filter;
                public class LogFilter implements Filter {}
                """);
        java("src/w/Startup.java", """
                package w;
                import jakarta.servlet.*;
                public class Startup implements ServletContextListener {}
                """);
        java("src/w/CartTag.java", """
                package w;
                import javax.servlet.jsp.tagext.TagSupport;
                public class CartTag extends TagSupport {}
                """);
        java("src/w/LoopTag.java", """
                package w;
                import javax.servlet.jsp.tagext.*;
                public class LoopTag extends BodyTagSupport {}
                """);
        jsp("/index.jsp").jsp("/cart.jsp");
        xml("web/WEB-INF/web.xml", """
                <web-app xmlns="http://java.sun.com/xml/ns/javaee" version="2.5">
                  <servlet><servlet-name>main</servlet-name><servlet-class>w.MainServlet</servlet-class></servlet>
                  <servlet><servlet-name>admin</servlet-name><servlet-class>w.MainServlet</servlet-class></servlet>
                  <servlet><servlet-name>cartPage</servlet-name><jsp-file>/cart.jsp</jsp-file></servlet>
                  <servlet-mapping><servlet-name>main</servlet-name><url-pattern>/control/*</url-pattern></servlet-mapping>
                  <servlet-mapping><servlet-name>admin</servlet-name><url-pattern>/admin/*</url-pattern></servlet-mapping>
                  <servlet-mapping><servlet-name>cartPage</servlet-name><url-pattern>/cart</url-pattern></servlet-mapping>
                  <filter><filter-name>auth</filter-name><filter-class>w.AuthFilter</filter-class></filter>
                  <filter-mapping><filter-name>auth</filter-name><servlet-name>main</servlet-name></filter-mapping>
                  <listener><listener-class>w.Startup</listener-class></listener>
                  <jsp-config><taglib><taglib-uri>/estore</taglib-uri><taglib-location>/WEB-INF/tlds/estore.tld</taglib-location></taglib></jsp-config>
                  <ejb-ref><ejb-ref-name>ejb/catalog</ejb-ref-name><home>estore.CatalogHome</home><remote>estore.Catalog</remote></ejb-ref>
                </web-app>
                """);
        xml("web/WEB-INF/tlds/estore.tld", """
                <taglib><shortname>estore</shortname><uri>http://estore/tags</uri>
                  <tag><name>cart</name><tagclass>w.CartTag</tagclass></tag>
                  <tag><name>price</name><tagclass>w.PriceTag</tagclass></tag>
                </taglib>
                """);
        xml("estore_ejb.xml", PETSTORE_EJB);

        ModelOutcome o = new ComponentModelBuilder().build(units, jsps, xml, "w.PriceTag"::equals);

        assertThat(component(o, "main").urlPatterns()).containsExactly("/control/*");
        assertThat(component(o, "admin").urlPatterns()).containsExactly("/admin/*");
        assertThat(component(o, "main").className()).isEqualTo("w.MainServlet");
        assertThat(component(o, "admin").className()).isEqualTo("w.MainServlet");
        // The module has a web.xml and it does not map this one: not deployed (fp-undeployed-servlet).
        assertThat(component(o, "Unmapped").kind()).isEqualTo(ComponentKind.PLAIN);
        assertThat(component(o, "BaseServlet").kind()).isEqualTo(ComponentKind.PLAIN);
        assertThat(component(o, "/cart.jsp").kind()).isEqualTo(ComponentKind.JSP);
        assertThat(component(o, "/cart.jsp").urlPatterns()).containsExactly("/cart.jsp", "/cart");
        assertThat(component(o, "/index.jsp").urlPatterns()).containsExactly("/index.jsp");
        assertThat(o.model().byName("cartPage")).isEmpty();
        assertThat(component(o, "auth").kind()).isEqualTo(ComponentKind.FILTER);
        assertThat(component(o, "auth").urlPatterns()).containsExactly("/control/*");
        assertThat(component(o, "LogFilter").kind()).isEqualTo(ComponentKind.PLAIN);
        assertThat(component(o, "Startup").kind()).isEqualTo(ComponentKind.LISTENER);
        assertThat(component(o, "Startup").declaredIn()).hasSize(2);
        assertThat(component(o, "CartTag").kind()).isEqualTo(ComponentKind.TAG_HANDLER);
        assertThat(component(o, "LoopTag").kind()).isEqualTo(ComponentKind.TAG_HANDLER);
        assertThat(component(o, "PriceTag").kind()).as("a compiled class, no source").isEqualTo(ComponentKind.TAG_HANDLER);

        // The web module's references apply to its declared and unmapped web components.
        for (String name : List.of("main", "admin", "/cart.jsp", "/index.jsp", "auth")) {
            assertThat(component(o, name).ejbRefs()).as(name).singleElement()
                    .satisfies(r -> assertThat(r.target()).isEqualTo("TheCatalog"));
        }
        assertThat(component(o, "BaseServlet").ejbRefs()).isEmpty();
        assertThat(component(o, "TheCart").ejbRefs()).extracting(EjbReference::name).containsExactly("ejb/catalog", "ejb/account");

        assertThat(o.tagLibraries().handlerClass("/estore", "cart")).contains("w.CartTag");
        assertThat(o.tagLibraries().handlerClass("http://estore/tags", "price")).contains("w.PriceTag");
        assertThat(o.tagLibraries().handlerClass("/WEB-INF/tlds/estore.tld", "cart")).contains("w.CartTag");
        assertThat(o.tagLibraries().handlerClass("/estore", "nope")).isEmpty();
    }

    /**
     * The servlets and pages of a web module hold the module's references resolved once, in one
     * shared list: resolved and copied per component they were quadratic (13,000 web components times
     * 1,466 references on a 2M-line generated application). A component's own reference comes first
     * and keeps its name; an ejb-link to no bean is reported for every component holding it.
     */
    @Test
    void webComponentsShareTheirModulesResolvedReferencesAfterTheirOwn() {
        for (String name : List.of("ListServlet", "ShowServlet")) {
            java("src/w/" + name + ".java", "package w; public class " + name + " extends javax.servlet.http.HttpServlet {}");
        }
        java("src/w/CartServlet.java", """
                package w;
                public class CartServlet extends javax.servlet.http.HttpServlet {
                    @javax.ejb.EJB(name = "ejb/catalog", beanName = "TheCart") estore.Cart cart;
                }
                """);
        jsp("/index.jsp");
        xml("web/WEB-INF/web.xml", """
                <web-app xmlns="http://java.sun.com/xml/ns/javaee" version="2.5">
                  <servlet><servlet-name>list</servlet-name><servlet-class>w.ListServlet</servlet-class></servlet>
                  <servlet><servlet-name>show</servlet-name><servlet-class>w.ShowServlet</servlet-class></servlet>
                  <servlet><servlet-name>cart</servlet-name><servlet-class>w.CartServlet</servlet-class></servlet>
                  <ejb-ref><ejb-ref-name>ejb/catalog</ejb-ref-name><home>estore.CatalogHome</home><remote>estore.Catalog</remote></ejb-ref>
                  <ejb-ref><ejb-ref-name>ejb/gone</ejb-ref-name><home>estore.GoneHome</home><remote>estore.Gone</remote><ejb-link>Gone</ejb-link></ejb-ref>
                </web-app>
                """);
        xml("estore_ejb.xml", PETSTORE_EJB);

        ModelOutcome o = build();

        List<EjbReference> module = component(o, "list").ejbRefs();
        assertThat(module).extracting(EjbReference::name, EjbReference::target).containsExactly(
                org.assertj.core.groups.Tuple.tuple("ejb/catalog", "TheCatalog"), org.assertj.core.groups.Tuple.tuple("ejb/gone", null));
        assertThat(component(o, "show").ejbRefs()).isSameAs(module);
        assertThat(component(o, "/index.jsp").ejbRefs()).isSameAs(module);
        assertThat(component(o, "cart").ejbRefs()).extracting(EjbReference::name, EjbReference::target).containsExactly(
                org.assertj.core.groups.Tuple.tuple("ejb/catalog", "TheCart"), org.assertj.core.groups.Tuple.tuple("ejb/gone", null));
        assertThat(o.diagnostics()).extracting(Diagnostic::message).filteredOn(m -> m.contains("unknown bean")).containsExactlyInAnyOrder(
                "reference ejb/gone of list links to unknown bean Gone", "reference ejb/gone of show links to unknown bean Gone",
                "reference ejb/gone of cart links to unknown bean Gone", "reference ejb/gone of /index.jsp links to unknown bean Gone");
    }

    @Test
    void tagClassesFoundNowhereOrNotJavaNamesAreReportedAndMakeNoComponent() {
        java("src/w/CartTag.java", """
                package w;
                import javax.servlet.jsp.tagext.TagSupport;
                public class CartTag extends TagSupport {}
                """);
        xml("web/WEB-INF/tlds/shop.tld", """
                <taglib><shortname>shop</shortname><uri>http://shop/tags</uri>
                  <tag><name>cart</name><tag-class>w.CartTag</tag-class></tag>
                  <tag><name>gone</name><tag-class>w.GoneTag</tag-class></tag>
                  <tag><name>passwd</name><tag-class>../../../etc/passwd</tag-class></tag>
                  <tag><name>blank</name><tag-class>w. Spaced</tag-class></tag>
                  <tag><name>noop</name><tag-class>javax.servlet.jsp.tagext.TagSupport</tag-class></tag>
                </taglib>
                """);

        ModelOutcome o = build();

        assertThat(o.model().components()).extracting(Component::className).containsExactly("w.CartTag");
        assertThat(o.tagLibraries().tags("http://shop/tags")).containsOnlyKeys("cart", "noop");
        assertThat(o.diagnostics()).extracting(d -> d.location().file() + ":" + d.location().line() + " " + d.message())
                .containsExactly(
                        "web/WEB-INF/tlds/shop.tld:3 tag class w.GoneTag (tag gone) not found in the sources or compiled "
                                + "classes; no component",
                        "web/WEB-INF/tlds/shop.tld:4 tag passwd: tag class \"../../../etc/passwd\" is not a Java class name; "
                                + "ignored",
                        "web/WEB-INF/tlds/shop.tld:5 tag blank: tag class \"w. Spaced\" is not a Java class name; ignored");
    }

    @Test
    void jpaEntitiesServedByTheSecondLevelCacheAreReadOnly() {
        java("src/c/Cached.java", """
                package c;
                import javax.persistence.*;
                @Entity @Cacheable public class Cached { @Id Long id; }
                """);
        java("src/c/NotCached.java", """
                package c;
                import javax.persistence.*;
                @Entity @Cacheable(false) public class NotCached { @Id Long id; }
                """);
        java("src/c/HibernateReadOnly.java", """
                package c;
                import jakarta.persistence.Entity;
                import jakarta.persistence.Id;
                import org.hibernate.annotations.Cache;
                import org.hibernate.annotations.CacheConcurrencyStrategy;
                @Entity @Cache(usage = CacheConcurrencyStrategy.READ_ONLY) public class HibernateReadOnly { @Id Long id; }
                """);
        java("src/c/HibernateReadWrite.java", """
                package c;
                import jakarta.persistence.Entity;
                import org.hibernate.annotations.Cache;
                import org.hibernate.annotations.CacheConcurrencyStrategy;
                @Entity @Cache(usage = CacheConcurrencyStrategy.READ_WRITE) public class HibernateReadWrite {}
                """);
        java("src/c/Plain.java", """
                package c;
                @jakarta.persistence.Entity public class Plain {}
                """);

        ModelOutcome o = build();

        assertThat(component(o, "Cached").readOnly()).isTrue();
        assertThat(component(o, "NotCached").readOnly()).isFalse();
        assertThat(component(o, "HibernateReadOnly").readOnly()).isTrue();
        assertThat(component(o, "HibernateReadWrite").readOnly()).isFalse();
        assertThat(component(o, "Plain").readOnly()).isFalse();
    }

    @Test
    void helpersDaosEntitiesAndResourcesAreClassified() {
        java("src/d/CatalogDAO.java", "package d; public interface CatalogDAO { void load(); }");
        java("src/d/CatalogDAOImpl.java", "package d; public class CatalogDAOImpl implements CatalogDAO { public void load() {} }");
        java("src/d/OrderDao.java", "package d; public class OrderDao {}");
        java("src/d/JdbcHelper.java", """
                package d;
                import java.sql.Connection;
                public class JdbcHelper { Connection c; }
                """);
        java("src/d/Formatter.java", "package d; public class Formatter {}");
        java("src/d/Product.java", """
                package d;
                import jakarta.persistence.*;
                @Entity public class Product { @Id Long id; }
                """);
        java("src/d/ProductResource.java", """
                package d;
                import jakarta.ws.rs.Path;
                @Path("/products") public class ProductResource {}
                """);
        java("src/e/Formatter.java", "package e; public class Formatter {}");

        ModelOutcome o = build();

        assertThat(component(o, "CatalogDAOImpl").kind()).isEqualTo(ComponentKind.DAO);
        assertThat(component(o, "OrderDao").kind()).isEqualTo(ComponentKind.DAO);
        assertThat(component(o, "JdbcHelper").kind()).isEqualTo(ComponentKind.DAO);
        assertThat(component(o, "JdbcHelper").tier()).isEqualTo(ComponentKind.DAO.defaultTier());
        assertThat(component(o, "Product").kind()).isEqualTo(ComponentKind.JPA_ENTITY);
        assertThat(component(o, "Product").persistence()).isEqualTo(PersistenceType.JPA);
        assertThat(component(o, "ProductResource").kind()).isEqualTo(ComponentKind.JAX_RS_RESOURCE);
        assertThat(component(o, "ProductResource").urlPatterns()).containsExactly("/products");
        // Two helpers with the same simple name are told apart by their qualified names.
        assertThat(component(o, "d.Formatter").kind()).isEqualTo(ComponentKind.PLAIN);
        assertThat(component(o, "e.Formatter").className()).isEqualTo("e.Formatter");
        assertThat(o.model().byName("Formatter")).isEmpty();
    }

    @Test
    void orderIsByKindThenNameAndIndependentOfInputOrder() {
        java("src/z/Zed.java", "package z; public class Zed {}");
        java("src/z/Alpha.java", "package z; public class Alpha {}");
        java("src/z/Svc.java", "package z; @jakarta.ejb.Stateless public class Svc {}");
        jsp("/b.jsp").jsp("/a.jsp");

        List<String> forward = build().model().components().stream().map(c -> c.kind() + ":" + c.name()).toList();
        java.util.Collections.reverse(units);
        java.util.Collections.reverse(jsps);
        List<String> backward = build().model().components().stream().map(c -> c.kind() + ":" + c.name()).toList();

        assertThat(forward).containsExactly("JSP:/a.jsp", "JSP:/b.jsp", "STATELESS_SESSION:Svc", "PLAIN:Alpha", "PLAIN:Zed");
        assertThat(backward).isEqualTo(forward);
    }

    @Test
    void brokenDescriptorIsADiagnosticAndTheRestIsStillBuilt() {
        java("src/k/Keep.java", "package k; @jakarta.ejb.Stateless public class Keep {}");
        xml("META-INF/ejb-jar.xml", "<ejb-jar><enterprise-beans><session><ejb-name>Half");
        xml("random.xml", "<project><name>not a descriptor</name></project>");

        ModelOutcome o = build();

        assertThat(component(o, "Keep").kind()).isEqualTo(ComponentKind.STATELESS_SESSION);
        assertThat(o.diagnostics()).anySatisfy(d -> {
            assertThat(d.location().file()).isEqualTo("META-INF/ejb-jar.xml");
            assertThat(d.level()).isEqualTo(Diagnostic.Level.ERROR);
        });
        Optional<Component> half = o.model().byName("Half");
        assertThat(half).isEmpty();
    }
}
