package io.wanlint.refactorings.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.SourceText;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MakeSessionStateSerializableTest {
    private static SourceText text(String s) { return new SourceText("src/a/T.java", s, StandardCharsets.UTF_8, false); }

    private static String applied(Optional<FileChange> change, String before) {
        assertThat(change).isPresent();
        return ((FileChange.Edit) change.get()).applyTo(before);
    }

    @Test
    void aPlainClassImplementsSerializable() {
        String before = """
                package a;
                /** History. */
                public class History<T extends Comparable<T>> {
                    private int n;
                }
                """;
        String after = applied(MakeSessionStateSerializable.implementSerializable(text(before), "History"), before);
        assertThat(after).isEqualTo(before.replace("Comparable<T>> {", "Comparable<T>> implements java.io.Serializable {"));
        assertThat(MakeSessionStateSerializable.implementSerializable(text(after), "History")).isEmpty();
    }

    @Test
    void anExistingImplementsListGetsSerializableAppended() {
        String before = """
                class Cart extends Base implements Cloneable, Comparable<Cart> { public int compareTo(Cart o) { return 0; } }
                """;
        String after = applied(MakeSessionStateSerializable.implementSerializable(text(before), "Cart"), before);
        assertThat(after).startsWith("class Cart extends Base implements Cloneable, Comparable<Cart>, java.io.Serializable {");
        assertThat(MakeSessionStateSerializable.implementSerializable(text(after), "Cart")).isEmpty();
    }

    @Test
    void onlyExtendsGetsImplementsAfterIt() {
        String before = "class Cart extends java.util.AbstractList<String> {}\n";
        assertThat(applied(MakeSessionStateSerializable.implementSerializable(text(before), "Cart"), before))
                .isEqualTo("class Cart extends java.util.AbstractList<String> implements java.io.Serializable {}\n");
    }

    @Test
    void interfacesAndSerializableClassesAreUnchanged() {
        assertThat(MakeSessionStateSerializable.implementSerializable(text("interface Cart {}"), "Cart")).isEmpty();
        assertThat(MakeSessionStateSerializable.implementSerializable(
                text("import java.io.Serializable; class Cart implements Serializable {}"), "Cart")).isEmpty();
    }

    @Test
    void aBeanFieldOfALibraryTypeBecomesTransient() {
        String before = """
                public class CartBean implements javax.ejb.SessionBean {
                    private static final long serialVersionUID = 1L;
                    @Deprecated
                    private final java.sql.Connection connection = null;
                }
                """;
        String after = applied(MakeSessionStateSerializable.markTransient(text(before), "CartBean", "connection"), before);
        assertThat(after).contains("    @Deprecated\n    private final transient java.sql.Connection connection = null;\n");
        assertThat(MakeSessionStateSerializable.markTransient(text(after), "CartBean", "connection")).isEmpty();
        assertThat(MakeSessionStateSerializable.markTransient(text(before), "CartBean", "missing")).isEmpty();
    }
}
