package io.wanlint.refactorings.api;

import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * A file's current text as decoded, with what it takes to write it back byte for byte: its charset
 * and whether it starts with a byte-order mark. Line endings stay in {@link #text()}.
 *
 * @param path relative to the analysed root, {@code /}-separated
 */
public record SourceText(String path, String text, Charset charset, boolean byteOrderMark) {
    public SourceText {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(charset, "charset");
    }

    /** A new file: UTF-8, no BOM. */
    public static SourceText created(String path, String text) {
        return new SourceText(path, text, StandardCharsets.UTF_8, false);
    }

    /** {@code text} encoded the way this file is: same charset, same BOM. */
    public byte[] encode(String newText) {
        ByteBuffer body = charset.encode(newText);
        byte[] bom = byteOrderMark ? bom() : new byte[0];
        byte[] out = new byte[bom.length + body.remaining()];
        System.arraycopy(bom, 0, out, 0, bom.length);
        body.get(out, bom.length, body.remaining());
        return out;
    }

    private byte[] bom() {
        return switch (charset.name()) {
            case "UTF-16LE" -> new byte[] {(byte) 0xFF, (byte) 0xFE};
            case "UTF-16BE" -> new byte[] {(byte) 0xFE, (byte) 0xFF};
            default -> new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        };
    }

    /** The line ending the file uses most ({@code \r\n} or {@code \n}); {@code \n} for a file without any. */
    public String lineEnding() {
        int crlf = 0, lf = 0;
        for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
            if (i > 0 && text.charAt(i - 1) == '\r') crlf++; else lf++;
        }
        return crlf > lf ? "\r\n" : "\n";
    }

    /** The leading spaces and tabs of the line that holds {@code offset}. */
    public String indentationAt(int offset) {
        int lineStart = lineStart(offset);
        int i = lineStart;
        while (i < text.length() && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) i++;
        return text.substring(lineStart, i);
    }

    /**
     * Where each line of {@code text} starts, lines ended as JavaParser ends them: at {@code \n}, {@code \r\n}
     * and a lone {@code \r} (old Mac files; counting at {@code \n} only put every node of such a file on line 1).
     */
    public static int[] lineStarts(String text) {
        java.util.List<Integer> starts = new java.util.ArrayList<>();
        starts.add(0);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n')) starts.add(i + 1);
        }
        return starts.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The offset of the first character of the line that holds {@code offset} (a line ends at {@code \n}, {@code \r\n} or a lone {@code \r}). */
    public int lineStart(int offset) {
        int i = Math.min(offset, text.length()) - 1;
        while (i >= 0 && text.charAt(i) != '\n' && !(text.charAt(i) == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n'))) i--;
        return i + 1;
    }
}
