package io.wanlint.analyzer.ingest;

import java.util.List;
import io.wanlint.analyzer.api.LinearPattern;

/**
 * The {@code excludes} of an analysis request: globs over relative, {@code /}-separated paths.
 *
 * <p>{@code *} and {@code ?} stay within one path segment, {@code **} crosses segments and
 * {@code **}{@code /} may match nothing (so {@code **}{@code /generated/**} also excludes a top-level
 * {@code generated} folder); {@code {a,b}} picks alternatives. A glob without {@code /} matches a
 * file or folder name at any depth, as in {@code .gitignore}. Matching takes time linear in the path
 * ({@link LinearPattern}): the globs may come from the analysed folder's configuration.
 */
final class ExcludeGlobs {
    /** Deeper braces are literal characters: no real glob nests alternatives, and the matcher's parser recurses. */
    private static final int MAX_BRACES = 32;
    private final List<LinearPattern> patterns;

    private ExcludeGlobs(List<LinearPattern> patterns) {
        this.patterns = patterns;
    }

    static ExcludeGlobs of(List<String> globs) {
        return new ExcludeGlobs(globs.stream()
                .map(String::strip)
                .filter(g -> !g.isEmpty())
                .map(ExcludeGlobs::compile)
                .toList());
    }

    boolean isEmpty() {
        return patterns.isEmpty();
    }

    boolean matches(String path) {
        for (LinearPattern p : patterns) {
            if (p.matches(path)) return true;
        }
        return false;
    }

    /** A folder is excluded when the glob matches it or everything under it. */
    boolean matchesFolder(String path) {
        return matches(path) || matches(path + "/");
    }

    static LinearPattern compile(String glob) {
        String g = glob.replace('\\', '/');
        while (g.startsWith("./")) g = g.substring(2);
        while (g.startsWith("/")) g = g.substring(1);
        StringBuilder regex = new StringBuilder();
        if (!g.contains("/")) regex.append("(?:.*/)?");
        int braces = 0;
        for (int i = 0; i < g.length(); i++) {
            char c = g.charAt(i);
            switch (c) {
                case '*' -> {
                    if (i + 1 < g.length() && g.charAt(i + 1) == '*') {
                        i++;
                        if (i + 1 < g.length() && g.charAt(i + 1) == '/') {
                            i++;
                            regex.append("(?:.*/)?");
                        } else {
                            regex.append(".*");
                        }
                    } else {
                        regex.append("[^/]*");
                    }
                }
                case '?' -> regex.append("[^/]");
                case '{' -> {
                    if (braces < MAX_BRACES) {
                        braces++;
                        regex.append("(?:");
                    } else {
                        regex.append("\\{");
                    }
                }
                case '}' -> {
                    if (braces > 0) {
                        braces--;
                        regex.append(')');
                    } else {
                        regex.append("\\}");
                    }
                }
                case ',' -> regex.append(braces > 0 ? "|" : ",");
                default -> {
                    if ("\\.^$|+()[]".indexOf(c) >= 0) regex.append('\\');
                    regex.append(c);
                }
            }
        }
        regex.append(")".repeat(braces));
        return LinearPattern.compile(regex.toString());
    }
}
