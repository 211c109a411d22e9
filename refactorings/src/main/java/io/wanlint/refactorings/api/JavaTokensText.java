package io.wanlint.refactorings.api;

/**
 * A Java source's text as javac's verdict depends on it: comments replaced by one blank (with the
 * line breaks they held) and runs of blanks outside literals made one, so that every token and every
 * token's line stay what they were. Two sources with the same such text give the same javac errors
 * (wanlint keeps an error's file, line, code and message, never its column), which lets a remembered
 * result survive a comment reworded or trailing blanks added ({@link JavacResults}).
 *
 * <p>A source holding a Unicode escape ({@code \\u}) is kept as it is: javac reads escapes before it
 * finds comments and literals, which this simple reading does not.
 */
final class JavaTokensText {
    private JavaTokensText() {}

    static String of(String text) {
        if (text.contains("\\u")) return text;
        StringBuilder out = new StringBuilder(text.length());
        int n = text.length();
        int i = 0;
        boolean blank = false;
        while (i < n) {
            char c = text.charAt(i);
            if (c == '/' && i + 1 < n && text.charAt(i + 1) == '/') {
                while (i < n && text.charAt(i) != '\n' && text.charAt(i) != '\r') i++;
                if (!blank) out.append(' ');
                blank = true;
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                int end = text.indexOf("*/", i + 2);
                if (end < 0) return text; // unterminated: javac's error depends on it; kept as it is
                if (!blank) out.append(' ');
                blank = true;
                for (int k = i; k < end; k++) if (text.charAt(k) == '\n') out.append('\n');
                i = end + 2;
            } else if (c == '"' && text.startsWith("\"\"\"", i)) {
                int end = text.indexOf("\"\"\"", i + 3);
                while (end > 0 && escaped(text, end)) end = text.indexOf("\"\"\"", end + 1);
                if (end < 0) return text;
                out.append(text, i, end + 3);
                i = end + 3;
                blank = false;
            } else if (c == '"' || c == '\'') {
                int k = i + 1;
                while (k < n && text.charAt(k) != c && text.charAt(k) != '\n') k += text.charAt(k) == '\\' ? 2 : 1;
                if (k >= n || text.charAt(k) != c) return text; // unterminated literal: kept as it is
                out.append(text, i, k + 1);
                i = k + 1;
                blank = false;
            } else if (c == ' ' || c == '\t' || c == '\f') {
                if (!blank) out.append(' ');
                blank = true;
                i++;
            } else {
                out.append(c);
                blank = c == '\n' || c == '\r';
                if (blank) out.setLength(trimEnd(out, out.length() - 1));
                i++;
            }
        }
        // Nothing after the last token moves a token.
        return out.toString().stripTrailing();
    }

    /** Whether the quote at {@code at} follows an odd number of backslashes. */
    private static boolean escaped(String text, int at) {
        int k = at - 1;
        int slashes = 0;
        while (k >= 0 && text.charAt(k) == '\\') {
            slashes++;
            k--;
        }
        return slashes % 2 == 1;
    }

    /** The builder's length with the blank just before the line break at {@code breakAt} removed, the break kept. */
    private static int trimEnd(StringBuilder out, int breakAt) {
        if (breakAt > 0 && out.charAt(breakAt - 1) == ' ') {
            out.deleteCharAt(breakAt - 1);
            return out.length();
        }
        return out.length();
    }
}
