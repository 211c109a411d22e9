package io.wanlint.analyzer.callgraph;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.StaticJavaParser;
import org.junit.jupiter.api.Test;

class SurfaceFingerprintTest {
    private static final String BEAN = """
            package shop;
            import javax.ejb.*;
            /** A cart. */
            @Stateless
            public class CartBean implements Cart {
                public static final String HOME = "ejb/CartHome";
                @EJB private Pricing pricing;
                static { System.out.println("loaded"); }
                public int total(String id) throws PricingException {
                    int sum = pricing.price(id);
                    return sum;
                }
                static class Line { int qty; }
            }
            """;

    private static String of(String source) {
        return SurfaceFingerprint.of(StaticJavaParser.parse(source));
    }

    @Test
    void bodiesCommentsAndFormattingDoNotCount() {
        assertThat(of(BEAN.replace("int sum = pricing.price(id);", "int sum = pricing.price(id) + pricing.price(id);")))
                .isEqualTo(of(BEAN));
        assertThat(of(BEAN.replace("System.out.println(\"loaded\");", ""))).isEqualTo(of(BEAN));
        assertThat(of(BEAN.replace("/** A cart. */", "/** A shopping cart, kept per user. */"))).isEqualTo(of(BEAN));
        assertThat(of(BEAN.replace("return sum;", "return sum; // the total"))).isEqualTo(of(BEAN));
    }

    @Test
    void declarationsCount() {
        String base = of(BEAN);
        assertThat(of(BEAN.replace("\"ejb/CartHome\"", "\"ejb/ShoppingCartHome\""))).as("a constant's value").isNotEqualTo(base);
        assertThat(of(BEAN.replace("@EJB private", "private"))).as("a field's annotation").isNotEqualTo(base);
        assertThat(of(BEAN.replace("@Stateless", "@Stateful"))).as("a class annotation").isNotEqualTo(base);
        assertThat(of(BEAN.replace("total(String id)", "total(Object id)"))).as("a parameter type").isNotEqualTo(base);
        assertThat(of(BEAN.replace(" throws PricingException", ""))).as("a throws clause").isNotEqualTo(base);
        assertThat(of(BEAN.replace("implements Cart", "implements Cart, java.io.Serializable"))).as("a supertype").isNotEqualTo(base);
        assertThat(of(BEAN.replace("import javax.ejb.*;", "import javax.ejb.*;\nimport java.util.List;"))).as("an import")
                .isNotEqualTo(base);
        assertThat(of(BEAN.replace("int qty;", "int qty; long price;"))).as("a nested type's field").isNotEqualTo(base);
        assertThat(of(BEAN.replace("    static { System.out.println(\"loaded\"); }\n", ""))).as("an initializer block")
                .isNotEqualTo(base);
    }

    private static final String TAGGED = """
            package shop.ejb;
            import javax.ejb.*;
            /**
             * A cart, declared the XDoclet way.
             * @ejb.bean name="Cart" type="Stateless" view-type="remote"
             * @ejb.transaction type="Required"
             */
            public class CartBean implements SessionBean {
                /**
                 * The total.
                 * @ejb.interface-method
                 */
                public int total(String id) { return 0; }
            }
            """;

    @Test
    void xdocletTagsAreDeclarationsAndTheProseAroundThemIsNot() {
        String base = of(TAGGED);
        assertThat(of(TAGGED.replace("A cart, declared the XDoclet way.", "A shopping cart."))).isEqualTo(base);
        assertThat(of(TAGGED.replace("The total.", "The cart's total."))).isEqualTo(base);
        assertThat(of(TAGGED.replace("type=\"Stateless\"", "type=\"Stateful\""))).as("a bean tag").isNotEqualTo(base);
        assertThat(of(TAGGED.replace("type=\"Required\"", "type=\"RequiresNew\""))).as("a transaction tag").isNotEqualTo(base);
        assertThat(of(TAGGED.replace("@ejb.interface-method", ""))).as("a method tag").isNotEqualTo(base);
    }

    @Test
    void aTypeMovingToAnotherLineCounts() {
        // The component model reports a class at its name's line.
        assertThat(of(BEAN.replace("/** A cart. */", "/**\n * A cart.\n */"))).isNotEqualTo(of(BEAN));
        assertThat(of(BEAN.replace("return sum;", "\n        return sum;"))).as("a nested type below moved").isNotEqualTo(of(BEAN));
    }
}
