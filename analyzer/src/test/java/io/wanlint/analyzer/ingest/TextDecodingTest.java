package io.wanlint.analyzer.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TextDecodingTest {

    @Test
    void latin1SourceIsDecodedAsIso88591() {
        String source = """
                // Prüfung der Bestellung, café
                class Bestellung { String s = "Grüße é"; }
                """;
        var decoded = TextDecoding.decode(source.getBytes(StandardCharsets.ISO_8859_1));

        assertThat(decoded.encoding()).isEqualTo("ISO-8859-1");
        assertThat(decoded.text()).isEqualTo(source);
        assertThat(decoded.problem()).isEmpty();
    }

    @Test
    void validUtf8IsDecodedAsUtf8() {
        String source = "class A { String s = \"Grüße é €\"; }";
        var decoded = TextDecoding.decode(source.getBytes(StandardCharsets.UTF_8));

        assertThat(decoded.encoding()).isEqualTo("UTF-8");
        assertThat(decoded.text()).isEqualTo(source);
    }

    @Test
    void utf8ByteOrderMarkIsStripped() {
        byte[] body = "class A { char c = 'ü'; }".getBytes(StandardCharsets.UTF_8);
        byte[] bytes = new byte[body.length + 3];
        bytes[0] = (byte) 0xEF;
        bytes[1] = (byte) 0xBB;
        bytes[2] = (byte) 0xBF;
        System.arraycopy(body, 0, bytes, 3, body.length);

        var decoded = TextDecoding.decode(bytes);

        assertThat(decoded.encoding()).isEqualTo("UTF-8");
        assertThat(decoded.text()).isEqualTo("class A { char c = 'ü'; }");
    }

    @Test
    void utf16ByteOrderMarkSelectsUtf16() {
        byte[] bytes = "\uFEFF<ejb-jar/>".getBytes(StandardCharsets.UTF_16LE);

        var decoded = TextDecoding.decodeXml(bytes);

        assertThat(decoded.encoding()).isEqualTo("UTF-16LE");
        assertThat(decoded.text()).isEqualTo("<ejb-jar/>");
    }

    @Test
    void invalidUtf8FallsBackToLatin1WithoutFailing() {
        byte[] bytes = {'c', 'l', 'a', 's', 's', ' ', 'A', '{', (byte) 0xC3, (byte) 0x28, (byte) 0xFF, '}'};

        var decoded = TextDecoding.decode(bytes);

        assertThat(decoded.encoding()).isEqualTo("ISO-8859-1");
        assertThat(decoded.text()).isEqualTo("class A{\u00C3(\u00FF}");
    }

    @Test
    void xmlDeclaredEncodingIsHonouredWhenBytesMatch() {
        String xml = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><ejb-jar><description>Bücher</description></ejb-jar>";

        var decoded = TextDecoding.decodeXml(xml.getBytes(StandardCharsets.ISO_8859_1));

        assertThat(decoded.encoding()).isEqualTo("ISO-8859-1");
        assertThat(decoded.text()).contains("Bücher");
        assertThat(decoded.problem()).isEmpty();
    }

    @Test
    void wrongXmlEncodingDeclarationFallsBackAndIsReported() {
        String xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><web-app><display-name>Café</display-name></web-app>";

        var decoded = TextDecoding.decodeXml(xml.getBytes(StandardCharsets.ISO_8859_1));

        assertThat(decoded.encoding()).isEqualTo("ISO-8859-1");
        assertThat(decoded.text()).contains("Café");
        assertThat(decoded.problem()).hasValueSatisfying(p -> assertThat(p).contains("UTF-8"));
    }

    @Test
    void unknownXmlEncodingIsReported() {
        String xml = "<?xml version='1.0' encoding='x-no-such-charset'?><application/>";

        var decoded = TextDecoding.decodeXml(xml.getBytes(StandardCharsets.US_ASCII));

        assertThat(decoded.encoding()).isEqualTo("UTF-8");
        assertThat(decoded.problem()).hasValueSatisfying(p -> assertThat(p).contains("x-no-such-charset"));
    }
}
