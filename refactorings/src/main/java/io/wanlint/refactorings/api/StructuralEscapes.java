package io.wanlint.refactorings.api;

import java.util.Optional;

/**
 * Unicode escapes that change how javac reads a file's structure. The analysis decodes escapes
 * before lexing (JLS §3.3), so {@code // note \u005cu000a st.executeQuery(…)} is code to it, but the
 * refactorings edit the text as written: a patch planned there would leave the hidden call out (and
 * could break it, changing the {@code Statement} it uses). Such files are left to a person.
 *
 * <p>Only escapes that decode to a line break, a quote, a backslash, {@code *} or {@code /} count:
 * those move comment and literal boundaries. The common {@code "Gr\u005cu00fc\u005cu00dfe"} in a
 * string literal changes nothing a patch relies on.
 */
final class StructuralEscapes {
    private static final String STRUCTURAL = "\r\n\"'\\*/";

    private StructuralEscapes() {}

    /** The first such escape as written, with its line, e.g. {@code \u005cu000a on line 15}; empty when there is none. */
    static Optional<String> first(String text) {
        int line = 1;
        int backslashes = 0; // consecutive raw backslashes just before i
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n') line++;
            if (c != '\\') {
                backslashes = 0;
                continue;
            }
            // a backslash preceded by an odd number of backslashes starts no escape
            boolean eligible = backslashes % 2 == 0;
            backslashes++;
            if (!eligible) continue;
            int j = i + 1;
            while (j < text.length() && text.charAt(j) == 'u') j++;
            if (j == i + 1 || j + 4 > text.length()) continue;
            int value = 0;
            boolean hex = true;
            for (int k = j; k < j + 4 && hex; k++) {
                int d = Character.digit(text.charAt(k), 16);
                if (d < 0) hex = false;
                else value = value * 16 + d;
            }
            if (hex && STRUCTURAL.indexOf((char) value) >= 0) {
                return Optional.of(text.substring(i, j + 4) + " on line " + line);
            }
        }
        return Optional.empty();
    }
}
