package io.wanlint.refactorings.entity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.wanlint.analyzer.vendor.ContainerVendor;
import io.wanlint.analyzer.vendor.Glassfish;
import io.wanlint.analyzer.vendor.OracleAs;
import io.wanlint.analyzer.vendor.Websphere;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.SourceText;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Before/after of each vendor's read-only switch, the unchanged cases, and a second run changing nothing. */
class ReadOnlySwitchesTest {
    private static final ReadOnlySwitches.Target BOOK = new ReadOnlySwitches.Target("Book", true, "META-INF/ejb-jar.xml#Book_1");

    private static SourceText text(String path, String content) {
        return new SourceText(path, content, StandardCharsets.UTF_8, false);
    }

    private static String applied(SourceText before, Optional<FileChange> change) {
        assertThat(change).isPresent();
        String after = ((FileChange.Edit) change.get()).applyTo(before.text());
        return after;
    }

    /** Applies the vendor's switch, then checks a second run on the result plans nothing. */
    private static String twice(ContainerVendor vendor, SourceText before, ReadOnlySwitches.Target target) {
        String after = applied(before, ReadOnlySwitches.declare(vendor, before, target));
        assertThat(ReadOnlySwitches.declare(vendor, text(before.path(), after), target)).as("run twice changes nothing").isEmpty();
        return after;
    }

    @Test
    void glassfishBeanGetsTheFlagAndARefreshPeriodBeforeItsPoolSettings() {
        SourceText before = text("META-INF/sun-ejb-jar.xml", """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE sun-ejb-jar PUBLIC "-//Sun Microsystems, Inc.//DTD Application Server 8.1 EJB 2.1//EN" "http://www.sun.com/software/appserver/dtds/sun-ejb-jar_2_1-1.dtd">
                <sun-ejb-jar>
                  <enterprise-beans>
                    <ejb>
                      <ejb-name>Book</ejb-name>
                      <jndi-name>shop/Book</jndi-name>
                      <bean-pool><steady-pool-size>2</steady-pool-size></bean-pool>
                    </ejb>
                  </enterprise-beans>
                </sun-ejb-jar>
                """);
        assertThat(twice(new Glassfish(), before, BOOK)).isEqualTo("""
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE sun-ejb-jar PUBLIC "-//Sun Microsystems, Inc.//DTD Application Server 8.1 EJB 2.1//EN" "http://www.sun.com/software/appserver/dtds/sun-ejb-jar_2_1-1.dtd">
                <sun-ejb-jar>
                  <enterprise-beans>
                    <ejb>
                      <ejb-name>Book</ejb-name>
                      <jndi-name>shop/Book</jndi-name>
                      <is-read-only-bean>true</is-read-only-bean>
                      <refresh-period-in-seconds>600</refresh-period-in-seconds>
                      <bean-pool><steady-pool-size>2</steady-pool-size></bean-pool>
                    </ejb>
                  </enterprise-beans>
                </sun-ejb-jar>
                """);
    }

    @Test
    void glassfishFlagSetToFalseIsTurnedOnAndAMissingBeanGetsItsOwnEntry() {
        SourceText off = text("glassfish-ejb-jar.xml", """
                <glassfish-ejb-jar>
                  <enterprise-beans>
                    <ejb>
                      <ejb-name>Book</ejb-name>
                      <is-read-only-bean>false</is-read-only-bean>
                    </ejb>
                    <cmp-resource><jndi-name>jdbc/shop</jndi-name></cmp-resource>
                  </enterprise-beans>
                </glassfish-ejb-jar>
                """);
        assertThat(twice(new Glassfish(), off, BOOK)).contains("""
                      <is-read-only-bean>true</is-read-only-bean>
                      <refresh-period-in-seconds>600</refresh-period-in-seconds>
                    </ejb>
                """);
        SourceText other = text("sun-ejb-jar.xml", """
                <sun-ejb-jar>
                  <enterprise-beans>
                    <ejb>
                      <ejb-name>Author</ejb-name>
                      <jndi-name>shop/Author</jndi-name>
                    </ejb>
                    <cmp-resource><jndi-name>jdbc/shop</jndi-name></cmp-resource>
                  </enterprise-beans>
                </sun-ejb-jar>
                """);
        assertThat(twice(new Glassfish(), other, BOOK)).isEqualTo("""
                <sun-ejb-jar>
                  <enterprise-beans>
                    <ejb>
                      <ejb-name>Author</ejb-name>
                      <jndi-name>shop/Author</jndi-name>
                    </ejb>
                    <ejb>
                      <ejb-name>Book</ejb-name>
                      <is-read-only-bean>true</is-read-only-bean>
                      <refresh-period-in-seconds>600</refresh-period-in-seconds>
                    </ejb>
                    <cmp-resource><jndi-name>jdbc/shop</jndi-name></cmp-resource>
                  </enterprise-beans>
                </sun-ejb-jar>
                """);
    }

    @Test
    void oracleEntityDeploymentGetsReadOnlyLockingKeepingItsOtherAttributes() {
        SourceText before = text("META-INF/orion-ejb-jar.xml", """
                <orion-ejb-jar>
                  <enterprise-beans>
                    <entity-deployment name="Book" location="shop/Book" table="BOOKS"/>
                    <entity-deployment name="Order" location="shop/Order" locking-mode="optimistic">
                    </entity-deployment>
                  </enterprise-beans>
                </orion-ejb-jar>
                """);
        assertThat(twice(new OracleAs(), before, BOOK)).isEqualTo("""
                <orion-ejb-jar>
                  <enterprise-beans>
                    <entity-deployment name="Book" location="shop/Book" table="BOOKS" locking-mode="read-only"/>
                    <entity-deployment name="Order" location="shop/Order" locking-mode="optimistic">
                    </entity-deployment>
                  </enterprise-beans>
                </orion-ejb-jar>
                """);
        String order = twice(new OracleAs(), before, new ReadOnlySwitches.Target("Order", true, null));
        assertThat(order).contains("<entity-deployment name=\"Order\" location=\"shop/Order\" locking-mode=\"read-only\">");
    }

    @Test
    void websphereGetsAReadAccessIntentOnAllTheBeansMethods() {
        SourceText before = text("ejbModule/META-INF/ibm-ejb-jar-ext.xmi", """
                <?xml version="1.0" encoding="UTF-8"?>
                <ejbext:EJBJarExtension xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:ejbext="ejbext.xmi" xmlns:ejb="ejb.xmi" xmi:id="EJBJarExtension_1">
                  <ejbJar href="META-INF/ejb-jar.xml#ejb-jar_ID"/>
                </ejbext:EJBJarExtension>
                """);
        assertThat(twice(new Websphere(), before, BOOK)).isEqualTo("""
                <?xml version="1.0" encoding="UTF-8"?>
                <ejbext:EJBJarExtension xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:ejbext="ejbext.xmi" xmlns:ejb="ejb.xmi" xmi:id="EJBJarExtension_1">
                  <ejbJar href="META-INF/ejb-jar.xml#ejb-jar_ID"/>
                  <appliedAccessIntents xmi:id="AppliedAccessIntent_ReadOnly_Book" name="Book read-only" accessIntentName="wsOptimisticRead">
                    <methodElements xmi:id="MethodElement_ReadOnly_Book" name="*" type="Unspecified">
                      <enterpriseBean xmi:type="ejb:ContainerManagedEntity" href="META-INF/ejb-jar.xml#Book_1"/>
                    </methodElements>
                  </appliedAccessIntents>
                </ejbext:EJBJarExtension>
                """);
    }

    @Test
    void websphereCannotNameABeanWhoseEjbJarElementHasNoId() {
        SourceText before = text("ibm-ejb-jar-ext.xmi", "<ejbext:EJBJarExtension xmlns:ejbext=\"ejbext.xmi\"/>");
        assertThat(ReadOnlySwitches.declare(new Websphere(), before, new ReadOnlySwitches.Target("Book", true, null))).isEmpty();
    }

    @Test
    void everyVendorIsAnsweredEvenWhenItHasNoSwitch() {
        SourceText any = text("x.xml", "<root/>");
        for (ContainerVendor v : ContainerVendor.all()) {
            assertThatCode(() -> ReadOnlySwitches.roots(v)).as(v.displayName()).doesNotThrowAnyException();
            assertThatCode(() -> ReadOnlySwitches.declare(v, any, BOOK)).as(v.displayName()).doesNotThrowAnyException();
        }
    }
}
