package io.wanlint.analyzer.cache;

import org.junit.jupiter.api.Test;

import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class KeyDigestTest {

    private static String of(List<String> parts) {
        MessageDigest d = KeyDigest.sha256();
        parts.forEach(p -> KeyDigest.update(d, p));
        return HexFormat.of().formatHex(d.digest());
    }

    @Test
    void theSameStringsGiveTheSameKey() {
        assertThat(of(List.of("file A.java", "class A {}"))).isEqualTo(of(List.of("file A.java", "class A {}")));
    }

    @Test
    void stringsSplitDifferentlyGiveDifferentKeysEvenWithNulAndDigitsInThem() {
        assertThat(of(List.of("ab", "c"))).isNotEqualTo(of(List.of("a", "bc")));
        assertThat(of(List.of("a\0", "b"))).isNotEqualTo(of(List.of("a", "\0b")));
        assertThat(of(List.of("", "x"))).isNotEqualTo(of(List.of("x")));
    }

    @Test
    void eachStringIsAddedAfterItsUtf8LengthInFourBytes() throws Exception {
        MessageDigest expected = MessageDigest.getInstance("SHA-256");
        expected.update(new byte[] {0, 0, 0, 3});
        expected.update("é1".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertThat(of(List.of("é1"))).isEqualTo(HexFormat.of().formatHex(expected.digest()));
    }
}
