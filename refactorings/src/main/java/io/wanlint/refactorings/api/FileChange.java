package io.wanlint.refactorings.api;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/** What a patch does to one file: edits an existing file or creates a new one. */
public sealed interface FileChange {
    /** The path relative to the analysed root, {@code /}-separated. */
    String file();

    /**
     * Text edits to an existing file, kept sorted by offset; they never overlap. An insert at the
     * first character of a replaced range comes before the replacement, whatever order they were
     * planned in (an import inserted before an import line that another edit of the patch removes).
     *
     * @throws IllegalArgumentException when two edits overlap or an edit names another file
     */
    record Edit(String file, List<TextEdit> edits) implements FileChange {
        /** Start, then end: a pure insert sorts before a replacement that starts where it inserts. */
        private static final Comparator<TextEdit> ORDER = Comparator.comparingInt(TextEdit::start).thenComparingInt(TextEdit::end);

        public Edit {
            Objects.requireNonNull(file, "file");
            edits = edits.stream().sorted(ORDER).toList();
            for (TextEdit e : edits) {
                if (!e.file().equals(file)) throw new IllegalArgumentException(e.file() + " is not " + file);
            }
            for (int i = 1; i < edits.size(); i++) {
                if (edits.get(i - 1).overlaps(edits.get(i))) throw new IllegalArgumentException("overlapping edits in " + file);
            }
        }

        /**
         * The text after the edits. Inserts at one offset keep their order.
         *
         * @throws IllegalArgumentException when an edit lies beyond the text (the file changed since planning)
         */
        public String applyTo(String text) {
            StringBuilder out = new StringBuilder(text.length() + 256);
            int at = 0;
            for (TextEdit e : edits) {
                if (e.end() > text.length()) {
                    throw new IllegalArgumentException("an edit of " + file + " at " + e.start() + ".." + e.end() + " lies beyond its "
                            + text.length() + " characters (the file changed since the patch was planned)");
                }
                // The constructor's order and overlap check make this impossible; a clear error beats a StringBuilder's.
                if (e.start() < at) throw new IllegalArgumentException("edits of " + file + " overlap at " + e.start() + ".." + at);
                out.append(text, at, e.start()).append(e.replacement());
                at = e.end();
            }
            return out.append(text, at, text.length()).toString();
        }

        /** These edits followed by {@code more} (same file). */
        public Edit plus(Edit more) {
            List<TextEdit> all = new java.util.ArrayList<>(edits);
            all.addAll(more.edits);
            return new Edit(file, all);
        }
    }

    /** A new file with its full text (written as UTF-8 with the line endings in {@code text}). */
    record Create(String file, String text) implements FileChange {
        public Create {
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(text, "text");
        }
    }
}
