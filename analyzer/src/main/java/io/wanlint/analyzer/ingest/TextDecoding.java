package io.wanlint.analyzer.ingest;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.Arrays;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns the bytes of a source or descriptor file into text without being told the encoding.
 *
 * <p>Order of evidence: a byte-order mark wins (and is stripped: UTF-8, UTF-16, UTF-32); for XML
 * the first bytes of the prolog tell UTF-16, UTF-32 and EBCDIC apart (XML 1.0, appendix F), and a
 * declared encoding is used when the bytes really decode with it; otherwise strict UTF-8, and when that fails
 * ISO-8859-1, because legacy J2EE code is mostly Latin-1 and Latin-1 never fails to decode.
 */
public final class TextDecoding {
    private TextDecoding() {}

    /**
     * Decoded text.
     *
     * @param text     the characters, BOM removed, line endings untouched
     * @param encoding the charset name used ({@code UTF-8}, {@code ISO-8859-1}, {@code UTF-16LE}, …)
     * @param problem  why the file's own encoding claim was not followed, when it was not
     */
    public record DecodedText(String text, String encoding, Optional<String> problem) {}

    /** {@code <?xm} in every EBCDIC code page. */
    static final int[] EBCDIC_PROLOG = {0x4C, 0x6F, 0xA7, 0x94};
    // In java.base (sun.nio.cs), unlike the EBCDIC code pages of jdk.charsets.
    static final Charset UTF_32BE = Charset.forName("UTF-32BE"), UTF_32LE = Charset.forName("UTF-32LE");

    private static final Pattern XML_ENCODING =
            Pattern.compile("encoding\\s*=\\s*[\"']([A-Za-z][A-Za-z0-9._:-]*)[\"']");

    /** Decodes a Java or JSP file: BOM, else strict UTF-8, else ISO-8859-1. */
    public static DecodedText decode(byte[] bytes) {
        Optional<DecodedText> withBom = decodeWithBom(bytes);
        return withBom.orElseGet(() -> detect(bytes));
    }

    /**
     * Decodes an XML file: BOM, else the encoding declared in the prolog if the bytes decode
     * cleanly with it, else as {@link #decode}. A declaration that does not match the bytes is
     * reported in {@link DecodedText#problem()}.
     */
    public static DecodedText decodeXml(byte[] bytes) {
        Optional<DecodedText> withBom = decodeWithBom(bytes);
        if (withBom.isPresent()) return withBom.get();
        // Without a byte-order mark, the first four bytes of "<?xml" tell the encoding family (XML 1.0, appendix F).
        if (startsWith(bytes, 0x00, 0x00, 0x00, 0x3C)) return lenient(bytes, 0, UTF_32BE);
        if (startsWith(bytes, 0x3C, 0x00, 0x00, 0x00)) return lenient(bytes, 0, UTF_32LE);
        if (startsWith(bytes, 0x3C, 0x00, 0x3F, 0x00)) return lenient(bytes, 0, StandardCharsets.UTF_16LE);
        if (startsWith(bytes, 0x00, 0x3C, 0x00, 0x3F)) return lenient(bytes, 0, StandardCharsets.UTF_16BE);
        if (startsWith(bytes, EBCDIC_PROLOG)) return ebcdic(bytes);
        Optional<String> declared = declaredXmlEncoding(bytes);
        if (declared.isEmpty()) return detect(bytes);
        String name = declared.get();
        Charset charset;
        try {
            charset = Charset.forName(name);
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            return mismatch(bytes, "declares unknown encoding " + name);
        }
        if (!isAsciiCompatible(charset) || !readsProlog(bytes, charset)) {
            return mismatch(bytes, "declares encoding " + name + " but its prolog is single-byte text");
        }
        Optional<String> text = strict(bytes, charset);
        if (text.isPresent()) return new DecodedText(text.get(), charset.name(), Optional.empty());
        return mismatch(bytes, "declares encoding " + name + " but is not valid " + name);
    }

    /**
     * An EBCDIC document: its declaration, read in IBM037 (whose code points for the prolog's
     * characters every EBCDIC code page shares), names the code page; the bytes are decoded with
     * it when it is an EBCDIC code page Java knows, else as IBM037 with a problem stated.
     */
    private static DecodedText ebcdic(byte[] bytes) {
        if (!Charset.isSupported("IBM037")) {
            return mismatch(bytes, "is EBCDIC, which this Java runtime cannot decode (no IBM037 charset)");
        }
        Charset fallback = Charset.forName("IBM037");
        String head = new String(bytes, 0, Math.min(bytes.length, 256), fallback);
        int end = head.indexOf("?>");
        Matcher m = XML_ENCODING.matcher(end < 0 ? "" : head.substring(0, end));
        String why = null;
        Charset charset = fallback;
        if (!m.find()) {
            why = "is EBCDIC without an encoding declaration";
        } else {
            try {
                charset = Charset.forName(m.group(1));
                if (!readsProlog(bytes, charset)) {
                    why = "is EBCDIC and declares encoding " + m.group(1) + ", which is not EBCDIC";
                    charset = fallback;
                }
            } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
                why = "is EBCDIC and declares unknown encoding " + m.group(1);
            }
        }
        Optional<String> text = strict(bytes, charset);
        if (text.isPresent()) {
            return new DecodedText(text.get(), charset.name(), why == null ? Optional.empty()
                    : Optional.of(why + "; read as " + charset.name()));
        }
        return new DecodedText(new String(bytes, charset), charset.name(), Optional.of((why == null ? "" : why + "; ")
                + "is not valid " + charset.name() + "; read as " + charset.name() + " with replacement characters"));
    }

    /** True when the document's first bytes read {@code <?xml} in this charset. */
    private static boolean readsProlog(byte[] bytes, Charset charset) {
        if (!startsWith(bytes, '<', '?', 'x', 'm', 'l') && !startsWith(bytes, EBCDIC_PROLOG)) return true;
        return new String(bytes, 0, Math.min(bytes.length, 5), charset).equals("<?xml");
    }

    private static DecodedText mismatch(byte[] bytes, String why) {
        DecodedText fallback = detect(bytes);
        return new DecodedText(fallback.text(), fallback.encoding(),
                Optional.of(why + "; read as " + fallback.encoding()));
    }

    private static DecodedText detect(byte[] bytes) {
        if (isAscii(bytes)) {
            // Pure ASCII is valid UTF-8; Latin-1 decoding of it is the cheapest exact conversion.
            return new DecodedText(new String(bytes, StandardCharsets.ISO_8859_1), "UTF-8", Optional.empty());
        }
        Optional<String> utf8 = strict(bytes, StandardCharsets.UTF_8);
        return utf8.map(s -> new DecodedText(s, "UTF-8", Optional.empty()))
                .orElseGet(() -> new DecodedText(new String(bytes, StandardCharsets.ISO_8859_1), "ISO-8859-1",
                        Optional.empty()));
    }

    private static Optional<DecodedText> decodeWithBom(byte[] bytes) {
        if (startsWith(bytes, 0xEF, 0xBB, 0xBF)) return Optional.of(utf8AfterBom(bytes));
        // Before UTF-16LE's: FF FE 00 00 would be a UTF-16 NUL, which no source or descriptor holds.
        if (startsWith(bytes, 0x00, 0x00, 0xFE, 0xFF)) return Optional.of(lenient(bytes, 4, UTF_32BE));
        if (startsWith(bytes, 0xFF, 0xFE, 0x00, 0x00)) return Optional.of(lenient(bytes, 4, UTF_32LE));
        if (startsWith(bytes, 0xFF, 0xFE)) return Optional.of(lenient(bytes, 2, StandardCharsets.UTF_16LE));
        if (startsWith(bytes, 0xFE, 0xFF)) return Optional.of(lenient(bytes, 2, StandardCharsets.UTF_16BE));
        return Optional.empty();
    }

    private static DecodedText utf8AfterBom(byte[] bytes) {
        byte[] rest = Arrays.copyOfRange(bytes, 3, bytes.length);
        Optional<String> utf8 = strict(rest, StandardCharsets.UTF_8);
        if (utf8.isPresent()) return new DecodedText(utf8.get(), "UTF-8", Optional.empty());
        return new DecodedText(new String(rest, StandardCharsets.ISO_8859_1), "ISO-8859-1",
                Optional.of("has a UTF-8 byte-order mark but is not valid UTF-8"));
    }

    private static DecodedText lenient(byte[] bytes, int offset, Charset charset) {
        return new DecodedText(new String(bytes, Math.min(offset, bytes.length), Math.max(0, bytes.length - offset), charset),
                charset.name(), Optional.empty());
    }

    private static Optional<String> strict(byte[] bytes, Charset charset) {
        try {
            return Optional.of(charset.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString());
        } catch (CharacterCodingException e) {
            return Optional.empty();
        }
    }

    /** The {@code encoding} pseudo-attribute of an {@code <?xml ...?>} prolog, if any. */
    static Optional<String> declaredXmlEncoding(byte[] bytes) {
        if (!startsWith(bytes, '<', '?', 'x', 'm', 'l')) return Optional.empty();
        int limit = Math.min(bytes.length, 256);
        String prolog = new String(bytes, 0, limit, StandardCharsets.ISO_8859_1);
        int end = prolog.indexOf("?>");
        if (end < 0) return Optional.empty();
        Matcher m = XML_ENCODING.matcher(prolog.substring(0, end));
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    private static boolean isAsciiCompatible(Charset charset) {
        String name = charset.name().toUpperCase(java.util.Locale.ROOT);
        return !(name.startsWith("UTF-16") || name.startsWith("UTF-32") || name.startsWith("UTF_32"));
    }

    private static boolean isAscii(byte[] bytes) {
        for (byte b : bytes) {
            if (b < 0) return false;
        }
        return true;
    }

    private static boolean startsWith(byte[] bytes, int... prefix) {
        if (bytes.length < prefix.length) return false;
        for (int i = 0; i < prefix.length; i++) {
            if ((bytes[i] & 0xFF) != prefix[i]) return false;
        }
        return true;
    }
}
