package io.wanlint.analyzer.ingest;

import java.util.Comparator;
import java.util.Set;

/**
 * Files that are copies the build made of the sources next to them: members of archives
 * ({@code petstore.ear!/web.war!/WEB-INF/web.xml}) and files under {@code build/}, {@code dist/} or
 * {@code target/} folders. When a class, page or declaration exists both there and in the sources,
 * the sources win: they are what the user edits, and the copy may be stale.
 */
public final class BuildOutput {
    private BuildOutput() {}

    private static final Set<String> FOLDERS = Set.of("build", "dist", "target");

    /** Sources first, then build copies, each by path: the order in which the first declaration wins. */
    public static final Comparator<String> SOURCES_FIRST =
            Comparator.comparing(BuildOutput::isCopy).thenComparing(Comparator.naturalOrder());

    /** Whether a logical path (relative to its input, {@code /} separators) is in an archive or a build folder. */
    public static boolean isCopy(String logicalPath) {
        if (logicalPath == null) return false;
        if (logicalPath.contains("!/")) return true;
        String[] segments = logicalPath.replace('\\', '/').split("/");
        for (int i = 0; i < segments.length - 1; i++) {
            if (FOLDERS.contains(segments[i])) return true;
        }
        return false;
    }
}
