package io.wanlint.analyzer.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ast.CompilationUnit;
import io.wanlint.analyzer.ingest.JavaUnit;
import io.wanlint.analyzer.ingest.TextFile;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class SourceSuppressionsTest {
    private static JavaUnit unit(String code) {
        CompilationUnit cu = new JavaParser().parse(code).getResult().orElseThrow();
        return new JavaUnit(new TextFile("src/X.java", Path.of("src/X.java"), code, "UTF-8"), cu);
    }

    @Test
    void methodAnnotationSuppressesOnlyThatRuleInThatMethod() {
        var index = SourceSuppressions.of(List.of(unit("""
                package shop.web;
                class CatalogServlet {
                    @SuppressWarnings("wanlint:WAN003")
                    void doGet() {}
                    void doPost() {}
                }
                """)));

        assertThat(index.suppresses("shop.web.CatalogServlet", "doGet", "WAN003")).isTrue();
        assertThat(index.suppresses("shop.web.CatalogServlet", "doGet", "WAN001")).isFalse();
        assertThat(index.suppresses("shop.web.CatalogServlet", "doPost", "WAN003")).isFalse();
        assertThat(index.suppresses("shop.web.CatalogServlet", null, "WAN003")).isFalse();
    }

    @Test
    void classAnnotationCoversMethodsNestedClassesAndClassLevelFindings() {
        var index = SourceSuppressions.of(List.of(unit("""
                package shop.ejb;
                @SuppressWarnings({"unchecked", "wanlint:wan005"})
                public class CategoryBean {
                    void ejbLoad() {}
                    static class Key {
                        @java.lang.SuppressWarnings(value = "wanlint")
                        Key() {}
                    }
                }
                """)));

        assertThat(index.suppresses("shop.ejb.CategoryBean", null, "WAN005")).isTrue();
        assertThat(index.suppresses("shop.ejb.CategoryBean", "ejbLoad", "WAN005")).isTrue();
        assertThat(index.suppresses("shop.ejb.CategoryBean$Key", "anything", "WAN005")).isTrue();
        assertThat(index.suppresses("shop.ejb.CategoryBean.Key", "<init>", "WAN002")).isTrue();
        assertThat(index.suppresses("shop.ejb.CategoryBean", "ejbLoad", "WAN002")).isFalse();
        assertThat(index.suppresses("shop.ejb.Other", null, "WAN005")).isFalse();
    }

    @Test
    void otherSuppressWarningsValuesSuppressNothing() {
        var index = SourceSuppressions.of(List.of(unit("""
                @SuppressWarnings("deprecation") class Plain { @SuppressWarnings("wanlint-ish") void run() {} }
                """)));
        assertThat(index.suppresses("Plain", "run", "WAN001")).isFalse();
    }
}
