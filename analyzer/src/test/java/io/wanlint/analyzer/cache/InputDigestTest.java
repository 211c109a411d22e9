package io.wanlint.analyzer.cache;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.ingest.TextFile;
import io.wanlint.analyzer.ingest.Workspace;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

class InputDigestTest {
    private static String hex(String text) {
        return HexFormat.of().formatHex(InputDigest.contentHash(text));
    }

    @Test
    void equalTextsHashAlikeAndAnyChangedCharChangesTheHash() {
        String text = "class A { String s = \"é\"; }\n";
        assertThat(hex(text)).isEqualTo(hex(new String(text.toCharArray())));
        assertThat(hex(text)).isNotEqualTo(hex(text.replace('é', 'e')));
        assertThat(hex(text)).isNotEqualTo(hex(text + " "));
    }

    @Test
    void anUnpairedSurrogateIsNotTakenForTheQuestionMarkUtf8WouldWriteForIt() {
        String lone = "class A { char c = '\uD800'; }";
        String question = "class A { char c = '?'; }";
        // What plain UTF-8 hashing would have confused:
        assertThat(lone.getBytes(StandardCharsets.UTF_8)).isEqualTo(question.getBytes(StandardCharsets.UTF_8));

        assertThat(hex(lone)).isNotEqualTo(hex(question));
        assertThat(hex(lone)).isNotEqualTo(hex("class A { char c = '\uDC00'; }"))
                .isNotEqualTo(hex("class A { char c = '\uFFFD'; }")); // what UTF-16 encoders write for it
    }

    @Test
    void textsWithAndWithoutSurrogatesAreHashedInSeparateForms() throws Exception {
        String pair = "// \uD83D\uDE00 emoji\n";
        MessageDigest utf16 = MessageDigest.getInstance("SHA-256");
        utf16.update((byte) 16);
        assertThat(InputDigest.contentHash(pair)).isEqualTo(utf16.digest(pair.getBytes(StandardCharsets.UTF_16LE))); // a valid pair: as UTF-16

        String plain = "// plain\n";
        MessageDigest utf8 = MessageDigest.getInstance("SHA-256");
        utf8.update((byte) 8);
        assertThat(InputDigest.contentHash(plain)).isEqualTo(utf8.digest(plain.getBytes(StandardCharsets.UTF_8)));

        assertThat(List.of(hex(pair), hex(plain), hex(""))).doesNotHaveDuplicates();
    }

    /** A properties file names the classes code loads by key: a change of it re-analyses everything. */
    @Test
    void aChangedPropertiesFileChangesTheDigestAndTheStructure() {
        Path root = Path.of("/app");
        AnalysisRequest request = AnalysisRequest.of(root);
        TextFile servlet = new TextFile("Shop.java", root.resolve("Shop.java"), "class Shop {}", "UTF-8");
        InputDigest cached = InputDigest.of(request, workspace(servlet, "dao=shop.JdbcDao"), root.resolve("x"), false);
        InputDigest same = InputDigest.of(request, workspace(servlet, "dao=shop.JdbcDao"), root.resolve("x"), false);
        InputDigest changed = InputDigest.of(request, workspace(servlet, "dao=shop.CachedDao"), root.resolve("x"), false);

        assertThat(same.digest()).isEqualTo(cached.digest());
        assertThat(changed.digest()).isNotEqualTo(cached.digest());
        assertThat(changed.structure()).isNotEqualTo(cached.structure());
    }

    private static Workspace workspace(TextFile java, String properties) {
        TextFile props = new TextFile("dao.properties", Path.of("/app/dao.properties"), properties, "ISO-8859-1");
        return new Workspace(List.of(java), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(props));
    }
}
