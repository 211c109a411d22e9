package io.wanlint.analyzer.ingest;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.comments.BlockComment;
import com.github.javaparser.ast.comments.Comment;
import com.github.javaparser.ast.comments.LineComment;
import com.github.javaparser.ast.comments.MarkdownComment;
import com.github.javaparser.ast.comments.TraditionalJavadocComment;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The comments of a Java source as JavaParser's lexer makes them ({@code //} to the end of the line,
 * {@code /*} to the first {@code *}{@code /}, javadoc when {@code /**} is not followed by {@code /}),
 * for trees built from javac's parse, which keeps no comment. String, character and text-block
 * literals are skipped, so a {@code //} in a string is no comment.
 *
 * <p>{@code ///} lines are joined into markdown comments as JavaParser's lexer joins them (its
 * {@code CommonTokenAction}): every {@code //} comment whose text starts with {@code ///} is a markdown
 * line, wherever it stands on its line (the lexer's "only white space before it" is reset before
 * each token's run of white space and comments, never cleared within it); the next such line joins the
 * same comment when only one line end and spaces come between; any other token, comment or a second
 * line end ends it. The comment runs from the first {@code ///} to the end of the last line's text.
 * One still open when the file ends is dropped, as JavaParser's lexer drops it (its end-of-file token
 * counts as white space and ends nothing).
 */
final class SourceComments {
    private SourceComments() {}

    /**
     * The comments of {@code text}, ordered as JavaParser's comments collection, each ranged by
     * {@code ranges} (offset of the first character, offset just past the last); empty when a
     * comment or literal is not closed, a text block is met, or a markdown comment is followed by a
     * character only JavaParser's lexer takes for white space.
     */
    static Optional<TreeSet<Comment>> scan(String text, Ranger ranges) {
        TreeSet<Comment> comments = new TreeSet<>(Node.NODE_BY_BEGIN_POSITION);
        Markdown markdown = new Markdown(text, ranges, comments);
        int n = text.length();
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            if (c == '/' && i + 1 < n && text.charAt(i + 1) == '/') {
                int end = i + 2;
                while (end < n && text.charAt(end) != '\n' && text.charAt(end) != '\r') end++;
                if (i + 2 < n && text.charAt(i + 2) == '/') {
                    markdown.line(i, end);
                } else {
                    markdown.end();
                    comments.add(ranges.range(new LineComment(null, text.substring(i + 2, end)), i, end));
                }
                i = end;
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                int close = text.indexOf("*/", i + 2);
                boolean javadoc = i + 3 < n && text.charAt(i + 2) == '*' && text.charAt(i + 3) != '/';
                if (javadoc) close = text.indexOf("*/", i + 3);
                if (close < 0) return Optional.empty();
                int end = close + 2;
                Comment comment = javadoc ? new TraditionalJavadocComment(null, text.substring(i + 3, close))
                        : new BlockComment(null, text.substring(i + 2, close));
                markdown.end();
                comments.add(ranges.range(comment, i, end));
                i = end;
            } else if (c == '\n' || c == '\r') {
                markdown.lineEnd();
                i += c == '\r' && i + 1 < n && text.charAt(i + 1) == '\n' ? 2 : 1;
            } else if (c == ' ' || c == '\t' || c == '\f') {
                i++;
            } else {
                // JavaParser's lexer reads Unicode spaces as white space, which ends no markdown comment.
                if (markdown.open() && otherWhiteSpace(c)) return Optional.empty();
                markdown.end();
                if (c == '"') {
                    if (text.startsWith("\"\"\"", i)) return Optional.empty();
                    i = skipQuoted(text, i, '"');
                    if (i < 0) return Optional.empty();
                } else if (c == '\'') {
                    i = skipQuoted(text, i, '\'');
                    if (i < 0) return Optional.empty();
                } else {
                    i++;
                }
            }
        }
        return Optional.of(comments);
    }

    /**
     * The markdown comment being joined, as JavaParser's lexer joins it: from the first {@code ///}
     * line's start to the last one's end, open for one more line after a line end.
     */
    private static final class Markdown {
        private final String text;
        private final Ranger ranges;
        private final TreeSet<Comment> comments;
        private int from = -1;
        private int to;
        /** A line end after a markdown line continues the comment; a second one ends it. */
        private boolean lineEndContinues;

        Markdown(String text, Ranger ranges, TreeSet<Comment> comments) {
            this.text = text;
            this.ranges = ranges;
            this.comments = comments;
        }

        /** A {@code ///} line from {@code at} to {@code end}. */
        void line(int at, int end) {
            if (from < 0) from = at;
            to = end;
            lineEndContinues = true;
        }

        /** Whether a markdown comment is being joined. */
        boolean open() {
            return from >= 0;
        }

        void lineEnd() {
            if (lineEndContinues) lineEndContinues = false;
            else end();
        }

        /** Another token or comment, or a second line end: the comment is complete. */
        void end() {
            if (from >= 0) comments.add(ranges.range(new MarkdownComment(null, text.substring(from, to)), from, to));
            from = -1;
            lineEndContinues = false;
        }
    }

    /** A character JavaParser's lexer reads as white space other than space, tab and form feed (no-break and other Unicode spaces). */
    private static boolean otherWhiteSpace(char c) {
        return c >= 0x80 && (c == '\u0085' || c == '\u00a0' || c == '\u1680' || c == '\u180e' || (c >= '\u2000' && c <= '\u200d')
                || c == '\u2028' || c == '\u2029' || c == '\u202f' || c == '\u205f' || c == '\u2060' || c == '\u3000' || c == '\ufeff');
    }

    /** The offset just past the literal opened at {@code open}, or -1 when the line ends first. */
    private static int skipQuoted(String text, int open, char quote) {
        int n = text.length();
        for (int i = open + 1; i < n; i++) {
            char c = text.charAt(i);
            if (c == '\\') i++;
            else if (c == quote) return i + 1;
            else if (c == '\n' || c == '\r') return -1;
        }
        return -1;
    }

    /** Sets a comment's range from offsets. */
    @FunctionalInterface
    interface Ranger {
        Comment range(Comment comment, int from, int to);
    }
}
