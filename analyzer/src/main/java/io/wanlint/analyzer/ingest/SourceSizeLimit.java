package io.wanlint.analyzer.ingest;

import java.util.Optional;

/**
 * How much Java one file (or one JSP page's translation) may hold before it is skipped rather than
 * parsed. JavaParser keeps an object per token and per node while it parses, about 500 bytes a
 * token all told: two million one-line statements in one method (10 MB) took 4.5 GB and a 30 MB
 * file over two minutes. At the limit the densest shape (2.9 million empty statements, one
 * token each, measured) peaks at 1.4 GB, so any single file stays under 2 GB up to the 64 MiB
 * input cap; ordinary generated code (5 MB of one-line methods, about 2.1 million tokens) is
 * still parsed, and no hand-written file comes near: the largest of HELIUM V (1.6 million lines in
 * 7,242 files) has 1.3 MB and about 320,000 tokens (by this estimate).
 *
 * <p>Tokens are estimated in one pass, without JavaParser, generously: every identifier or number,
 * operator character, literal, comment and line break counts, and so does every unicode escape
 * (decoded, it could turn a comment into code).
 */
final class SourceSizeLimit {
    /** Estimated tokens per file. */
    static final int MAX_TOKENS = 2_500_000;
    /** Characters per file (a file of few but enormous tokens, say one giant comment or literal). */
    static final int MAX_CHARS = 16 << 20;

    private SourceSizeLimit() {}

    /** Why {@code text} is too large to parse, or empty when it is within the limits. */
    static Optional<String> exceededBy(String text) {
        if (text.length() > MAX_CHARS) {
            return Optional.of(String.format("not analysed: %,d characters, above the limit of %,d (16 MiB) per Java"
                    + " file or JSP page (see the README's input limits)", text.length(), MAX_CHARS));
        }
        // The estimate counts at most three tokens a character (a backslash before a u), so a text
        // of up to a third of the limit in characters, every file of HELIUM V, needs no count.
        if ((long) text.length() * 3 <= MAX_TOKENS) return Optional.empty();
        long tokens = estimateTokens(text, MAX_TOKENS);
        if (tokens <= MAX_TOKENS) return Optional.empty();
        return Optional.of(String.format("not analysed: more than %,d tokens, the limit per Java file or JSP page"
                + " (no hand-written file comes near it; see the README's input limits)", MAX_TOKENS));
    }

    /** An upper estimate of JavaParser's token count, counted no further than just past {@code stopAbove}. */
    static long estimateTokens(String s, long stopAbove) {
        long tokens = 0;
        int n = s.length();
        int i = 0;
        while (i < n && tokens <= stopAbove) {
            char c = s.charAt(i);
            if (c == '\n') {
                tokens++;
                i++;
            } else if (Character.isWhitespace(c)) {
                while (i < n && Character.isWhitespace(s.charAt(i)) && s.charAt(i) != '\n') i++;
                tokens++;
            } else if (Character.isJavaIdentifierPart(c)) {
                while (i < n && Character.isJavaIdentifierPart(s.charAt(i))) i++;
                tokens++;
            } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '/') {
                int end = s.indexOf('\n', i);
                end = end < 0 ? n : end;
                tokens += 1 + escapes(s, i, end);
                i = end;
            } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '*') {
                int end = s.indexOf("*/", i + 2);
                end = end < 0 ? n : end + 2;
                tokens += 1 + escapes(s, i, end);
                i = end;
            } else if (c == '"' || c == '\'') {
                int end = i + 1;
                while (end < n && s.charAt(end) != c && s.charAt(end) != '\n') end += s.charAt(end) == '\\' ? 2 : 1;
                end = Math.min(n, end + 1);
                tokens += 1 + escapes(s, i, end);
                i = end;
            } else {
                if (c == '\\' && i + 1 < n && s.charAt(i + 1) == 'u') tokens += 2;
                tokens++;
                i++;
            }
        }
        return tokens;
    }

    /** Unicode escapes in {@code s[from, to)}, each counted as two tokens it might become. */
    private static long escapes(String s, int from, int to) {
        long count = 0;
        for (int i = from; i + 1 < to; i++) {
            if (s.charAt(i) == '\\' && s.charAt(i + 1) == 'u') count += 2;
        }
        return count;
    }
}
