package io.wanlint.analyzer.model;

import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.ArrayInitializerExpr;
import com.github.javaparser.ast.expr.ClassExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MemberValuePair;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.NormalAnnotationExpr;
import com.github.javaparser.ast.expr.SingleMemberAnnotationExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads literal attribute values of an annotation as written in source (no constant folding). */
final class AnnotationAttributes {
    private AnnotationAttributes() {}

    static Optional<Expression> get(AnnotationExpr a, String name) {
        if (a instanceof SingleMemberAnnotationExpr s) {
            return "value".equals(name) ? Optional.of(s.getMemberValue()) : Optional.empty();
        }
        if (a instanceof NormalAnnotationExpr n) {
            for (MemberValuePair p : n.getPairs()) if (p.getNameAsString().equals(name)) return Optional.of(p.getValue());
        }
        return Optional.empty();
    }

    /** A string attribute, or null when absent, empty, or not a literal. */
    static String string(AnnotationExpr a, String name) {
        return get(a, name).filter(Expression::isStringLiteralExpr).map(e -> ((StringLiteralExpr) e).asString())
                .filter(s -> !s.isEmpty()).orElse(null);
    }

    static List<String> strings(AnnotationExpr a, String name) {
        List<String> out = new ArrayList<>();
        get(a, name).ifPresent(e -> {
            for (Expression x : elements(e)) {
                if (x instanceof StringLiteralExpr s) out.add(s.asString());
            }
        });
        return out;
    }

    /** Class literals ({@code Foo.class}) of an attribute, as written. */
    static List<String> classes(AnnotationExpr a, String name) {
        List<String> out = new ArrayList<>();
        get(a, name).ifPresent(e -> {
            for (Expression x : elements(e)) {
                if (x instanceof ClassExpr c) out.add(c.getType().asString());
            }
        });
        return out;
    }

    /** The constant name of an enum attribute ({@code TransactionAttributeType.REQUIRES_NEW} → REQUIRES_NEW). */
    static String constant(AnnotationExpr a, String name) {
        return get(a, name).map(e -> {
            if (e instanceof FieldAccessExpr f) return f.getNameAsString();
            if (e instanceof NameExpr n) return n.getNameAsString();
            return null;
        }).orElse(null);
    }

    /** The constant names of an enum or enum-array attribute ({@code {CascadeType.PERSIST, MERGE}} → PERSIST, MERGE). */
    static List<String> constants(AnnotationExpr a, String name) {
        List<String> out = new ArrayList<>();
        get(a, name).ifPresent(e -> {
            for (Expression x : elements(e)) {
                if (x instanceof FieldAccessExpr f) out.add(f.getNameAsString());
                else if (x instanceof NameExpr n) out.add(n.getNameAsString());
            }
        });
        return out;
    }

    private static List<Expression> elements(Expression e) {
        return e instanceof ArrayInitializerExpr arr ? arr.getValues() : List.of(e);
    }
}
