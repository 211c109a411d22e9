package io.wanlint.analyzer.ingest;

import java.util.Optional;

/**
 * The name of an XML document's root element, read from its text without parsing it: the prolog,
 * comments, processing instructions and the DOCTYPE (internal subset included) are skipped. Vendor
 * descriptors are recognised by this name (real applications rename their files), and it is cheap
 * enough to compute for every XML file ingest finds.
 */
public final class XmlRootElement {
    private XmlRootElement() {}

    /** The local name (prefix dropped: {@code ejbbnd:EJBJarBinding} gives {@code EJBJarBinding}), or empty. */
    public static Optional<String> of(String text) {
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c) || c == '\uFEFF') {
                i++;
            } else if (c != '<') {
                return Optional.empty();
            } else if (text.startsWith("<?", i)) {
                i = after(text, i, "?>");
            } else if (text.startsWith("<!--", i)) {
                i = after(text, i, "-->");
            } else if (text.startsWith("<!", i)) {
                i = afterDoctype(text, i);
            } else {
                int start = i + 1;
                int end = start;
                while (end < n && !Character.isWhitespace(text.charAt(end)) && "/>".indexOf(text.charAt(end)) < 0) end++;
                String name = text.substring(start, end);
                name = name.substring(name.indexOf(':') + 1);
                return name.isEmpty() ? Optional.empty() : Optional.of(name);
            }
            if (i < 0) return Optional.empty();
        }
        return Optional.empty();
    }

    private static int after(String text, int from, String end) {
        int at = text.indexOf(end, from);
        return at < 0 ? -1 : at + end.length();
    }

    /** Past a DOCTYPE, whose internal subset may hold {@code >} inside brackets. */
    private static int afterDoctype(String text, int from) {
        int depth = 0;
        for (int i = from + 2; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '[') depth++;
            else if (c == ']') depth--;
            else if (c == '>' && depth <= 0) return i + 1;
        }
        return -1;
    }
}
