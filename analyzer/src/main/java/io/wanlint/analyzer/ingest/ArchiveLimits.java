package io.wanlint.analyzer.ingest;

/**
 * Bounds on archive extraction for one ingest run, so that a zip bomb or a pathological nesting
 * of archives ends in a diagnostic instead of a full disk or a hung build.
 *
 * @param maxEntries    entries extracted over all archives of the run
 * @param maxTotalBytes bytes written over all archives of the run
 * @param maxDepth      archives inside archives; the input archive itself is depth 1
 */
public record ArchiveLimits(int maxEntries, long maxTotalBytes, int maxDepth) {
    /** 100,000 entries, 1 GiB, 10 levels. */
    public static final ArchiveLimits DEFAULTS = new ArchiveLimits(100_000, 1L << 30, 10);

    public ArchiveLimits {
        if (maxEntries < 0 || maxTotalBytes < 0 || maxDepth < 0) {
            throw new IllegalArgumentException("archive limits must not be negative");
        }
    }
}
