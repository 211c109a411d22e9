package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.ReturnStmt;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Whether a condition in a bean's code is a dirty check: it tests a field that the bean's mutators
 * set (a setter or business method assigns it anything but {@code false}, or counts it up), itself
 * or through a method of the bean returning such a field ({@code isModified()}). Fields that only
 * the container's callbacks assign ({@code beingCreated} set in {@code ejbCreate} and cleared in
 * {@code ejbPostCreate}, {@code valid} set by {@code ejbLoad}) say nothing about whether state
 * changed since the load, so a guard on them is a creation or validation guard, not a dirty check.
 * Syntactic and local to the class that holds the condition, which is often an abstract base class
 * whose subclasses' setters raise the flag: a field of the class that no callback raises, and an
 * inherited method named for a change ({@code isDirty()}, {@code isModified()}), are taken for
 * dirty flags.
 */
final class DirtyChecks {
    private DirtyChecks() {}

    /** Container callbacks and finders: what they assign is lifecycle state, not a change by a client. */
    private static final Set<String> CALLBACKS = Set.of("ejbLoad", "ejbStore", "ejbActivate", "ejbPassivate", "ejbRemove",
            "setEntityContext", "unsetEntityContext");
    /** Names of inherited methods taken for dirty checks when their body is not in the class. */
    private static final java.util.regex.Pattern CHANGE_WORDS = java.util.regex.Pattern.compile("(?i)dirty|modified|changed");
    private static final Set<String> CALLBACK_PREFIXES = Set.of("ejbCreate", "ejbPostCreate", "ejbFind", "ejbHome", "ejbSelect");

    /** Whether {@code condition}, written in a method of a class, tests a flag the class's mutators set. */
    static boolean isDirtyCheck(Expression condition, Node within) {
        Optional<TypeDeclaration> owner = within instanceof TypeDeclaration<?> t ? Optional.of(t) : within.findAncestor(TypeDeclaration.class);
        if (owner.isEmpty()) return false;
        TypeDeclaration<?> type = owner.get();
        Set<String> tested = new HashSet<>(fieldsNamed(condition));
        for (MethodCallExpr call : condition.findAll(MethodCallExpr.class)) {
            if (call.getScope().isPresent() && !(call.getScope().get() instanceof ThisExpr)) continue;
            List<MethodDeclaration> declared = type.getMethodsByName(call.getNameAsString());
            boolean bodyElsewhere = declared.stream().allMatch(m -> m.getBody().isEmpty());
            if (bodyElsewhere && CHANGE_WORDS.matcher(call.getNameAsString()).find()) return true;
            for (MethodDeclaration m : declared) {
                if (m.getParameters().size() != call.getArguments().size()) continue;
                for (ReturnStmt r : m.findAll(ReturnStmt.class)) r.getExpression().ifPresent(e -> tested.addAll(fieldsNamed(e)));
            }
        }
        for (String field : tested) if (isDirtyFlag(type, field)) return true;
        return false;
    }

    /**
     * Whether {@code field} of the class is a dirty flag: a mutator of the class raises it, or it is
     * a field of the class that no container callback raises either (nothing in the class raises it:
     * its subclasses' setters do, or nothing does and the guarded write never runs). A field only the
     * callbacks raise ({@code beingCreated}, {@code loaded}) is lifecycle state.
     */
    static boolean isDirtyFlag(TypeDeclaration<?> type, String field) {
        if (setByMutator(type, field)) return true;
        return type.getFieldByName(field).isPresent() && !raisedByCallback(type, field);
    }

    /** Names the expression reads as {@code name} or {@code this.name}. */
    private static Set<String> fieldsNamed(Expression e) {
        Set<String> out = new HashSet<>();
        if (e instanceof NameExpr n) out.add(n.getNameAsString());
        for (NameExpr n : e.findAll(NameExpr.class)) out.add(n.getNameAsString());
        for (FieldAccessExpr f : e.findAll(FieldAccessExpr.class)) if (f.getScope() instanceof ThisExpr) out.add(f.getNameAsString());
        return out;
    }

    /** Whether a container callback of the class sets {@code field} to something but false. */
    private static boolean raisedByCallback(TypeDeclaration<?> type, String field) {
        for (MethodDeclaration m : type.getMethods()) {
            if (!isCallback(m.getNameAsString())) continue;
            for (AssignExpr a : m.findAll(AssignExpr.class)) {
                if (names(a.getTarget(), field) && !(a.getValue() instanceof BooleanLiteralExpr b && !b.getValue())) return true;
            }
        }
        return false;
    }

    /** Whether a method of the class other than a container callback sets {@code field} (not to false). */
    private static boolean setByMutator(TypeDeclaration<?> type, String field) {
        for (MethodDeclaration m : type.getMethods()) {
            if (isCallback(m.getNameAsString())) continue;
            for (AssignExpr a : m.findAll(AssignExpr.class)) {
                if (names(a.getTarget(), field) && !(a.getValue() instanceof BooleanLiteralExpr b && !b.getValue())) return true;
            }
            for (UnaryExpr u : m.findAll(UnaryExpr.class)) {
                if (u.getOperator().isPostfix() || u.getOperator() == UnaryExpr.Operator.PREFIX_INCREMENT
                        || u.getOperator() == UnaryExpr.Operator.PREFIX_DECREMENT) {
                    if (names(u.getExpression(), field)) return true;
                }
            }
        }
        return false;
    }

    private static boolean names(Expression target, String field) {
        if (target instanceof NameExpr n) return n.getNameAsString().equals(field);
        return target instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr && f.getNameAsString().equals(field);
    }

    private static boolean isCallback(String name) {
        return CALLBACKS.contains(name) || CALLBACK_PREFIXES.stream().anyMatch(name::startsWith);
    }
}
