package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.TextBlockLiteralExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchEntry;
import com.github.javaparser.ast.stmt.ThrowStmt;
import java.util.Set;

/**
 * Two facts about a call site read off its method's tree (docs/rules.md §WAN008 and §WAN009): whether the
 * call runs only under a condition, and whether a JDBC statement's SQL is assembled at run time.
 * Purely syntactic and local to the method, so it costs one walk up the tree per call asked about.
 */
final class StatementFacts {
    private StatementFacts() {}

    /** Methods whose result is SQL text assembled while running. */
    private static final Set<String> BUILDING_CALLS = Set.of("toString", "format", "formatted", "concat", "append",
            "join", "replace", "replaceAll");

    /**
     * Whether {@code call} runs only when a dirty check of its class lets it ({@link DirtyChecks}):
     * inside an {@code if}, {@code switch} or {@code ?:} whose condition is one, or after an
     * {@code if} of an enclosing block that is one and can return ({@code if (!dirty) return;}).
     * Other guards do not count: {@code if (!valid) throw …} or {@code if (beingCreated) return;}
     * still lets every store of a loaded bean write.
     */
    static boolean conditional(Node call, Node callable) {
        Node child = call;
        for (Node n = call.getParentNode().orElse(null); n != null && n != callable; child = n, n = n.getParentNode().orElse(null)) {
            if (n instanceof IfStmt i && child != i.getCondition() && DirtyChecks.isDirtyCheck(i.getCondition(), callable)) return true;
            if (n instanceof ConditionalExpr c && child != c.getCondition() && DirtyChecks.isDirtyCheck(c.getCondition(), callable)) return true;
            if (n instanceof SwitchEntry && n.getParentNode().orElse(null) instanceof com.github.javaparser.ast.nodeTypes.SwitchNode sw
                    && DirtyChecks.isDirtyCheck(sw.getSelector(), callable)) return true;
            if (n instanceof BlockStmt b && child instanceof Statement s && leavesEarlierInBlock(b.getStatements(), s, callable)) return true;
        }
        return false;
    }

    /** Whether a dirty check before {@code upTo} in the block returns from the method (a throw is a validation). */
    private static boolean leavesEarlierInBlock(NodeList<Statement> statements, Statement upTo, Node callable) {
        for (Statement s : statements) {
            if (s == upTo) return false;
            if (s instanceof IfStmt i && !i.findAll(ReturnStmt.class).isEmpty() && DirtyChecks.isDirtyCheck(i.getCondition(), callable)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the SQL handed to a {@code Statement.execute*} call is assembled at run time: its
     * first argument concatenates something other than literals and constants, comes from a
     * builder, {@code String.format} or {@code concat}, or is a local variable given such a value.
     * Parameters and fields of unknown content count as not built (no evidence either way).
     */
    static boolean sqlBuiltAtRuntime(MethodCallExpr call, Node callable, TypeDeclaration<?> owner) {
        if (call.getArguments().isEmpty()) return false;
        return built(call.getArgument(0), callable, owner, 0);
    }

    private static boolean built(Expression e, Node callable, TypeDeclaration<?> owner, int depth) {
        if (depth > 8) return false;
        if (e instanceof EnclosedExpr en) return built(en.getInner(), callable, owner, depth + 1);
        if (e instanceof BinaryExpr b && b.getOperator() == BinaryExpr.Operator.PLUS) {
            return !constant(b.getLeft(), callable, owner, depth + 1) || !constant(b.getRight(), callable, owner, depth + 1)
                    || built(b.getLeft(), callable, owner, depth + 1) || built(b.getRight(), callable, owner, depth + 1);
        }
        if (e instanceof MethodCallExpr m) return BUILDING_CALLS.contains(m.getNameAsString());
        if (e instanceof ConditionalExpr c) {
            return built(c.getThenExpr(), callable, owner, depth + 1) || built(c.getElseExpr(), callable, owner, depth + 1);
        }
        if (e instanceof NameExpr n) {
            String name = n.getNameAsString();
            for (VariableDeclarator v : callable.findAll(VariableDeclarator.class)) {
                if (v.getNameAsString().equals(name) && v.getInitializer().isPresent()
                        && built(v.getInitializer().get(), callable, owner, depth + 1)) return true;
            }
            for (AssignExpr a : callable.findAll(AssignExpr.class)) {
                if (!(a.getTarget() instanceof NameExpr t) || !t.getNameAsString().equals(name)) continue;
                if (a.getOperator() == AssignExpr.Operator.PLUS || built(a.getValue(), callable, owner, depth + 1)) return true;
            }
        }
        return false;
    }

    /** Literals, and names of {@code final} fields of the class (SQL fragments kept as constants). */
    private static boolean constant(Expression e, Node callable, TypeDeclaration<?> owner, int depth) {
        if (depth > 8) return false;
        if (e instanceof StringLiteralExpr || e instanceof TextBlockLiteralExpr || e.isLiteralExpr()) return true;
        if (e instanceof EnclosedExpr en) return constant(en.getInner(), callable, owner, depth + 1);
        if (e instanceof BinaryExpr b && b.getOperator() == BinaryExpr.Operator.PLUS) {
            return constant(b.getLeft(), callable, owner, depth + 1) && constant(b.getRight(), callable, owner, depth + 1);
        }
        if (e instanceof NameExpr n && owner != null) {
            String name = n.getNameAsString();
            java.util.List<VariableDeclarator> locals = callable.findAll(VariableDeclarator.class).stream()
                    .filter(v -> v.getNameAsString().equals(name)).toList();
            if (!locals.isEmpty()) {
                // A local is a constant when every declaration of that name starts constant and nothing reassigns it.
                boolean reassigned = callable.findAll(AssignExpr.class).stream()
                        .anyMatch(a -> a.getTarget() instanceof NameExpr t && t.getNameAsString().equals(name));
                return !reassigned && locals.stream().allMatch(v -> v.getInitializer()
                        .map(i -> constant(i, callable, owner, depth + 1)).orElse(false));
            }
            for (FieldDeclaration f : owner.getFields()) {
                if (f.isFinal() && f.getVariables().stream().anyMatch(v -> v.getNameAsString().equals(n.getNameAsString()))) {
                    return true;
                }
            }
        }
        return false;
    }
}
