package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.MethodRef;

import java.util.List;
import java.util.Optional;

/**
 * The application's types and methods as one call-graph front end indexed them, whatever it read
 * them from (SootUp's shape: analyses depend on a view, not on how code was loaded). The source
 * front end's {@link AppTypes} (JavaParser) and the bytecode front end's {@link BytecodeTypes}
 * (SootUp) implement it, so that the Java EE rules both share (entry points, dispatch, container
 * callbacks) are written once against it.
 *
 * <p>{@code T} is the front end's handle of an application type, {@code M} of a method or
 * constructor ({@code <init>}). Names are the graph's class names: binary names in bytecode,
 * canonical names in sources (as each front end's graph spells them).
 *
 * @param <T> an application type
 * @param <M> a method of an application type
 */
interface ProgramView<T, M> {

    // ---- types ----

    /** The application type of this name; empty for library, JDK and unknown types. */
    Optional<T> type(String name);

    /** Whether the name is a type of the application itself (not a library's). */
    default boolean isApplicationType(String name) { return type(name).isPresent(); }

    /** Every application type, in a stable order. */
    Iterable<T> allTypes();

    String name(T type);

    String simpleName(T type);

    boolean isInterface(T type);

    /** Abstract classes and interfaces: no instance of them runs. */
    boolean isAbstractType(T type);

    /** Final classes and enums: calls on them need no dispatch. */
    boolean isFinalType(T type);

    /** The superclass when it is an application type. */
    Optional<T> superclass(T type);

    /** The type followed by all its supertypes (application and library), nearest first. */
    List<String> selfAndAncestors(String name);

    /** Every transitive application subtype of {@code name} (not including it), in a stable order. */
    List<T> subtypes(String name);

    /** The type's JAX-RS {@code @Path}, if it has one. */
    Optional<String> typePath(T type);

    /** A concrete class annotated {@code @WebService} or {@code @WebServiceProvider}, and not as a session bean. */
    boolean webServiceEndpoint(T type);

    // ---- methods ----

    /** The type's own methods and constructors (compiler-made ones included; see {@link #compilerMade}). */
    List<M> methods(T type);

    /** The first concrete method with this name and arity up the type's superclass chain. */
    Optional<M> concreteInClassChain(T type, String method, int arity);

    /** The declaration a call of {@code callee} on {@code start} binds to, searched up its supertypes. */
    Optional<M> declaration(T start, Callee callee);

    /** The implementation of {@code callee} a class declares or inherits along its superclass chain. */
    Optional<M> implementation(T start, Callee callee);

    /**
     * Whether {@code candidate} (found by {@link #implementation}) overrides {@code declared}: a front
     * end that matches callees by arity checks the parameter types here.
     */
    boolean overrides(M candidate, M declared);

    MethodRef ref(M method);

    /** The type that declares the method. */
    T owner(M method);

    /** Not written by the programmer: the implicit default constructor, bridges, accessors, lambda bodies. */
    boolean compilerMade(M method);

    boolean isAbstract(M method);

    boolean isStatic(M method);

    boolean isPublic(M method);

    boolean isPrivate(M method);

    /** The method's annotations, as written or fully qualified (callers compare simple names). */
    List<String> annotationNames(M method);

    /** The method's JAX-RS {@code @Path}, if it has one. */
    Optional<String> methodPath(M method);

    /**
     * What a call names: the method name and argument count, with the declared parameter types when
     * the front end knows them (bytecode always does; the source front end matches by arity).
     *
     * @param parameterTypes erased parameter types, or null when only the arity is known
     */
    record Callee(String name, int arity, List<String> parameterTypes) {
        public Callee {
            if (parameterTypes != null) parameterTypes = List.copyOf(parameterTypes);
        }

        static Callee byArity(String name, int arity) { return new Callee(name, arity, null); }

        static Callee exactly(String name, List<String> parameterTypes) {
            return new Callee(name, parameterTypes.size(), parameterTypes);
        }
    }
}
