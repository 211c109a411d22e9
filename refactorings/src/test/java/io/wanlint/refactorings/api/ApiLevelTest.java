package io.wanlint.refactorings.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.refactorings.TextApp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The API level is read from descriptor DTDs, version attributes, schema namespaces and imports. */
class ApiLevelTest {
    @TempDir Path app;

    private ApiLevel level() { return TextApp.analysed(app).apiLevel(); }

    private void write(String path, String text) throws IOException { TextApp.write(app, path, text, StandardCharsets.UTF_8); }

    @Test
    void aServlet22DtdMeansJavaxWithoutAnnotations() throws IOException {
        write("WEB-INF/web.xml", """
                <?xml version="1.0"?>
                <!DOCTYPE web-app PUBLIC "-//Sun Microsystems, Inc.//DTD Web Application 2.2//EN" "http://java.sun.com/j2ee/dtds/web-app_2_2.dtd">
                <web-app><display-name>x</display-name></web-app>
                """);
        write("src/a/Page.java", "package a;\nimport javax.servlet.http.HttpServlet;\npublic class Page extends HttpServlet {}\n");
        assertThat(level()).satisfies(l -> {
            assertThat(l.namespace()).isEqualTo("javax");
            assertThat(l.annotations()).isFalse();
            assertThat(l.evidence()).isEqualTo("WEB-INF/web.xml: web-app 2.2");
        });
    }

    @Test
    void aJ2ee14DescriptorInAnAppThatAlreadyUsesAnnotationsKeepsThem() throws IOException {
        write("META-INF/ejb-jar.xml", "<ejb-jar xmlns=\"http://java.sun.com/xml/ns/j2ee\" version=\"2.1\"><enterprise-beans/></ejb-jar>\n");
        write("src/a/Cart.java", "package a;\nimport javax.ejb.Stateless;\n@Stateless\npublic class Cart {}\n");
        assertThat(level().annotations()).isTrue();
        assertThat(level().namespace()).isEqualTo("javax");
    }

    @Test
    void aJakartaSchemaOrJakartaImportsMeanJakarta() throws IOException {
        write("WEB-INF/web.xml", "<web-app xmlns=\"https://jakarta.ee/xml/ns/jakartaee\" version=\"6.0\"/>\n");
        assertThat(level()).isEqualTo(new ApiLevel("jakarta", true, "WEB-INF/web.xml: web-app 6.0"));
    }

    @Test
    void withoutDescriptorsTheImportsDecideAndJavaSeJavaxPackagesDoNotCount() throws IOException {
        write("src/a/Page.java", "package a;\nimport javax.naming.InitialContext;\nimport javax.sql.DataSource;\n"
                + "import jakarta.servlet.http.HttpServlet;\npublic class Page extends HttpServlet {}\n");
        assertThat(level().namespace()).isEqualTo("jakarta");
        assertThat(level().name("javax.ejb.EJB")).isEqualTo("jakarta.ejb.EJB");
    }

    @Test
    void thePlatformIsTheNewestTheDescriptorsDeclare() throws IOException {
        write("WEB-INF/web.xml", """
                <?xml version="1.0"?>
                <!DOCTYPE web-app PUBLIC "-//Sun Microsystems, Inc.//DTD Web Application 2.3//EN" "http://java.sun.com/dtd/web-app_2_3.dtd">
                <web-app/>
                """);
        assertThat(TextApp.analysed(app).platform()).isEqualTo(new ApiLevel.DeclaredPlatform(ApiLevel.Platform.J2EE_1_3,
                "WEB-INF/web.xml: web-app 2.3"));
        write("ejb/META-INF/ejb-jar.xml", "<ejb-jar xmlns=\"http://java.sun.com/xml/ns/j2ee\" version=\"2.1\"/>\n");
        assertThat(TextApp.analysed(app).platform().platform()).isEqualTo(ApiLevel.Platform.J2EE_1_4);
        write("META-INF/application.xml", "<application xmlns=\"http://xmlns.jcp.org/xml/ns/javaee\" version=\"7\"/>\n");
        assertThat(TextApp.analysed(app).platform()).isEqualTo(new ApiLevel.DeclaredPlatform(ApiLevel.Platform.JAVA_EE_7,
                "META-INF/application.xml: application 7"));
    }

    @Test
    void sourcesThatContradictTheirDescriptorsDecideThePlatform() throws IOException {
        write("META-INF/ejb-jar.xml", "<ejb-jar xmlns=\"http://java.sun.com/xml/ns/j2ee\" version=\"2.1\"/>\n");
        write("src/a/Cart.java", "package a;\nimport javax.ejb.Stateless;\n@Stateless\npublic class Cart {}\n");
        assertThat(TextApp.analysed(app).platform().platform()).isEqualTo(ApiLevel.Platform.JAVA_EE_8);
        write("src/a/Cart.java", "package a;\nimport jakarta.ejb.Stateless;\nimport jakarta.ejb.EJB;\n@Stateless\npublic class Cart {}\n");
        assertThat(TextApp.analysed(app).platform().platform()).isEqualTo(ApiLevel.Platform.JAKARTA_EE_10);
        write("META-INF/ejb-jar.xml", "<ejb-jar xmlns=\"https://jakarta.ee/xml/ns/jakartaee\" version=\"4.0\"/>\n");
        write("src/a/Cart.java", "package a;\nimport javax.ejb.Stateless;\n@Stateless\npublic class Cart {}\n");
        assertThat(TextApp.analysed(app).platform().platform()).isEqualTo(ApiLevel.Platform.JAVA_EE_8);
        write("src/a/Cart.java", "package a;\nimport jakarta.ejb.Stateless;\n@Stateless\npublic class Cart {}\n");
        assertThat(TextApp.analysed(app).platform().platform()).isEqualTo(ApiLevel.Platform.JAKARTA_EE_9);
    }

    @Test
    void withoutAVersionedDescriptorThePlatformIsTheWidestOfTheNamespace() throws IOException {
        write("src/a/Page.java", "package a;\nimport javax.servlet.http.HttpServlet;\npublic class Page extends HttpServlet {}\n");
        assertThat(TextApp.analysed(app).platform()).isEqualTo(new ApiLevel.DeclaredPlatform(ApiLevel.Platform.JAVA_EE_8,
                "no versioned descriptor"));
    }
}
