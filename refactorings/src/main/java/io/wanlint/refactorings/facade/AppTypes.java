package io.wanlint.refactorings.facade;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import io.wanlint.refactorings.text.JavaSource;

import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * What the façade extraction needs to know about the application's own types, read from their
 * sources: where a simple name comes from, what a method returns, whether a value can travel in a
 * transfer object, and the text of a {@code String} constant (JNDI names kept in constants classes).
 * Sources are parsed once each and only when asked for.
 */
final class AppTypes {
    private static final Set<String> PRIMITIVES = Set.of("boolean", "byte", "char", "short", "int", "long", "float", "double");
    private static final Set<String> JAVA_LANG = Set.of("String", "Integer", "Long", "Short", "Byte", "Double", "Float",
            "Boolean", "Character", "Object", "Number", "StringBuffer", "StringBuilder");
    /** JDK value types that are serializable and mean the same on both sides of a remote call. */
    private static final Set<String> JDK_VALUES = Set.of("java.lang.String", "java.lang.Integer", "java.lang.Long",
            "java.lang.Short", "java.lang.Byte", "java.lang.Double", "java.lang.Float", "java.lang.Boolean",
            "java.lang.Character", "java.util.Date", "java.sql.Date", "java.sql.Timestamp", "java.sql.Time",
            "java.math.BigDecimal", "java.math.BigInteger", "java.util.Locale");

    private final Function<String, Optional<JavaSource>> sourceOf;
    private final Map<String, Optional<JavaSource>> parsed = new ConcurrentHashMap<>();

    /** The application's sources by qualified type name (the context indexes the files once for every plan). */
    static AppTypes of(io.wanlint.refactorings.api.RefactoringContext context) {
        return new AppTypes(qualified -> {
            String simple = qualified.substring(qualified.lastIndexOf('.') + 1);
            String suffix = qualified.replace('.', '/') + ".java";
            for (String p : context.javaFilesNamed(simple)) {
                if (p.equals(suffix) || p.endsWith("/" + suffix)) return context.read(p).flatMap(JavaSource::parse);
            }
            return Optional.empty();
        });
    }

    /** @param sourceOf the parsed source declaring a qualified top-level type, if the application has it */
    AppTypes(Function<String, Optional<JavaSource>> sourceOf) { this.sourceOf = sourceOf; }

    /** A type as the generated code writes it (its simple name when importable) and its qualified name. */
    record Resolved(String written, String qualified) {
        boolean primitive() { return PRIMITIVES.contains(qualified); }

        /** The import the written form needs, if any. */
        Optional<String> importName() {
            if (primitive() || qualified.startsWith("java.lang.") && qualified.lastIndexOf('.') == 9 || written.contains(".")) {
                return Optional.empty();
            }
            return Optional.of(qualified);
        }
    }

    Optional<JavaSource> source(String qualified) {
        return parsed.computeIfAbsent(qualified, sourceOf);
    }

    boolean exists(String qualified) { return source(qualified).isPresent(); }

    /** A type written in {@code unit} (array and generic parts dropped for lookup), resolved through its imports. */
    Optional<Resolved> resolve(Type type, CompilationUnit unit) {
        String written = type.asString();
        if (type.isPrimitiveType()) return Optional.of(new Resolved(written, written));
        if (type.isArrayType() || type instanceof ClassOrInterfaceType c && c.getTypeArguments().isPresent()) return Optional.empty();
        return qualify(written, unit).map(q -> new Resolved(written.contains(".") ? written : written, q));
    }

    /** The qualified name of a simple or qualified type name used in {@code unit}. */
    Optional<String> qualify(String name, CompilationUnit unit) {
        if (PRIMITIVES.contains(name)) return Optional.of(name);
        if (name.contains(".")) return Optional.of(name);
        for (ImportDeclaration i : unit.getImports()) {
            if (!i.isStatic() && !i.isAsterisk() && i.getNameAsString().endsWith("." + name)) return Optional.of(i.getNameAsString());
        }
        String pkg = unit.getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
        String samePackage = pkg.isEmpty() ? name : pkg + "." + name;
        for (TypeDeclaration<?> t : unit.getTypes()) if (t.getNameAsString().equals(name)) return Optional.of(samePackage);
        if (exists(samePackage)) return Optional.of(samePackage);
        if (JAVA_LANG.contains(name)) return Optional.of("java.lang." + name);
        for (ImportDeclaration i : unit.getImports()) {
            if (i.isStatic() || !i.isAsterisk()) continue;
            String candidate = i.getNameAsString() + "." + name;
            if (exists(candidate) || jdkClass(candidate)) return Optional.of(candidate);
        }
        return Optional.empty();
    }

    private static boolean jdkClass(String qualified) {
        if (!qualified.startsWith("java.")) return false;
        try {
            Class.forName(qualified, false, ClassLoader.getPlatformClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /**
     * What {@code owner.method(...)} with {@code arguments} arguments returns, searching the
     * interfaces and classes it extends among the application's sources.
     */
    Optional<Resolved> returnType(String owner, String method, int arguments) {
        return returnType(owner, method, arguments, new HashSet<>());
    }

    private Optional<Resolved> returnType(String owner, String method, int arguments, Set<String> seen) {
        if (!seen.add(owner)) return Optional.empty();
        Optional<JavaSource> src = source(owner);
        if (src.isEmpty()) return Optional.empty();
        CompilationUnit unit = src.get().unit();
        Optional<ClassOrInterfaceDeclaration> decl = typeIn(unit, owner);
        if (decl.isEmpty()) return Optional.empty();
        for (MethodDeclaration m : decl.get().getMethodsByName(method)) {
            if (m.getParameters().size() == arguments) return resolve(m.getType(), unit);
        }
        for (ClassOrInterfaceType sup : supertypes(decl.get())) {
            Optional<String> q = qualify(sup.getNameWithScope(), unit);
            if (q.isPresent()) {
                Optional<Resolved> r = returnType(q.get(), method, arguments, seen);
                if (r.isPresent()) return r;
            }
        }
        return Optional.empty();
    }

    /** Whether values of this type can be copied into a transfer object and sent to the client. */
    boolean transferable(String qualified) {
        return PRIMITIVES.contains(qualified) || JDK_VALUES.contains(qualified) || serializableAppType(qualified, new HashSet<>());
    }

    private boolean serializableAppType(String qualified, Set<String> seen) {
        if (!seen.add(qualified)) return false;
        Optional<JavaSource> src = source(qualified);
        if (src.isEmpty()) return false;
        Optional<ClassOrInterfaceDeclaration> decl = typeIn(src.get().unit(), qualified);
        if (decl.isEmpty() || decl.get().isInterface()) return false;
        for (ClassOrInterfaceType sup : supertypes(decl.get())) {
            String n = sup.getNameWithScope();
            if (n.equals("Serializable") || n.equals("java.io.Serializable")) return true;
            Optional<String> q = qualify(n, src.get().unit());
            if (q.isPresent() && serializableAppType(q.get(), seen)) return true;
        }
        return false;
    }

    /**
     * The value of a {@code String} constant initialised with literals and other constants of the
     * same type joined by {@code +} ({@code ENV_PREFIX + "ejb/order/Order"}).
     */
    Optional<String> constantString(String owner, String field) {
        return source(owner).flatMap(s -> typeIn(s.unit(), owner)).flatMap(t -> constantIn(t, field, 0));
    }

    private static Optional<String> constantIn(ClassOrInterfaceDeclaration t, String field, int depth) {
        if (depth > 8) return Optional.empty();
        for (FieldDeclaration f : t.getFields()) {
            for (VariableDeclarator v : f.getVariables()) {
                if (v.getNameAsString().equals(field) && v.getInitializer().isPresent()) {
                    return valueOf(t, v.getInitializer().get(), depth);
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<String> valueOf(ClassOrInterfaceDeclaration t, com.github.javaparser.ast.expr.Expression e, int depth) {
        if (e instanceof StringLiteralExpr s) return Optional.of(s.getValue());
        if (e instanceof com.github.javaparser.ast.expr.NameExpr n) return constantIn(t, n.getNameAsString(), depth + 1);
        if (e instanceof com.github.javaparser.ast.expr.BinaryExpr b
                && b.getOperator() == com.github.javaparser.ast.expr.BinaryExpr.Operator.PLUS) {
            Optional<String> l = valueOf(t, b.getLeft(), depth + 1);
            Optional<String> r = valueOf(t, b.getRight(), depth + 1);
            return l.isPresent() && r.isPresent() ? Optional.of(l.get() + r.get()) : Optional.empty();
        }
        return Optional.empty();
    }

    static Optional<ClassOrInterfaceDeclaration> typeIn(CompilationUnit unit, String qualified) {
        String simple = qualified.substring(qualified.lastIndexOf('.') + 1);
        return unit.findAll(ClassOrInterfaceDeclaration.class).stream().filter(t -> t.getNameAsString().equals(simple)).findFirst();
    }

    static java.util.List<ClassOrInterfaceType> supertypes(ClassOrInterfaceDeclaration d) {
        java.util.List<ClassOrInterfaceType> out = new java.util.ArrayList<>(d.getExtendedTypes());
        out.addAll(d.getImplementedTypes());
        return out;
    }
}
