package io.wanlint.analyzer.ingest;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The {@code excludes} of an analysis request: globs over relative, {@code /}-separated paths.
 *
 * <p>{@code *} and {@code ?} stay within one path segment, {@code **} crosses segments and
 * {@code **}{@code /} may match nothing (so {@code **}{@code /generated/**} also excludes a top-level
 * {@code generated} folder); {@code {a,b}} picks alternatives. A glob without {@code /} matches a
 * file or folder name at any depth, as in {@code .gitignore}.
 */
final class ExcludeGlobs {
    private final List<Pattern> patterns;

    private ExcludeGlobs(List<Pattern> patterns) {
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
        for (Pattern p : patterns) {
            if (p.matcher(path).matches()) return true;
        }
        return false;
    }

    /** A folder is excluded when the glob matches it or everything under it. */
    boolean matchesFolder(String path) {
        return matches(path) || matches(path + "/");
    }

    static Pattern compile(String glob) {
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
                    braces++;
                    regex.append("(?:");
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
        return Pattern.compile(regex.toString());
    }
}
