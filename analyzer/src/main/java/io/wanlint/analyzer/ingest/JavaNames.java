package io.wanlint.analyzer.ingest;

/** Checks on class names that come from descriptors, where anything can be written. */
public final class JavaNames {
    private JavaNames() {}

    /**
     * True for a Java binary name: dot-separated identifiers ({@code $} for nested classes is an
     * identifier character), nothing else — no path separators, blanks, {@code ..} or empty parts.
     */
    public static boolean isBinaryName(String name) {
        if (name == null || name.isEmpty() || name.length() > 1024) return false;
        boolean segmentStart = true;
        for (int i = 0; i < name.length(); ) {
            int c = name.codePointAt(i);
            if (c == '.') {
                if (segmentStart) return false;
                segmentStart = true;
            } else if (segmentStart ? Character.isJavaIdentifierStart(c) : Character.isJavaIdentifierPart(c)) {
                // Identifier-ignorable characters (controls) are "parts" to Java but never in a real name.
                if (Character.isIdentifierIgnorable(c)) return false;
                segmentStart = false;
            } else {
                return false;
            }
            i += Character.charCount(c);
        }
        return !segmentStart;
    }
}
