package io.wanlint.refactorings.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The packages javac's source-path listings are served from ({@link PatchVerifier.Layout#packagesListed}) are
 * those of the filter over every package it replaced, kept here as the oracle, in the same order.
 */
class SourcePathListingTest {
    /** Every package, kept when it is the one listed or, recursing, below it (session 11's filter). */
    private static Map<String, List<String>> oracle(TreeMap<String, List<String>> byPackage, String packageName, boolean recurse) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        byPackage.forEach((pkg, files) -> {
            if (!pkg.equals(packageName) && !(recurse && (packageName.isEmpty() || pkg.startsWith(packageName + ".")))) return;
            out.put(pkg, files);
        });
        return out;
    }

    @Test
    void listsThePackageAndWhenRecursingThoseBelowItButNotItsNamesakes() {
        TreeMap<String, List<String>> byPackage = new TreeMap<>();
        for (String p : List.of("", "com", "com.foo", "com.foo$x", "com.foo.a", "com.foo.a.b", "com.foo0", "com.fooa", "com.fo", "org"))
            byPackage.put(p, List.of(p + "/A.java"));
        PatchVerifier.Layout layout = new PatchVerifier.Layout(Map.of(), byPackage);
        assertThat(layout.packagesListed("com.foo", true).keySet()).containsExactly("com.foo", "com.foo.a", "com.foo.a.b");
        assertThat(layout.packagesListed("com.foo", false).keySet()).containsExactly("com.foo");
        assertThat(layout.packagesListed("", true).keySet()).containsExactlyElementsOf(byPackage.keySet());
        assertThat(layout.packagesListed("", false).keySet()).containsExactly("");
        assertThat(layout.packagesListed("net", true)).isEmpty();
    }

    @Test
    void listsAsTheFilterOverEveryPackageOnRandomLayouts() {
        List<String> parts = List.of("a", "b", "ab", "a0", "a$", "a_", "b1");
        Random random = new Random(22);
        for (int round = 0; round < 300; round++) {
            TreeMap<String, List<String>> byPackage = new TreeMap<>();
            List<String> names = new ArrayList<>(List.of(""));
            for (int i = 0; i < 30; i++) {
                StringBuilder name = new StringBuilder(parts.get(random.nextInt(parts.size())));
                for (int depth = random.nextInt(4); depth > 0; depth--) name.append('.').append(parts.get(random.nextInt(parts.size())));
                names.add(name.toString());
                if (random.nextBoolean()) byPackage.put(name.toString(), List.of(name + "/A.java", name + "/B.java"));
            }
            if (random.nextBoolean()) byPackage.put("", List.of("A.java"));
            PatchVerifier.Layout layout = new PatchVerifier.Layout(Map.of(), byPackage);
            for (String asked : names) {
                for (boolean recurse : new boolean[] {true, false}) {
                    assertThat(new ArrayList<>(layout.packagesListed(asked, recurse).entrySet()))
                            .as("%s %s in %s", asked, recurse, byPackage.keySet())
                            .isEqualTo(new ArrayList<>(oracle(byPackage, asked, recurse).entrySet()));
                }
            }
        }
    }
}
