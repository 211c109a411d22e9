package io.wanlint.analyzer.callgraph;

import com.github.javaparser.Position;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.NullLiteralExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.SwitchExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.ContinueStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchEntry;
import com.github.javaparser.ast.stmt.SwitchStmt;
import com.github.javaparser.ast.stmt.ThrowStmt;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import com.github.javaparser.ast.stmt.YieldStmt;
import io.wanlint.analyzer.api.BranchArm;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Where a call sits in its method: how many loops enclose it, and whether it runs once per
 * component instance (an initialiser, or behind a cache check) rather than once per request.
 */
final class CallSiteShape {
    private CallSiteShape() {}

    /**
     * The loop nesting of {@code call} inside {@code callable}: the bodies and conditions of
     * {@code for}/{@code while}/{@code do} loops (not a {@code for}'s init part, nor a foreach's
     * iterable), and lambdas or method references handed to stream/iterable operations.
     */
    static int loopDepth(Node call, Node callable) {
        int depth = 0;
        Node child = call;
        for (Node n = call.getParentNode().orElse(null); n != null && n != callable; child = n, n = n.getParentNode().orElse(null)) {
            if (n instanceof ForStmt f) {
                final Node c = child;
                if (f.getInitialization().stream().noneMatch(i -> i == c)) depth++;
            } else if (n instanceof ForEachStmt fe) {
                if (child == fe.getBody()) depth++;
            } else if (n instanceof WhileStmt || n instanceof DoStmt) {
                depth++;
            } else if ((child instanceof LambdaExpr || child instanceof MethodReferenceExpr)
                    && n instanceof MethodCallExpr m && EeSemantics.ITERATING_OPS.contains(m.getNameAsString())
                    && m.getArguments().stream().anyMatch(a -> a == call || a.isAncestorOf(call))) {
                depth++;
            }
        }
        return depth;
    }

    /**
     * The exclusive choices of {@code callable} that enclose {@code call}, outermost first: the then
     * or else of an {@code if} that has an else, the entry of a {@code switch} (entries that fall
     * through into the next one share its arm, since a request entering the first runs both), the
     * operands of {@code ?:}, and the catch clauses of a {@code try}. A {@code try} block is not an
     * alternative to its catches: the exception path runs part of the block before the catch.
     * Conditions, an {@code if} without else (its cost is its then, the maximum of it and nothing)
     * and short-circuit operators add no choice.
     */
    static List<BranchArm> branches(Node call, Node callable) {
        return branches(call, callable, true);
    }

    /** As {@link #branches(Node, Node)}; tests compare the answers with and without {@link #exitingIfBefore} asked first. */
    static List<BranchArm> branches(Node call, Node callable, boolean exitingIfsFirst) {
        List<BranchArm> out = new ArrayList<>();
        Node child = call;
        for (Node n = call.getParentNode().orElse(null); n != null && n != callable; child = n, n = n.getParentNode().orElse(null)) {
            int arm = -1;
            if (n instanceof IfStmt ifs && (ifs.getElseStmt().isPresent() || exits(ifs.getThenStmt()))) {
                if (child == ifs.getThenStmt()) arm = 0;
                else if (ifs.getElseStmt().isPresent() && child == ifs.getElseStmt().get()) arm = 1;
            } else if (n instanceof BlockStmt block && child instanceof Statement stmt) {
                // The statements after an "if (…) { …; return; }" are its else.
                NodeList<Statement> stmts = block.getStatements();
                if (exitingIfsFirst && !exitingIfBefore(stmts, stmt)) continue;
                for (int j = stmts.indexOf(stmt) - 1; j >= 0; j--) {
                    if (stmts.get(j) instanceof IfStmt exiting && exiting.getElseStmt().isEmpty() && exits(exiting.getThenStmt())) {
                        Position p = exiting.getBegin().orElse(new Position(0, 0));
                        out.add(0, new BranchArm(p.line, p.column, 1));
                    }
                }
            } else if (n instanceof ConditionalExpr c) {
                if (child == c.getThenExpr()) arm = 0;
                else if (child == c.getElseExpr()) arm = 1;
            } else if (n instanceof SwitchStmt sw && child instanceof SwitchEntry entry) {
                arm = switchArm(sw.getEntries(), entry);
            } else if (n instanceof SwitchExpr sw && child instanceof SwitchEntry entry) {
                arm = switchArm(sw.getEntries(), entry);
            } else if (n instanceof TryStmt t && child instanceof CatchClause clause) {
                arm = t.getCatchClauses().indexOf(clause);
            } else if (n instanceof LambdaExpr || n instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()) {
                break; // a lambda's or anonymous class's body is a method of its own: its choices are its own
            }
            if (arm >= 0) {
                Position p = n.getBegin().orElse(new Position(0, 0));
                out.add(0, new BranchArm(p.line, p.column, arm));
            }
        }
        return out.isEmpty() ? List.of() : List.copyOf(out);
    }

    /**
     * Whether an {@code if} without else whose then exits stands before {@code stmt} in the block. When none
     * does, {@link #branches} adds nothing for the block, and the statement's place need not be looked up with
     * {@code NodeList.indexOf}, which compares statements structurally ({@code Node.equals}) and was most of
     * the time the call graph spent placing calls in long methods. Looked up by identity here: the first
     * structurally equal statement {@code indexOf} answers is never after this one, so where none of these
     * ifs is before it, none is before that one either.
     */
    private static boolean exitingIfBefore(NodeList<Statement> stmts, Statement stmt) {
        for (int j = 0, n = stmts.size(); j < n; j++) {
            Statement s = stmts.get(j);
            if (s == stmt) return false;
            if (s instanceof IfStmt exiting && exiting.getElseStmt().isEmpty() && exits(exiting.getThenStmt())) return true;
        }
        // Not among the block's statements by identity (never for a child of the block): as before.
        return true;
    }

    /** Whether {@code s} always leaves the method: it ends with {@code return} or {@code throw}. */
    private static boolean exits(Statement s) {
        Statement last = s;
        while (last instanceof BlockStmt b && !b.getStatements().isEmpty()) last = b.getStatements().getLast().orElse(last);
        return last instanceof ReturnStmt || last instanceof ThrowStmt;
    }

    /** The arm of {@code entry}: the index of the first entry at or after it that does not fall through. */
    private static int switchArm(List<SwitchEntry> entries, SwitchEntry entry) {
        int i = entries.indexOf(entry);
        while (i >= 0 && i < entries.size() - 1 && fallsThrough(entries.get(i))) i++;
        return i;
    }

    private static boolean fallsThrough(SwitchEntry entry) {
        if (entry.getType() != SwitchEntry.Type.STATEMENT_GROUP) return false;
        NodeList<Statement> body = entry.getStatements();
        if (body.isEmpty()) return true;
        Statement last = body.get(body.size() - 1);
        if (last instanceof BlockStmt b && !b.getStatements().isEmpty()) last = b.getStatements().getLast().orElse(last);
        return !(last instanceof BreakStmt || last instanceof ReturnStmt || last instanceof ThrowStmt
                || last instanceof ContinueStmt || last instanceof YieldStmt);
    }

    /**
     * Whether {@code call} is behind a cache: inside {@code if (field == null)} whose branch assigns
     * that field (lazy singleton / cached home), or in a method that reads and fills a cache map
     * ({@code cache.get}/{@code containsKey} and {@code cache.put}) with the call inside a condition.
     */
    static boolean behindCache(Node call, Node callable, TypeDeclaration<?> owner, Set<String> maps) {
        Node child = call;
        for (Node n = call.getParentNode().orElse(null); n != null && n != callable; child = n, n = n.getParentNode().orElse(null)) {
            if (!(n instanceof IfStmt ifs) || child == ifs.getCondition()) continue;
            if (!maps.isEmpty()) return true;
            if (child == ifs.getThenStmt() && thenRunsOnce(ifs, owner)) return true;
        }
        return false;
    }

    /**
     * Whether the then branch of {@code ifs} runs once per instance of {@code owner} (or per session):
     * a null check of a field the branch assigns, a value the branch stores in a lasting scope, or a flag.
     */
    static boolean thenRunsOnce(IfStmt ifs, TypeDeclaration<?> owner) {
        return thenRunsOnce(ifs, owner, name -> owner.getFieldByName(name).isPresent());
    }

    /** As {@link #thenRunsOnce(IfStmt, TypeDeclaration)}, with whether the owner declares a field of a name. */
    static boolean thenRunsOnce(IfStmt ifs, TypeDeclaration<?> owner, java.util.function.Predicate<String> ownerField) {
        Optional<String> field = nullCheckedField(ifs.getCondition(), owner, ownerField);
        if (field.isPresent() && assigns(ifs.getThenStmt(), field.get())) return true;
        return storesInScope(ifs) || guardedByFlag(ifs, owner, ownerField);
    }

    /**
     * {@code if (x == null) { x = new X(); session.setAttribute("x", x); }}: a value kept in the
     * session, application or request scope (a session-scoped {@code jsp:useBean}, a per-session
     * helper) is made when the scope does not hold it yet, and the next requests find it there.
     */
    private static boolean storesInScope(IfStmt ifs) {
        for (BinaryExpr b : ifs.getCondition().findAll(BinaryExpr.class)) {
            if (b.getOperator() != BinaryExpr.Operator.EQUALS) continue;
            Expression other = b.getLeft() instanceof NullLiteralExpr ? b.getRight()
                    : b.getRight() instanceof NullLiteralExpr ? b.getLeft() : null;
            if (!(other instanceof NameExpr name)) continue;
            String variable = name.getNameAsString();
            boolean stored = ifs.getThenStmt().findAll(MethodCallExpr.class).stream()
                    .anyMatch(m -> m.getNameAsString().equals("setAttribute") && m.getArguments().size() == 2
                            && m.getArgument(1) instanceof NameExpr v && v.getNameAsString().equals(variable)
                            && m.getScope().filter(CallSiteShape::outlivesRequest).isPresent());
            if (stored && assigns(ifs.getThenStmt(), variable)) return true;
        }
        return false;
    }

    /**
     * {@code if (!initialized) { …; initialized = true; }}: the block runs once per instance of the
     * owner (once per session for a session-scoped bean). Other disjuncts are accepted when each
     * compares a field the block re-assigns, a remembered value whose change re-runs it
     * ({@code if (!initialized || !tlsSessionId.equals(current))}).
     */
    private static boolean guardedByFlag(IfStmt ifs, TypeDeclaration<?> owner, java.util.function.Predicate<String> ownerField) {
        if (owner == null) return false;
        List<Expression> disjuncts = new ArrayList<>();
        disjuncts(ifs.getCondition(), disjuncts);
        boolean flag = false;
        for (Expression d : disjuncts) {
            if (d instanceof com.github.javaparser.ast.expr.UnaryExpr u
                    && u.getOperator() == com.github.javaparser.ast.expr.UnaryExpr.Operator.LOGICAL_COMPLEMENT) {
                Optional<String> f = fieldName(unwrap(u.getExpression()));
                if (f.isPresent() && ownerField.test(f.get()) && assigns(ifs.getThenStmt(), f.get())) {
                    flag = true;
                    continue;
                }
            }
            boolean remembered = java.util.stream.Stream.concat(d.findAll(NameExpr.class).stream().map(NameExpr::getNameAsString),
                            d.findAll(FieldAccessExpr.class).stream().map(FieldAccessExpr::getNameAsString))
                    .anyMatch(name -> ownerField.test(name) && assigns(ifs.getThenStmt(), name));
            if (!remembered) return false;
        }
        return flag;
    }

    private static void disjuncts(Expression e, List<Expression> out) {
        Expression x = unwrap(e);
        if (x instanceof BinaryExpr b && b.getOperator() == BinaryExpr.Operator.OR) {
            disjuncts(b.getLeft(), out);
            disjuncts(b.getRight(), out);
        } else {
            out.add(x);
        }
    }

    private static Expression unwrap(Expression e) {
        while (e instanceof com.github.javaparser.ast.expr.EnclosedExpr en) e = en.getInner();
        return e;
    }

    /** A session or the servlet context (not the request): {@code getSession()}, or a variable declared as one. */
    private static boolean outlivesRequest(Expression scope) {
        if (scope instanceof MethodCallExpr m) {
            return m.getNameAsString().equals("getSession") || m.getNameAsString().equals("getServletContext");
        }
        if (!(scope instanceof NameExpr n)) return false;
        Node callable = scope;
        while (callable.getParentNode().isPresent() && !(callable instanceof TypeDeclaration<?>)) {
            callable = callable.getParentNode().get();
        }
        String name = n.getNameAsString();
        java.util.function.Predicate<String> lasting = t -> t.endsWith("HttpSession") || t.endsWith("ServletContext");
        return callable.findAll(com.github.javaparser.ast.body.VariableDeclarator.class).stream()
                        .anyMatch(v -> v.getNameAsString().equals(name) && lasting.test(v.getTypeAsString()))
                || callable.findAll(com.github.javaparser.ast.body.Parameter.class).stream()
                        .anyMatch(p -> p.getNameAsString().equals(name) && lasting.test(p.getTypeAsString()));
    }

    /** Receivers (by field or variable name) that the callable both reads and fills like a cache map. */
    static Set<String> cacheMaps(Node callable) {
        return cacheMaps(callable.findAll(MethodCallExpr.class));
    }

    /** As {@link #cacheMaps(Node)}, from the callable's method calls already collected. */
    static Set<String> cacheMaps(List<MethodCallExpr> calls) {
        Set<String> read = new HashSet<>();
        Set<String> written = new HashSet<>();
        for (MethodCallExpr m : calls) {
            if (m.getScope().isEmpty()) continue;
            Optional<String> named = fieldName(m.getScope().get());
            if (named.isEmpty()) continue;
            String scope = named.get();
            switch (m.getNameAsString()) {
                case "get", "containsKey" -> read.add(scope);
                case "put", "putIfAbsent" -> written.add(scope);
                default -> { }
            }
        }
        read.retainAll(written);
        return read;
    }

    private static Optional<String> nullCheckedField(Expression cond, TypeDeclaration<?> owner,
                                                     java.util.function.Predicate<String> ownerField) {
        for (BinaryExpr b : cond.findAll(BinaryExpr.class)) {
            if (b.getOperator() != BinaryExpr.Operator.EQUALS) continue;
            Expression other = b.getLeft() instanceof NullLiteralExpr ? b.getRight()
                    : b.getRight() instanceof NullLiteralExpr ? b.getLeft() : null;
            Optional<String> name = fieldName(other);
            if (name.isPresent() && owner != null && ownerField.test(name.get())) return name;
        }
        return Optional.empty();
    }

    private static Optional<String> fieldName(Expression e) {
        if (e instanceof NameExpr n) return Optional.of(n.getNameAsString());
        if (e instanceof FieldAccessExpr f && (f.getScope() instanceof ThisExpr || f.getScope() instanceof NameExpr)) {
            return Optional.of(f.getNameAsString());
        }
        return Optional.empty();
    }

    private static boolean assigns(Node branch, String field) {
        return branch.findAll(AssignExpr.class).stream()
                .anyMatch(a -> fieldName(a.getTarget()).filter(field::equals).isPresent());
    }
}
