package io.wanlint.analyzer.model;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.ArrayInitializerExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MemberValuePair;
import com.github.javaparser.ast.expr.NormalAnnotationExpr;
import com.github.javaparser.ast.expr.SingleMemberAnnotationExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.nodeTypes.NodeWithAnnotations;
import io.wanlint.analyzer.ingest.JavaUnit;
import io.wanlint.analyzer.api.Suppressions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The {@link Suppressions} of parsed Java sources: {@code @SuppressWarnings("wanlint")} and
 * {@code @SuppressWarnings("wanlint:WAN003")} (also in arrays, {@code value = …}, any case) on
 * classes, interfaces, enums, records, methods and constructors ({@code <init>}). A class's
 * suppressions cover its members and nested classes, which are indexed under both
 * {@code a.Outer.Inner} and {@code a.Outer$Inner}.
 */
public final class SourceSuppressions implements Suppressions {
    /** Rules suppressed at one place; {@code all} for a bare {@code "wanlint"}. */
    private record Scope(boolean all, Set<String> rules) {
        static final Scope NONE = new Scope(false, Set.of());

        Scope plus(Scope o) {
            if (o == NONE) return this;
            Set<String> r = new HashSet<>(rules);
            r.addAll(o.rules);
            return new Scope(all || o.all, Set.copyOf(r));
        }

        boolean covers(String ruleId) { return all || rules.contains(ruleId.toUpperCase(Locale.ROOT)); }
    }

    private final Map<String, Scope> classes;
    private final Map<String, Scope> methods;

    private SourceSuppressions(Map<String, Scope> classes, Map<String, Scope> methods) {
        this.classes = Map.copyOf(classes);
        this.methods = Map.copyOf(methods);
    }

    /**
     * One suppressing place, as the analysis cache stores it.
     *
     * @param key    the class name, or {@code class#method} when {@code method}
     * @param method whether {@code key} names a method
     * @param all    a bare {@code "wanlint"}: every rule
     * @param rules  the rule ids suppressed there, upper case
     */
    public record Entry(String key, boolean method, boolean all, Set<String> rules) {
        public Entry {
            rules = Set.copyOf(rules);
        }
    }

    /** Every suppressing place, sorted by kind and key (so that two runs list them alike). */
    public List<Entry> entries() {
        List<Entry> out = new ArrayList<>();
        classes.forEach((k, v) -> out.add(new Entry(k, false, v.all(), v.rules())));
        methods.forEach((k, v) -> out.add(new Entry(k, true, v.all(), v.rules())));
        out.sort(java.util.Comparator.comparing(Entry::method).thenComparing(Entry::key));
        return out;
    }

    /** The suppressions {@link #entries()} listed. */
    public static SourceSuppressions ofEntries(List<Entry> entries) {
        Map<String, Scope> classes = new HashMap<>();
        Map<String, Scope> methods = new HashMap<>();
        for (Entry e : entries) (e.method() ? methods : classes).put(e.key(), new Scope(e.all(), e.rules()));
        return new SourceSuppressions(classes, methods);
    }

    public static SourceSuppressions of(List<JavaUnit> units) {
        List<CompilationUnit> cus = new ArrayList<>();
        for (JavaUnit u : units) if (u.unit() != null) cus.add(u.unit());
        return ofCompilationUnits(cus);
    }

    public static SourceSuppressions ofCompilationUnits(List<CompilationUnit> units) {
        Map<String, Scope> classes = new HashMap<>();
        Map<String, Scope> methods = new HashMap<>();
        for (CompilationUnit cu : units) {
            String pkg = cu.getPackageDeclaration().map(p -> p.getNameAsString() + ".").orElse("");
            for (TypeDeclaration<?> t : cu.getTypes()) index(t, pkg, pkg, Scope.NONE, classes, methods);
        }
        return new SourceSuppressions(classes, methods);
    }

    private static void index(TypeDeclaration<?> type, String dotted, String binary, Scope inherited,
                              Map<String, Scope> classes, Map<String, Scope> methods) {
        String dottedName = dotted + type.getNameAsString();
        String binaryName = binary + type.getNameAsString();
        Scope scope = inherited.plus(scopeOf(type));
        List<String> names = dottedName.equals(binaryName) ? List.of(dottedName) : List.of(dottedName, binaryName);
        for (String name : names) {
            if (scope != Scope.NONE) classes.merge(name, scope, Scope::plus);
        }
        for (BodyDeclaration<?> member : type.getMembers()) {
            if (member instanceof TypeDeclaration<?> nested) {
                index(nested, dottedName + ".", binaryName + "$", scope, classes, methods);
            } else if (member instanceof CallableDeclaration<?> callable) {
                Scope own = scopeOf(callable);
                if (own == Scope.NONE) continue;
                String method = callable instanceof ConstructorDeclaration ? "<init>" : callable.getNameAsString();
                for (String name : names) methods.merge(name + "#" + method, own, Scope::plus);
            }
        }
    }

    private static Scope scopeOf(NodeWithAnnotations<? extends Node> annotated) {
        Scope scope = Scope.NONE;
        for (AnnotationExpr a : annotated.getAnnotations()) {
            String n = a.getNameAsString();
            if (!n.equals("SuppressWarnings") && !n.equals("java.lang.SuppressWarnings")) continue;
            for (String value : values(a)) scope = scope.plus(parse(value));
        }
        return scope;
    }

    private static List<String> values(AnnotationExpr a) {
        Expression v = null;
        if (a instanceof SingleMemberAnnotationExpr s) v = s.getMemberValue();
        if (a instanceof NormalAnnotationExpr n) {
            for (MemberValuePair p : n.getPairs()) if (p.getNameAsString().equals("value")) v = p.getValue();
        }
        List<String> out = new ArrayList<>();
        if (v instanceof StringLiteralExpr s) out.add(s.getValue());
        if (v instanceof ArrayInitializerExpr arr) {
            for (Expression e : arr.getValues()) if (e instanceof StringLiteralExpr s) out.add(s.getValue());
        }
        return out;
    }

    private static Scope parse(String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        if (v.equals("wanlint") || v.equals("wanlint:all")) return new Scope(true, Set.of());
        if (v.startsWith("wanlint:")) return new Scope(false, Set.of(v.substring(8).trim().toUpperCase(Locale.ROOT)));
        return Scope.NONE;
    }

    @Override public boolean suppresses(String className, String method, String ruleId) {
        if (className == null) return false;
        if (classes.getOrDefault(className, Scope.NONE).covers(ruleId)) return true;
        return method != null && methods.getOrDefault(className + "#" + method, Scope.NONE).covers(ruleId);
    }
}
