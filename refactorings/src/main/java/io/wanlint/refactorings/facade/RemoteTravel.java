package io.wanlint.refactorings.facade;

import com.github.javaparser.ParseResult;
import com.github.javaparser.JavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.type.ArrayType;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import com.github.javaparser.ast.type.WildcardType;
import io.wanlint.refactorings.text.JavaSource;

import java.io.Serializable;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Whether the values a façade's remote interface passes can cross RMI: every parameter, every return
 * value and every field of a transfer object it returns must be serialisable. A JDBC connection or
 * result set, an entity manager, a servlet request or session, a stream, or an application class that
 * is neither {@code Serializable} nor a remote reference would compile on the interface and fail (or
 * silently mean something else) at the first call, so the façade is declined instead. One check, run
 * by {@link FacadeScaffold} for every refactoring that generates a façade.
 */
final class RemoteTravel {
    private RemoteTravel() {}

    private static final Set<String> PRIMITIVES = Set.of("boolean", "byte", "char", "short", "int", "long", "float", "double", "void");

    /** Types bound to the side that made them ({@link ResourceTypes}). */
    private static final Map<String, Set<String>> BOUND_TO_THEIR_SIDE = ResourceTypes.BOUND_TO_THEIR_SIDE;

    /** JDK types that are not serialisable themselves but whose values always are in practice (declared supertypes). */
    private static final Set<String> OPEN_JDK_TYPES = Set.of("java.lang.Object", "java.lang.Number", "java.lang.CharSequence",
            "java.lang.Comparable", "java.util.Collection", "java.util.List", "java.util.Set", "java.util.SortedSet",
            "java.util.Map", "java.util.SortedMap", "java.util.NavigableMap", "java.util.NavigableSet", "java.util.Queue",
            "java.util.Deque");

    private static final Set<String> REMOTE_SUPERTYPES = Set.of("java.rmi.Remote", "javax.ejb.EJBObject", "javax.ejb.EJBHome",
            "jakarta.ejb.EJBObject", "jakarta.ejb.EJBHome", "Remote", "EJBObject", "EJBHome");

    /**
     * Why a value of the design cannot cross RMI: {@code cannot travel over RMI: <type> (parameter p of m)},
     * {@code (return value of m)} or {@code (field f of T, returned by m)}; empty when all can.
     */
    static Optional<String> whyNot(FacadeDesign design, JavaSource client, AppTypes types) {
        Resolver r = new Resolver(design, client.unit(), types);
        for (FacadeDesign.FacadeMethod m : design.methods()) {
            for (FacadeDesign.Parameter p : m.parameters()) {
                Optional<String> bad = r.firstUntravelled(p.type(), m, new HashSet<>());
                if (bad.isPresent()) return Optional.of(reason(bad.get(), "parameter " + p.name() + " of " + m.name()));
            }
            if (m.returnType().equals("void")) continue;
            Optional<String> bad = r.firstUntravelled(m.returnType(), m, new HashSet<>());
            if (bad.isPresent()) return Optional.of(reason(bad.get(), r.where.orElse("return value") + " of " + m.name()));
        }
        return Optional.empty();
    }

    private static String reason(String type, String where) { return "cannot travel over RMI: " + type + " (" + where + ")"; }

    private static final class Resolver {
        private final FacadeDesign design;
        private final CompilationUnit client;
        private final AppTypes types;
        /** Where inside a returned transfer object the last untravelled type was found, if it was. */
        private Optional<String> where = Optional.empty();

        Resolver(FacadeDesign design, CompilationUnit client, AppTypes types) {
            this.design = design;
            this.client = client;
            this.types = types;
        }

        /** The first type (as written) in {@code written} whose values cannot travel, searching type arguments and transfer objects. */
        Optional<String> firstUntravelled(String written, FacadeDesign.FacadeMethod m, Set<String> seen) {
            where = Optional.empty();
            ParseResult<Type> parsed = new JavaParser().parseType(written.replace("...", "[]"));
            if (!parsed.isSuccessful() || parsed.getResult().isEmpty()) return Optional.empty();
            return untravelled(parsed.getResult().get(), m, seen);
        }

        private Optional<String> untravelled(Type t, FacadeDesign.FacadeMethod m, Set<String> seen) {
            if (t.isPrimitiveType() || t.isVoidType()) return Optional.empty();
            if (t instanceof ArrayType a) return untravelled(a.getComponentType(), m, seen);
            if (t instanceof WildcardType w) {
                if (w.getExtendedType().isPresent()) return untravelled(w.getExtendedType().get(), m, seen);
                return Optional.empty();
            }
            if (!(t instanceof ClassOrInterfaceType c)) return Optional.empty();
            for (Type arg : c.getTypeArguments().orElse(new com.github.javaparser.ast.NodeList<>())) {
                Optional<String> bad = untravelled(arg, m, seen);
                if (bad.isPresent()) return bad;
            }
            String name = c.getNameWithScope();
            Optional<FacadeDesign.TransferObject> to = design.transferObjects().stream().filter(x -> x.name().equals(name)).findFirst();
            if (to.isPresent()) {
                if (!seen.add(to.get().name())) return Optional.empty();
                for (FacadeDesign.Parameter f : to.get().fields()) {
                    Optional<String> bad = firstUntravelledIn(f.type(), m, seen);
                    if (bad.isPresent()) {
                        if (where.isEmpty()) where = Optional.of("field " + f.name() + " of " + to.get().name() + ", returned by");
                        return bad;
                    }
                }
                return Optional.empty();
            }
            return travels(qualified(name, m), name) ? Optional.empty() : Optional.of(name);
        }

        private Optional<String> firstUntravelledIn(String written, FacadeDesign.FacadeMethod m, Set<String> seen) {
            ParseResult<Type> parsed = new JavaParser().parseType(written.replace("...", "[]"));
            if (!parsed.isSuccessful() || parsed.getResult().isEmpty()) return Optional.empty();
            return untravelled(parsed.getResult().get(), m, seen);
        }

        /** The qualified name of a type the generated code writes: through the method's imports, then the client's. */
        private Optional<String> qualified(String name, FacadeDesign.FacadeMethod m) {
            if (name.contains(".")) return Optional.of(name);
            for (String i : m.imports()) if (i.endsWith("." + name)) return Optional.of(i);
            for (FacadeDesign.TransferObject to : design.transferObjects()) {
                for (String i : to.imports()) if (i.endsWith("." + name)) return Optional.of(i);
            }
            return types.qualify(name, client);
        }

        private boolean travels(Optional<String> qualified, String written) {
            if (qualified.isEmpty()) {
                // Unknown to the application and the JDK: only the well-known resource names are refused.
                return BOUND_TO_THEIR_SIDE.values().stream().noneMatch(s -> s.contains(written));
            }
            return travels(qualified.get(), new HashSet<>());
        }

        private boolean travels(String q, Set<String> seen) {
            if (PRIMITIVES.contains(q)) return true;
            int dot = q.lastIndexOf('.');
            if (dot > 0 && BOUND_TO_THEIR_SIDE.getOrDefault(q.substring(0, dot), Set.of()).contains(q.substring(dot + 1))) return false;
            if (REMOTE_SUPERTYPES.contains(q) || OPEN_JDK_TYPES.contains(q)) return true;
            Optional<Class<?>> jdk = jdkClass(q);
            if (jdk.isPresent()) return Serializable.class.isAssignableFrom(jdk.get()) || java.rmi.Remote.class.isAssignableFrom(jdk.get());
            if (!seen.add(q)) return false;
            Optional<JavaSource> src = types.source(q);
            // A library type the application does not declare: its serialisability is not known here, so it is not refused.
            if (src.isEmpty()) return true;
            Optional<ClassOrInterfaceDeclaration> decl = AppTypes.typeIn(src.get().unit(), q);
            if (decl.isEmpty()) return true;
            for (ClassOrInterfaceType sup : AppTypes.supertypes(decl.get())) {
                String n = sup.getNameWithScope();
                if (n.equals("Serializable") || n.equals("java.io.Serializable") || n.equals("Externalizable")
                        || REMOTE_SUPERTYPES.contains(n)) return true;
                Optional<String> sq = types.qualify(n, src.get().unit());
                if (sq.isPresent() && travels(sq.get(), seen)) {
                    // A supertype that is merely "open" (Object, a collection interface) says nothing about this class.
                    if (!OPEN_JDK_TYPES.contains(sq.get())) return true;
                }
            }
            return false;
        }

        private static Optional<Class<?>> jdkClass(String qualified) {
            if (!qualified.startsWith("java.") && !qualified.startsWith("javax.")) return Optional.empty();
            try {
                return Optional.of(Class.forName(qualified, false, ClassLoader.getPlatformClassLoader()));
            } catch (ClassNotFoundException | LinkageError e) {
                return Optional.empty();
            }
        }
    }
}
