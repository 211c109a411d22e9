package io.wanlint.analyzer.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import org.junit.jupiter.api.Test;

class XDocletTagsTest {
    @Test
    void attributesSpreadOverLinesQuotedOrNotAreRead() {
        XDocletTags tags = XDocletTags.parse("""
                 * A facade.
                 * @ejb.bean
                 *   name="Order"  type = "Stateless"
                 *   view-type='both' jndi-name=ejb/Order
                 * @ejb:transaction type="Required"
                 * @param nothing prose, not a tag
                 * @author someone
                """, 10);
        assertThat(tags.tags()).extracting(XDocletTags.Tag::name).containsExactly("ejb.bean", "ejb.transaction");
        XDocletTags.Tag bean = tags.first("ejb.bean").orElseThrow();
        assertThat(bean.attributes()).containsEntry("name", "Order").containsEntry("type", "Stateless")
                .containsEntry("view-type", "both").containsEntry("jndi-name", "ejb/Order");
        assertThat(bean.line()).isEqualTo(11);
        assertThat(tags.first("ejb.transaction").orElseThrow().attribute("type")).isEqualTo("Required");
    }

    @Test
    void aFlagTagWithoutAttributesAndRepeatedTagsAreKept() {
        XDocletTags tags = XDocletTags.parse("""
                 * @ejb.interface-method
                 * @web.servlet-mapping url-pattern="/a"
                 * @web.servlet-mapping url-pattern="/b"
                """, 1);
        assertThat(tags.first("ejb.interface-method")).isPresent();
        assertThat(tags.all("web.servlet-mapping")).extracting(t -> t.attribute("url-pattern")).containsExactly("/a", "/b");
    }

    @Test
    void theClassJavadocCountsAcrossABlankLineButNotAcrossAnotherDeclaration() {
        CompilationUnit unit = StaticJavaParser.parse("""
                package a;
                import java.util.List;
                /**
                 * @ejb.bean name="A"
                 */

                public class ABean {
                    /** @ejb.interface-method */
                    public void run() {}
                }
                """);
        TypeDeclaration<?> type = unit.getType(0);
        assertThat(XDocletTags.of(type).first("ejb.bean").orElseThrow().attribute("name")).isEqualTo("A");
        assertThat(XDocletTags.of(type.getMethods().get(0)).first("ejb.interface-method")).isPresent();

        CompilationUnit two = StaticJavaParser.parse("""
                /** @ejb.bean name="First" */

                class First {}
                class Second {}
                """);
        assertThat(XDocletTags.of(two.getType(1))).isEqualTo(XDocletTags.NONE);
    }

    @Test
    void ordinaryJavadocHasNoTags() {
        MethodDeclaration m = StaticJavaParser.parseMethodDeclaration("/** Runs. @see Other */ void run() {}");
        assertThat(XDocletTags.of(m).isEmpty()).isTrue();
    }
}
