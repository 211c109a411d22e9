package io.wanlint.refactorings.api;

import java.util.Objects;

/**
 * Replace the characters {@code [start, end)} of a file's decoded text with {@code replacement};
 * {@code start == end} inserts. Offsets count UTF-16 code units of the text as decoded (BOM removed,
 * line endings untouched), so an edit never depends on the file's encoding.
 *
 * @param file a path relative to the analysed root, {@code /}-separated
 */
public record TextEdit(String file, int start, int end, String replacement) {
    public TextEdit {
        Objects.requireNonNull(file, "file");
        if (start < 0 || end < start) throw new IllegalArgumentException("bad range " + start + ".." + end + " in " + file);
        replacement = replacement == null ? "" : replacement;
    }

    public static TextEdit insert(String file, int at, String text) { return new TextEdit(file, at, at, text); }

    /** Whether this edit and {@code o} touch overlapping text (two inserts at one point do not overlap). */
    public boolean overlaps(TextEdit o) {
        return file.equals(o.file) && start < o.end && o.start < end;
    }
}
