package io.wanlint.analyzer.ingest;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.comments.Comment;
import com.github.javaparser.metamodel.PropertyMetaModel;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The first difference between two JavaParser trees, for the oracle of {@link JavacFrontEnd}: a
 * parallel pre-order walk comparing each node's class, range, every property that is not a node
 * (names, operators, flags, literal texts), the comment attached to it (class, content, range),
 * its orphan comments and its children in order; then JavaParser's own {@code equals} of the roots
 * and the line separator recorded on them. Empty when the trees are the same in all of that.
 */
final class TreeDifference {
    private TreeDifference() {}

    static Optional<String> first(Node expected, Node actual) {
        Optional<String> difference = walk(expected, actual, expected.getClass().getSimpleName());
        if (difference.isPresent()) return difference;
        if (!expected.equals(actual)) return Optional.of("root: Node.equals differs");
        Object a = expected.containsData(Node.LINE_SEPARATOR_KEY) ? expected.getData(Node.LINE_SEPARATOR_KEY) : null;
        Object b = actual.containsData(Node.LINE_SEPARATOR_KEY) ? actual.getData(Node.LINE_SEPARATOR_KEY) : null;
        if (!Objects.equals(a, b)) return Optional.of("root: line separator " + a + " != " + b);
        return Optional.empty();
    }

    private static Optional<String> walk(Node expected, Node actual, String path) {
        if (expected.getClass() != actual.getClass()) {
            return Optional.of(path + ": class " + describe(expected) + " != " + describe(actual));
        }
        if (!Objects.equals(expected.getRange(), actual.getRange())) {
            return Optional.of(path + ": range " + range(expected) + " != " + range(actual));
        }
        for (PropertyMetaModel property : expected.getMetaModel().getAllPropertyMetaModels()) {
            if (property.isNode() || property.isNodeList()) {
                Object a = property.getValue(expected);
                Object b = property.getValue(actual);
                if ((a == null) != (b == null)) {
                    return Optional.of(path + ": property " + property.getName() + " " + (a == null ? "absent" : "present")
                            + " != " + (b == null ? "absent" : "present"));
                }
                if (a instanceof List<?> la && b instanceof List<?> lb && la.size() != lb.size()) {
                    return Optional.of(path + ": property " + property.getName() + " size " + la.size() + " != " + lb.size());
                }
                continue;
            }
            if (property.getName().equals("comment")) continue;
            Object a = property.getValue(expected);
            Object b = property.getValue(actual);
            if (!Objects.equals(a, b)) return Optional.of(path + ": property " + property.getName() + " " + a + " != " + b);
        }
        Optional<String> comment = comment(expected.getComment().orElse(null), actual.getComment().orElse(null), path + " comment");
        if (comment.isPresent()) return comment;
        List<Comment> orphansA = expected.getOrphanComments();
        List<Comment> orphansB = actual.getOrphanComments();
        if (orphansA.size() != orphansB.size()) {
            return Optional.of(path + ": orphan comments " + orphansA.size() + " != " + orphansB.size());
        }
        List<Node> childrenA = expected.getChildNodes();
        List<Node> childrenB = actual.getChildNodes();
        for (int i = 0; i < Math.min(childrenA.size(), childrenB.size()); i++) {
            Node a = childrenA.get(i);
            Node b = childrenB.get(i);
            Optional<String> d = a instanceof Comment ca
                    ? (b instanceof Comment cb ? comment(ca, cb, path + " > " + i + ":comment") : Optional.of(path + " > " + i + ": comment != " + describe(b)))
                    : walk(a, b, path + " > " + i + ":" + a.getClass().getSimpleName());
            if (d.isPresent()) return d;
        }
        if (childrenA.size() != childrenB.size()) {
            return Optional.of(path + ": children " + childrenA.size() + " != " + childrenB.size()
                    + (childrenA.size() > childrenB.size() ? " (first missing: " + describe(childrenA.get(childrenB.size())) + ")"
                    : " (first extra: " + describe(childrenB.get(childrenA.size())) + ")"));
        }
        return Optional.empty();
    }

    private static Optional<String> comment(Comment a, Comment b, String path) {
        if (a == null && b == null) return Optional.empty();
        if (a == null || b == null) return Optional.of(path + ": " + describe(a) + " != " + describe(b));
        if (a.getClass() != b.getClass() || !a.getContent().equals(b.getContent()) || !Objects.equals(a.getRange(), b.getRange())) {
            return Optional.of(path + ": " + describe(a) + " != " + describe(b));
        }
        return Optional.empty();
    }

    private static String describe(Node node) {
        if (node == null) return "none";
        String text = node instanceof Comment c ? c.getContent() : node.toString();
        text = text.replaceAll("\\s+", " ");
        if (text.length() > 60) text = text.substring(0, 60) + "…";
        return node.getClass().getSimpleName() + range(node) + " '" + text + "'";
    }

    private static String range(Node node) {
        return node.getRange().map(r -> "[" + r.begin.line + ":" + r.begin.column + "-" + r.end.line + ":" + r.end.column + "]").orElse("[none]");
    }
}
