package io.wanlint.refactorings.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.RoundTrips;
import java.util.List;
import org.junit.jupiter.api.Test;

class PatchSetTest {
    private static final String FILE = "src/Page.java";
    private static final String TEXT = "import a.B;\nclass Page {\n    void doGet() { b.c(); b.d(); }\n}\n";

    private static Patch patch(String fingerprint, String rule, FileChange... changes) {
        return new Patch(fingerprint, rule, "t", List.of(changes), RoundTrips.of(5), RoundTrips.of(1));
    }

    private static FileChange.Edit facadeEdit() {
        return new FileChange.Edit(FILE, List.of(TextEdit.insert(FILE, 11, "\nimport f.Facade;"),
                new TextEdit(FILE, 44, 57, "facade().page();")));
    }

    @Test
    void aSecondPatchMakingTheSameChangesIsIncludedNotConflicting() {
        FileChange.Create created = new FileChange.Create("src/f/Facade.java", "package f;\n");
        Patch wan001 = patch("one", "WAN001", facadeEdit(), created);
        Patch wan002 = patch("two", "WAN002", facadeEdit(), created);

        PatchSet set = PatchSet.of(List.of(wan001, wan002));

        assertThat(set.combined()).containsExactly(wan001, wan002);
        assertThat(set.conflicting()).isEmpty();
        // Applied once: the import is not inserted twice.
        assertThat(((FileChange.Edit) set.changes().get(FILE)).applyTo(TEXT))
                .isEqualTo("import a.B;\nimport f.Facade;\nclass Page {\n    void doGet() { facade().page(); }\n}\n");
    }

    @Test
    void aDifferentChangeOfTheSameTextStillConflicts() {
        Patch first = patch("one", "WAN001", facadeEdit());
        Patch other = patch("two", "WAN006", new FileChange.Edit(FILE, List.of(new TextEdit(FILE, 44, 50, "cached();"))));

        PatchSet set = PatchSet.of(List.of(first, other));

        assertThat(set.combined()).containsExactly(first);
        assertThat(set.conflicting()).containsExactly(other);
    }
}
