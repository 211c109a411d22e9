package io.wanlint.analyzer.ingest;

import com.github.javaparser.JavaToken;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.expr.Name;
import com.github.javaparser.ast.expr.SimpleName;
import java.util.Optional;

/**
 * Lets pre-1.4 code that calls a method named {@code assert} unqualified (JUnit 3's
 * {@code assert("message", condition)}) parse: JavaParser always reads {@code assert(} at the start
 * of a statement as the assert statement, whatever the language level. The word is swapped for a
 * same-length stand-in before parsing, so positions do not move, and swapped back in the tree and
 * its tokens afterwards. Comments and literals are left alone.
 */
final class LegacyAssertCalls {
    private LegacyAssertCalls() {}

    private static final String WORD = "assert";
    private static final String STAND_IN = "$ssert";

    /** The text with every {@code assert} token replaced, or empty when there is none to replace. */
    static Optional<String> disguise(String text) {
        if (!text.contains(WORD) || text.contains(STAND_IN)) return Optional.empty();
        StringBuilder out = new StringBuilder(text);
        boolean replaced = false;
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (c == '/' && i + 1 < n && text.charAt(i + 1) == '/') {
                while (i < n && text.charAt(i) != '\n' && text.charAt(i) != '\r') i++;
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                int end = text.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else if (c == '"' || c == '\'') {
                i = skipLiteral(text, i, c);
            } else if (Character.isJavaIdentifierStart(c)) {
                int start = i;
                while (i < n && Character.isJavaIdentifierPart(text.charAt(i))) i++;
                if (i - start == WORD.length() && text.startsWith(WORD, start)) {
                    out.replace(start, i, STAND_IN);
                    replaced = true;
                }
            } else {
                i++;
            }
        }
        return replaced ? Optional.of(out.toString()) : Optional.empty();
    }

    /** Puts the real name back into a tree parsed from {@link #disguise}d text. */
    static void restore(CompilationUnit unit) {
        unit.findAll(SimpleName.class, s -> s.getIdentifier().equals(STAND_IN)).forEach(s -> s.setIdentifier(WORD));
        unit.findAll(Name.class, s -> s.getIdentifier().equals(STAND_IN)).forEach(s -> s.setIdentifier(WORD));
        unit.getTokenRange().ifPresent(tokens -> {
            for (JavaToken token : tokens) {
                if (token.getText().equals(STAND_IN)) token.setText(WORD);
            }
        });
    }

    private static int skipLiteral(String text, int start, char quote) {
        int i = start + 1;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (c == quote || c == '\n' || c == '\r') {
                return i + 1;
            } else {
                i++;
            }
        }
        return i;
    }
}
