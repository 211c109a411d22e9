package io.wanlint.analyzer.cost;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.EntityCache;
import io.wanlint.analyzer.api.WanCostModel;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code wanlint explain cost-model} documents the edge cache (issue 27's acceptance). */
class EdgeCacheExplanationTest {
    private static final String PAGE = WanCostModel.explanation();

    @Test
    void explanationCitesLeffAndRayfieldTableTwoWithItsFourFigures() {
        assertThat(PAGE).contains("Table 2").contains("ES/RBES").contains("23.6").contains("9.4").contains("3.1").contains("2.0");
    }

    /** Each charge's reason starts with a name the page's table gives (the names are read from the code). */
    @Test
    void everyChargeNameOfTheEdgeCacheIsInThePagesTable() throws Exception {
        String code = Files.readString(Path.of("src/main/java/io/wanlint/analyzer/cost/EdgeCacheCharges.java"));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"((?:cache miss|cache hit|finder at the back end|shipped with the commit|flush|commit)): ").matcher(code);
        java.util.Set<String> names = new java.util.TreeSet<>();
        while (m.find()) names.add(m.group(1));
        assertThat(names).containsExactlyInAnyOrder("cache miss", "cache hit", "finder at the back end", "shipped with the commit",
                "flush", "commit");
        String section = PAGE.substring(PAGE.indexOf("## The edge cache"), PAGE.indexOf("## Comparing deployments"));
        for (String n : names) assertThat(section).as(n).contains("`" + n + ": ");
    }

    /** Every cost of {@link EntityCache} can be overridden, and the page's example shows how. */
    @Test
    void everyOverridableCacheCostIsInThePagesExample() {
        String section = PAGE.substring(PAGE.indexOf("## The edge cache"), PAGE.indexOf("## Comparing deployments"));
        for (RecordComponent c : EntityCache.class.getRecordComponents()) {
            String key = c.getName().equals("backEndSite") ? "backEnd" : c.getName();
            assertThat(section).as(key).contains("    " + key + ":");
        }
    }
}
