package io.wanlint.analyzer.api;

/**
 * Text from the analysed application made safe to print on a terminal or into a log. File names,
 * archive entry names, class names (ESC is a legal Java identifier character), descriptor values
 * and string literals reach wanlint's output; printed raw, a carriage return or an escape sequence
 * in them can erase the real error line and draw a fake one, and a bidi override can reorder what
 * a reviewer reads. Every such character is shown as a visible escape instead: C0 controls, DEL
 * and C1 controls as {@code \x1b}, the bidi embedding, override and isolate characters
 * (U+202A–U+202E, U+2066–U+2069) as {@code \u202e}. Nothing else changes, so ordinary text — any
 * script, any accent — prints as it is.
 */
public final class VisibleText {
    /** The longest excerpt of a file {@link #quote} shows: a token, never a line of someone's file. */
    public static final int MAX_QUOTED = 40;

    private VisibleText() {}

    /** Whether {@code c} is shown as an escape. */
    public static boolean isHidden(char c) {
        return c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
    }

    /** {@code text} with every hidden character escaped, line breaks included. */
    public static String escape(String text) {
        if (text == null) return null;
        int first = 0;
        while (first < text.length() && !isHidden(text.charAt(first))) first++;
        if (first == text.length()) return text;
        StringBuilder b = new StringBuilder(text.length() + 16).append(text, 0, first);
        for (int i = first; i < text.length(); i++) appendVisible(b, text.charAt(i));
        return b.toString();
    }

    /** Appends {@code c}, escaped if it is hidden. */
    public static void appendVisible(StringBuilder b, char c) {
        if (!isHidden(c)) {
            b.append(c);
        } else if (c <= 0xff) {
            b.append("\\x").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 0xf, 16));
        } else {
            b.append("\\u").append(String.format("%04x", (int) c));
        }
    }

    /**
     * An excerpt of a file for an error message: escaped, and cut to {@link #MAX_QUOTED} characters
     * (with {@code …}), so that a configuration file linked to a secret cannot have its content
     * printed by wanlint's complaint about it.
     */
    public static String quote(String token) {
        if (token == null) return null;
        String cut = token.length() > MAX_QUOTED ? token.substring(0, MAX_QUOTED) + "…" : token;
        return escape(cut);
    }

    /**
     * A parser's explanation (Jackson, SnakeYAML) for an error message: its indented excerpt lines
     * (the file's text around the error) dropped, every quoted run ({@code 'x'}, {@code "x"}) cut
     * to {@link #MAX_QUOTED} characters, the rest escaped. The line number is reported separately.
     */
    public static String parserMessage(String message) {
        if (message == null || message.isBlank()) return "syntax error";
        StringBuilder kept = new StringBuilder();
        for (String line : message.split("\\R")) {
            if (line.isBlank() || Character.isWhitespace(line.charAt(0))) continue;
            if (!kept.isEmpty()) kept.append("; ");
            kept.append(line.trim());
        }
        String text = kept.isEmpty() ? message.trim() : kept.toString();
        StringBuilder out = new StringBuilder(Math.min(text.length(), 400));
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            int close = c == '\'' || c == '"' ? text.indexOf(c, i + 1) : -1;
            if (close < 0) {
                out.append(c);
                i++;
                continue;
            }
            out.append(c).append(quote(text.substring(i + 1, close))).append(c);
            i = close + 1;
        }
        return escape(out.toString());
    }
}
