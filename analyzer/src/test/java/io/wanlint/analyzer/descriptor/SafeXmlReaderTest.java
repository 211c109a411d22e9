package io.wanlint.analyzer.descriptor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.ingest.TextFile;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SafeXmlReaderTest {
    private final SafeXmlReader reader = new SafeXmlReader();
    private final List<Diagnostic> diagnostics = new ArrayList<>();

    private Optional<XmlDocument> read(String text) {
        return reader.read(new TextFile("META-INF/ejb-jar.xml", Path.of("ejb-jar.xml"), text, "UTF-8"), diagnostics::add);
    }

    private static String allText(XmlElement e) {
        StringBuilder b = new StringBuilder(e.text());
        e.attributes().values().forEach(b::append);
        for (XmlElement c : e.children()) b.append(' ').append(allText(c));
        return b.toString();
    }

    private static void assertNoConnection(ServerSocket server) throws Exception {
        server.setSoTimeout(300);
        assertThatThrownBy(server::accept).isInstanceOf(SocketTimeoutException.class);
    }

    @Test
    void doctypePointingAtAnUnreachableUrlParsesWithoutAnyConnection() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            String xml = """
                    <?xml version="1.0"?>
                    <!DOCTYPE ejb-jar PUBLIC "-//Sun Microsystems, Inc.//DTD Enterprise JavaBeans 1.1//EN"
                        "http://127.0.0.1:%d/ejb-jar.dtd">
                    <ejb-jar>
                      <enterprise-beans>
                        <session><ejb-name>Catalog</ejb-name></session>
                      </enterprise-beans>
                    </ejb-jar>
                    """.formatted(server.getLocalPort());

            Optional<XmlDocument> doc = read(xml);

            assertThat(doc).isPresent();
            assertThat(doc.get().complete()).isTrue();
            assertThat(doc.get().doctypePublicId()).contains("Enterprise JavaBeans 1.1");
            XmlElement session = doc.get().root().child("enterprise-beans").orElseThrow().child("session").orElseThrow();
            assertThat(session.childText("ejb-name")).isEqualTo("Catalog");
            assertThat(session.line()).isEqualTo(6);
            assertThat(diagnostics).isEmpty();
            assertNoConnection(server);
        }
    }

    @Test
    void externalEntitiesAreNeverResolved(@TempDir Path dir) throws Exception {
        Path secret = dir.resolve("secret.txt");
        Files.writeString(secret, "TOP-SECRET-PASSWORD");
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            String xml = """
                    <?xml version="1.0"?>
                    <!DOCTYPE ejb-jar [
                      <!ENTITY file SYSTEM "%s">
                      <!ENTITY remote SYSTEM "http://127.0.0.1:%d/steal">
                      <!ENTITY %% param SYSTEM "http://127.0.0.1:%d/param.dtd">
                      %%param;
                    ]>
                    <ejb-jar>
                      <description>before &file; middle &remote; after</description>
                      <display-name attr="x">&file;</display-name>
                    </ejb-jar>
                    """.formatted(secret.toUri(), server.getLocalPort(), server.getLocalPort());

            Optional<XmlDocument> doc = read(xml);

            assertThat(doc).isPresent();
            assertThat(allText(doc.get().root())).doesNotContain("TOP-SECRET");
            assertThat(doc.get().root().childText("description")).isEqualTo("before  middle  after");
            assertNoConnection(server);
        }
    }

    @Test
    void billionLaughsIsNotExpanded() {
        StringBuilder dtd = new StringBuilder("<!ENTITY lol0 \"lol\">\n");
        for (int i = 1; i <= 12; i++) {
            dtd.append("<!ENTITY lol").append(i).append(" \"");
            for (int j = 0; j < 10; j++) dtd.append("&lol").append(i - 1).append(';');
            dtd.append("\">\n");
        }
        String xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE ejb-jar [\n" + dtd + "]>\n<ejb-jar><description>&lol12;</description></ejb-jar>";

        Optional<XmlDocument> doc = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(Duration.ofSeconds(5),
                () -> read(xml));

        // Either unexpanded (our configuration) or rejected with a diagnostic: never 10^12 "lol"s.
        doc.ifPresent(d -> assertThat(allText(d.root()).length()).isLessThan(1000));
        assertThat(doc.isPresent() || !diagnostics.isEmpty()).isTrue();
    }

    @Test
    void truncatedFileGivesADiagnosticWithTheLineAndThePartialTree() {
        String xml = """
                <?xml version="1.0"?>
                <ejb-jar>
                  <enterprise-beans>
                    <session>
                      <ejb-name>Cart</ejb-name>
                      <home>shop.CartHome""";

        Optional<XmlDocument> doc = read(xml);

        assertThat(diagnostics).singleElement().satisfies(d -> {
            assertThat(d.level()).isEqualTo(Diagnostic.Level.ERROR);
            assertThat(d.location().file()).isEqualTo("META-INF/ejb-jar.xml");
            assertThat(d.location().line()).isEqualTo(6);
            assertThat(d.message()).contains("ejb-jar");
        });
        assertThat(doc).isPresent();
        assertThat(doc.get().complete()).isFalse();
        assertThat(doc.get().root().path("enterprise-beans", "session").orElseThrow().childText("ejb-name")).isEqualTo("Cart");
    }

    @Test
    void textThatIsNotXmlGivesADiagnosticAndNoTree() {
        Optional<XmlDocument> doc = read("<<<< this is not xml");

        assertThat(doc).isEmpty();
        assertThat(diagnostics).hasSize(1);
    }

    @Test
    void namespacesAreStrippedAndCdataKept() {
        Optional<XmlDocument> doc = read("""
                <j:ejb-jar xmlns:j="https://jakarta.ee/xml/ns/jakartaee" version="4.0">
                  <j:description><![CDATA[a < b]]></j:description>
                </j:ejb-jar>
                """);

        XmlElement root = doc.orElseThrow().root();
        assertThat(root.localName()).isEqualTo("ejb-jar");
        assertThat(root.namespace()).isEqualTo("https://jakarta.ee/xml/ns/jakartaee");
        assertThat(root.attribute("version")).isEqualTo("4.0");
        assertThat(root.childText("description")).isEqualTo("a < b");
    }
}
