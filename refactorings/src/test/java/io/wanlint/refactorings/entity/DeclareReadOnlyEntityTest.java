package io.wanlint.refactorings.entity;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.SourceText;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Before/after pairs for the descriptor and code edits, and the cases that must stay unchanged. */
class DeclareReadOnlyEntityTest {
    private static SourceText text(String path, String content) {
        return new SourceText(path, content, StandardCharsets.UTF_8, false);
    }

    private static String applied(SourceText before, Optional<FileChange> change) {
        assertThat(change).isPresent();
        return ((FileChange.Edit) change.get()).applyTo(before.text());
    }

    @Test
    void jbossEntityWithoutReadOnlyGetsItAfterItsNamesKeepingDoctypeAndComments() {
        SourceText before = text("META-INF/jboss.xml", """
                <?xml version="1.0"?>
                <!DOCTYPE jboss PUBLIC "-//JBoss//DTD JBOSS 3.2//EN" "http://www.jboss.org/j2ee/dtd/jboss_3_2.dtd">
                <jboss>
                    <!-- the catalogue -->
                    <enterprise-beans>
                        <entity>
                            <ejb-name>Book</ejb-name>
                            <local-jndi-name>BookLocal</local-jndi-name>
                            <configuration-name>Standard CMP 2.x EntityBean</configuration-name>
                        </entity>
                    </enterprise-beans>
                </jboss>
                """);
        assertThat(applied(before, ReadOnlySwitches.jboss(before, "Book"))).isEqualTo("""
                <?xml version="1.0"?>
                <!DOCTYPE jboss PUBLIC "-//JBoss//DTD JBOSS 3.2//EN" "http://www.jboss.org/j2ee/dtd/jboss_3_2.dtd">
                <jboss>
                    <!-- the catalogue -->
                    <enterprise-beans>
                        <entity>
                            <ejb-name>Book</ejb-name>
                            <local-jndi-name>BookLocal</local-jndi-name>
                            <read-only>true</read-only>
                            <configuration-name>Standard CMP 2.x EntityBean</configuration-name>
                        </entity>
                    </enterprise-beans>
                </jboss>
                """);
    }

    @Test
    void jbossWithoutTheBeanGetsANewEntityBlock() {
        SourceText before = text("jboss.xml", """
                <jboss>
                  <enterprise-beans>
                    <session>
                      <ejb-name>Cart</ejb-name>
                    </session>
                  </enterprise-beans>
                </jboss>
                """);
        assertThat(applied(before, ReadOnlySwitches.jboss(before, "Book"))).isEqualTo("""
                <jboss>
                  <enterprise-beans>
                    <session>
                      <ejb-name>Cart</ejb-name>
                    </session>
                    <entity>
                      <ejb-name>Book</ejb-name>
                      <read-only>true</read-only>
                    </entity>
                  </enterprise-beans>
                </jboss>
                """);
    }

    @Test
    void jbossReadOnlyFalseBecomesTrueAndTrueStaysUnchanged() {
        SourceText off = text("jboss.xml", "<jboss><enterprise-beans><entity><ejb-name>B</ejb-name><read-only>false</read-only></entity></enterprise-beans></jboss>");
        assertThat(applied(off, ReadOnlySwitches.jboss(off, "B")))
                .isEqualTo("<jboss><enterprise-beans><entity><ejb-name>B</ejb-name><read-only>true</read-only></entity></enterprise-beans></jboss>");
        SourceText on = text("jboss.xml", "<jboss><enterprise-beans><entity><ejb-name>B</ejb-name><read-only>true</read-only></entity></enterprise-beans></jboss>");
        assertThat(ReadOnlySwitches.jboss(on, "B")).isEmpty();
    }

    @Test
    void crlfDescriptorGetsCrlfLines() {
        SourceText before = text("jboss.xml", "<jboss>\r\n  <enterprise-beans>\r\n    <entity>\r\n      <ejb-name>B</ejb-name>\r\n    </entity>\r\n  </enterprise-beans>\r\n</jboss>\r\n");
        assertThat(applied(before, ReadOnlySwitches.jboss(before, "B"))).isEqualTo(
                "<jboss>\r\n  <enterprise-beans>\r\n    <entity>\r\n      <ejb-name>B</ejb-name>\r\n      <read-only>true</read-only>\r\n    </entity>\r\n  </enterprise-beans>\r\n</jboss>\r\n");
    }

    @Test
    void weblogicBeanGetsAReadOnlyEntityCacheInSchemaOrder() {
        SourceText before = text("META-INF/weblogic-ejb-jar.xml", """
                <weblogic-ejb-jar>
                  <weblogic-enterprise-bean>
                    <ejb-name>Book</ejb-name>
                    <entity-descriptor>
                      <pool><max-beans-in-free-pool>10</max-beans-in-free-pool></pool>
                      <persistence><persistence-use/></persistence>
                    </entity-descriptor>
                    <local-jndi-name>BookLocal</local-jndi-name>
                  </weblogic-enterprise-bean>
                </weblogic-ejb-jar>
                """);
        assertThat(applied(before, ReadOnlySwitches.weblogic(before, "Book"))).isEqualTo("""
                <weblogic-ejb-jar>
                  <weblogic-enterprise-bean>
                    <ejb-name>Book</ejb-name>
                    <entity-descriptor>
                      <pool><max-beans-in-free-pool>10</max-beans-in-free-pool></pool>
                      <entity-cache>
                        <read-timeout-seconds>600</read-timeout-seconds>
                        <concurrency-strategy>ReadOnly</concurrency-strategy>
                      </entity-cache>
                      <persistence><persistence-use/></persistence>
                    </entity-descriptor>
                    <local-jndi-name>BookLocal</local-jndi-name>
                  </weblogic-enterprise-bean>
                </weblogic-ejb-jar>
                """);
    }

    @Test
    void weblogicExistingCacheGetsItsStrategyReplacedAndATimeout() {
        SourceText before = text("weblogic-ejb-jar.xml", """
                <weblogic-ejb-jar>
                  <weblogic-enterprise-bean>
                    <ejb-name>Book</ejb-name>
                    <entity-descriptor>
                      <entity-cache>
                        <max-beans-in-cache>100</max-beans-in-cache>
                        <concurrency-strategy>Database</concurrency-strategy>
                      </entity-cache>
                    </entity-descriptor>
                  </weblogic-enterprise-bean>
                </weblogic-ejb-jar>
                """);
        String after = applied(before, ReadOnlySwitches.weblogic(before, "Book"));
        assertThat(after).contains("        <max-beans-in-cache>100</max-beans-in-cache>\n"
                + "        <read-timeout-seconds>600</read-timeout-seconds>\n"
                + "        <concurrency-strategy>ReadOnly</concurrency-strategy>\n"
                + "      </entity-cache>");
        SourceText patched = text("weblogic-ejb-jar.xml", after);
        assertThat(ReadOnlySwitches.weblogic(patched, "Book")).as("run twice changes nothing").isEmpty();
    }

    @Test
    void javaxEntityWithWildcardImportGetsTheSimpleAnnotationWithItsIndentation() {
        SourceText before = text("src/a/Book.java", """
                package a;

                import javax.persistence.*;

                class Outer {}

                  @Entity
                  public class Book {
                      @Id Long id;
                  }
                """);
        assertThat(applied(before, DeclareReadOnlyEntity.cacheable(before, "Book"))).isEqualTo("""
                package a;

                import javax.persistence.*;

                class Outer {}

                  @Entity
                  @Cacheable
                  public class Book {
                      @Id Long id;
                  }
                """);
    }

    @Test
    void anotherCacheableImportedMeansTheFullyQualifiedAnnotation() {
        SourceText before = text("src/a/Book.java", """
                package a;
                import javax.persistence.Entity;
                import org.springframework.cache.annotation.Cacheable;
                @Entity
                public class Book {}
                """);
        assertThat(applied(before, DeclareReadOnlyEntity.cacheable(before, "Book")))
                .contains("@Entity\n@javax.persistence.Cacheable\npublic class Book {}")
                .doesNotContain("import javax.persistence.Cacheable;");
    }

    @Test
    void alreadyCachedEntityIsLeftUnchanged() {
        SourceText before = text("src/a/Book.java", """
                package a;
                import jakarta.persistence.*;
                @Entity @Cacheable public class Book {}
                """);
        assertThat(DeclareReadOnlyEntity.cacheable(before, "Book")).isEmpty();
    }

    @Test
    void persistenceUnitGetsSharedCacheModeBeforeItsProperties() {
        SourceText before = text("META-INF/persistence.xml", """
                <persistence version="2.1">
                  <persistence-unit name="pu">
                    <class>a.Book</class>
                    <properties><property name="x" value="y"/></properties>
                  </persistence-unit>
                  <persistence-unit name="other"><shared-cache-mode>ALL</shared-cache-mode></persistence-unit>
                </persistence>
                """);
        assertThat(applied(before, DeclareReadOnlyEntity.sharedCacheMode(before))).isEqualTo("""
                <persistence version="2.1">
                  <persistence-unit name="pu">
                    <class>a.Book</class>
                    <shared-cache-mode>ENABLE_SELECTIVE</shared-cache-mode>
                    <properties><property name="x" value="y"/></properties>
                  </persistence-unit>
                  <persistence-unit name="other"><shared-cache-mode>ALL</shared-cache-mode></persistence-unit>
                </persistence>
                """);
    }
}
