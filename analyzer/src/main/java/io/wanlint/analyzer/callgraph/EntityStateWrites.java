package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.SuperExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.expr.UnaryExpr;
import io.wanlint.analyzer.callgraph.AppTypes.MethodInfo;
import io.wanlint.analyzer.callgraph.AppTypes.TypeInfo;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Whether an entity bean's business method changes the bean's state, read from its source: the
 * implementing method (or an own or superclass method it calls, {@link EntityWriteRule#MAX_DEPTH} calls deep) assigns an
 * instance field of the bean ({@code balance = …}, {@code this.balance -= …}, {@code balance++})
 * or calls one of the bean's own {@code set…} methods (the abstract CMP setters), or changes one of its
 * collections ({@code teams.add(t)}, {@code getTeams().remove(t)}: a relationship), or runs a
 * superclass's method that does ({@code super.adjust()}). Filling a field left null on first use
 * ({@code if (history == null) history = …}) is a cache of what is read, not a write. Such a call is an
 * update of the entity although its name says nothing about it ({@code debit(amount)}); the cache
 * rule counts it as a write. Answers are cached per bean method.
 */
final class EntityStateWrites {

    /** Methods that change a collection or map: on a relationship collection, a write of its entity. */
    static final Set<String> COLLECTION_MUTATORS = Set.of("add", "addAll", "remove", "removeAll", "retainAll", "removeIf",
            "clear", "put", "putAll");

    private record Key(String beanClass, String method, int argc) {}

    private final AppTypes types;
    private final EntityWriteRule<TypeInfo, MethodInfo> rule;
    private final Map<Key, AppTypes.Remembered<Boolean>> answers = new ConcurrentHashMap<>();
    private final Map<String, Set<String>> instanceFields = new ConcurrentHashMap<>();

    EntityStateWrites(AppTypes types) {
        this.types = types;
        this.rule = new EntityWriteRule<>(types, this::body);
    }

    /**
     * Whether the bean class's implementation of {@code method} with {@code argc} arguments changes
     * the bean's state; false when the bean class or the method is not in the sources.
     */
    boolean changesState(String beanClass, String method, int argc) {
        return AppTypes.remembered(answers, new Key(beanClass, method, argc), k -> {
            Optional<TypeInfo> bean = types.type(beanClass);
            if (bean.isEmpty()) return false;
            return types.concreteInClassChain(bean.get(), method, argc).map(m -> rule.writes(bean.get(), m)).orElse(false);
        });
    }

    /**
     * What a method's source says it does to the bean ({@link EntityWriteRule.BodyWrites}): own field
     * assignments ({@code =}, {@code +=}, {@code ++}) and changes of own collections, and the calls on
     * {@code this} of instance methods. Anonymous and local classes' code is another object's.
     */
    private Optional<EntityWriteRule.BodyWrites<MethodInfo>> body(TypeInfo bean, MethodInfo m) {
        if (!(m.decl() instanceof MethodDeclaration md) || md.getBody().isEmpty()) return Optional.empty();
        Set<String> fields = instanceFields(bean);
        Set<String> locals = localNames(md);
        boolean writes = false;
        for (AssignExpr a : md.findAll(AssignExpr.class)) {
            if (ownBody(a, md) && isOwnField(a.getTarget(), fields, locals) && !lazilyInitialised(a)) writes = true;
        }
        for (UnaryExpr u : md.findAll(UnaryExpr.class)) {
            if (u.getOperator().isPostfix() || u.getOperator() == UnaryExpr.Operator.PREFIX_INCREMENT
                    || u.getOperator() == UnaryExpr.Operator.PREFIX_DECREMENT) {
                if (ownBody(u, md) && isOwnField(u.getExpression(), fields, locals)) writes = true;
            }
        }
        List<ProgramView.Callee> onThis = new ArrayList<>();
        List<MethodInfo> onSuper = new ArrayList<>();
        for (MethodCallExpr call : md.findAll(MethodCallExpr.class)) {
            if (!ownBody(call, md)) continue;
            if (COLLECTION_MUTATORS.contains(call.getNameAsString()) && call.getScope().isPresent()
                    && isOwnCollection(call.getScope().get(), fields, locals)) {
                writes = true;
            }
            String name = call.getNameAsString();
            int argc = call.getArguments().size();
            if (call.getScope().filter(sc -> sc instanceof SuperExpr).isPresent()) {
                // super.x() runs the code of the class above the one declaring this method, on this object.
                Optional<TypeInfo> above = Optional.ofNullable(m.owner.superclass).flatMap(types::type);
                above.flatMap(t -> types.concreteInClassChain(t, name, argc)).filter(x -> !x.isStatic).ifPresent(onSuper::add);
                continue;
            }
            if (!onThis(call)) continue;
            Optional<MethodInfo> declared = types.findInHierarchy(bean, name, argc);
            if (declared.isPresent() && declared.get().isStatic) continue;
            onThis.add(ProgramView.Callee.byArity(name, argc));
        }
        return Optional.of(new EntityWriteRule.BodyWrites<>(writes, onThis, List.of(), onSuper));
    }

    /**
     * {@code if (items == null) items = new …;}: filling a cache of what is read when first asked for,
     * not a change of persistent state (a getter that does it stays a read). Only a plain assignment
     * inside the then-branch of an {@code if} testing that field against {@code null}.
     */
    private static boolean lazilyInitialised(AssignExpr a) {
        if (a.getOperator() != AssignExpr.Operator.ASSIGN) return false;
        String field = fieldName(a.getTarget());
        for (Node p = a.getParentNode().orElse(null); p != null && !(p instanceof CallableDeclaration<?>); p = p.getParentNode().orElse(null)) {
            if (p instanceof IfStmt i && i.getThenStmt().isAncestorOf(a) && i.getCondition() instanceof BinaryExpr b
                    && b.getOperator() == BinaryExpr.Operator.EQUALS
                    && (b.getRight().isNullLiteralExpr() && field.equals(fieldName(b.getLeft()))
                        || b.getLeft().isNullLiteralExpr() && field.equals(fieldName(b.getRight())))) {
                return true;
            }
        }
        return false;
    }

    /** The field {@code x} or {@code this.x} names, else "". */
    private static String fieldName(Expression e) {
        if (e instanceof NameExpr n) return n.getNameAsString();
        if (e instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr) return f.getNameAsString();
        return "";
    }

    /**
     * The bean's own collection: an instance field ({@code teams}, {@code this.teams}) or what an own
     * getter returns ({@code getTeams()}, {@code this.getTeams()}); changing it changes the entity.
     */
    private static boolean isOwnCollection(Expression scope, Set<String> fields, Set<String> locals) {
        if (isOwnField(scope, fields, locals)) return true;
        return scope instanceof MethodCallExpr getter && getter.getArguments().isEmpty() && onThis(getter)
                && getter.getNameAsString().startsWith("get");
    }

    /** A call without a receiver or on {@code this}. */
    private static boolean onThis(MethodCallExpr call) {
        return call.getScope().map(s -> s instanceof ThisExpr).orElse(true);
    }

    /** {@code x} naming an instance field (not shadowed by a local or parameter), or {@code this.x}. */
    private static boolean isOwnField(Expression target, Set<String> fields, Set<String> locals) {
        if (target instanceof NameExpr n) {
            return fields.contains(n.getNameAsString()) && !locals.contains(n.getNameAsString());
        }
        return target instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr
                && fields.contains(f.getNameAsString());
    }

    /**
     * Whether a node belongs to the method itself rather than to an anonymous or local class in it,
     * whose {@code this} and fields are another object's (class files keep those bodies apart too).
     */
    private static boolean ownBody(Node n, MethodDeclaration md) {
        for (Node p = n.getParentNode().orElse(null); p != null && p != md; p = p.getParentNode().orElse(null)) {
            if (p instanceof TypeDeclaration<?> || p instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()
                    && o.getArguments().stream().noneMatch(arg -> arg.isAncestorOf(n))) {
                return false;
            }
        }
        return true;
    }

    /** Names the method declares (parameters, locals, lambda and catch parameters): they shadow fields. */
    private static Set<String> localNames(CallableDeclaration<?> md) {
        Set<String> out = new HashSet<>();
        for (Parameter p : md.findAll(Parameter.class)) out.add(p.getNameAsString());
        for (VariableDeclarator v : md.findAll(VariableDeclarator.class)) out.add(v.getNameAsString());
        return out;
    }

    /** The non-static fields the bean class declares or inherits from application superclasses. */
    private Set<String> instanceFields(TypeInfo bean) {
        return instanceFields.computeIfAbsent(bean.fqn, k -> {
            Set<String> out = new LinkedHashSet<>();
            TypeInfo t = bean;
            for (int guard = 0; t != null && guard < 50; guard++) {
                for (FieldDeclaration f : t.signatureDecl().getFields()) {
                    if (f.isStatic()) continue;
                    for (VariableDeclarator v : f.getVariables()) out.add(v.getNameAsString());
                }
                t = t.superclass == null ? null : types.type(t.superclass).orElse(null);
            }
            return Set.copyOf(out);
        });
    }
}
