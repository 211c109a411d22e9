package io.wanlint.analyzer.ingest;

import com.github.javaparser.CommentAttribution;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.Position;
import com.github.javaparser.Range;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.comments.BlockComment;
import com.github.javaparser.ast.comments.Comment;
import com.github.javaparser.ast.comments.LineComment;
import com.github.javaparser.utils.PositionUtils;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.TreeSet;

/**
 * JavaParser's attribution of comments to nodes ({@code CommentsInserter}, reached through
 * {@link CommentAttribution}) with the same steps in the same order, but each child's comments found
 * in the sorted set instead of by testing every comment against every child. JavaParser's own filters
 * the whole set for each child with streams and {@code Optional}s: on HELIUM V that made a quarter
 * of the parse threads' allocation and a tenth of their samples (the members of a large class times
 * the comments in it). The comments of one file do not overlap, so those a child's range contains
 * are the run that starts at the first comment beginning inside it and ends before the first one
 * ending past it. Where that does not hold (a comment without a range, comments that overlap) the
 * comments are handed to JavaParser's own attribution.
 *
 * <p>Everything else is JavaParser's, kept literally: which collections are removed from which
 * (a list's {@code contains} compares comments by content, and that decides what some
 * {@code removeAll} calls take), the stable sorts, the reversed child order of same-line comments.
 * Only the defaults of {@link ParserConfiguration} for attributing comments are supported.
 * {@code SortedCommentAttributionTest} is the oracle against JavaParser's.
 */
final class SortedCommentAttribution {
    private SortedCommentAttribution() {}

    /** Attributes {@code comments} (ordered by begin position) to the nodes under {@code root}, as JavaParser does. */
    static void attribute(Node root, TreeSet<Comment> comments) {
        if (!disjointAndRanged(comments)) {
            CommentAttribution.attribute(root, comments, new ParserConfiguration());
            return;
        }
        insertComments(root, comments);
    }

    private static final boolean DO_NOT_ASSIGN_PRECEDING_EMPTY_LINES = new ParserConfiguration().isDoNotAssignCommentsPrecedingEmptyLines();
    /** The attribution this class reproduces; with annotations ignored, containment is tested differently. */
    static final boolean SUPPORTED = !new ParserConfiguration().isIgnoreAnnotationsWhenAttributingComments()
            && new ParserConfiguration().isAttributeComments();

    private static boolean disjointAndRanged(TreeSet<Comment> comments) {
        if (!SUPPORTED) return false;
        Position previousEnd = null;
        for (Comment c : comments) {
            Range r = c.getRange().orElse(null);
            if (r == null || (previousEnd != null && !previousEnd.isBefore(r.begin))) return false;
            previousEnd = r.end;
        }
        return true;
    }

    private static void insertComments(CompilationUnit cu, TreeSet<Comment> comments) {
        List<Node> children = cu.getChildNodes();
        Comment firstComment = comments.iterator().next();
        if (cu.getPackageDeclaration().isPresent()
                && (children.isEmpty() || PositionUtils.areInOrder(firstComment, cu.getPackageDeclaration().get()))) {
            cu.setComment(firstComment);
            comments.remove(firstComment);
        }
    }

    private static void insertComments(Node node, TreeSet<Comment> commentsToAttribute) {
        if (commentsToAttribute.isEmpty()) return;
        if (node instanceof CompilationUnit cu) insertComments(cu, commentsToAttribute);
        List<Node> all = node.getChildNodes();
        List<Node> children = new ArrayList<>(all.size());
        for (Node n : all) {
            if (!(n instanceof Modifier)) children.add(n);
        }
        for (Node child : children) {
            Range range = child.getRange().orElse(null);
            if (range == null) continue;
            TreeSet<Comment> commentsInsideChild = inside(commentsToAttribute, range);
            if (commentsInsideChild == null) continue;
            commentsToAttribute.removeAll(commentsInsideChild);
            insertComments(child, commentsInsideChild);
        }
        attributeLineCommentsOnSameLine(commentsToAttribute, children);
        if (!commentsToAttribute.isEmpty() && commentIsOnNextLine(node, commentsToAttribute.first())) {
            node.setComment(commentsToAttribute.first());
            commentsToAttribute.remove(commentsToAttribute.first());
        }
        Comment previousComment = null;
        List<Comment> attributedComments = new ArrayList<>();
        List<Node> childrenAndComments = new ArrayList<>(children.size() + commentsToAttribute.size());
        childrenAndComments.addAll(children);
        childrenAndComments.addAll(commentsToAttribute);
        PositionUtils.sortByBeginPosition(childrenAndComments, false);
        for (Node thing : childrenAndComments) {
            if (thing instanceof Comment comment) {
                previousComment = comment.isOrphan() ? comment : null;
            } else if (previousComment != null && thing.getComment().isEmpty()
                    && (!DO_NOT_ASSIGN_PRECEDING_EMPTY_LINES || !thereAreLinesBetween(previousComment, thing))) {
                thing.setComment(previousComment);
                attributedComments.add(previousComment);
                previousComment = null;
            }
        }
        commentsToAttribute.removeAll(attributedComments);
        for (Comment c : commentsToAttribute) {
            if (c.isOrphan()) node.addOrphanComment(c);
        }
    }

    /**
     * The comments {@code range} contains (null for none): disjoint comments sorted by begin also
     * have their ends sorted, so they are the run from the first beginning in the range while they end in it.
     */
    private static TreeSet<Comment> inside(TreeSet<Comment> comments, Range range) {
        if (comments.isEmpty() || comments.last().getRange().get().begin.isBefore(range.begin)) return null;
        Iterator<Comment> run = comments.tailSet(probe(range.begin), true).iterator();
        TreeSet<Comment> inside = null;
        while (run.hasNext()) {
            Comment c = run.next();
            if (!range.contains(c.getRange().get())) break;
            if (inside == null) inside = new TreeSet<>(Node.NODE_BY_BEGIN_POSITION);
            inside.add(c);
        }
        return inside;
    }

    /** A node that sorts where a comment beginning at {@code begin} would. */
    private static Comment probe(Position begin) {
        BlockComment probe = new BlockComment();
        probe.setRange(new Range(begin, begin));
        return probe;
    }

    private static void attributeLineCommentsOnSameLine(TreeSet<Comment> commentsToAttribute, List<Node> children) {
        List<Comment> attributedComments = new ArrayList<>();
        for (Comment comment : commentsToAttribute) {
            if (!comment.hasRange() || !comment.isLineComment()) continue;
            Range commentRange = comment.getRange().get();
            for (Node child : children) {
                if (!child.hasRange()) continue;
                if (child.getRange().get().end.line == commentRange.begin.line
                        && attributeLineCommentToNodeOrChild(child, comment.asLineComment())) {
                    attributedComments.add(comment);
                }
            }
        }
        if (!attributedComments.isEmpty()) commentsToAttribute.removeAll(attributedComments);
    }

    private static boolean attributeLineCommentToNodeOrChild(Node node, LineComment lineComment) {
        if (!node.hasRange() || !lineComment.hasRange()) return false;
        if (node.getBegin().get().line == lineComment.getBegin().get().line && node.getComment().isEmpty()) {
            if (!(node instanceof Comment)) node.setComment(lineComment);
            return true;
        }
        List<Node> children = new ArrayList<>(node.getChildNodes());
        PositionUtils.sortByBeginPosition(children);
        Collections.reverse(children);
        for (Node child : children) {
            if (attributeLineCommentToNodeOrChild(child, lineComment)) return true;
        }
        return false;
    }

    private static boolean thereAreLinesBetween(Node a, Node b) {
        if (!a.hasRange() || !b.hasRange()) return true;
        if (!PositionUtils.areInOrder(a, b)) return thereAreLinesBetween(b, a);
        int endOfA = a.getEnd().get().line;
        return b.getBegin().get().line > endOfA + 1;
    }

    private static boolean commentIsOnNextLine(Node a, Comment c) {
        if (!c.hasRange() || !a.hasRange()) return false;
        return c.getRange().get().end.line + 1 == a.getRange().get().begin.line;
    }
}
