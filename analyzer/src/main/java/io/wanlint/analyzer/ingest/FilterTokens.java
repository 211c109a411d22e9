package io.wanlint.analyzer.ingest;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Ant and Maven filter tokens in Java code ({@code @jdbc.connPoolMax@}, {@code ${db.url}}): the
 * build replaces them by values before compiling, so the sources as kept do not parse. Each token
 * outside comments and literals is replaced by an identifier of the same length
 * ({@code _jdbc_connPoolMax_}), so every position in the tree is a position in the file as written,
 * and the code around the token (a JDBC call, a loop) is analysed as the build would compile it.
 * Tokens inside string literals already parse and are left alone: that is where a SQL text lives.
 */
final class FilterTokens {
    private FilterTokens() {}

    /** {@code @name@} (Ant) or {@code ${name}} (Maven resources, Ant properties), names of word characters, dots and dashes. */
    private static final Pattern TOKEN = Pattern.compile("@[A-Za-z_][\\w.-]*@|\\$\\{[A-Za-z_][\\w.-]*}");

    /**
     * The text with placeholders, the distinct tokens replaced in order of appearance, and the
     * 1-based line of the first.
     */
    record Substitution(String text, List<String> tokens, int firstLine) {
        Substitution {
            tokens = List.copyOf(tokens);
        }
    }

    /** The substitution, or empty when no token stands in code. */
    static Optional<Substitution> substitute(String text) {
        if (text.indexOf('@') < 0 && !text.contains("${")) return Optional.empty();
        boolean[] code = codeMask(text);
        StringBuilder out = new StringBuilder(text);
        Set<String> tokens = new LinkedHashSet<>();
        int firstAt = -1;
        Matcher m = TOKEN.matcher(text);
        while (m.find()) {
            if (!code[m.start()]) continue;
            tokens.add(m.group());
            if (firstAt < 0) firstAt = m.start();
            for (int i = m.start(); i < m.end(); i++) {
                char c = text.charAt(i);
                out.setCharAt(i, Character.isLetterOrDigit(c) || c == '_' ? c : '_');
            }
        }
        if (tokens.isEmpty()) return Optional.empty();
        return Optional.of(new Substitution(out.toString(), new ArrayList<>(tokens), lineOf(text, firstAt)));
    }

    private static int lineOf(String text, int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) if (text.charAt(i) == '\n') line++;
        return line;
    }

    /** Which characters are code (not inside a comment, string, text block or character literal). */
    static boolean[] codeMask(String text) {
        boolean[] code = new boolean[text.length()];
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (c == '/' && i + 1 < n && text.charAt(i + 1) == '/') {
                while (i < n && text.charAt(i) != '\n') i++;
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                int end = text.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else if (text.startsWith("\"\"\"", i)) {
                int end = text.indexOf("\"\"\"", i + 3);
                i = end < 0 ? n : end + 3;
            } else if (c == '"' || c == '\'') {
                i++;
                while (i < n && text.charAt(i) != c && text.charAt(i) != '\n') i += text.charAt(i) == '\\' ? 2 : 1;
                i++;
            } else {
                code[i] = true;
                i++;
            }
        }
        return code;
    }
}
