package io.wanlint.analyzer.ingest;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.comments.BlockComment;
import com.github.javaparser.ast.comments.Comment;
import com.github.javaparser.ast.comments.LineComment;
import com.github.javaparser.ast.comments.TraditionalJavadocComment;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The comments of a Java source as JavaParser's lexer makes them ({@code //} to the end of the line,
 * {@code /*} to the first {@code *}{@code /}, javadoc when {@code /**} is not followed by {@code /}),
 * for trees built from javac's parse, which keeps no comment. String, character and text-block
 * literals are skipped, so a {@code //} in a string is no comment. A run of {@code ///} lines, which
 * JavaParser joins into one markdown comment, is not made here: the scan then answers empty and the
 * file takes JavaParser's path.
 */
final class SourceComments {
    private SourceComments() {}

    /**
     * The comments of {@code text}, ordered as JavaParser's comments collection, each ranged by
     * {@code ranges} (offset of the first character, offset just past the last); empty when a
     * comment or literal is not closed or a {@code ///} comment is met.
     */
    static Optional<TreeSet<Comment>> scan(String text, Ranger ranges) {
        TreeSet<Comment> comments = new TreeSet<>(Node.NODE_BY_BEGIN_POSITION);
        int n = text.length();
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            if (c == '/' && i + 1 < n && text.charAt(i + 1) == '/') {
                if (i + 2 < n && text.charAt(i + 2) == '/') return Optional.empty();
                int end = i + 2;
                while (end < n && text.charAt(end) != '\n' && text.charAt(end) != '\r') end++;
                comments.add(ranges.range(new LineComment(null, text.substring(i + 2, end)), i, end));
                i = end;
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                int close = text.indexOf("*/", i + 2);
                boolean javadoc = i + 3 < n && text.charAt(i + 2) == '*' && text.charAt(i + 3) != '/';
                if (javadoc) close = text.indexOf("*/", i + 3);
                if (close < 0) return Optional.empty();
                int end = close + 2;
                Comment comment = javadoc ? new TraditionalJavadocComment(null, text.substring(i + 3, close))
                        : new BlockComment(null, text.substring(i + 2, close));
                comments.add(ranges.range(comment, i, end));
                i = end;
            } else if (c == '"') {
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
        return Optional.of(comments);
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
