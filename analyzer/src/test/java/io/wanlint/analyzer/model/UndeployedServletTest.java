package io.wanlint.analyzer.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ParserConfiguration.LanguageLevel;
import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.Analyzer;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.ingest.JavaUnit;
import io.wanlint.analyzer.ingest.TextFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fp-undeployed-servlet: an {@code HttpServlet} subclass is a servlet (and so an entry point) when
 * a descriptor maps it or it carries {@code @WebServlet}; a module whose deployment descriptors
 * leave it out (declared only inside an XML comment, or excluded from the build) does not deploy
 * it. A module without descriptors keeps assuming every servlet is deployed.
 */
class UndeployedServletTest {
    private static final JavaParser PARSER = new JavaParser(new ParserConfiguration().setLanguageLevel(LanguageLevel.JAVA_17));

    private static String servlet(String pkg, String name, String annotation) {
        return """
                package %s;
                import javax.servlet.http.*;
                %s
                public class %s extends HttpServlet {
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) {}
                }
                """.formatted(pkg, annotation, name);
    }

    private static final String WEB_XML = """
            <?xml version="1.0"?>
            <web-app>
              <servlet><servlet-name>list</servlet-name><servlet-class>shop.web.ListServlet</servlet-class></servlet>
              <servlet-mapping><servlet-name>list</servlet-name><url-pattern>/list</url-pattern></servlet-mapping>
              <!-- a demo, switched off:
              <servlet><servlet-name>demo</servlet-name><servlet-class>shop.web.DemoServlet</servlet-class></servlet>
              <servlet-mapping><servlet-name>demo</servlet-name><url-pattern>/demo</url-pattern></servlet-mapping>
              -->
            </web-app>
            """;
    private static final String EJB_JAR = """
            <?xml version="1.0"?>
            <ejb-jar>
              <enterprise-beans>
                <session>
                  <ejb-name>SignOn</ejb-name>
                  <home>shop.signon.SignOnHome</home>
                  <remote>shop.signon.SignOn</remote>
                  <ejb-class>shop.signon.SignOnBean</ejb-class>
                  <session-type>Stateless</session-type>
                  <transaction-type>Container</transaction-type>
                </session>
              </enterprise-beans>
            </ejb-jar>
            """;

    /** A Maven web module, an Ant component with an ejb-jar.xml, and a module with no descriptors. */
    private static Map<String, String> tree() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("web/src/main/java/shop/web/ListServlet.java", servlet("shop.web", "ListServlet", ""));
        files.put("web/src/main/java/shop/web/DemoServlet.java", servlet("shop.web", "DemoServlet", ""));
        files.put("web/src/main/java/shop/web/StatusServlet.java",
                servlet("shop.web", "StatusServlet", "@javax.servlet.annotation.WebServlet(\"/status\")"));
        files.put("web/src/main/webapp/WEB-INF/web.xml", WEB_XML);
        files.put("components/signon/src/shop/signon/CreateUserServlet.java", servlet("shop.signon", "CreateUserServlet", ""));
        files.put("components/signon/src/ejb-jar.xml", EJB_JAR);
        files.put("legacy/src/main/java/shop/legacy/ReportServlet.java", servlet("shop.legacy", "ReportServlet", ""));
        return files;
    }

    private static ModelOutcome build(Map<String, String> files) {
        List<JavaUnit> units = new ArrayList<>();
        List<TextFile> xml = new ArrayList<>();
        files.forEach((path, text) -> {
            TextFile f = new TextFile(path, Path.of(path), text, "UTF-8");
            if (path.endsWith(".java")) units.add(new JavaUnit(f, PARSER.parse(text).getResult().orElseThrow()));
            else xml.add(f);
        });
        return new ComponentModelBuilder().build(units, List.of(), xml);
    }

    private static ComponentKind kindOf(ModelOutcome o, String className) {
        return o.model().byClass(className).map(Component::kind).orElseThrow();
    }

    @Test
    void aServletNoDescriptorOfItsModuleMapsIsNotAServlet() {
        ModelOutcome o = build(tree());

        assertThat(kindOf(o, "shop.web.DemoServlet")).isEqualTo(ComponentKind.PLAIN);
        assertThat(kindOf(o, "shop.signon.CreateUserServlet")).isEqualTo(ComponentKind.PLAIN);
    }

    @Test
    void mappedAnnotatedAndDescriptorlessServletsStayServlets() {
        ModelOutcome o = build(tree());

        assertThat(kindOf(o, "shop.web.ListServlet")).isEqualTo(ComponentKind.SERVLET);
        assertThat(kindOf(o, "shop.web.StatusServlet")).isEqualTo(ComponentKind.SERVLET);
        assertThat(kindOf(o, "shop.legacy.ReportServlet")).isEqualTo(ComponentKind.SERVLET);
    }

    @Test
    void onlyDeployedServletsAreEntryPoints(@TempDir Path dir) throws Exception {
        for (Map.Entry<String, String> f : tree().entrySet()) {
            Path p = dir.resolve(f.getKey());
            Files.createDirectories(p.getParent());
            Files.writeString(p, f.getValue());
        }

        List<String> entryClasses = Analyzer.analyze(AnalysisRequest.of(dir)).callGraph().entryPoints().stream()
                .map(EntryPoint::method).map(m -> m.className()).toList();

        assertThat(entryClasses).containsExactlyInAnyOrder("shop.web.ListServlet", "shop.web.StatusServlet",
                "shop.legacy.ReportServlet");
    }
}
