package io.wanlint.rules.config;

import io.wanlint.analyzer.api.LinearPattern;

/**
 * An exclusion pattern over {@code /}-separated relative paths, with gitignore-like meaning:
 * {@code *} stays within a segment, {@code **} crosses segments, a pattern without {@code /}
 * matches at any depth ({@code *.jsp}), and a pattern names a folder's whole content too
 * ({@code src/generated} excludes {@code src/generated/A.java}). Matching is linear in the path
 * ({@link LinearPattern}): a {@code wanlint.yaml} in the analysed folder is not trusted input.
 */
public record PathGlob(String pattern, LinearPattern regex) {
    public static PathGlob of(String pattern) {
        String p = pattern.trim().replace('\\', '/');
        if (p.startsWith("./")) p = p.substring(2);
        boolean anchored = p.startsWith("/");
        if (anchored) p = p.substring(1);
        if (p.endsWith("/")) p = p + "**";
        StringBuilder re = new StringBuilder();
        if (!anchored && p.indexOf('/') < 0) re.append("(?:.*/)?");
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c == '*' && i + 1 < p.length() && p.charAt(i + 1) == '*') {
                boolean slash = i + 2 < p.length() && p.charAt(i + 2) == '/';
                re.append(slash ? "(?:.*/)?" : ".*");
                i += slash ? 2 : 1;
            } else if (c == '*') {
                re.append("[^/]*");
            } else if (c == '?') {
                re.append("[^/]");
            } else {
                re.append(LinearPattern.quote(String.valueOf(c)));
            }
        }
        re.append("(?:/.*)?");
        return new PathGlob(pattern, LinearPattern.compile(re.toString()));
    }

    /** Whether {@code path} (relative, {@code /}-separated; archive members with {@code !/}) matches. */
    public boolean matches(String path) {
        if (path == null || path.isEmpty()) return false;
        String p = path.replace('\\', '/').replace("!/", "/");
        return regex.matches(p);
    }
}
