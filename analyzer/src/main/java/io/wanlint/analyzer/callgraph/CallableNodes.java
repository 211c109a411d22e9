package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.stmt.ExplicitConstructorInvocationStmt;
import com.github.javaparser.ast.stmt.IfStmt;

import java.util.ArrayList;
import java.util.List;

/**
 * The nodes of one callable that the source scan asks about, collected in one preorder walk: the
 * call sites it resolves and the conditions {@link CallSiteShape#cacheMaps} and
 * {@link SourceConstants#deadCode} read. On a large application the separate whole-body walks
 * ({@code findAll} per question, then one more per caller of an initialiser) were most of the
 * phase's time; each list is in the order {@code findAll} gives (preorder). The same walk gives
 * {@link ClusterStateScan} the names the body declares (parameters, locals, lambda parameters), so that
 * it need not walk the body again.
 */
record CallableNodes(List<Node> sites, List<MethodCallExpr> calls, List<IfStmt> ifs,
                     List<ConditionalExpr> conditionals, List<BinaryExpr> binaries, List<String> declaredNames) {

    static CallableNodes of(Node callable) {
        List<Node> sites = new ArrayList<>();
        List<MethodCallExpr> calls = new ArrayList<>();
        List<IfStmt> ifs = new ArrayList<>();
        List<ConditionalExpr> conditionals = new ArrayList<>();
        List<BinaryExpr> binaries = new ArrayList<>();
        List<String> declaredNames = new ArrayList<>();
        PreorderWalk.forEach(callable, n -> {
            if (n instanceof MethodCallExpr call) {
                sites.add(call);
                calls.add(call);
            } else if (n instanceof ObjectCreationExpr || n instanceof ExplicitConstructorInvocationStmt
                    || n instanceof MethodReferenceExpr) {
                sites.add(n);
            } else if (n instanceof IfStmt s) {
                ifs.add(s);
            } else if (n instanceof ConditionalExpr c) {
                conditionals.add(c);
            } else if (n instanceof BinaryExpr b) {
                binaries.add(b);
            } else if (n instanceof Parameter p) {
                declaredNames.add(p.getNameAsString());
            } else if (n instanceof VariableDeclarator v) {
                declaredNames.add(v.getNameAsString());
            }
        });
        return new CallableNodes(sites, calls, ifs, conditionals, binaries, declaredNames);
    }
}
