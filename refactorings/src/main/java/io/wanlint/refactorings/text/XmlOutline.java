package io.wanlint.refactorings.text;

import com.ctc.wstx.stax.WstxInputFactory;
import org.codehaus.stax2.XMLStreamReader2;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import java.io.StringReader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * The element spans of an XML text, as character offsets into that very text, so that descriptor
 * edits splice the original (DOCTYPE, comments, indentation and quoting untouched) instead of
 * re-serialising a DOM. Parsed with woodstox, without DTDs (never fetched) or namespaces in names.
 */
public final class XmlOutline {
    private XmlOutline() {}

    /**
     * One element.
     *
     * @param start       offset of its {@code <}
     * @param startTagEnd offset just after its start tag's {@code >}
     * @param endTagStart offset of its end tag's {@code <} (= {@code startTagEnd} for {@code <x/>})
     * @param end         offset just after its end tag
     * @param text        its own character data, trimmed
     */
    public record Element(String name, int start, int startTagEnd, int endTagStart, int end, List<Element> children,
                          String text) {
        public Element {
            children = List.copyOf(children);
        }

        public boolean selfClosing() { return startTagEnd == end; }

        public Optional<Element> child(String childName) {
            return children.stream().filter(c -> c.name.equals(childName)).findFirst();
        }

        public List<Element> children(String childName) {
            return children.stream().filter(c -> c.name.equals(childName)).toList();
        }

        /** The trimmed text of a child element, or empty. */
        public Optional<String> childText(String childName) { return child(childName).map(Element::text); }
    }

    private static final class Open {
        final String name;
        final int start;
        final int startTagEnd;
        final List<Element> children = new ArrayList<>();
        final StringBuilder text = new StringBuilder();

        Open(String name, int start, int startTagEnd) {
            this.name = name;
            this.start = start;
            this.startTagEnd = startTagEnd;
        }
    }

    /** The root element, or empty when the text is not well-formed XML. */
    public static Optional<Element> parse(String xml) {
        WstxInputFactory factory = new WstxInputFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        Deque<Open> stack = new ArrayDeque<>();
        Element root = null;
        try {
            XMLStreamReader2 r = (XMLStreamReader2) factory.createXMLStreamReader(new StringReader(xml));
            try {
                while (r.hasNext()) {
                    int event = r.next();
                    if (event == XMLStreamConstants.START_ELEMENT) {
                        int start = (int) r.getLocationInfo().getStartingCharOffset();
                        stack.push(new Open(r.getLocalName(), start, tagEnd(xml, start)));
                    } else if (event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA) {
                        if (!stack.isEmpty()) stack.peek().text.append(r.getText());
                    } else if (event == XMLStreamConstants.END_ELEMENT) {
                        Open o = stack.pop();
                        boolean empty = o.startTagEnd >= 2 && xml.charAt(o.startTagEnd - 2) == '/';
                        int endTagStart = empty ? o.startTagEnd : (int) r.getLocationInfo().getStartingCharOffset();
                        int end = empty ? o.startTagEnd : tagEnd(xml, endTagStart);
                        Element e = new Element(o.name, o.start, o.startTagEnd, endTagStart, end, o.children, o.text.toString().trim());
                        if (stack.isEmpty()) root = e; else stack.peek().children.add(e);
                    }
                }
            } finally {
                r.close();
            }
        } catch (XMLStreamException | RuntimeException e) {
            return Optional.empty();
        }
        return Optional.ofNullable(root);
    }

    /** The offset after the {@code >} that closes the tag starting at {@code start}, skipping quoted values. */
    private static int tagEnd(String xml, int start) {
        char quote = 0;
        for (int i = start + 1; i < xml.length(); i++) {
            char c = xml.charAt(i);
            if (quote != 0) {
                if (c == quote) quote = 0;
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '>') {
                return i + 1;
            }
        }
        return xml.length();
    }
}
