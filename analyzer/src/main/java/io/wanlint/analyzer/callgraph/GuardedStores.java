package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.callgraph.AppTypes.MethodInfo;
import io.wanlint.analyzer.callgraph.AppTypes.TypeInfo;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * BMP {@code ejbStore} methods guarded by a dirty flag, read from the source: the body starts with
 * {@code if (!flag) return;} (or {@code if (flag == false)}, braces or not), or is one
 * {@code if (flag) { ... }} without else, where {@code flag} is a field of the bean. After a
 * business method the store writes only when that method sets the flag ({@code flag = true}, or
 * any value but {@code false}), itself or through the bean's own methods it calls on {@code this}.
 * A store without such a guard, or code not in the sources, may always write.
 */
public final class GuardedStores {
    private final AppTypes types;
    private final Map<MethodRef, AppTypes.Remembered<Optional<String>>> flags = new ConcurrentHashMap<>();
    private final Map<Pair, AppTypes.Remembered<Boolean>> answers = new ConcurrentHashMap<>();

    /** A question asked: may {@code store} write after {@code method}. */
    record Pair(MethodRef method, MethodRef store) {}

    /** An answer with the files whose code gave it, kept by the analysis cache for the next run. */
    public record Answer(MethodRef method, MethodRef store, boolean mayWrite, Set<String> reads) {
        public Answer {
            reads = Set.copyOf(reads);
        }
    }

    GuardedStores(AppTypes types) {
        this(types, List.of());
    }

    /** With the answers of a previous run whose files have not changed since. */
    GuardedStores(AppTypes types, List<Answer> known) {
        this.types = types;
        for (Answer a : known) answers.put(new Pair(a.method(), a.store()), new AppTypes.Remembered<>(a.mayWrite(), a.reads()));
    }

    /** Whether the container's call of {@code store} after {@code method} on the same instance can write. */
    boolean mayWriteAfter(MethodRef method, MethodRef store) {
        return AppTypes.remembered(answers, new Pair(method, store), p -> {
            Optional<String> flag = AppTypes.remembered(flags, store, this::guardFlag);
            if (flag.isEmpty()) return true;
            Optional<MethodInfo> m = info(method);
            return m.isEmpty() || setsFlag(m.get(), flag.get());
        });
    }

    /** Every answer given in this run (with those known before), in a stable order. */
    List<Answer> answers() {
        java.util.TreeMap<String, Answer> sorted = new java.util.TreeMap<>();
        answers.forEach((k, v) -> sorted.put(k.method() + " " + k.store(), new Answer(k.method(), k.store(), v.value(), v.reads())));
        return List.copyOf(sorted.values());
    }

    private Optional<MethodInfo> info(MethodRef ref) {
        return types.type(ref.className()).flatMap(t -> t.methods(ref.name(), ref.parameterTypes().size()).stream()
                .filter(m -> m.ref.equals(ref)).findFirst());
    }

    /** The flag guarding the store's body, if it is guarded. */
    private Optional<String> guardFlag(MethodRef store) {
        Optional<MethodInfo> info = info(store);
        if (info.isEmpty() || !(info.get().decl() instanceof MethodDeclaration m) || m.getBody().isEmpty()) return Optional.empty();
        List<Statement> body = m.getBody().get().getStatements();
        if (body.isEmpty() || !(body.get(0) instanceof IfStmt first) || first.getElseStmt().isPresent()) return Optional.empty();
        TypeDeclaration<?> owner = info.get().owner.decl();
        // Only a dirty flag guards the write; a creation or validation flag the callbacks set does not.
        Optional<String> negated = negatedFlag(first.getCondition()).filter(f -> isField(owner, f) && DirtyChecks.isDirtyFlag(owner, f));
        if (negated.isPresent() && onlyReturns(first.getThenStmt())) return negated;
        if (body.size() == 1) return flagName(first.getCondition()).filter(f -> isField(owner, f) && DirtyChecks.isDirtyFlag(owner, f));
        return Optional.empty();
    }

    private static boolean isField(TypeDeclaration<?> owner, String name) {
        return owner != null && owner.getFieldByName(name).isPresent();
    }

    private static boolean onlyReturns(Statement s) {
        if (s instanceof ReturnStmt r) return r.getExpression().isEmpty();
        return s instanceof BlockStmt b && b.getStatements().size() == 1 && onlyReturns(b.getStatement(0));
    }

    /** {@code !flag}, {@code flag == false}, {@code false == flag}. */
    private static Optional<String> negatedFlag(Expression cond) {
        Expression c = cond.isEnclosedExpr() ? cond.asEnclosedExpr().getInner() : cond;
        if (c instanceof UnaryExpr u && u.getOperator() == UnaryExpr.Operator.LOGICAL_COMPLEMENT) return flagName(u.getExpression());
        if (c instanceof BinaryExpr b && b.getOperator() == BinaryExpr.Operator.EQUALS) {
            if (b.getRight() instanceof BooleanLiteralExpr l && !l.getValue()) return flagName(b.getLeft());
            if (b.getLeft() instanceof BooleanLiteralExpr l && !l.getValue()) return flagName(b.getRight());
        }
        return Optional.empty();
    }

    private static Optional<String> flagName(Expression e) {
        Expression x = e.isEnclosedExpr() ? e.asEnclosedExpr().getInner() : e;
        if (x instanceof NameExpr n) return Optional.of(n.getNameAsString());
        if (x instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr) return Optional.of(f.getNameAsString());
        return Optional.empty();
    }

    /** Whether the method, or the bean's own methods it calls on {@code this}, set the flag to anything but false. */
    private boolean setsFlag(MethodInfo start, String flag) {
        Set<MethodInfo> seen = new HashSet<>();
        Deque<MethodInfo> work = new ArrayDeque<>(List.of(start));
        while (!work.isEmpty()) {
            MethodInfo m = work.poll();
            if (!seen.add(m) || m.decl() == null) continue;
            for (AssignExpr a : m.decl().findAll(AssignExpr.class)) {
                boolean target = flagName(a.getTarget()).filter(flag::equals).isPresent();
                if (target && !(a.getValue() instanceof BooleanLiteralExpr l && !l.getValue())) return true;
            }
            for (MethodCallExpr c : m.decl().findAll(MethodCallExpr.class)) {
                if (c.getScope().isPresent() && !(c.getScope().get() instanceof ThisExpr)) continue;
                Optional<TypeInfo> owner = Optional.of(start.owner);
                owner.flatMap(t -> types.concreteInClassChain(t, c.getNameAsString(), c.getArguments().size())).ifPresent(work::add);
            }
        }
        return false;
    }
}
