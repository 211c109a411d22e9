package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.Node;

import java.util.ArrayDeque;
import java.util.List;
import java.util.function.Consumer;

/**
 * A tree's nodes in the order {@code Node.walk(TreeTraversal.PREORDER, …)} gives them, without its
 * iterator's synchronized {@code java.util.Stack}: the call-graph phase walks every unit and every
 * callable body, and the stack's locking was a good part of those walks. Iterative, as JavaParser's
 * walk is, so that deeply nested code needs no deep thread stack.
 */
final class PreorderWalk {
    private PreorderWalk() {}

    static void forEach(Node root, Consumer<Node> visit) {
        ArrayDeque<Node> stack = new ArrayDeque<>();
        stack.push(root);
        while (!stack.isEmpty()) {
            Node n = stack.pop();
            List<Node> children = n.getChildNodes();
            for (int i = children.size() - 1; i >= 0; i--) stack.push(children.get(i));
            visit.accept(n);
        }
    }
}
