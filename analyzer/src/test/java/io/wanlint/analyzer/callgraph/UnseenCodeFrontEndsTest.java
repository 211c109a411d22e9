package io.wanlint.analyzer.callgraph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.UnseenCode;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 19.13 (unknown write sets) through both front ends: a plug-in the application creates by
 * reflection and casts to its own interface runs code the analysis cannot see when its class name
 * comes from an env-entry naming no class of the application, or cannot be read at all; one whose
 * env-entry names an application class is seen, and a JDBC driver loaded by name (not cast to an
 * application type) calls no bean.
 */
class UnseenCodeFrontEndsTest {
    @TempDir Path tmp;

    private static Map<String, String> app(String pricingClass) {
        return app(pricingClass, "(String) ctx.lookup(\"java:comp/env/param/Pricing\")");
    }

    private static Map<String, String> app(String pricingClass, String nameSource) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("shop/spi/Pricing.java", """
                package shop.spi;
                public interface Pricing { int price(String item); }
                """);
        files.put("shop/spi/ListPricing.java", """
                package shop.spi;
                public class ListPricing implements Pricing { public int price(String item) { return 1; } }
                """);
        files.put("shop/web/PriceServlet.java", """
                package shop.web;
                import javax.servlet.http.*;
                public class PriceServlet extends HttpServlet {
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        try {
                            javax.naming.InitialContext ctx = new javax.naming.InitialContext();
                            String name = %s;
                            shop.spi.Pricing p = (shop.spi.Pricing) Class.forName(name).newInstance();
                            Class.forName(System.getProperty("jdbc.driver")).newInstance();
                            r.getWriter().print(p.price(q.getParameter("item")));
                        } catch (Exception e) {
                            throw new java.io.IOException(e);
                        }
                    }
                }
                """.formatted(nameSource));
        files.put("WEB-INF/web.xml", """
                <?xml version="1.0"?>
                <web-app version="2.4">
                  <servlet><servlet-name>price</servlet-name><servlet-class>shop.web.PriceServlet</servlet-class></servlet>
                  <servlet-mapping><servlet-name>price</servlet-name><url-pattern>/price</url-pattern></servlet-mapping>
                  <env-entry>
                    <env-entry-name>param/Pricing</env-entry-name>
                    <env-entry-type>java.lang.String</env-entry-type>
                    <env-entry-value>%s</env-entry-value>
                  </env-entry>
                </web-app>
                """.formatted(pricingClass));
        return files;
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void aPlugInNamedByAnEnvEntryOutsideTheApplicationRunsUnseen(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = CompiledFixture.analyse(tmp, app("com.vendor.RulePricing"), frontEnd);

        assertThat(result.callGraph().unseenCode()).extracting(UnseenCode::kind, UnseenCode::name)
                .containsExactly(tuple(UnseenCode.Kind.CLASS_OUTSIDE_APPLICATION, "com.vendor.RulePricing"));
        assertThat(result.callGraph().unseenCode().get(0).describe()).contains("com.vendor.RulePricing");
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void aPlugInNamedByAnEnvEntryOfTheApplicationIsSeenAndADriverCallsNoBean(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = CompiledFixture.analyse(tmp, app("shop.spi.ListPricing"), frontEnd);

        assertThat(result.callGraph().unseenCode()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void aPlugInWhoseClassNameCannotBeReadRunsUnseen(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = CompiledFixture.analyse(tmp, app("shop.spi.ListPricing", "q.getParameter(\"impl\")"), frontEnd);

        assertThat(result.callGraph().unseenCode()).extracting(UnseenCode::kind, UnseenCode::name)
                .containsExactly(tuple(UnseenCode.Kind.UNREADABLE_NAME, "shop.spi.Pricing"));
    }
}
