package io.wanlint.analyzer.api;

/**
 * A path pattern over {@code /}-separated relative paths, with gitignore-like meaning — the one
 * syntax of {@code --exclude}, {@code exclude:} in {@code wanlint.yaml} and an analysis request's
 * excludes:
 *
 * <ul>
 *   <li>{@code *} and {@code ?} stay within one path segment, {@code **} crosses segments, and
 *       {@code **}{@code /} may match nothing ({@code **}{@code /generated/**} also names a top-level
 *       {@code generated} folder);</li>
 *   <li>{@code {a,b}} picks alternatives;</li>
 *   <li>a pattern without {@code /} matches a name at any depth ({@code *.jsp}, {@code build});
 *       a leading {@code /} anchors it at the analysis root ({@code /build});</li>
 *   <li>a pattern names a folder's whole content too ({@code src/generated} excludes
 *       {@code src/generated/A.java}); a trailing {@code /} changes nothing.</li>
 * </ul>
 *
 * Archive members ({@code app.war!/WEB-INF/x.jsp}) match as paths inside the archive's path.
 * Matching is linear in the path ({@link LinearPattern}): a {@code wanlint.yaml} in the analysed
 * folder is not trusted input.
 */
public record PathGlob(String pattern, LinearPattern regex) {
    /** Deeper braces are literal characters: no real glob nests alternatives, and the matcher's parser recurses. */
    private static final int MAX_BRACES = 32;

    public static PathGlob of(String pattern) {
        String p = pattern.strip().replace('\\', '/');
        while (p.startsWith("./")) p = p.substring(2);
        boolean anchored = p.startsWith("/");
        while (p.startsWith("/")) p = p.substring(1);
        while (p.endsWith("/")) p = p.substring(0, p.length() - 1);
        StringBuilder re = new StringBuilder();
        if (!anchored && p.indexOf('/') < 0) re.append("(?:.*/)?");
        int braces = 0;
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
            } else if (c == '{' && braces < MAX_BRACES) {
                braces++;
                re.append("(?:");
            } else if (c == '}' && braces > 0) {
                braces--;
                re.append(')');
            } else if (c == ',' && braces > 0) {
                re.append('|');
            } else {
                re.append(LinearPattern.quote(String.valueOf(c)));
            }
        }
        re.append(")".repeat(braces));
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
