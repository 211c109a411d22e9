package io.wanlint.analyzer.ingest;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;

/**
 * Decides whether an archive entry name is safe to extract (the zip-slip guard).
 *
 * <p>Backslashes are read as separators, as old Windows tools wrote them, so that {@code ..\..\x}
 * is caught like {@code ../../x}. Absolute names, drive letters, NUL characters and {@code ..}
 * segments that climb above the archive root are rejected; harmless {@code a/../b} is normalized.
 */
final class ArchiveEntryNames {
    private ArchiveEntryNames() {}

    /**
     * The normalized relative name ({@code /}-separated, no {@code .} or {@code ..} segments), or
     * empty when the name is unsafe. A name that normalizes to nothing (e.g. {@code ./}) gives "".
     */
    static Optional<String> normalize(String raw) {
        if (raw.indexOf('\0') >= 0) return Optional.empty();
        String name = raw.replace('\\', '/');
        if (name.startsWith("/")) return Optional.empty();
        if (name.length() >= 2 && name.charAt(1) == ':' && Character.isLetter(name.charAt(0))) {
            return Optional.empty();
        }
        Deque<String> segments = new ArrayDeque<>();
        for (String segment : name.split("/")) {
            if (segment.isEmpty() || segment.equals(".")) continue;
            if (segment.equals("..")) {
                if (segments.isEmpty()) return Optional.empty();
                segments.removeLast();
            } else {
                segments.addLast(segment);
            }
        }
        return Optional.of(String.join("/", segments));
    }
}
