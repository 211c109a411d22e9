package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.ArrayInitializerExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MemberValuePair;
import com.github.javaparser.ast.expr.NormalAnnotationExpr;
import com.github.javaparser.ast.expr.SingleMemberAnnotationExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.TextBlockLiteralExpr;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import sootup.core.jimple.common.constant.StringConstant;
import sootup.java.core.AnnotationUsage;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The JPA named queries of an application's entities, {@code @NamedQuery(name, query)} alone or in
 * {@code @NamedQueries}, read from the entities' sources or class files, so that
 * {@code em.createNamedQuery("Order.findOpen")} names the entity its JPQL reads (the name's prefix
 * is only a convention) in both front ends. Only entity classes are read: named queries belong on them.
 * Public for the incremental state ({@link GraphMemory#namedQueries()}).
 */
public record NamedQueries(Map<String, List<Declared>> byName) {
    static final NamedQueries NONE = new NamedQueries(Map.of());

    /** One named query: the entity class that declares it and its JPQL. */
    public record Declared(String entityClass, String jpql) {}

    private static final Set<String> QUERY = Set.of("NamedQuery", "NamedNativeQuery");
    private static final Set<String> QUERIES = Set.of("NamedQueries", "NamedNativeQueries");

    public NamedQueries {
        byName = Map.copyOf(byName);
    }

    /**
     * The query a name stands for, seen from the calling class: of several entities declaring the
     * name (applications analysed together), the one whose package is nearest the caller's.
     */
    Optional<Declared> query(String name, String caller) {
        List<Declared> all = byName.getOrDefault(name, List.of());
        if (caller == null || all.size() < 2) return all.stream().findFirst();
        return all.stream().max(Comparator.comparingInt(d -> sharedPrefix(d.entityClass(), caller)));
    }

    /** How many leading package segments two class names share. */
    static int sharedPrefix(String a, String b) {
        String[] x = a.split("\\.");
        String[] y = b.split("\\.");
        int n = 0;
        while (n < x.length - 1 && n < y.length - 1 && x[n].equals(y[n])) n++;
        return n;
    }

    /** From the annotations of the entity classes' declarations. */
    static NamedQueries ofSources(AppTypes types, ComponentModel model) {
        Map<String, List<Declared>> out = new LinkedHashMap<>();
        for (Component c : model.ofKind(ComponentKind.JPA_ENTITY)) {
            Optional<AppTypes.TypeInfo> t = c.className() == null ? Optional.empty() : types.type(c.className());
            if (t.isEmpty()) continue;
            TypeDeclaration<?> decl = t.get().signatureDecl();
            if (decl == null) continue;
            for (AnnotationExpr a : decl.getAnnotations()) read(a, c.className(), out);
        }
        return new NamedQueries(out);
    }

    private static void read(AnnotationExpr a, String entity, Map<String, List<Declared>> out) {
        String simple = EntryPointRules.simple(a.getNameAsString());
        if (QUERIES.contains(simple)) {
            Expression value = a instanceof SingleMemberAnnotationExpr s ? s.getMemberValue()
                    : a instanceof NormalAnnotationExpr n ? attribute(n, "value") : null;
            if (value instanceof ArrayInitializerExpr array) {
                for (Expression e : array.getValues()) if (e instanceof AnnotationExpr inner) read(inner, entity, out);
            } else if (value instanceof AnnotationExpr inner) {
                read(inner, entity, out);
            }
        } else if (QUERY.contains(simple) && a instanceof NormalAnnotationExpr n) {
            String name = text(attribute(n, "name"));
            String query = text(attribute(n, "query"));
            if (name != null && query != null) out.computeIfAbsent(name, k -> new ArrayList<>()).add(new Declared(entity, query));
        }
    }

    private static Expression attribute(NormalAnnotationExpr a, String name) {
        for (MemberValuePair p : a.getPairs()) if (p.getNameAsString().equals(name)) return p.getValue();
        return null;
    }

    /** A literal, a text block or a concatenation of them; null for anything else (a constant of another class). */
    private static String text(Expression e) {
        if (e instanceof StringLiteralExpr s) return s.asString();
        if (e instanceof TextBlockLiteralExpr t) return t.asString();
        if (e instanceof BinaryExpr b && b.getOperator() == BinaryExpr.Operator.PLUS) {
            String l = text(b.getLeft());
            String r = text(b.getRight());
            return l == null || r == null ? null : l + r;
        }
        return null;
    }

    /** From the annotations of the entity classes' class files (javac folds constant concatenations). */
    static NamedQueries ofClassFiles(BytecodeTypes types, ComponentModel model) {
        Map<String, List<Declared>> out = new LinkedHashMap<>();
        for (Component c : model.ofKind(ComponentKind.JPA_ENTITY)) {
            Optional<BytecodeTypes.ClassInfo> t = types.type(c.className());
            if (t.isEmpty()) continue;
            for (AnnotationUsage a : t.get().annotations()) read(a, c.className(), out);
        }
        return new NamedQueries(out);
    }

    private static void read(AnnotationUsage a, String entity, Map<String, List<Declared>> out) {
        String simple = EntryPointRules.simple(a.getAnnotation().getFullyQualifiedName());
        if (QUERIES.contains(simple)) {
            readNested(a.getValues().get("value"), entity, out);
        } else if (QUERY.contains(simple)) {
            String name = text(a.getValues().get("name"));
            String query = text(a.getValues().get("query"));
            if (name != null && query != null) out.computeIfAbsent(name, k -> new ArrayList<>()).add(new Declared(entity, query));
        }
    }

    private static void readNested(Object value, String entity, Map<String, List<Declared>> out) {
        if (value instanceof AnnotationUsage inner) {
            read(inner, entity, out);
        } else if (value instanceof Iterable<?> values) {
            for (Object v : values) readNested(v, entity, out);
        }
    }

    private static String text(Object v) {
        if (v instanceof StringConstant s) return s.getValue();
        if (v instanceof String s) return s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"") ? s.substring(1, s.length() - 1) : s;
        return null;
    }
}
