package com.github.javaparser;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.comments.Comment;
import java.util.TreeSet;

/**
 * JavaParser's own attribution of comments to nodes ({@code CommentsInserter}, package-private),
 * for trees wanlint builds from another parser's output (io.wanlint.analyzer.ingest.JavacFrontEnd):
 * attributing them with the very code JavaParser runs after a parse is what keeps those trees'
 * comments where JavaParser puts them. It lives in JavaParser's package only to reach that class.
 */
public final class CommentAttribution {
    private CommentAttribution() {}

    /**
     * Attributes {@code comments} (ordered by begin position, as JavaParser's comments collection
     * is) to the nodes under {@code root}, as a parse with {@code configuration} does.
     */
    public static void attribute(Node root, TreeSet<Comment> comments, ParserConfiguration configuration) {
        new CommentsInserter(configuration).insertComments(root, comments);
    }
}
