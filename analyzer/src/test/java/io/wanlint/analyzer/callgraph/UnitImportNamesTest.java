package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.CompilationUnit;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A unit's type names resolve through its imports read once into text (the first single-type import
 * of each simple name, the on-demand imports in order): the answers are those of going through the
 * import declarations one by one, kept here as the oracle.
 */
class UnitImportNamesTest {

    private static final String HELPER = """
            package app.util;
            public class Helper { public static class Nested {} }
            """;
    private static final String SAME_PACKAGE = """
            package app.web;
            public class Neighbour {}
            """;
    private static final String PAGE = """
            package app.web;
            import java.util.List;
            import java.awt.List;
            import static java.util.Collections.emptyList;
            import static app.util.Helper.*;
            import java.util.Map.Entry;
            import javax.servlet.http.*;
            import java.util.*;
            import app.util.Helper;
            import app.util.Helper.Nested;
            import java.io.*;
            import org.hibernate.Session;
            public class Page {}
            """;
    private static final String NO_PACKAGE = """
            import java.util.Map;
            import app.util.*;
            public class Loose {}
            """;

    private static final List<String> WRITTEN = List.of("List", "List<String>", "Entry", "Map", "Map.Entry", "Map.Entry<K, V>",
            "HttpServletRequest", "HttpSession[]", "Helper", "Helper.Nested", "Nested", "Neighbour", "Page", "Session",
            "Session.Factory", "String", "Object", "Thread.State", "File", "InputStream", "Collections", "emptyList",
            "Unknown", "app.util.Helper", "java.util.Date", "org.other.Thing", "List.Sub", "Entry.Key", "ArrayList",
            "Helper$Nested", "Loose");

    @Test
    void namesResolveAsThroughEachImportDeclaration() {
        CompilationUnit page = GraphFixture.parse(PAGE);
        CompilationUnit loose = GraphFixture.parse(NO_PACKAGE);
        List<AppTypes.UnitSource> sources = List.of(
                new AppTypes.UnitSource(GraphFixture.parse(HELPER), "app/util/Helper.java", null, null),
                new AppTypes.UnitSource(GraphFixture.parse(SAME_PACKAGE), "app/web/Neighbour.java", null, null),
                new AppTypes.UnitSource(page, "app/web/Page.java", null, null),
                new AppTypes.UnitSource(loose, "Loose.java", null, null));
        AppTypes types = new AppTypes(sources);
        for (CompilationUnit unit : List.of(page, loose)) {
            for (String written : WRITTEN) {
                assertThat(types.resolveInUnit(written, unit)).as(written + " in " + unit.getType(0).getNameAsString())
                        .isEqualTo(types.resolveInUnitByImports(written, unit));
            }
        }
        // What the cases cover: the first of two imports of a simple name, nested imports, on-demand packages.
        assertThat(types.resolveInUnit("List", page)).contains("java.util.List");
        assertThat(types.resolveInUnit("Entry", page)).contains("java.util.Map.Entry");
        assertThat(types.resolveInUnit("Nested", page)).contains("app.util.Helper.Nested");
        assertThat(types.resolveInUnit("HttpSession", page)).contains("javax.servlet.http.HttpSession");
        assertThat(types.resolveInUnit("Session.Factory", page)).contains("org.hibernate.Session.Factory");
        assertThat(types.resolveInUnit("Neighbour", page)).contains("app.web.Neighbour");
        assertThat(types.resolveInUnit("Helper", loose)).contains("app.util.Helper");
    }
}
