package io.wanlint.analyzer.api;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class VisibleTextTest {
    @Test
    void controlAndBidiCharactersBecomeVisibleEscapes() {
        assertThat(VisibleText.escape("a\u001b[2K\rok\n\t\u007f\u009b")).isEqualTo("a\\x1b[2K\\x0dok\\x0a\\x09\\x7f\\x9b");
        assertThat(VisibleText.escape("admin\u202e\u2066txt.exe\u2069")).isEqualTo("admin\\u202e\\u2066txt.exe\\u2069");
    }

    @Test
    void ordinaryTextOfAnyScriptIsUnchanged() {
        String text = "Größe · 数据 · façade → naïve \\x1b";

        assertThat(VisibleText.escape(text)).isSameAs(text);
    }

    @Test
    void quotesAreCutToFortyCharactersThenEscaped() {
        assertThat(VisibleText.quote("x".repeat(100))).isEqualTo("x".repeat(40) + "…");
        assertThat(VisibleText.quote("\u001b" + "y".repeat(50))).isEqualTo("\\x1b" + "y".repeat(39) + "…");
    }

    @Test
    void parserMessagesLoseTheirExcerptLinesAndLongQuotes() {
        String snakeYaml = "mapping values are not allowed here\n in 'reader', line 1, column 5:\n    root:x:0:0:secret\n        ^";
        String jackson = "Unrecognized token '" + "s".repeat(300) + "': was expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false')";

        assertThat(VisibleText.parserMessage(snakeYaml)).isEqualTo("mapping values are not allowed here")
                .doesNotContain("secret");
        assertThat(VisibleText.parserMessage(jackson)).startsWith("Unrecognized token '" + "s".repeat(40) + "…': was expecting")
                .doesNotContain("s".repeat(41));
    }
}
