package io.wanlint.analyzer.ingest;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SourceSizeLimitTest {
    private static String statements(int n) {
        StringBuilder s = new StringBuilder("class Big {\n  int m(int x) {\n");
        for (int i = 0; i < n; i++) s.append("    x++;\n");
        return s.append("    return x;\n  }\n}\n").toString();
    }

    @Test
    void aMillionStatementsInOneMethodAreAboveTheLimit() {
        assertThat(SourceSizeLimit.exceededBy(statements(1_000_000))).hasValueSatisfying(why ->
                assertThat(why).startsWith("not analysed: more than 2,500,000 tokens"));
    }

    @Test
    void twoHundredThousandStatementsAreWithinIt() {
        assertThat(SourceSizeLimit.exceededBy(statements(200_000))).isEmpty();
    }

    /** The shape of HostileJavaTest's five-megabyte file, which must still be analysed. */
    @Test
    void fiveMegabytesOfOrdinaryMethodsAreWithinIt() {
        StringBuilder source = new StringBuilder("package gen;\npublic class Huge {\n");
        String padding = "generated constant ".repeat(5);
        for (int i = 0; source.length() < 5_000_000; i++) {
            source.append("    int m").append(i).append("(int a) { return m").append(Math.max(0, i - 1))
                    .append("(a - 1) + \"").append(padding).append(i).append("\".length(); }\n");
        }
        assertThat(SourceSizeLimit.estimateTokens(source.toString(), Long.MAX_VALUE)).isBetween(500_000L, 1_400_000L);
        assertThat(SourceSizeLimit.exceededBy(source.toString())).isEmpty();
    }

    /** Decoded, {@code \u005cu000a} in a line comment makes code of the rest: such escapes are counted too. */
    @Test
    void escapesInCommentsCountAsTheCodeTheyMayBecome() {
        String hidden = "// " + "\\u000a".repeat(1_300_000) + "\n";

        assertThat(SourceSizeLimit.exceededBy(hidden)).isPresent();
        assertThat(SourceSizeLimit.estimateTokens("// a comment\n/* another */ \"a string\"", Long.MAX_VALUE)).isEqualTo(5);
    }

    @Test
    void sixteenMebibytesOfAnythingAreAboveTheLimit() {
        String comment = "/*" + " ".repeat(SourceSizeLimit.MAX_CHARS) + "*/";

        assertThat(SourceSizeLimit.exceededBy(comment)).hasValueSatisfying(why -> assertThat(why).contains("16 MiB"));
    }
}
