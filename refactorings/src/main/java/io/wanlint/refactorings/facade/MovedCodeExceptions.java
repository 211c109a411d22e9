package io.wanlint.refactorings.facade;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.ThrowStmt;
import com.github.javaparser.ast.stmt.TryStmt;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The exceptions a piece of moved code lets out: what each call, constructor and {@code throw} in
 * it declares ({@link ExceptionTypes}), less what a {@code try} inside the moved code itself
 * catches. The façade method declares the checked ones, so they reach the client's own
 * {@code catch} as themselves instead of the client being left with an unreported exception; the
 * unchecked ones are what a bean would turn into a system exception. {@link #complete} is false when
 * some call's declaration could not be found: the caller then keeps its older, name-based guess too.
 *
 * @param thrown   each exception let out (qualified), with the first node that throws it
 * @param complete whether every call, constructor and throw of the code was resolved
 */
record MovedCodeExceptions(Map<String, Node> thrown, boolean complete) {
    /**
     * @param roots     the moved code (statements and expressions)
     * @param ownerType the qualified type of a call's scope expression, when it can be told
     * @param qualify   the qualified name of a type written in the client
     */
    static MovedCodeExceptions of(Collection<? extends Node> roots, ExceptionTypes types, Function<Expression, Optional<String>> ownerType,
                                  Function<String, Optional<String>> qualify) {
        Map<String, Node> out = new LinkedHashMap<>();
        boolean complete = true;
        for (Node root : roots) {
            for (Node n : root.findAll(Node.class, x -> x instanceof MethodCallExpr || x instanceof ObjectCreationExpr || x instanceof ThrowStmt)) {
                if (deferred(n, root)) continue;
                Optional<Set<String>> declared = declared(n, types, ownerType, qualify);
                if (declared.isEmpty()) {
                    complete = false;
                    continue;
                }
                for (String e : declared.get()) {
                    if (!caughtWithin(n, root, e, types, qualify)) out.putIfAbsent(e, n);
                }
            }
        }
        return new MovedCodeExceptions(out, complete);
    }

    /** Code in a lambda or an anonymous class body runs when that is called, not where it is written. */
    private static boolean deferred(Node n, Node root) {
        for (Node p = n.getParentNode().orElse(null); p != null && p != root; p = p.getParentNode().orElse(null)) {
            if (p instanceof LambdaExpr || p instanceof BodyDeclaration<?>) return true;
        }
        return false;
    }

    private static Optional<Set<String>> declared(Node n, ExceptionTypes types, Function<Expression, Optional<String>> ownerType,
                                                  Function<String, Optional<String>> qualify) {
        if (n instanceof ThrowStmt t) {
            Expression e = t.getExpression();
            if (e instanceof ObjectCreationExpr c) return qualify.apply(c.getType().getNameWithScope()).map(Set::of);
            return ownerType.apply(e).map(Set::of);
        }
        if (n instanceof ObjectCreationExpr c) {
            return qualify.apply(c.getType().getNameWithScope()).flatMap(q -> types.constructorThrows(q, c.getArguments().size()));
        }
        MethodCallExpr call = (MethodCallExpr) n;
        if (call.getScope().isEmpty()) return Optional.empty();
        Expression scope = call.getScope().get();
        Optional<String> owner = ownerType.apply(scope);
        if (owner.isEmpty() && scope instanceof NameExpr name && Character.isUpperCase(name.getNameAsString().charAt(0))) {
            owner = qualify.apply(name.getNameAsString());   // a static call: PortableRemoteObject.narrow(..)
        }
        if (owner.isEmpty() && scope instanceof ObjectCreationExpr c) owner = qualify.apply(c.getType().getNameWithScope());
        if (owner.isEmpty() && scope.isStringLiteralExpr()) owner = Optional.of("java.lang.String");
        return owner.flatMap(o -> types.methodThrows(o, call.getNameAsString(), call.getArguments().size()));
    }

    /** Whether a {@code try} between {@code n} and {@code root} catches {@code exception} thrown at {@code n}. */
    private static boolean caughtWithin(Node n, Node root, String exception, ExceptionTypes types, Function<String, Optional<String>> qualify) {
        Node child = n;
        for (Node p = n.getParentNode().orElse(null); p != null; child = p, p = p.getParentNode().orElse(null)) {
            if (p instanceof TryStmt t && (child == t.getTryBlock() || t.getResources().contains(child))) {
                for (CatchClause c : t.getCatchClauses()) {
                    for (String written : c.getParameter().getType().asString().split("\\|")) {
                        Optional<String> q = qualify.apply(written.trim());
                        if (q.isPresent() && types.isA(exception, q.get())) return true;
                    }
                }
            }
            if (p == root) break;
        }
        return false;
    }

    /** Whether anything thrown is known unchecked and a subtype of {@code caught}: the first such node. */
    Optional<Node> uncheckedCaughtAs(String caught, ExceptionTypes types) {
        for (var e : thrown.entrySet()) {
            if (types.unchecked(e.getKey()).orElse(false) && types.isA(e.getKey(), caught)) return Optional.of(e.getValue());
        }
        return Optional.empty();
    }
}
