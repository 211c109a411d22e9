package io.wanlint.refactorings.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What a compile keeps of a file javac read from the source path, and when that still stands ({@link SourcePathRead}). */
class SourcePathReadTest {
    private static final String BEAN = """
            package p;

            public class Bean {
                public int count() {
                    return 1;
                }

                public String name() {
                    return "bean";
                }
            }
            """;

    private static final String EDITED = BEAN.replace("return 1;", "System.out.println(\"edit\");\n        return 1;");

    private static String keptAsDeclarations(String text, List<PatchVerifier.JavacError> errors) {
        return SourcePathRead.remembered(text, SourcePathDeclarations.of(text), errors);
    }

    @Test
    void aFileReadWholeIsKeptByItsTokensOnTheirLines() {
        String kept = SourcePathRead.remembered(BEAN, BEAN, List.of());
        assertThat(SourcePathRead.unchanged(kept, BEAN.replace("public class", "public  class"))).isTrue();
        assertThat(SourcePathRead.unchanged(kept, EDITED)).isFalse();
    }

    @Test
    void aFileReadAsDeclarationsKeepsItsResultAfterABodyEditWithALineMore() {
        String kept = keptAsDeclarations(BEAN, List.of());
        assertThat(SourcePathRead.unchanged(kept, EDITED)).isTrue();
        assertThat(SourcePathRead.unchanged(kept, BEAN.replace("name()", "title()"))).isFalse();
    }

    @Test
    void anErrorBelowTheMovedLinesWouldNameAnotherLineSoTheResultIsNotKept() {
        List<PatchVerifier.JavacError> inName = List.of(new PatchVerifier.JavacError("p/Bean.java", 9, "compiler.err.x", "m"));
        List<PatchVerifier.JavacError> inCount = List.of(new PatchVerifier.JavacError("p/Bean.java", 4, "compiler.err.x", "m"));
        assertThat(SourcePathRead.unchanged(keptAsDeclarations(BEAN, inName), EDITED)).isFalse();
        assertThat(SourcePathRead.unchanged(keptAsDeclarations(BEAN, inCount), EDITED)).isTrue();
    }

    @Test
    void aFileWithATextBlockIsKeptStrictly() {
        String withBlock = BEAN.replace("public int count()", "static final String SQL = \"\"\"\n        select 1\n        \"\"\";\n\n    public int count()");
        String kept = keptAsDeclarations(withBlock, List.of());
        assertThat(kept).doesNotContain("declarations");
        assertThat(SourcePathRead.unchanged(kept, withBlock.replace("return 1;", "System.out.println(\"edit\");\n        return 1;")))
                .isFalse();
    }
}
