package io.wanlint.report.html;

/**
 * The one escaping helper of the HTML report. Everything that comes from the analysed application
 * or the user (messages, paths, class names, patches) goes through it, in text and in quoted
 * attribute values alike, so a finding message cannot inject markup or script.
 */
public final class Html {
    private Html() {}

    /** Escapes {@code & < > " '}: safe in element text and in single- or double-quoted attributes. */
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
                default -> null;
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
}
