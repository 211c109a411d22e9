package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.CharLiteralExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.LongLiteralExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.IfStmt;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The constant expressions of the source as javac folds them (JLS §15.29): literals, {@code final}
 * fields and local variables of primitive or {@code String} type initialised with constants, and
 * the operators over them. javac leaves the branches such constants make dead out of the class file
 * ({@code if (DEBUG)}, {@code if (USE_CACHE && …)}, {@code DEBUG ? a() : b()}); {@link #deadCode}
 * finds the same code in the source, so that the source front end's graph matches the bytecode one.
 */
final class SourceConstants {
    private static final int MAX_DEPTH = 12;

    private final AppTypes types;

    SourceConstants(AppTypes types) {
        this.types = types;
    }

    /**
     * The parts of {@code callable} that never run: the arm of an {@code if} or {@code ?:} a constant
     * condition rules out, and the right operand of {@code false && …} or {@code true || …}. Empty
     * (the common case) when no condition in it is constant.
     */
    List<Node> deadCode(Node callable) {
        return deadCode(callable.findAll(IfStmt.class), callable.findAll(ConditionalExpr.class),
                callable.findAll(BinaryExpr.class));
    }

    /** As {@link #deadCode(Node)}, from the callable's conditions already collected ({@link CallableNodes}). */
    List<Node> deadCode(List<IfStmt> ifs, List<ConditionalExpr> conditionals, List<BinaryExpr> binaries) {
        List<Node> dead = new ArrayList<>();
        for (IfStmt s : ifs) {
            Optional<Boolean> c = bool(s.getCondition());
            if (c.isEmpty()) continue;
            if (!c.get()) dead.add(s.getThenStmt());
            else s.getElseStmt().ifPresent(dead::add);
        }
        for (ConditionalExpr e : conditionals) {
            bool(e.getCondition()).ifPresent(c -> dead.add(c ? e.getElseExpr() : e.getThenExpr()));
        }
        for (BinaryExpr b : binaries) {
            if (b.getOperator() == BinaryExpr.Operator.AND && bool(b.getLeft()).filter(v -> !v).isPresent()
                    || b.getOperator() == BinaryExpr.Operator.OR && bool(b.getLeft()).filter(v -> v).isPresent()) {
                dead.add(b.getRight());
            }
        }
        return dead;
    }

    /** Whether {@code n} lies in one of the {@link #deadCode} parts. */
    static boolean inDeadCode(Node n, List<Node> dead) {
        for (Node d : dead) if (d == n || d.isAncestorOf(n)) return true;
        return false;
    }

    Optional<Boolean> bool(Expression e) {
        if (!mayBeConstant(e)) return Optional.empty();
        return value(e, 0).filter(Boolean.class::isInstance).map(Boolean.class::cast);
    }

    /**
     * Whether {@code e} is made only of what a constant expression can hold: a cheap test that spares
     * resolving names in the conditions that cannot be constant ({@code x == null}, {@code it.hasNext()}).
     */
    private static boolean mayBeConstant(Expression e) {
        return e.stream().allMatch(n -> n instanceof BooleanLiteralExpr || n instanceof StringLiteralExpr
                || n instanceof CharLiteralExpr || n instanceof IntegerLiteralExpr || n instanceof LongLiteralExpr
                || n instanceof NameExpr || n instanceof FieldAccessExpr || n instanceof UnaryExpr || n instanceof BinaryExpr
                || n instanceof EnclosedExpr || n instanceof ConditionalExpr || n instanceof com.github.javaparser.ast.expr.SimpleName
                || n instanceof com.github.javaparser.ast.expr.Name || n instanceof com.github.javaparser.ast.comments.Comment);
    }

    /** The value of a constant expression: a Boolean, Long (every integral type), Character or String. */
    Optional<Object> value(Expression e) { return value(e, 0); }

    private Optional<Object> value(Expression e, int depth) {
        if (depth > MAX_DEPTH) return Optional.empty();
        if (e instanceof BooleanLiteralExpr b) return Optional.of(b.getValue());
        if (e instanceof StringLiteralExpr s) return Optional.of(s.asString());
        if (e instanceof CharLiteralExpr c) return Optional.of((long) c.asChar());
        if (e instanceof IntegerLiteralExpr i) return number(() -> i.asNumber().longValue());
        if (e instanceof LongLiteralExpr l) return number(() -> l.asNumber().longValue());
        if (e instanceof EnclosedExpr en) return value(en.getInner(), depth + 1);
        if (e instanceof UnaryExpr u) return unary(u, depth);
        if (e instanceof BinaryExpr b) return binary(b, depth);
        if (e instanceof ConditionalExpr c) {
            Optional<Boolean> cond = value(c.getCondition(), depth + 1).filter(Boolean.class::isInstance).map(Boolean.class::cast);
            return cond.flatMap(v -> value(v ? c.getThenExpr() : c.getElseExpr(), depth + 1));
        }
        if (e instanceof NameExpr n) return name(n, depth);
        if (e instanceof FieldAccessExpr f) {
            Optional<String> owner = types.resolveTypeName(f.getScope().toString(), f);
            if (owner.isEmpty()) return Optional.empty();
            return types.type(owner.get()).flatMap(ti -> constantField(List.of(ti), f.getNameAsString(), depth));
        }
        return Optional.empty();
    }

    private static Optional<Object> number(java.util.function.LongSupplier value) {
        try {
            return Optional.of(value.getAsLong());
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    private Optional<Object> unary(UnaryExpr u, int depth) {
        Optional<Object> v = value(u.getExpression(), depth + 1);
        if (v.isEmpty()) return v;
        Object x = v.get();
        return switch (u.getOperator()) {
            case LOGICAL_COMPLEMENT -> x instanceof Boolean b ? Optional.of(!b) : Optional.empty();
            case MINUS -> x instanceof Long l ? Optional.of(-l) : Optional.empty();
            case PLUS -> x instanceof Long ? v : Optional.empty();
            default -> Optional.empty();
        };
    }

    private Optional<Object> binary(BinaryExpr b, int depth) {
        Optional<Object> left = value(b.getLeft(), depth + 1);
        if (left.isEmpty()) return left;
        Optional<Object> right = value(b.getRight(), depth + 1);
        if (right.isEmpty()) return right;
        Object l = left.get();
        Object r = right.get();
        BinaryExpr.Operator op = b.getOperator();
        if (op == BinaryExpr.Operator.PLUS && (l instanceof String || r instanceof String)) {
            return Optional.of(String.valueOf(l) + r);
        }
        if (l instanceof Boolean x && r instanceof Boolean y) {
            return switch (op) {
                case AND, BINARY_AND -> Optional.of(x && y);
                case OR, BINARY_OR -> Optional.of(x || y);
                case XOR -> Optional.of(x ^ y);
                case EQUALS -> Optional.of(x.equals(y));
                case NOT_EQUALS -> Optional.of(!x.equals(y));
                default -> Optional.empty();
            };
        }
        if (l instanceof Long x && r instanceof Long y) {
            return switch (op) {
                case PLUS -> Optional.of(x + y);
                case MINUS -> Optional.of(x - y);
                case MULTIPLY -> Optional.of(x * y);
                case DIVIDE -> y == 0 ? Optional.empty() : Optional.of(x / y);
                case REMAINDER -> y == 0 ? Optional.empty() : Optional.of(x % y);
                case EQUALS -> Optional.of(x.longValue() == y.longValue());
                case NOT_EQUALS -> Optional.of(x.longValue() != y.longValue());
                case LESS -> Optional.of(x < y);
                case LESS_EQUALS -> Optional.of(x <= y);
                case GREATER -> Optional.of(x > y);
                case GREATER_EQUALS -> Optional.of(x >= y);
                default -> Optional.empty();
            };
        }
        return Optional.empty();
    }

    /**
     * A simple name: a local variable or parameter of the enclosing code when one is declared with
     * that name (a constant only when {@code final} with a constant initialiser), else a field of the
     * enclosing classes or their supertypes.
     */
    private Optional<Object> name(NameExpr n, int depth) {
        String name = n.getNameAsString();
        Node callable = n;
        while (callable.getParentNode().isPresent()
                && !(callable instanceof com.github.javaparser.ast.body.CallableDeclaration<?>)
                && !(callable instanceof com.github.javaparser.ast.body.InitializerDeclaration)
                && !(callable instanceof FieldDeclaration)
                && !(callable instanceof com.github.javaparser.ast.body.TypeDeclaration<?>)) {
            callable = callable.getParentNode().get();
        }
        if (callable instanceof com.github.javaparser.ast.body.CallableDeclaration<?> c) {
            for (Parameter p : c.getParameters()) if (p.getNameAsString().equals(name)) return Optional.empty();
        }
        if (!(callable instanceof com.github.javaparser.ast.body.TypeDeclaration<?>)) {
            for (VariableDeclarator v : callable.findAll(VariableDeclarator.class)) {
                if (!v.getNameAsString().equals(name) || !(v.getParentNode().orElse(null) instanceof VariableDeclarationExpr d)) continue;
                if (!d.isFinal() || v.getInitializer().isEmpty() || !constantType(v)) return Optional.empty();
                return value(v.getInitializer().get(), depth + 1);
            }
        }
        return constantField(ReceiverTypes.enclosingTypes(types, n), name, depth);
    }

    /** A constant field in one of {@code owners} or their application supertypes (interfaces of constants too). */
    private Optional<Object> constantField(List<AppTypes.TypeInfo> owners, String name, int depth) {
        Optional<ReceiverTypes.DeclaredField> field = ReceiverTypes.fieldInHierarchy(types, owners, name);
        if (field.isEmpty()) return Optional.empty();
        VariableDeclarator d = field.get().declarator();
        boolean fin = field.get().owner().isInterface || d.getParentNode().orElse(null) instanceof FieldDeclaration f && f.isFinal();
        if (!fin || !constantType(d)) return Optional.empty();
        return d.getInitializer().flatMap(init -> value(init, depth + 1));
    }

    /** Only primitives and {@code String} make constant variables ({@code final Boolean} does not). */
    private static boolean constantType(VariableDeclarator v) {
        return v.getType().isPrimitiveType() || v.getType().asString().equals("String")
                || v.getType().asString().equals("java.lang.String");
    }
}
