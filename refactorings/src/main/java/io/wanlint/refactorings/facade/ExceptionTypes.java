package io.wanlint.refactorings.facade;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.ReferenceType;
import io.wanlint.refactorings.text.JavaSource;

import java.lang.reflect.Executable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What moving code into a bean does to its exceptions depends on their kind: a checked exception
 * declared on the bean's method reaches the caller as itself, an unchecked one becomes the
 * container's system exception ({@code RemoteException} for an EJB 2.x remote client,
 * {@code EJBException} otherwise). This class knows the superclass chain of an exception type and
 * what a method or constructor declares it throws, from the application's sources, the JDK (by
 * reflection on the platform class loader, so {@code java.sql}, {@code java.net}, {@code javax.naming}
 * answer for themselves) and a table of the EE exception types the JDK does not carry. Names are
 * qualified; an unknown type or method gives an empty answer, never a guess.
 */
final class ExceptionTypes {
    /** EE exception types (after {@code javax.}/{@code jakarta.}) and their superclass. */
    private static final Map<String, String> EE_SUPERCLASS = Map.ofEntries(
            Map.entry("ejb.FinderException", "java.lang.Exception"),
            Map.entry("ejb.ObjectNotFoundException", "ejb.FinderException"),
            Map.entry("ejb.CreateException", "java.lang.Exception"),
            Map.entry("ejb.DuplicateKeyException", "ejb.CreateException"),
            Map.entry("ejb.RemoveException", "java.lang.Exception"),
            Map.entry("ejb.EJBException", "java.lang.RuntimeException"),
            Map.entry("ejb.NoSuchEntityException", "ejb.EJBException"),
            Map.entry("ejb.NoSuchObjectLocalException", "ejb.EJBException"),
            Map.entry("jms.JMSException", "java.lang.Exception"),
            Map.entry("servlet.ServletException", "java.lang.Exception"),
            Map.entry("mail.MessagingException", "java.lang.Exception"));

    /** Methods every EJB 2.x component and home interface inherits, by name: what they declare beyond RemoteException. */
    private static final Map<String, List<String>> EJB_INHERITED = Map.of(
            "remove", List.of("ejb.RemoveException"),
            "getEJBHome", List.of(), "getPrimaryKey", List.of(), "getHandle", List.of(), "isIdentical", List.of(),
            "getEJBMetaData", List.of(), "getHomeHandle", List.of(), "getEJBLocalHome", List.of());

    private final AppTypes types;

    ExceptionTypes(AppTypes types) { this.types = types; }

    /** The superclass chain of {@code qualified}, itself first; stops where the type is unknown. */
    List<String> chain(String qualified) {
        List<String> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String t = qualified; t != null && seen.add(t); t = superclass(t).orElse(null)) out.add(t);
        return out;
    }

    /** Whether {@code sub} is {@code sup} or extends it, as far as the chain is known. */
    boolean isA(String sub, String sup) { return chain(sub).contains(sup); }

    /** Unchecked: a {@code RuntimeException} or an {@code Error}; empty when the chain does not reach a JDK root. */
    Optional<Boolean> unchecked(String qualified) {
        List<String> c = chain(qualified);
        if (c.contains("java.lang.RuntimeException") || c.contains("java.lang.Error")) return Optional.of(true);
        if (c.contains("java.lang.Exception") || c.contains("java.lang.Throwable")) return Optional.of(false);
        return Optional.empty();
    }

    private Optional<String> superclass(String qualified) {
        Optional<Class<?>> jdk = jdkClass(qualified);
        if (jdk.isPresent()) return Optional.ofNullable(jdk.get().getSuperclass()).map(Class::getName);
        String ns = qualified.startsWith("javax.") ? "javax." : qualified.startsWith("jakarta.") ? "jakarta." : null;
        if (ns != null) {
            String sup = EE_SUPERCLASS.get(qualified.substring(ns.length()));
            if (sup != null) return Optional.of(sup.startsWith("java.") ? sup : ns + sup);
        }
        Optional<JavaSource> src = types.source(qualified);
        if (src.isEmpty()) return Optional.empty();
        CompilationUnit unit = src.get().unit();
        return AppTypes.typeIn(unit, qualified).filter(d -> !d.isInterface())
                .map(d -> d.getExtendedTypes().isEmpty() ? "java.lang.Object"
                        : qualify(d.getExtendedTypes().get(0).getNameWithScope(), unit).orElse(null));
    }

    /**
     * What {@code owner.name(...)} with {@code arity} arguments declares it throws (every overload of
     * that arity together), searched through the application's sources and their supertypes, the
     * JDK, and the methods EJB 2.x interfaces inherit; empty when the method is not found.
     */
    Optional<Set<String>> methodThrows(String owner, String name, int arity) {
        return methodThrows(owner, name, arity, new HashSet<>());
    }

    private Optional<Set<String>> methodThrows(String owner, String name, int arity, Set<String> seen) {
        if (!seen.add(owner)) return Optional.empty();
        Optional<Class<?>> jdk = jdkClass(owner);
        if (jdk.isPresent()) {
            Set<String> out = new LinkedHashSet<>();
            boolean found = false;
            for (var m : jdk.get().getMethods()) {
                if (m.getName().equals(name) && m.getParameterCount() == arity) {
                    found = true;
                    declared(m, out);
                }
            }
            return found ? Optional.of(out) : Optional.empty();
        }
        if (owner.endsWith(".naming.Context") || owner.endsWith(".naming.InitialContext")) return Optional.of(Set.of("javax.naming.NamingException"));
        if (owner.equals("javax.rmi.PortableRemoteObject")) return Optional.of(Set.of());
        Optional<JavaSource> src = types.source(owner);
        if (src.isEmpty()) return Optional.empty();
        CompilationUnit unit = src.get().unit();
        Optional<ClassOrInterfaceDeclaration> decl = AppTypes.typeIn(unit, owner);
        if (decl.isEmpty()) return Optional.empty();
        List<MethodDeclaration> matching = decl.get().getMethodsByName(name).stream().filter(m -> m.getParameters().size() == arity).toList();
        if (!matching.isEmpty()) {
            Set<String> out = new LinkedHashSet<>();
            for (MethodDeclaration m : matching) for (ReferenceType t : m.getThrownExceptions()) out.add(qualified(t, unit));
            return Optional.of(out);
        }
        for (ClassOrInterfaceType sup : AppTypes.supertypes(decl.get())) {
            String written = sup.getNameWithScope();
            Optional<String> q = types.qualify(written, unit);
            String simple = written.substring(written.lastIndexOf('.') + 1);
            if (simple.startsWith("EJB") && EJB_INHERITED.containsKey(name)) {
                String ns = q.filter(x -> x.startsWith("jakarta.")).isPresent() ? "jakarta." : "javax.";
                Set<String> out = new LinkedHashSet<>();
                for (String e : EJB_INHERITED.get(name)) out.add(ns + e);
                if (simple.equals("EJBObject") || simple.equals("EJBHome")) out.add("java.rmi.RemoteException");
                return Optional.of(out);
            }
            if (q.isPresent()) {
                Optional<Set<String>> r = methodThrows(q.get(), name, arity, seen);
                if (r.isPresent()) return r;
            }
        }
        return Optional.empty();
    }

    /** What a constructor of {@code type} with {@code arity} arguments declares; empty when unknown. */
    Optional<Set<String>> constructorThrows(String type, int arity) {
        if (type.endsWith(".naming.InitialContext")) return Optional.of(Set.of("javax.naming.NamingException"));
        Optional<Class<?>> jdk = jdkClass(type);
        if (jdk.isPresent()) {
            Set<String> out = new LinkedHashSet<>();
            boolean found = false;
            for (var c : jdk.get().getConstructors()) {
                if (c.getParameterCount() == arity) {
                    found = true;
                    declared(c, out);
                }
            }
            return found ? Optional.of(out) : Optional.empty();
        }
        Optional<JavaSource> src = types.source(type);
        if (src.isEmpty()) return Optional.empty();
        Optional<ClassOrInterfaceDeclaration> decl = AppTypes.typeIn(src.get().unit(), type);
        if (decl.isEmpty()) return Optional.empty();
        List<ConstructorDeclaration> ctors = decl.get().getConstructors();
        if (ctors.isEmpty()) return arity == 0 ? Optional.of(Set.of()) : Optional.empty();
        Set<String> out = new LinkedHashSet<>();
        boolean found = false;
        for (ConstructorDeclaration c : ctors) {
            if (c.getParameters().size() != arity) continue;
            found = true;
            for (ReferenceType t : c.getThrownExceptions()) out.add(qualified(t, src.get().unit()));
        }
        return found ? Optional.of(out) : Optional.empty();
    }

    private String qualified(ReferenceType t, CompilationUnit unit) {
        String written = t.asString();
        return qualify(written, unit).orElse(written);
    }

    /** A type name written in {@code unit}, qualified through its imports and package, else as a {@code java.lang} class. */
    Optional<String> qualify(String written, CompilationUnit unit) {
        Optional<String> q = types.qualify(written, unit);
        if (q.isPresent() || written.contains(".")) return q;
        return jdkClass("java.lang." + written).map(Class::getName);
    }

    private static void declared(Executable e, Set<String> out) {
        for (Class<?> x : e.getExceptionTypes()) out.add(x.getName());
    }

    private static Optional<Class<?>> jdkClass(String qualified) {
        if (!qualified.startsWith("java.") && !qualified.startsWith("javax.naming.") && !qualified.startsWith("javax.sql.")) {
            return Optional.empty();
        }
        try {
            return Optional.of(Class.forName(qualified, false, ClassLoader.getPlatformClassLoader()));
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.empty();
        }
    }
}
