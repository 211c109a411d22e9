package io.wanlint.analyzer.descriptor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.fuzz.TextMutation;
import io.wanlint.analyzer.fuzz.TextMutation.Sample;
import io.wanlint.analyzer.ingest.TextDecoding;
import io.wanlint.analyzer.ingest.TextFile;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/**
 * Fuzzes the descriptor parser with mutated real descriptors, XML token soup and random bytes: it
 * must never throw and must always answer within a time bound, whatever it is fed.
 *
 * <p>Each property runs {@code jqwik.tries.default} times (200 in {@code junit-platform.properties});
 * the {@code fuzz} Maven profile runs 20,000 ({@code mvn -B -o -pl analyzer -am test -Pfuzz}).
 */
class DescriptorReaderFuzzTest {
    /** Generous for one descriptor of at most a few hundred KB; a hang or expansion blows it. */
    private static final Duration BOUND = Duration.ofSeconds(3);

    private static final List<Sample> DESCRIPTORS = TextMutation.fixtureFiles(
            name -> name.endsWith(".xml") || name.contains(".xml."));

    /** What breaks XML parsers: DTD internals, entities, CDATA, unbalanced and bogus markup. */
    private static final List<String> XML_TOKENS = List.of(
            "<", ">", "</", "/>", "&", "&amp;", "&lol;", "&#0;", "&#x110000;", "\"", "'", "=", "<!--", "-->",
            "<![CDATA[", "]]>", "<?xml version=\"1.0\" encoding=\"EBCDIC\"?>", "<?pi ", "?>",
            "<!DOCTYPE web-app SYSTEM \"http://127.0.0.1:9/x.dtd\">",
            "<!DOCTYPE x [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;&lol;\">]>",
            "<!ENTITY xxe SYSTEM \"file:///etc/passwd\">", "<!ELEMENT", "<!ATTLIST", "%pe;",
            "<enterprise-beans>", "<session>", "<entity>", "<servlet>", "<ejb-ref>", "<trans-attribute>",
            "<container-transaction>", "<method-name>*</method-name>", "<read-timeout-seconds>x</read-timeout-seconds>",
            "xmlns=\"\"", "xmlns:a=\"urn:a\"", "a:", "\uFEFF", "\u0000", "\uD800", "\r", "\n");

    private final DescriptorReader reader = new DescriptorReader();

    @Provide Arbitrary<String> mutatedDescriptors() {
        return Combinators.combine(Arbitraries.of(DESCRIPTORS), TextMutation.edits(XML_TOKENS, 8))
                .as((sample, edits) -> TextMutation.applyAll(sample.text(), edits));
    }

    @Provide Arbitrary<String> xmlTokenSoup() {
        return Arbitraries.of(XML_TOKENS).list().ofMaxSize(60).map(tokens -> String.join("", tokens));
    }

    @Property
    void mutatedRealDescriptorsNeverThrowAndAnswerInTime(@ForAll("mutatedDescriptors") String text) {
        readWithinBound(new TextFile("META-INF/ejb-jar.xml", Path.of("ejb-jar.xml"), text, "UTF-8"));
    }

    @Property
    void xmlTokenSoupNeverThrowsAndAnswersInTime(@ForAll("xmlTokenSoup") String text) {
        readWithinBound(new TextFile("WEB-INF/web.xml", Path.of("web.xml"), text, "UTF-8"));
    }

    @Property
    void randomBytesDecodedAsXmlNeverThrowAndAnswerInTime(@ForAll @Size(max = 4096) byte[] bytes) {
        TextDecoding.DecodedText decoded = TextDecoding.decodeXml(bytes);
        readWithinBound(new TextFile("x.xml", Path.of("x.xml"), decoded.text(), decoded.encoding()));
    }

    /** Reads through both entry points; every diagnostic names the file. */
    private void readWithinBound(TextFile file) {
        List<Diagnostic> diagnostics = new ArrayList<>();
        Optional<Descriptor> descriptor = assertTimeoutPreemptively(BOUND, () -> reader.read(file, diagnostics::add));
        Optional<XmlDocument> document = assertTimeoutPreemptively(BOUND,
                () -> new SafeXmlReader().read(file, diagnostics::add));
        assertThat(descriptor).isNotNull();
        assertThat(document).isNotNull();
        assertThat(diagnostics).allSatisfy(d -> assertThat(d.location().file()).isEqualTo(file.path()));
    }
}
