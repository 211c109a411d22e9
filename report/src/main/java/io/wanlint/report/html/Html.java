package io.wanlint.report.html;

import io.wanlint.analyzer.api.VisibleText;

/**
 * The one escaping helper of the HTML report. Everything that comes from the analysed application
 * or the user (messages, paths, class names, patches) goes through it, in text and in quoted
 * attribute values alike, so a finding message cannot inject markup or script.
 */
public final class Html {
    private Html() {}

    /**
     * Escapes {@code & < > " '}: safe in element text and in single- or double-quoted attributes.
     * Control and bidi characters other than tabs and line breaks (patches keep those) are shown
     * as {@code \x1b}: a bidi override must not reorder what a reviewer reads.
     */
    public static String escape(String s) {
        if (s == null) return "";
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            String rep = switch (c) {
                case '&' -> "&amp;";
                case '<' -> "&lt;";
                case '>' -> "&gt;";
                case '"' -> "&quot;";
                case '\'' -> "&#39;";
                case '\t', '\n', '\r' -> null;
                default -> visible(c);
            };
            if (rep == null) {
                if (sb != null) sb.append(c);
                continue;
            }
            if (sb == null) sb = new StringBuilder(s.length() + 16).append(s, 0, i);
            sb.append(rep);
        }
        return sb == null ? s : sb.toString();
    }

    private static String visible(char c) {
        if (!VisibleText.isHidden(c)) return null;
        StringBuilder b = new StringBuilder();
        VisibleText.appendVisible(b, c);
        return b.toString();
    }
}
