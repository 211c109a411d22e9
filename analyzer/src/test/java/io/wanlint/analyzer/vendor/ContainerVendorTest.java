package io.wanlint.analyzer.vendor;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalyzedFile;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which vendors an application is deployed on, from the root elements of its descriptors. */
class ContainerVendorTest {
    private static List<AnalyzedFile> descriptors(String... roots) {
        return Arrays.stream(roots).map(r -> new AnalyzedFile("d/" + r + ".xml", Path.of("d", r + ".xml"),
                AnalyzedFile.Kind.DESCRIPTOR, "UTF-8", r)).toList();
    }

    @Test
    void everyVendorDescriptorRootBelongsToExactlyOneVendor() {
        for (ContainerVendor v : ContainerVendor.all()) {
            if (v instanceof Jboss j && j.version2()) continue;
            for (String root : v.ejbRoots()) {
                if (root.equals("jaws")) continue; // JBoss 2 is told by the set of files only
                assertThat(ContainerVendor.ofRoot(root)).as(root).contains(v);
            }
            for (String root : v.webRoots()) assertThat(ContainerVendor.ofRoot(root)).as(root).contains(v);
        }
        assertThat(ContainerVendor.ofRoot("ejb-jar")).isEmpty();
        assertThat(ContainerVendor.ofRoot("web-app")).isEmpty();
    }

    @Test
    void deployedOnListsTheVendorsOfEjbDescriptorsInWan005Order() {
        assertThat(ContainerVendor.deployedOn(descriptors("ejb-jar", "sun-ejb-jar", "EJBJarExtension", "jboss")))
                .containsExactly(new Jboss(false), new Websphere(), new Glassfish());
        // Web-module descriptors say where the web tier runs, not how its entity beans are cached.
        assertThat(ContainerVendor.deployedOn(descriptors("web-app", "jboss-web", "ibm-web-bnd"))).isEmpty();
        assertThat(ContainerVendor.deployedOn(descriptors("orion-ejb-jar"))).containsExactly(new OracleAs());
    }

    @Test
    void jbossXmlBesideJawsXmlIsJboss2UnlessJbosscmpJdbcIsThereToo() {
        assertThat(ContainerVendor.deployedOn(descriptors("jboss", "jaws"))).containsExactly(new Jboss(true));
        assertThat(ContainerVendor.deployedOn(descriptors("jboss", "jaws", "jbosscmp-jdbc")))
                .containsExactly(new Jboss(true), new Jboss(false));
    }

    @Test
    void filesWithoutARootElementSayNothing() {
        AnalyzedFile unknown = new AnalyzedFile("META-INF/jboss.xml", Path.of("jboss.xml"), AnalyzedFile.Kind.DESCRIPTOR, "UTF-8");
        assertThat(ContainerVendor.deployedOn(List.of(unknown))).isEmpty();
    }
}
