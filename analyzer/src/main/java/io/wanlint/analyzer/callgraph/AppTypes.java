package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.EnumDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.SourceLocation;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The application's own types, indexed by fully qualified name (legacy trees rarely follow the
 * package-folder layout, so the index is built from the parsed units, not from paths), with their
 * methods, resolved supertypes and subtypes, and a cheap resolver of type names written in a unit
 * (imports, same package, nested types, {@code java.lang}, then the analyzer's classpath, which
 * carries the Java EE / Jakarta EE API jars).
 */
final class AppTypes {

    /** An application type. {@code graphName} differs from {@code fqn} for JSP synthetic classes. */
    static final class TypeInfo {
        final String fqn;
        final String graphName;
        final TypeDeclaration<?> decl;
        final CompilationUnit unit;
        final String file;
        final List<MethodInfo> methods = new ArrayList<>();
        List<String> supertypes = List.of();
        String superclass;

        TypeInfo(String fqn, String graphName, TypeDeclaration<?> decl, CompilationUnit unit, String file) {
            this.fqn = fqn;
            this.graphName = graphName;
            this.decl = decl;
            this.unit = unit;
            this.file = file;
        }

        boolean isInterface() {
            return decl instanceof ClassOrInterfaceDeclaration c && c.isInterface();
        }

        boolean isAbstract() {
            return isInterface() || (decl instanceof ClassOrInterfaceDeclaration c && c.isAbstract());
        }

        boolean isFinal() { return decl instanceof ClassOrInterfaceDeclaration c && c.isFinal() || decl instanceof EnumDeclaration; }

        /** {@link #methods} by name, rebuilt when a method was added: generated classes have 100k methods. */
        private Map<String, List<MethodInfo>> byName = Map.of();
        private int indexedCount = 0;

        List<MethodInfo> methods(String name, int arity) {
            List<MethodInfo> out = new ArrayList<>();
            for (MethodInfo m : named(name)) if (m.accepts(arity)) out.add(m);
            return out;
        }

        /** This type's own methods with this name, in declaration order. */
        List<MethodInfo> named(String name) {
            if (indexedCount != methods.size()) {
                Map<String, List<MethodInfo>> index = new HashMap<>();
                for (MethodInfo m : methods) index.computeIfAbsent(m.ref.name(), k -> new ArrayList<>()).add(m);
                byName = index;
                indexedCount = methods.size();
            }
            return byName.getOrDefault(name, List.of());
        }
    }

    /** A method or constructor ({@code <init>}) of an application type. */
    static final class MethodInfo {
        final MethodRef ref;
        final TypeInfo owner;
        final CallableDeclaration<?> decl; // null for the implicit default constructor
        final boolean isAbstract;
        final boolean isStatic;
        final boolean varargs;
        final int arity;

        MethodInfo(MethodRef ref, TypeInfo owner, CallableDeclaration<?> decl) {
            this.ref = ref;
            this.owner = owner;
            this.decl = decl;
            this.arity = ref.parameterTypes().size();
            boolean noBody = decl instanceof MethodDeclaration m && m.getBody().isEmpty();
            this.isAbstract = noBody;
            this.isStatic = decl != null && decl.isStatic();
            this.varargs = decl != null && !decl.getParameters().isEmpty()
                    && decl.getParameters().get(decl.getParameters().size() - 1).isVarArgs();
        }

        boolean accepts(int argCount) { return argCount == arity || (varargs && argCount >= arity - 1); }

        SourceLocation location() {
            int line = decl == null ? owner.decl.getBegin().map(p -> p.line).orElse(0)
                    : decl.getName().getBegin().map(p -> p.line).orElse(0);
            return new SourceLocation(owner.file, line);
        }
    }

    private static final Set<String> PRIMITIVES = Set.of("boolean", "byte", "char", "short", "int", "long", "float",
            "double", "void");

    private final Map<String, TypeInfo> byFqn = new LinkedHashMap<>();
    private final Map<TypeDeclaration<?>, TypeInfo> byDecl = new IdentityHashMap<>();
    private final Map<String, TypeInfo> byGraph = new HashMap<>();
    private final Map<CallableDeclaration<?>, MethodInfo> byCallable = new IdentityHashMap<>();
    private final Map<String, List<String>> directSubtypes = new HashMap<>();
    private final Map<String, List<MethodInfo>> methodsByName = new HashMap<>();
    private final Map<String, List<String>> ancestors = new ConcurrentHashMap<>();
    private final Map<String, Optional<Class<?>>> classpath = new ConcurrentHashMap<>();
    // JavaParser nodes hash and compare structurally (deeply): tree-keyed maps must be identity maps.
    private final Map<CompilationUnit, Map<String, Optional<String>>> resolvedNames =
            java.util.Collections.synchronizedMap(new IdentityHashMap<>());
    private final ApiCallClassifier classifier = ApiCallClassifier.standard();

    /** Indexes the units (JSP synthetic classes under their {@code jsp:} graph names). */
    AppTypes(List<UnitSource> units) {
        for (UnitSource u : units) {
            String pkg = u.unit().getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
            for (TypeDeclaration<?> t : u.unit().getTypes()) index(t, pkg.isEmpty() ? "" : pkg + ".", u, null);
        }
        for (TypeInfo t : byFqn.values()) {
            List<String> supers = new ArrayList<>();
            if (t.decl instanceof ClassOrInterfaceDeclaration c) {
                for (ClassOrInterfaceType st : c.getExtendedTypes()) {
                    String r = resolveTypeName(st.getNameWithScope(), t.decl).orElse(st.getNameWithScope());
                    supers.add(r);
                    if (!c.isInterface()) t.superclass = r;
                }
                for (ClassOrInterfaceType st : c.getImplementedTypes()) {
                    supers.add(resolveTypeName(st.getNameWithScope(), t.decl).orElse(st.getNameWithScope()));
                }
            } else if (t.decl instanceof EnumDeclaration e) {
                for (ClassOrInterfaceType st : e.getImplementedTypes()) {
                    supers.add(resolveTypeName(st.getNameWithScope(), t.decl).orElse(st.getNameWithScope()));
                }
            }
            t.supertypes = List.copyOf(supers);
            for (String s : supers) directSubtypes.computeIfAbsent(s, k -> new ArrayList<>()).add(t.fqn);
            addMethods(t);
        }
    }

    /** A unit to index: its tree, its file, and for a JSP the graph's class name of its synthetic class. */
    record UnitSource(CompilationUnit unit, String file, String syntheticClass, String graphClass) {}

    private void index(TypeDeclaration<?> t, String prefix, UnitSource u, TypeInfo outer) {
        String fqn = prefix + t.getNameAsString();
        String graph = fqn;
        if (u.syntheticClass() != null && (fqn.equals(u.syntheticClass()) || t.getNameAsString().equals(u.syntheticClass()))
                && outer == null) {
            graph = u.graphClass();
        } else if (outer != null) {
            // Binary names for nested types, as class files (and so the bytecode front end) spell them.
            graph = outer.graphName + "$" + t.getNameAsString();
        }
        TypeInfo info = new TypeInfo(fqn, graph, t, u.unit(), u.file());
        byFqn.putIfAbsent(fqn, info);
        byDecl.put(t, info);
        byGraph.putIfAbsent(graph, info);
        for (BodyDeclaration<?> m : t.getMembers()) {
            if (m instanceof TypeDeclaration<?> nested) index(nested, fqn + ".", u, info);
        }
    }

    private void addMethods(TypeInfo t) {
        boolean hasConstructor = false;
        for (BodyDeclaration<?> m : t.decl.getMembers()) {
            if (m instanceof MethodDeclaration md) {
                add(t, md, md.getNameAsString());
            } else if (m instanceof ConstructorDeclaration cd) {
                add(t, cd, "<init>");
                hasConstructor = true;
            }
        }
        if (!hasConstructor && !t.isInterface()) {
            MethodInfo implicit = new MethodInfo(new MethodRef(t.graphName, "<init>", List.of()), t, null);
            t.methods.add(implicit);
        }
    }

    private void add(TypeInfo t, CallableDeclaration<?> d, String name) {
        List<String> params = new ArrayList<>();
        for (Parameter p : d.getParameters()) params.add(erasure(p.getType(), d) + (p.isVarArgs() ? "[]" : ""));
        MethodInfo info = new MethodInfo(new MethodRef(t.graphName, name, params), t, d);
        t.methods.add(info);
        byCallable.put(d, info);
        methodsByName.computeIfAbsent(name, k -> new ArrayList<>()).add(info);
    }

    /** The erased, fully qualified (when resolvable) spelling of a declared type. */
    String erasure(Type type, Node context) {
        if (type.isPrimitiveType()) return type.asString();
        if (type.isArrayType()) return erasure(type.asArrayType().getComponentType(), context) + "[]";
        if (type.isClassOrInterfaceType()) {
            String n = type.asClassOrInterfaceType().getNameWithScope();
            if (isTypeParameter(n, context)) return "java.lang.Object";
            return resolveTypeName(n, context).map(this::binaryName).orElse(n);
        }
        return type.asString();
    }

    /** The class-file spelling of a type: {@code Outer$Inner} for nested types. */
    String binaryName(String fqn) {
        TypeInfo app = byFqn.get(fqn);
        if (app != null) return app.graphName;
        return loadClass(fqn).map(Class::getName).orElse(fqn);
    }

    private static boolean isTypeParameter(String name, Node context) {
        for (Node n = context; n != null; n = n.getParentNode().orElse(null)) {
            if (n instanceof CallableDeclaration<?> c && c.getTypeParameters().stream().anyMatch(p -> p.getNameAsString().equals(name))) return true;
            if (n instanceof ClassOrInterfaceDeclaration c && c.getTypeParameters().stream().anyMatch(p -> p.getNameAsString().equals(name))) return true;
        }
        return false;
    }

    Optional<TypeInfo> type(String fqn) { return Optional.ofNullable(fqn == null ? null : byFqn.get(fqn)); }

    Optional<TypeInfo> typeOf(TypeDeclaration<?> decl) { return Optional.ofNullable(byDecl.get(decl)); }

    Optional<MethodInfo> methodOf(CallableDeclaration<?> decl) { return Optional.ofNullable(byCallable.get(decl)); }

    Collection<TypeInfo> all() { return byFqn.values(); }

    Map<String, TypeDeclaration<?>> declarations() {
        Map<String, TypeDeclaration<?>> out = new HashMap<>();
        byFqn.forEach((k, v) -> out.put(k, v.decl));
        return out;
    }

    /** Whether some application method has this name (calls to other names never reach app code). */
    boolean declaresMethodNamed(String name) { return methodsByName.containsKey(name); }

    /** Every application method with this name (for best-effort resolution when the receiver is unknown). */
    List<MethodInfo> methodsNamed(String name) { return methodsByName.getOrDefault(name, List.of()); }

    /** The type whose graph class name is {@code graphName}. */
    Optional<TypeInfo> byGraphName(String graphName) {
        return Optional.ofNullable(byGraph.get(graphName));
    }

    /** The method named {@code name} accepting {@code argc} arguments, searched in the type and then its supertypes. */
    Optional<MethodInfo> findInHierarchy(TypeInfo start, String name, int argc) {
        for (String t : selfAndAncestors(start.fqn)) {
            Optional<TypeInfo> ti = type(t);
            if (ti.isEmpty()) continue;
            List<MethodInfo> ms = ti.get().methods(name, argc);
            if (!ms.isEmpty()) return Optional.of(exactArityFirst(ms, argc));
        }
        return Optional.empty();
    }

    /** The implementation a class inherits or declares: the first concrete method up its superclass chain. */
    Optional<MethodInfo> concreteInClassChain(TypeInfo start, String name, int argc) {
        TypeInfo t = start;
        for (int guard = 0; t != null && guard < 50; guard++) {
            for (MethodInfo m : t.methods(name, argc)) if (!m.isAbstract) return Optional.of(m);
            t = t.superclass == null ? null : byFqn.get(t.superclass);
        }
        return Optional.empty();
    }

    private static MethodInfo exactArityFirst(List<MethodInfo> ms, int argc) {
        for (MethodInfo m : ms) if (m.arity == argc) return m;
        return ms.get(0);
    }

    /** Whether the type exists: an application type, a class on the analyzer's classpath, or a known API type. */
    boolean isKnown(String fqn) {
        return byFqn.containsKey(fqn) || loadClass(fqn).isPresent() || classifier.knowsType(fqn);
    }

    /** Every transitive subtype among application types (not including {@code fqn}), in a stable order. */
    List<TypeInfo> subtypes(String fqn) {
        LinkedHashSet<String> seen = new LinkedHashSet<>();
        ArrayList<String> work = new ArrayList<>(directSubtypes.getOrDefault(fqn, List.of()));
        while (!work.isEmpty()) {
            String s = work.remove(0);
            if (seen.add(s)) work.addAll(directSubtypes.getOrDefault(s, List.of()));
        }
        List<TypeInfo> out = new ArrayList<>();
        for (String s : seen) type(s).ifPresent(out::add);
        return out;
    }

    /** The type followed by all its supertypes (application and library), nearest first. */
    List<String> selfAndAncestors(String fqn) {
        return ancestors.computeIfAbsent(fqn, k -> {
            LinkedHashSet<String> out = new LinkedHashSet<>();
            ArrayList<String> work = new ArrayList<>(List.of(k));
            while (!work.isEmpty()) {
                String t = work.remove(0);
                if (!out.add(t)) continue;
                TypeInfo app = byFqn.get(t);
                if (app != null) {
                    work.addAll(app.supertypes);
                } else {
                    loadClass(t).ifPresent(c -> {
                        if (c.getSuperclass() != null) work.add(c.getSuperclass().getName().replace('$', '.'));
                        for (Class<?> i : c.getInterfaces()) work.add(i.getName().replace('$', '.'));
                    });
                }
            }
            return List.copyOf(out);
        });
    }

    /** A class of the analyzer's own classpath (JDK and the bundled Java EE / Jakarta APIs). */
    Optional<Class<?>> loadClass(String fqn) {
        if (fqn == null || fqn.isEmpty() || PRIMITIVES.contains(fqn)) return Optional.empty();
        return classpath.computeIfAbsent(fqn, k -> {
            String name = k;
            while (true) {
                try {
                    return Optional.of(Class.forName(name, false, AppTypes.class.getClassLoader()));
                } catch (ClassNotFoundException | LinkageError e) {
                    int dot = name.lastIndexOf('.');
                    if (dot < 0) return Optional.empty();
                    name = name.substring(0, dot) + "$" + name.substring(dot + 1);
                    if (name.indexOf('.') < 0) return Optional.empty();
                }
            }
        });
    }

    /**
     * Resolves a type name as written at {@code context}: nested types of enclosing classes, single
     * imports, the unit's package, on-demand imports, {@code java.lang}, then as a qualified name.
     */
    Optional<String> resolveTypeName(String written, Node context) {
        String name = stripGenerics(written);
        if (name.isEmpty() || PRIMITIVES.contains(name)) return Optional.of(name);
        Optional<CompilationUnit> cu = context.findCompilationUnit();
        String first = name.contains(".") ? name.substring(0, name.indexOf('.')) : name;
        String rest = name.contains(".") ? name.substring(name.indexOf('.')) : "";
        // Nested types of the enclosing classes (and of their application supertypes).
        for (Node n = context; n != null; n = n.getParentNode().orElse(null)) {
            if (n instanceof TypeDeclaration<?> td) {
                TypeInfo ti = byDecl.get(td);
                if (ti != null) {
                    if (td.getNameAsString().equals(first)) return Optional.of(ti.fqn + rest);
                    Optional<String> nested = nestedIn(ti, first, 0);
                    if (nested.isPresent()) return Optional.of(nested.get() + rest);
                }
            }
        }
        if (cu.isEmpty()) return known(name) ? Optional.of(name) : Optional.empty();
        Map<String, Optional<String>> cache = resolvedNames.computeIfAbsent(cu.get(), k -> new ConcurrentHashMap<>());
        Optional<String> cached = cache.get(name);
        if (cached != null) return cached;
        Optional<String> r = resolveInUnit(first, rest, name, cu.get());
        cache.put(name, r);
        return r;
    }

    private Optional<String> nestedIn(TypeInfo ti, String simple, int depth) {
        if (depth > 8) return Optional.empty();
        String candidate = ti.fqn + "." + simple;
        if (byFqn.containsKey(candidate)) return Optional.of(candidate);
        for (String s : ti.supertypes) {
            TypeInfo st = byFqn.get(s);
            if (st != null) {
                Optional<String> r = nestedIn(st, simple, depth + 1);
                if (r.isPresent()) return r;
            } else if (loadClass(s + "." + simple).isPresent()) {
                return Optional.of(s + "." + simple);
            }
        }
        return Optional.empty();
    }

    private Optional<String> resolveInUnit(String first, String rest, String whole, CompilationUnit cu) {
        for (ImportDeclaration imp : cu.getImports()) {
            if (imp.isStatic() || imp.isAsterisk()) continue;
            String in = imp.getNameAsString();
            if (in.equals(first) || in.endsWith("." + first)) return Optional.of(in + rest);
        }
        String pkg = cu.getPackageDeclaration().map(p -> p.getNameAsString() + ".").orElse("");
        if (byFqn.containsKey(pkg + whole)) return Optional.of(pkg + whole);
        if (byFqn.containsKey(pkg + first)) return Optional.of(pkg + whole);
        for (ImportDeclaration imp : cu.getImports()) {
            if (imp.isStatic() || !imp.isAsterisk()) continue;
            String candidate = imp.getNameAsString() + "." + whole;
            if (known(candidate)) return Optional.of(candidate);
        }
        if (loadClass("java.lang." + whole).isPresent()) return Optional.of("java.lang." + whole);
        if (whole.contains(".") && known(whole)) return Optional.of(whole);
        return Optional.empty();
    }

    private boolean known(String fqn) { return isKnown(fqn); }

    static String stripGenerics(String name) {
        String n = name.trim();
        int lt = n.indexOf('<');
        if (lt >= 0) n = n.substring(0, lt);
        while (n.endsWith("[]")) n = n.substring(0, n.length() - 2);
        return n.replace("...", "");
    }
}
