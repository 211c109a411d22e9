package io.wanlint.analyzer.ingest;

import java.util.concurrent.ConcurrentHashMap;

/**
 * One String object per distinct identifier and literal text for every file that one
 * {@link JavaSources} parses. The lexer makes a new String for every token, so the retained trees
 * held two million copies of a few thousand names ({@code i}, {@code getId}, {@code String}…),
 * a tenth of their objects. Strings are immutable and compared with {@code equals}, so sharing them
 * changes nothing a reader can see but identity.
 *
 * <p>Thread-safe: the parser threads share one instance. It lives as long as the
 * {@link JavaSources} that made it (one analysis), and holds only texts the trees hold anyway.
 */
final class SharedNames {
    private final ConcurrentHashMap<String, String> texts = new ConcurrentHashMap<>();

    /** The string equal to {@code text} met first. */
    String share(String text) {
        // A look-up first: most texts are met before, and get takes no lock where putIfAbsent may.
        String known = texts.get(text);
        if (known != null) return known;
        known = texts.putIfAbsent(text, text);
        return known == null ? text : known;
    }
}
