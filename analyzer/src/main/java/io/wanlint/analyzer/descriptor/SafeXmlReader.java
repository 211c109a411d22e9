package io.wanlint.analyzer.descriptor;

import com.ctc.wstx.api.WstxInputProperties;
import com.ctc.wstx.stax.WstxInputFactory;
import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.ingest.TextFile;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import javax.xml.stream.Location;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLResolver;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.codehaus.stax2.DTDInfo;
import org.codehaus.stax2.XMLStreamReader2;

/**
 * Reads descriptor XML without ever touching the network or the file system.
 *
 * <p>Legacy descriptors carry DOCTYPEs whose URLs died years ago, and any XML handed to an
 * analyser may be hostile. So DTD processing is off altogether: the internal subset is skipped,
 * no external DTD or entity is fetched, and entity references are reported as unexpanded events
 * that we drop, which also defeats exponential entity expansion. Resolvers that return nothing
 * and woodstox's own limits are set as a second line of defence should DTD support ever be
 * switched on.
 */
public final class SafeXmlReader {
    private static final XMLResolver NOTHING = (publicId, systemId, baseUri, namespace) ->
            new ByteArrayInputStream(new byte[0]);

    private final XMLInputFactory factory;

    public SafeXmlReader() {
        // Instantiated directly: the JDK's service lookup could hand us a differently configured parser.
        WstxInputFactory f = new WstxInputFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        f.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, false);
        f.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        f.setProperty(XMLInputFactory.IS_COALESCING, true);
        f.setProperty(XMLInputFactory.IS_VALIDATING, false);
        f.setXMLResolver(NOTHING);
        f.setProperty(WstxInputProperties.P_DTD_RESOLVER, NOTHING);
        f.setProperty(WstxInputProperties.P_ENTITY_RESOLVER, NOTHING);
        f.setProperty(WstxInputProperties.P_MAX_ENTITY_COUNT, 1_000L);
        f.setProperty(WstxInputProperties.P_MAX_ENTITY_DEPTH, 4);
        f.setProperty(WstxInputProperties.P_MAX_ELEMENT_DEPTH, 200);
        f.setProperty(WstxInputProperties.P_MAX_TEXT_LENGTH, 4 * 1024 * 1024);
        f.setProperty(WstxInputProperties.P_MAX_CHARACTERS, 64L * 1024 * 1024);
        this.factory = f;
    }

    /**
     * Parses one file. On malformed or truncated input the elements read so far are returned
     * (closed at the point of failure, {@link XmlDocument#complete()} false) and a diagnostic with
     * the failing line goes to {@code diagnostics}; empty only when not even a root element was read.
     */
    public Optional<XmlDocument> read(TextFile file, Consumer<Diagnostic> diagnostics) {
        Deque<Builder> open = new ArrayDeque<>();
        XmlElement root = null;
        String publicId = null;
        String systemId = null;
        XMLStreamReader r = null;
        try {
            r = factory.createXMLStreamReader(new StringReader(file.text()));
            while (r.hasNext()) {
                switch (r.next()) {
                    case XMLStreamConstants.DTD -> {
                        if (r instanceof XMLStreamReader2 r2) {
                            DTDInfo info = r2.getDTDInfo();
                            if (info != null) {
                                publicId = info.getDTDPublicId();
                                systemId = info.getDTDSystemId();
                            }
                        }
                    }
                    case XMLStreamConstants.START_ELEMENT -> {
                        Map<String, String> attrs = new LinkedHashMap<>();
                        for (int i = 0; i < r.getAttributeCount(); i++) {
                            attrs.put(r.getAttributeLocalName(i), r.getAttributeValue(i));
                        }
                        open.push(new Builder(r.getLocalName(), r.getNamespaceURI(), attrs, line(r.getLocation())));
                    }
                    case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE -> {
                        if (!open.isEmpty()) open.peek().text.append(r.getText());
                    }
                    case XMLStreamConstants.END_ELEMENT -> {
                        XmlElement done = open.pop().build();
                        if (open.isEmpty()) root = done;
                        else open.peek().children.add(done);
                    }
                    default -> {
                        // Entity references stay unexpanded on purpose; comments and PIs carry nothing we need.
                    }
                }
            }
            return root == null ? Optional.empty()
                    : Optional.of(new XmlDocument(file.path(), root, publicId, systemId, true));
        } catch (XMLStreamException | RuntimeException e) {
            int line = e instanceof XMLStreamException x && x.getLocation() != null ? line(x.getLocation()) : 0;
            String what = open.isEmpty() && root == null ? "not well-formed XML" : "malformed XML in <" + rootName(open, root) + ">";
            diagnostics.accept(Diagnostic.error(file.path(), line, what + ": " + firstLine(e.getMessage())));
            while (!open.isEmpty()) {
                XmlElement done = open.pop().build();
                if (open.isEmpty()) root = done;
                else open.peek().children.add(done);
            }
            return root == null ? Optional.empty() : Optional.of(new XmlDocument(file.path(), root, publicId, systemId, false));
        } finally {
            if (r != null) {
                try {
                    r.close();
                } catch (XMLStreamException ignored) {
                    // Nothing to release for an in-memory reader.
                }
            }
        }
    }

    private static String rootName(Deque<Builder> open, XmlElement root) {
        if (root != null) return root.localName();
        return open.peekLast().name;
    }

    private static int line(Location l) {
        return l == null ? 0 : Math.max(0, l.getLineNumber());
    }

    private static String firstLine(String message) {
        if (message == null) return "parse error";
        int nl = message.indexOf('\n');
        return (nl < 0 ? message : message.substring(0, nl)).trim();
    }

    private static final class Builder {
        final String name;
        final String namespace;
        final Map<String, String> attributes;
        final int line;
        final StringBuilder text = new StringBuilder();
        final List<XmlElement> children = new ArrayList<>();

        Builder(String name, String namespace, Map<String, String> attributes, int line) {
            this.name = name;
            this.namespace = namespace;
            this.attributes = attributes;
            this.line = line;
        }

        XmlElement build() {
            return new XmlElement(name, namespace, attributes, text.toString().trim(), line, children);
        }
    }
}
