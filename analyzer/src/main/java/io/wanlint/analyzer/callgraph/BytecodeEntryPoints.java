package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.callgraph.BytecodeTypes.ClassInfo;
import io.wanlint.analyzer.callgraph.BytecodeTypes.MethodInfo;
import sootup.java.core.AnnotationUsage;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The entry points of an application read from class files ({@link EntryPointRules}, the same rules
 * and ids as the source front end). Annotations come from the class files (their retention is
 * runtime for all of these). JSP pages are entry points of the source front end only (their
 * synthetic classes are built from the pages).
 */
final class BytecodeEntryPoints extends EntryPointRules<ClassInfo, MethodInfo> {
    private final BytecodeTypes types;

    BytecodeEntryPoints(BytecodeTypes types, ComponentModel model) {
        super(model);
        this.types = types;
    }

    @Override Optional<ClassInfo> type(String name) { return types.type(name); }

    @Override Iterable<ClassInfo> allTypes() { return types.all(); }

    @Override String name(ClassInfo type) { return type.name; }

    @Override String simpleName(ClassInfo type) { return simple(type.name); }

    @Override Optional<String> typePath(ClassInfo type) { return pathOf(type.annotations()); }

    @Override boolean webServiceEndpoint(ClassInfo type) {
        if (type.isInterface() || type.soot.isAbstract()) return false;
        boolean webService = false;
        for (AnnotationUsage a : type.annotations()) {
            String name = simple(a.getAnnotation().getFullyQualifiedName());
            if (SESSION_BEAN_ANNOTATIONS.contains(name)) return false;
            webService |= WEB_SERVICE_ANNOTATIONS.contains(name);
        }
        return webService;
    }

    @Override List<MethodInfo> methods(ClassInfo type) { return type.methods; }

    @Override Optional<MethodInfo> concreteInClassChain(ClassInfo type, String method, int arity) {
        return types.concreteInClassChain(type, method, arity);
    }

    @Override Optional<ClassInfo> superclass(ClassInfo type) { return types.type(type.superclass); }

    @Override List<String> selfAndAncestors(String name) { return types.selfAndAncestors(name); }

    @Override MethodRef ref(MethodInfo method) { return method.ref; }

    @Override boolean compilerMade(MethodInfo method) { return method.synthetic; }

    @Override boolean isAbstract(MethodInfo method) { return method.isAbstract; }

    @Override boolean isStatic(MethodInfo method) { return method.isStatic; }

    @Override boolean isPublic(MethodInfo method) { return method.isPublic; }

    @Override boolean annotated(MethodInfo method, Set<String> simpleNames) {
        return firstAnnotation(method, simpleNames).isPresent();
    }

    @Override Optional<String> firstAnnotation(MethodInfo method, Set<String> simpleNames) {
        for (AnnotationUsage a : method.annotations()) {
            String n = simple(a.getAnnotation().getFullyQualifiedName());
            if (simpleNames.contains(n)) return Optional.of(n);
        }
        return Optional.empty();
    }

    @Override Optional<String> methodPath(MethodInfo method) { return pathOf(method.annotations()); }

    private static Optional<String> pathOf(Iterable<AnnotationUsage> annotations) {
        for (AnnotationUsage a : annotations) {
            if (!simple(a.getAnnotation().getFullyQualifiedName()).equals("Path")) continue;
            Object v = a.getValues().get("value");
            if (v != null) return Optional.of(unquote(v.toString()));
        }
        return Optional.empty();
    }

    /** SootUp renders string annotation values as constants, which print with quotes. */
    private static String unquote(String s) {
        return s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"") ? s.substring(1, s.length() - 1) : s;
    }
}
