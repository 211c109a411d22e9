package io.wanlint.refactorings.session;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.WhileStmt;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.Fingerprints;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.SourceFacts.StateFact;
import io.wanlint.analyzer.api.SourceFacts.StateKind;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.Fixes;
import io.wanlint.refactorings.api.Patch;
import io.wanlint.refactorings.api.PlanOutcome;
import io.wanlint.refactorings.api.Refactoring;
import io.wanlint.refactorings.api.RefactoringContext;
import io.wanlint.refactorings.api.SourceText;
import io.wanlint.refactorings.api.TextEdit;
import io.wanlint.refactorings.text.JavaSource;

import java.util.List;
import java.util.Optional;

/**
 * WAN012: after the last change of a value read with {@code HttpSession.getAttribute}, store it
 * again with {@code setAttribute} under the same name, through the same session expression, so a
 * server that replicates an attribute when it is set sends the change. The call goes right after
 * the statement making the last change, or after the outermost loop holding that statement (one
 * store per request, not per iteration).
 *
 * <p>Declined, with the reason, when the patch could store the wrong thing or not compile: the
 * attribute name is not a literal or a {@code static final} constant; the session is not a
 * variable or {@code getSession()} call visible at the insertion point; the last change is not a
 * statement of the method itself (made in a lambda, an anonymous class, a callee, or part of a
 * {@code return} or a condition); or it is the unbraced body of an {@code if} or a loop.
 */
public final class StoreSessionAttributeAfterChange implements Refactoring {
    public static final String RULE_ID = "WAN012";

    @Override public Fixes fixes() { return Fixes.of(RULE_ID, FindingSubject.SessionAttribute.class); }

    @Override public PlanOutcome plan(Finding finding, RefactoringContext context) {
        if (!handles(finding) || !context.hasCallGraph()) return PlanOutcome.declined("not a WAN012 finding");
        FindingSubject.SessionAttribute subject = (FindingSubject.SessionAttribute) finding.subject();
        Optional<StateFact> fact = context.clusterStateOf(subject.method().className()).stream()
                .filter(f -> f.kind() == StateKind.SESSION_VALUE_MUTATED && f.method().equals(subject.method())
                        && f.member().equals(subject.attribute()))
                .reduce((a, b) -> b);
        if (fact.isEmpty()) return PlanOutcome.declined("the session attribute is no longer changed in place without setAttribute");
        StateFact f = fact.get();
        String file = f.location().file();
        Optional<SourceText> text = context.read(file);
        if (text.isEmpty()) return PlanOutcome.declined("the source of " + f.method().simpleClassName() + " is not readable here");
        Optional<JavaSource> parsed = JavaSource.parse(text.get());
        if (parsed.isEmpty()) return PlanOutcome.declined(file + " does not parse");
        return plan(finding, f, parsed.get());
    }

    private PlanOutcome plan(Finding finding, StateFact f, JavaSource src) {
        MethodRef method = f.method();
        Optional<CallableDeclaration<?>> callable = enclosing(src, method, f.relatedLine(), f.location().line());
        if (callable.isEmpty()) return PlanOutcome.declined("no method " + method.name() + " around line " + f.location().line());
        CallableDeclaration<?> body = callable.get();

        Optional<MethodCallExpr> read = body.findAll(MethodCallExpr.class).stream()
                .filter(c -> line(c) == f.relatedLine() && (c.getNameAsString().equals("getAttribute") || c.getNameAsString().equals("getValue"))
                        && c.getArguments().size() == 1 && c.getScope().isPresent())
                .findFirst();
        if (read.isEmpty()) return PlanOutcome.declined("the getAttribute call of line " + f.relatedLine() + " is not in " + method.name());
        String variable = assignedVariable(read.get());
        if (variable == null) return PlanOutcome.declined("the value read at line " + f.relatedLine() + " is not kept in one local variable");

        Expression name = read.get().getArgument(0);
        Optional<String> why = nameNotConstant(name, body);
        if (why.isPresent()) return PlanOutcome.declined(why.get());

        Optional<Node> change = lastChange(body, variable, f.location().line());
        if (change.isEmpty()) {
            return PlanOutcome.declined("the change of " + variable + " at line " + f.location().line()
                    + " is not a statement of " + method.name() + " (it is made in a method it calls)");
        }
        for (Node p = change.get().getParentNode().orElse(null); p != null && p != body; p = p.getParentNode().orElse(null)) {
            if (p instanceof LambdaExpr || p instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()) {
                return PlanOutcome.declined("the change of " + variable + " at line " + f.location().line()
                        + " is made in a lambda or an anonymous class, which may run after the request");
            }
        }
        Optional<Statement> statement = change.get().findAncestor(Statement.class);
        if (statement.isEmpty() || !(statement.get() instanceof ExpressionStmt)) {
            return PlanOutcome.declined("the change of " + variable + " at line " + f.location().line()
                    + " is part of a return, a condition or a declaration: there is no statement to store it after");
        }
        Statement after = outermostLoopAround(statement.get(), body);
        if (!(after.getParentNode().orElse(null) instanceof BlockStmt)) {
            return PlanOutcome.declined("the change of " + variable + " at line " + f.location().line()
                    + " is the unbraced body of an if, else or loop");
        }

        Expression session = unwrap(read.get().getScope().get());
        String sessionText;
        if (session instanceof NameExpr n) {
            if (!visibleAt(n.getNameAsString(), after, body)) {
                return PlanOutcome.declined("the session variable " + n.getNameAsString() + " is not visible after line "
                        + f.location().line());
            }
            sessionText = n.getNameAsString();
        } else if (session instanceof MethodCallExpr m && m.getNameAsString().equals("getSession")
                && m.getScope().map(s -> s instanceof NameExpr).orElse(false)
                && visibleAt(((NameExpr) m.getScope().get()).getNameAsString(), after, body)) {
            sessionText = src.text(m);
        } else {
            return PlanOutcome.declined("the session the value was read from (" + src.text(session)
                    + ") is not a variable or a request's getSession(): calling it again might not give the same session");
        }

        SourceText text = src.source();
        int at = src.end(after);
        String indent = text.indentationAt(src.begin(after));
        String store = text.lineEnding() + indent + sessionText + ".setAttribute(" + src.text(name) + ", " + variable + ");";
        TextEdit edit = TextEdit.insert(text.path(), at, store);
        String quoted = name.isStringLiteralExpr() ? "\"" + name.asStringLiteralExpr().getValue() + "\"" : src.text(name);
        return PlanOutcome.of(new Patch(Fingerprints.of(finding), finding.ruleId(),
                "Store the session attribute " + quoted + " again after changing it in " + method.simpleClassName() + "."
                        + method.name(),
                List.of(new FileChange.Edit(text.path(), List.of(edit))), finding.before(), finding.after()));
    }

    /** The method or constructor named like {@code method} whose body holds both lines. */
    private static Optional<CallableDeclaration<?>> enclosing(JavaSource src, MethodRef method, int readLine, int changeLine) {
        String name = method.name().equals("<init>") ? method.simpleClassName() : method.name();
        for (CallableDeclaration<?> c : src.unit().findAll(CallableDeclaration.class)) {
            if (!c.getNameAsString().equals(name) || c.getBegin().isEmpty() || c.getEnd().isEmpty()) continue;
            int from = c.getBegin().get().line, to = c.getEnd().get().line;
            if (from <= Math.min(readLine, changeLine) && to >= Math.max(readLine, changeLine)) return Optional.of(c);
        }
        return Optional.empty();
    }

    private static int line(Node n) { return n.getBegin().map(p -> p.line).orElse(0); }

    private static Expression unwrap(Expression e) {
        while (e instanceof CastExpr || e instanceof EnclosedExpr) {
            e = e instanceof CastExpr c ? c.getExpression() : ((EnclosedExpr) e).getInner();
        }
        return e;
    }

    /** The local variable the read initialises or is assigned to (through casts and parentheses), or null. */
    private static String assignedVariable(MethodCallExpr read) {
        Node n = read;
        while (n.getParentNode().orElse(null) instanceof Expression p && (p instanceof CastExpr || p instanceof EnclosedExpr)) n = p;
        Node parent = n.getParentNode().orElse(null);
        if (parent instanceof VariableDeclarator v && v.getInitializer().orElse(null) == n) return v.getNameAsString();
        if (parent instanceof AssignExpr a && a.getValue() == n && a.getTarget() instanceof NameExpr t) return t.getNameAsString();
        return null;
    }

    /**
     * Why the attribute's name may not be the same when stored again: empty for a string literal or a
     * {@code static final} field of the class (or an upper-case constant of another class).
     */
    private static Optional<String> nameNotConstant(Expression name, CallableDeclaration<?> body) {
        if (name.isStringLiteralExpr()) return Optional.empty();
        if (name instanceof NameExpr n) {
            Optional<TypeDeclaration<?>> owner = body.findAncestor(TypeDeclaration.class).map(t -> (TypeDeclaration<?>) t);
            boolean localShadow = body.findAll(VariableDeclarator.class).stream().anyMatch(v -> v.getNameAsString().equals(n.getNameAsString()))
                    || body.findAll(Parameter.class).stream().anyMatch(p -> p.getNameAsString().equals(n.getNameAsString()));
            if (!localShadow && owner.isPresent()) {
                for (FieldDeclaration fd : owner.get().getFields()) {
                    if (fd.isStatic() && fd.isFinal()
                            && fd.getVariables().stream().anyMatch(v -> v.getNameAsString().equals(n.getNameAsString()))) {
                        return Optional.empty();
                    }
                }
            }
        } else if (name instanceof FieldAccessExpr fa && fa.getNameAsString().matches("[A-Z][A-Z0-9_]*")) {
            return Optional.empty();
        }
        return Optional.of("the attribute name " + name + " is not a string literal or a static final constant:"
                + " the patch cannot be sure to store the value under the name it was read from");
    }

    /** The last statement-level change of {@code variable} on {@code line}: a call on it, or a write of one of its fields. */
    private static Optional<Node> lastChange(CallableDeclaration<?> body, String variable, int line) {
        Node last = null;
        for (MethodCallExpr c : body.findAll(MethodCallExpr.class)) {
            if (line(c) == line && c.getScope().map(s -> unwrap(s) instanceof NameExpr n && n.getNameAsString().equals(variable)).orElse(false)) {
                last = c;
            }
        }
        for (AssignExpr a : body.findAll(AssignExpr.class)) {
            if (line(a) == line && a.getTarget() instanceof FieldAccessExpr fa
                    && unwrap(fa.getScope()) instanceof NameExpr n && n.getNameAsString().equals(variable)) {
                last = a;
            }
        }
        return Optional.ofNullable(last);
    }

    /** The statement itself, or the outermost loop of the method holding it: one store per request. */
    private static Statement outermostLoopAround(Statement s, CallableDeclaration<?> body) {
        Statement out = s;
        for (Node p = s.getParentNode().orElse(null); p != null && p != body; p = p.getParentNode().orElse(null)) {
            if (p instanceof ForStmt || p instanceof ForEachStmt || p instanceof WhileStmt || p instanceof DoStmt) out = (Statement) p;
            if (p instanceof LambdaExpr) break;
        }
        return out;
    }

    /** A parameter of the method, or a local declared before {@code at} in a block enclosing it. */
    private static boolean visibleAt(String name, Statement at, CallableDeclaration<?> body) {
        if (body.getParameters().stream().anyMatch(p -> p.getNameAsString().equals(name))) return true;
        for (VariableDeclarator v : body.findAll(VariableDeclarator.class)) {
            if (!v.getNameAsString().equals(name)) continue;
            Optional<BlockStmt> block = v.findAncestor(BlockStmt.class);
            if (block.isPresent() && block.get().isAncestorOf(at) && line(v) <= line(at)) return true;
        }
        Optional<TypeDeclaration<?>> owner = body.findAncestor(TypeDeclaration.class).map(t -> (TypeDeclaration<?>) t);
        return owner.map(t -> t.getFields().stream().flatMap(fd -> fd.getVariables().stream())
                .anyMatch(v -> v.getNameAsString().equals(name))).orElse(false);
    }
}
