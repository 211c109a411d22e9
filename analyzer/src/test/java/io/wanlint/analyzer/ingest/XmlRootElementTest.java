package io.wanlint.analyzer.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class XmlRootElementTest {
    @Test
    void prologCommentsAndDoctypeWithInternalSubsetAreSkipped() {
        assertThat(XmlRootElement.of("""
                \uFEFF<?xml version="1.0"?>
                <!-- generated > by hand -->
                <!DOCTYPE jboss PUBLIC "-//JBoss//DTD JBOSS 3.2//EN" "x.dtd" [ <!ENTITY a "b>"> ]>
                <jboss><enterprise-beans/></jboss>
                """)).contains("jboss");
    }

    @Test
    void theNamespacePrefixIsDropped() {
        assertThat(XmlRootElement.of("<ejbbnd:EJBJarBinding xmi:version=\"2.0\">")).contains("EJBJarBinding");
        assertThat(XmlRootElement.of("<sun-ejb-jar/>")).contains("sun-ejb-jar");
    }

    @Test
    void textThatIsNotXmlHasNoRoot() {
        assertThat(XmlRootElement.of("key=value\n<jboss/>")).isEmpty();
        assertThat(XmlRootElement.of("<!-- never closed")).isEmpty();
        assertThat(XmlRootElement.of("")).isEmpty();
    }
}
