package io.wanlint.refactorings.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A file's edits as one value: their order, and the errors that name the file instead of a StringBuilder's offsets. */
class FileChangeTest {
    private static final String FILE = "src/web/Status.java";
    private static final String TEXT = "import javax.naming.InitialContext;\nimport javax.sql.DataSource;\nclass Status {}\n";

    @Test
    void anImportInsertedBeforeALineThatAnotherEditRemovesComesOutBeforeTheRemoval() {
        int line = 0;
        int next = TEXT.indexOf('\n') + 1;
        // The shape of issue 16: the removal of the InitialContext import was planned before the insert at its start.
        FileChange.Edit edit = new FileChange.Edit(FILE, List.of(new TextEdit(FILE, line, next, ""),
                TextEdit.insert(FILE, line, "import javax.naming.Context;\n")));

        assertThat(edit.applyTo(TEXT)).isEqualTo("import javax.naming.Context;\nimport javax.sql.DataSource;\nclass Status {}\n");
    }

    @Test
    void insertsAtOneOffsetKeepTheirPlannedOrder() {
        FileChange.Edit edit = new FileChange.Edit(FILE, List.of(TextEdit.insert(FILE, 0, "// one\n"), TextEdit.insert(FILE, 0, "// two\n")));

        assertThat(edit.applyTo(TEXT)).startsWith("// one\n// two\nimport javax.naming.InitialContext;\n");
    }

    @Test
    void overlappingEditsAreRejectedWhenTheChangeIsBuilt() {
        assertThatThrownBy(() -> new FileChange.Edit(FILE, List.of(new TextEdit(FILE, 0, 20, ""), new TextEdit(FILE, 10, 30, "x"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("overlapping edits in " + FILE);
    }

    @Test
    void anEditBeyondTheTextIsAnErrorNamingTheFileAndTheRange() {
        FileChange.Edit edit = new FileChange.Edit(FILE, List.of(new TextEdit(FILE, 70, 90, "")));

        assertThatThrownBy(() -> edit.applyTo(TEXT)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("an edit of " + FILE + " at 70..90 lies beyond its " + TEXT.length()
                        + " characters (the file changed since the patch was planned)");
    }
}
