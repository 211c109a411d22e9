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
 * <p>Order of evidence: a byte-order mark wins (and is stripped); for XML a declared encoding is
 * used when the bytes really decode with it; otherwise strict UTF-8, and when that fails
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
        if (startsWith(bytes, 0x3C, 0x00, 0x3F, 0x00)) return lenient(bytes, 0, StandardCharsets.UTF_16LE);
        if (startsWith(bytes, 0x00, 0x3C, 0x00, 0x3F)) return lenient(bytes, 0, StandardCharsets.UTF_16BE);
        Optional<String> declared = declaredXmlEncoding(bytes);
        if (declared.isEmpty()) return detect(bytes);
        String name = declared.get();
        Charset charset;
        try {
            charset = Charset.forName(name);
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            return mismatch(bytes, "declares unknown encoding " + name);
        }
        if (!isAsciiCompatible(charset)) {
            return mismatch(bytes, "declares encoding " + name + " but its prolog is single-byte text");
        }
        Optional<String> text = strict(bytes, charset);
        if (text.isPresent()) return new DecodedText(text.get(), charset.name(), Optional.empty());
        return mismatch(bytes, "declares encoding " + name + " but is not valid " + name);
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
        return new DecodedText(new String(bytes, offset, bytes.length - offset, charset), charset.name(),
                Optional.empty());
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
