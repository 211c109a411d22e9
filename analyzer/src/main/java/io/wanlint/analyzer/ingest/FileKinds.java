package io.wanlint.analyzer.ingest;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;

/**
 * What a file of the application is, from its name and, for possible descriptors, its first bytes.
 * Descriptors are recognised by content because real applications give them any name
 * ({@code estore_ejb.xml}, {@code supplier.xml.CMP}, {@code ibm-ejb-jar-bnd.xmi}).
 */
final class FileKinds {
    private FileKinds() {}

    /** How ingest treats a file. */
    enum Kind { JAVA, JSP, CLASS, ARCHIVE, PROPERTIES, MAYBE_XML, FACELET, IGNORED }

    /** Bytes of a file's head that {@link #looksLikeXml} needs. */
    static final int HEAD_BYTES = 512;

    private static final Set<String> JSP = Set.of("jsp", "jspx", "jspf", "tag", "tagx");
    private static final Set<String> ARCHIVES = Set.of("war", "ear", "jar", "zip", "rar", "sar");
    // Markup that is never a descriptor. Binary-looking extensions are NOT trusted: descriptors are
    // found by content, and real applications keep variants such as supplier.xml.BMP (bean-managed
    // persistence, not a bitmap); reading 512 bytes of an image to tell is cheap.
    private static final Set<String> IGNORED = Set.of("html", "htm", "shtml", "svg", "dtd", "xsd");

    static Kind byName(String fileName) {
        String ext = extension(fileName);
        if (ext.equals("java")) return Kind.JAVA;
        if (ext.equals("class")) return Kind.CLASS;
        if (JSP.contains(ext)) return Kind.JSP;
        if (ARCHIVES.contains(ext)) return Kind.ARCHIVE;
        if (ext.equals("properties")) return Kind.PROPERTIES;
        if (ext.equals("xhtml")) return Kind.FACELET;
        if (IGNORED.contains(ext)) return Kind.IGNORED;
        return Kind.MAYBE_XML;
    }

    static String extension(String fileName) {
        int slash = fileName.lastIndexOf('/');
        int dot = fileName.lastIndexOf('.');
        return dot > slash ? fileName.substring(dot + 1).toLowerCase(Locale.ROOT) : "";
    }

    /**
     * True when the first non-blank content (after a BOM) opens an XML document: a prolog, a
     * DOCTYPE, a comment or an element, but not an HTML page.
     */
    static boolean looksLikeXml(byte[] head) {
        // Decoded (or said to be undecodable) by TextDecoding even on a runtime without EBCDIC code pages.
        if (startsWith(head, TextDecoding.EBCDIC_PROLOG)) return true;
        String text = headText(head);
        int i = 0;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) i++;
        if (i + 1 >= text.length() || text.charAt(i) != '<') return false;
        if (text.startsWith("<?xml", i) || text.startsWith("<!--", i)) return true;
        if (text.regionMatches(true, i, "<!DOCTYPE", 0, 9)) {
            return !startsWithWord(text, skipBlanks(text, i + 9), "html");
        }
        return Character.isLetter(text.charAt(i + 1)) && !startsWithWord(text, i + 1, "html");
    }

    private static String headText(byte[] head) {
        // UTF-32 and EBCDIC first: their heads would otherwise read as UTF-16 or as binary.
        if (startsWith(head, 0x00, 0x00, 0xFE, 0xFF)) return decode(head, 4, TextDecoding.UTF_32BE);
        if (startsWith(head, 0xFF, 0xFE, 0x00, 0x00)) return decode(head, 4, TextDecoding.UTF_32LE);
        if (startsWith(head, 0x00, 0x00, 0x00, '<')) return decode(head, 0, TextDecoding.UTF_32BE);
        if (startsWith(head, '<', 0x00, 0x00, 0x00)) return decode(head, 0, TextDecoding.UTF_32LE);
        if (startsWith(head, TextDecoding.EBCDIC_PROLOG) && Charset.isSupported("IBM037")) {
            return decode(head, 0, Charset.forName("IBM037"));
        }
        if (head.length >= 2 && (head[0] & 0xFF) == 0xFF && (head[1] & 0xFF) == 0xFE) {
            return decode(head, 2, StandardCharsets.UTF_16LE);
        }
        if (head.length >= 2 && (head[0] & 0xFF) == 0xFE && (head[1] & 0xFF) == 0xFF) {
            return decode(head, 2, StandardCharsets.UTF_16BE);
        }
        if (head.length >= 2 && head[0] == '<' && head[1] == 0) return decode(head, 0, StandardCharsets.UTF_16LE);
        if (head.length >= 2 && head[0] == 0 && head[1] == '<') return decode(head, 0, StandardCharsets.UTF_16BE);
        int start = head.length >= 3 && (head[0] & 0xFF) == 0xEF && (head[1] & 0xFF) == 0xBB
                && (head[2] & 0xFF) == 0xBF ? 3 : 0;
        return decode(head, start, StandardCharsets.ISO_8859_1);
    }

    private static boolean startsWith(byte[] bytes, int... prefix) {
        if (bytes.length < prefix.length) return false;
        for (int i = 0; i < prefix.length; i++) {
            if ((bytes[i] & 0xFF) != prefix[i]) return false;
        }
        return true;
    }

    private static String decode(byte[] bytes, int offset, Charset charset) {
        return new String(bytes, offset, bytes.length - offset, charset);
    }

    private static int skipBlanks(String text, int i) {
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) i++;
        return i;
    }

    private static boolean startsWithWord(String text, int i, String word) {
        if (!text.regionMatches(true, i, word, 0, word.length())) return false;
        int end = i + word.length();
        return end >= text.length() || !Character.isLetterOrDigit(text.charAt(end));
    }
}
