package io.wanlint.refactorings.entity;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.refactorings.TextApp;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.Patch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which descriptor a CMP entity's read-only declaration goes to, planned against a real analysis. */
class DeclareReadOnlyEntityPlanningTest {
    private static final String EJB_JAR = """
            <?xml version="1.0"?>
            <ejb-jar>
              <enterprise-beans>
                <entity>
                  <ejb-name>Book</ejb-name>
                  <local-home>a.BookLocalHome</local-home>
                  <local>a.BookLocal</local>
                  <ejb-class>a.BookBean</ejb-class>
                  <persistence-type>Container</persistence-type>
                  <prim-key-class>java.lang.String</prim-key-class>
                  <reentrant>False</reentrant>
                  <cmp-version>2.x</cmp-version>
                  <cmp-field><field-name>isbn</field-name></cmp-field>
                  <primkey-field>isbn</primkey-field>
                </entity>
              </enterprise-beans>
            </ejb-jar>
            """;

    @TempDir Path app;
    /** The ejb-jar.xml {@link #plan()} writes. */
    private String ejbJar = EJB_JAR;

    private Optional<Patch> plan() throws IOException {
        Path src = app.resolve("src/a");
        Files.createDirectories(src);
        Files.writeString(src.resolve("BookBean.java"), """
                package a;
                import javax.ejb.*;
                public abstract class BookBean implements EntityBean {
                    public abstract String getIsbn();
                    public abstract void setIsbn(String isbn);
                }
                """);
        Files.writeString(src.resolve("BookLocal.java"), "package a; public interface BookLocal extends javax.ejb.EJBLocalObject { String getIsbn(); }");
        Files.writeString(src.resolve("BookLocalHome.java"), """
                package a;
                public interface BookLocalHome extends javax.ejb.EJBLocalHome {
                    BookLocal findByPrimaryKey(String isbn) throws javax.ejb.FinderException;
                }
                """);
        Files.createDirectories(app.resolve("META-INF"));
        Files.writeString(app.resolve("META-INF/ejb-jar.xml"), ejbJar);
        Finding finding = new Finding("WAN005", Severity.NOTE, "entity Book is read-mostly",
                new FindingLocation("src/a/BookBean.java", 3, "a.BookBean", null), List.of(), List.of(), null, null, new FindingSubject.Entity("Book"));
        return new DeclareReadOnlyEntity().patchFor(finding, TextApp.analysed(app));
    }

    @Test
    void withoutJbossXmlButWithWeblogicDescriptorsTheWeblogicDescriptorIsEdited() throws IOException {
        Files.createDirectories(app.resolve("META-INF"));
        Files.writeString(app.resolve("META-INF/weblogic-ejb-jar.xml"), """
                <weblogic-ejb-jar>
                  <weblogic-enterprise-bean>
                    <ejb-name>Book</ejb-name>
                    <local-jndi-name>BookLocal</local-jndi-name>
                  </weblogic-enterprise-bean>
                </weblogic-ejb-jar>
                """);
        Patch patch = plan().orElseThrow();
        assertThat(patch.files()).containsExactly("META-INF/weblogic-ejb-jar.xml");
        assertThat(patch.ruleId()).isEqualTo("WAN005");
    }

    @Test
    void withoutVendorDescriptorsAJbossXmlIsCreatedNextToEjbJarXml() throws IOException {
        Patch patch = plan().orElseThrow();
        assertThat(patch.changes()).singleElement().isInstanceOfSatisfying(FileChange.Create.class, c -> {
            assertThat(c.file()).isEqualTo("META-INF/jboss.xml");
            assertThat(c.text()).contains("<ejb-name>Book</ejb-name>\n      <read-only>true</read-only>");
        });
    }

    @Test
    void anEntityAlreadyReadOnlyGetsNoPatch() throws IOException {
        Files.createDirectories(app.resolve("META-INF"));
        Files.writeString(app.resolve("META-INF/jboss.xml"), """
                <jboss><enterprise-beans><entity><ejb-name>Book</ejb-name><read-only>true</read-only></entity></enterprise-beans></jboss>
                """);
        assertThat(plan()).isEmpty();
    }

    /** Applies the planned edits to the files under {@link #app}. */
    private void apply(Patch patch) throws IOException {
        for (FileChange c : patch.changes()) {
            Path file = app.resolve(c.file());
            if (c instanceof FileChange.Edit e) Files.writeString(file, e.applyTo(Files.readString(file)));
            else if (c instanceof FileChange.Create cr) Files.writeString(file, cr.text());
        }
    }

    private boolean bookReadOnly() {
        return TextApp.analysed(app).analysis().model().byName("Book").orElseThrow().readOnly();
    }

    @Test
    void withAGlassfishDescriptorItsBeanIsDeclaredReadOnlyThereAndNoJbossXmlIsCreated() throws IOException {
        Files.createDirectories(app.resolve("META-INF"));
        // Renamed on purpose: the vendor is known by the root element.
        Files.writeString(app.resolve("META-INF/appserver-ejb.xml"), """
                <sun-ejb-jar>
                  <enterprise-beans>
                    <ejb>
                      <ejb-name>Book</ejb-name>
                      <jndi-name>shop/Book</jndi-name>
                    </ejb>
                  </enterprise-beans>
                </sun-ejb-jar>
                """);
        Patch patch = plan().orElseThrow();
        assertThat(patch.files()).containsExactly("META-INF/appserver-ejb.xml");
        assertThat(patch.title()).contains("appserver-ejb.xml");

        apply(patch);
        assertThat(bookReadOnly()).as("re-analysed after the patch").isTrue();
        assertThat(plan()).as("a second run plans nothing").isEmpty();
    }

    @Test
    void withWebsphereExtensionsAReadAccessIntentPointsAtTheBeansEjbJarId() throws IOException {
        ejbJar = EJB_JAR.replace("<entity>", "<entity id=\"ContainerManagedEntity_Book\">");
        Files.createDirectories(app.resolve("META-INF"));
        Files.writeString(app.resolve("META-INF/ibm-ejb-jar-ext.xmi"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <ejbext:EJBJarExtension xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:ejbext="ejbext.xmi" xmlns:ejb="ejb.xmi" xmi:id="EJBJarExtension_1">
                  <ejbJar href="META-INF/ejb-jar.xml#ejb-jar_ID"/>
                </ejbext:EJBJarExtension>
                """);
        Patch patch = plan().orElseThrow();
        assertThat(patch.files()).containsExactly("META-INF/ibm-ejb-jar-ext.xmi");

        apply(patch);
        assertThat(Files.readString(app.resolve("META-INF/ibm-ejb-jar-ext.xmi")))
                .contains("href=\"META-INF/ejb-jar.xml#ContainerManagedEntity_Book\"").contains("accessIntentName=\"wsOptimisticRead\"");
        assertThat(bookReadOnly()).as("re-analysed after the patch").isTrue();
        assertThat(plan()).as("a second run plans nothing").isEmpty();
    }

    @Test
    void withAnOracleDescriptorTheEntityDeploymentGetsReadOnlyLocking() throws IOException {
        Files.createDirectories(app.resolve("META-INF"));
        Files.writeString(app.resolve("META-INF/orion-ejb-jar.xml"), """
                <orion-ejb-jar>
                  <enterprise-beans>
                    <entity-deployment name="Book" location="shop/Book"/>
                  </enterprise-beans>
                </orion-ejb-jar>
                """);
        Patch patch = plan().orElseThrow();
        assertThat(patch.files()).containsExactly("META-INF/orion-ejb-jar.xml");
        apply(patch);
        assertThat(bookReadOnly()).as("re-analysed after the patch").isTrue();
    }
}
