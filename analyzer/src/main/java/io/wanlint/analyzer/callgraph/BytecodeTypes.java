package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.MethodRef;
import sootup.core.model.SourceType;
import sootup.core.signatures.MethodSignature;
import sootup.core.types.ClassType;
import sootup.core.types.Type;
import sootup.java.bytecode.frontend.inputlocation.PathBasedAnalysisInputLocation;
import sootup.java.core.AnnotationUsage;
import sootup.java.core.JavaSootClass;
import sootup.java.core.JavaSootMethod;
import sootup.java.core.views.JavaView;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The application's classes as SootUp reads them from the class roots, with their methods,
 * supertypes and subtypes. Only the class roots are in the view: library and JDK types are never
 * loaded into SootUp (that costs seconds and gigabytes); their supertypes, when a call needs
 * them, come from the analyzer's own class path (the JDK and the bundled Java EE / Jakarta APIs)
 * by reflection, without initialising anything.
 */
final class BytecodeTypes implements ProgramView<BytecodeTypes.ClassInfo, BytecodeTypes.MethodInfo> {

    /** An application class. Names are binary names ({@code a.b.Outer$Inner}), as the source front end's graph uses. */
    static final class ClassInfo {
        final String name;
        final JavaSootClass soot;
        final String file;
        final String superclass;
        final List<String> interfaces;
        final List<MethodInfo> methods = new ArrayList<>();

        ClassInfo(String name, JavaSootClass soot, String file) {
            this.name = name;
            this.soot = soot;
            this.file = file;
            this.superclass = soot.getSuperclass().map(ClassType::getFullyQualifiedName).orElse(null);
            List<String> is = new ArrayList<>();
            for (ClassType i : soot.getInterfaces()) is.add(i.getFullyQualifiedName());
            this.interfaces = List.copyOf(is);
        }

        boolean isInterface() { return soot.isInterface(); }

        boolean isFinal() { return soot.isFinal() || soot.isEnum(); }

        List<String> supertypes() {
            List<String> out = new ArrayList<>();
            if (superclass != null) out.add(superclass);
            out.addAll(interfaces);
            return out;
        }

        List<MethodInfo> methods(String name, int arity) {
            List<MethodInfo> out = new ArrayList<>();
            for (MethodInfo m : methods) if (m.ref.name().equals(name) && m.arity == arity) out.add(m);
            return out;
        }

        Iterable<AnnotationUsage> annotations() { return BytecodeTypes.annotations(soot::getAnnotations); }
    }

    /** A method or constructor of an application class. */
    static final class MethodInfo {
        final MethodRef ref;
        final ClassInfo owner;
        final JavaSootMethod soot;
        final boolean isAbstract;
        final boolean isStatic;
        final boolean isPrivate;
        final boolean isPublic;
        /** Compiler-made: bridges, accessors, lambda bodies; not nodes of the graph (the source has no such methods). */
        final boolean synthetic;
        final int arity;

        MethodInfo(ClassInfo owner, JavaSootMethod soot) {
            this.owner = owner;
            this.soot = soot;
            List<String> params = new ArrayList<>();
            for (Type t : soot.getParameterTypes()) params.add(typeName(t));
            this.ref = new MethodRef(owner.name, soot.getName(), params);
            this.isAbstract = soot.isAbstract() || soot.isNative();
            this.isStatic = soot.isStatic();
            this.isPrivate = soot.isPrivate();
            this.isPublic = soot.isPublic();
            var mods = soot.getModifiers();
            this.synthetic = sootup.core.model.MethodModifier.isSynthetic(mods) || sootup.core.model.MethodModifier.isBridge(mods);
            this.arity = params.size();
        }

        boolean isLambdaBody() { return synthetic && ref.name().startsWith("lambda$"); }

        Iterable<AnnotationUsage> annotations() { return BytecodeTypes.annotations(soot::getAnnotations); }
    }

    private static final Set<String> PRIMITIVES = Set.of("boolean", "byte", "char", "short", "int", "long", "float",
            "double", "void");

    private final Map<String, ClassInfo> byName = new LinkedHashMap<>();
    private final Map<String, List<String>> directSubtypes = new HashMap<>();
    private final Map<String, List<String>> ancestors = new ConcurrentHashMap<>();
    private final Map<String, Optional<Class<?>>> classpath = new ConcurrentHashMap<>();
    private final List<Diagnostic> diagnostics = new ArrayList<>();

    BytecodeTypes(ClassFileIndex index) {
        Map<Path, PathBasedAnalysisInputLocation> locations = new LinkedHashMap<>();
        for (ClassFileIndex.Entry e : index.entries()) {
            locations.computeIfAbsent(e.root(), r -> PathBasedAnalysisInputLocation.create(r, SourceType.Application));
        }
        JavaView view = new JavaView(new ArrayList<>(locations.values()));
        for (ClassFileIndex.Entry e : index.entries()) {
            try {
                Optional<JavaSootClass> c = view.getClass(view.getIdentifierFactory().getClassType(e.className()));
                if (c.isEmpty()) {
                    diagnostics.add(Diagnostic.warning(e.sourceFile(), 0, "class " + e.className()
                            + " is not where its package says it should be in its class root; skipped"));
                    continue;
                }
                ClassInfo info = new ClassInfo(e.className(), c.get(), e.sourceFile());
                for (JavaSootMethod m : c.get().getMethods()) info.methods.add(new MethodInfo(info, m));
                info.methods.sort(java.util.Comparator.comparing((MethodInfo m) -> m.ref.name())
                        .thenComparing(m -> String.join(",", m.ref.parameterTypes())));
                byName.put(e.className(), info);
            } catch (RuntimeException | LinkageError ex) {
                diagnostics.add(Diagnostic.warning(e.sourceFile(), 0, "class " + e.className() + " could not be read: "
                        + ex.getClass().getSimpleName() + (ex.getMessage() == null ? "" : ": " + ex.getMessage())));
            }
        }
        for (ClassInfo c : byName.values()) {
            for (String s : c.supertypes()) directSubtypes.computeIfAbsent(s, k -> new ArrayList<>()).add(c.name);
        }
    }

    List<Diagnostic> diagnostics() { return List.copyOf(diagnostics); }

    java.util.Collection<ClassInfo> all() { return byName.values(); }

    // ---- ProgramView ----

    @Override public Iterable<ClassInfo> allTypes() { return byName.values(); }

    @Override public String name(ClassInfo type) { return type.name; }

    @Override public String simpleName(ClassInfo type) { return EntryPointRules.simple(type.name); }

    @Override public boolean isInterface(ClassInfo type) { return type.isInterface(); }

    @Override public boolean isAbstractType(ClassInfo type) { return type.isInterface() || type.soot.isAbstract(); }

    @Override public boolean isFinalType(ClassInfo type) { return type.isFinal(); }

    @Override public Optional<ClassInfo> superclass(ClassInfo type) { return type(type.superclass); }

    @Override public Optional<String> typePath(ClassInfo type) { return pathOf(type.annotations()); }

    @Override public boolean webServiceEndpoint(ClassInfo type) {
        if (type.isInterface() || type.soot.isAbstract()) return false;
        boolean webService = false;
        for (AnnotationUsage a : type.annotations()) {
            String name = EntryPointRules.simple(a.getAnnotation().getFullyQualifiedName());
            if (EntryPointRules.SESSION_BEAN_ANNOTATIONS.contains(name)) return false;
            webService |= EntryPointRules.WEB_SERVICE_ANNOTATIONS.contains(name);
        }
        return webService;
    }

    @Override public List<MethodInfo> methods(ClassInfo type) { return type.methods; }

    /** Class files name the callee's parameter types; a callee known by arity only is matched by it. */
    @Override public Optional<MethodInfo> declaration(ClassInfo start, Callee callee) {
        if (callee.parameterTypes() != null) return findInHierarchy(start, callee.name(), callee.parameterTypes());
        for (String t : selfAndAncestors(start.name)) {
            Optional<ClassInfo> c = type(t);
            if (c.isEmpty()) continue;
            List<MethodInfo> ms = c.get().methods(callee.name(), callee.arity());
            if (!ms.isEmpty()) return Optional.of(ms.get(0));
        }
        return Optional.empty();
    }

    @Override public Optional<MethodInfo> implementation(ClassInfo start, Callee callee) {
        if (callee.parameterTypes() != null) return concreteInClassChain(start, callee.name(), callee.parameterTypes());
        return concreteInClassChain(start, callee.name(), callee.arity());
    }

    /** The implementation was found by exact parameter types: it overrides. */
    @Override public boolean overrides(MethodInfo candidate, MethodInfo declared) { return true; }

    @Override public MethodRef ref(MethodInfo method) { return method.ref; }

    @Override public ClassInfo owner(MethodInfo method) { return method.owner; }

    @Override public boolean compilerMade(MethodInfo method) { return method.synthetic; }

    @Override public boolean isAbstract(MethodInfo method) { return method.isAbstract; }

    @Override public boolean isStatic(MethodInfo method) { return method.isStatic; }

    @Override public boolean isPublic(MethodInfo method) { return method.isPublic; }

    @Override public boolean isPrivate(MethodInfo method) { return method.isPrivate; }

    @Override public List<String> annotationNames(MethodInfo method) {
        List<String> out = new ArrayList<>();
        for (AnnotationUsage a : method.annotations()) out.add(a.getAnnotation().getFullyQualifiedName());
        return out;
    }

    @Override public Optional<String> methodPath(MethodInfo method) { return pathOf(method.annotations()); }

    private static Optional<String> pathOf(Iterable<AnnotationUsage> annotations) {
        for (AnnotationUsage a : annotations) {
            if (!EntryPointRules.simple(a.getAnnotation().getFullyQualifiedName()).equals("Path")) continue;
            Object v = a.getValues().get("value");
            if (v != null) return Optional.of(unquote(v.toString()));
        }
        return Optional.empty();
    }

    /** SootUp renders string annotation values as constants, which print with quotes. */
    private static String unquote(String s) {
        return s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"") ? s.substring(1, s.length() - 1) : s;
    }

    @Override public Optional<ClassInfo> type(String name) { return Optional.ofNullable(name == null ? null : byName.get(name)); }

    /** The method of an application class with exactly this name and parameter types. */
    Optional<MethodInfo> method(String className, String name, List<String> params) {
        ClassInfo c = byName.get(className);
        if (c == null) return Optional.empty();
        for (MethodInfo m : c.methods) if (m.ref.name().equals(name) && m.ref.parameterTypes().equals(params)) return Optional.of(m);
        return Optional.empty();
    }

    /** The declaration a call of {@code name(params)} on {@code start} binds to, searched up its supertypes. */
    Optional<MethodInfo> findInHierarchy(ClassInfo start, String name, List<String> params) {
        for (String t : selfAndAncestors(start.name)) {
            Optional<MethodInfo> m = method(t, name, params);
            if (m.isPresent()) return m;
        }
        return Optional.empty();
    }

    /** The implementation a class declares or inherits along its superclass chain. */
    Optional<MethodInfo> concreteInClassChain(ClassInfo start, String name, List<String> params) {
        ClassInfo c = start;
        for (int guard = 0; c != null && guard < 50; guard++) {
            Optional<MethodInfo> m = method(c.name, name, params).filter(x -> !x.isAbstract);
            if (m.isPresent()) return m;
            c = c.superclass == null ? null : byName.get(c.superclass);
        }
        return Optional.empty();
    }

    /** As {@link #concreteInClassChain(ClassInfo, String, List)} but by arity, for container callbacks and EJB views. */
    @Override public Optional<MethodInfo> concreteInClassChain(ClassInfo start, String name, int arity) {
        ClassInfo c = start;
        for (int guard = 0; c != null && guard < 50; guard++) {
            for (MethodInfo m : c.methods(name, arity)) if (!m.isAbstract && !m.synthetic) return Optional.of(m);
            c = c.superclass == null ? null : byName.get(c.superclass);
        }
        return Optional.empty();
    }

    /** Every transitive application subtype of {@code name} (not including it), in a stable order. */
    @Override public List<ClassInfo> subtypes(String name) {
        LinkedHashSet<String> seen = new LinkedHashSet<>();
        ArrayList<String> work = new ArrayList<>(directSubtypes.getOrDefault(name, List.of()));
        while (!work.isEmpty()) {
            String s = work.remove(0);
            if (seen.add(s)) work.addAll(directSubtypes.getOrDefault(s, List.of()));
        }
        List<ClassInfo> out = new ArrayList<>();
        for (String s : seen) type(s).ifPresent(out::add);
        return out;
    }

    /** The type followed by all its supertypes (application and library), nearest first; binary names. */
    @Override public List<String> selfAndAncestors(String name) {
        return ancestors.computeIfAbsent(name, k -> {
            LinkedHashSet<String> out = new LinkedHashSet<>();
            ArrayList<String> work = new ArrayList<>(List.of(k));
            while (!work.isEmpty()) {
                String t = work.remove(0);
                if (!out.add(t)) continue;
                ClassInfo app = byName.get(t);
                if (app != null) {
                    work.addAll(app.supertypes());
                } else {
                    loadClass(t).ifPresent(c -> {
                        if (c.getSuperclass() != null) work.add(c.getSuperclass().getName());
                        for (Class<?> i : c.getInterfaces()) work.add(i.getName());
                    });
                }
            }
            return List.copyOf(out);
        });
    }

    /** A library class of the analyzer's own class path, looked at but not initialised. */
    Optional<Class<?>> loadClass(String name) {
        if (name == null || name.isEmpty() || PRIMITIVES.contains(name)) return Optional.empty();
        return classpath.computeIfAbsent(name, k -> {
            try {
                return Optional.of(Class.forName(k, false, BytecodeTypes.class.getClassLoader()));
            } catch (ClassNotFoundException | LinkageError e) {
                return Optional.empty();
            }
        });
    }

    /** The graph's spelling of a type: primitives as written, classes by binary name, arrays with {@code []}. */
    static String typeName(Type t) {
        return t.toString();
    }

    static MethodRef refOf(MethodSignature sig) {
        List<String> params = new ArrayList<>();
        for (Type t : sig.getParameterTypes()) params.add(typeName(t));
        return new MethodRef(sig.getDeclClassType().getFullyQualifiedName(), sig.getName(), params);
    }

    private static Iterable<AnnotationUsage> annotations(java.util.function.Supplier<Iterable<AnnotationUsage>> read) {
        try {
            return read.get();
        } catch (RuntimeException e) {
            return List.of();
        }
    }
}
