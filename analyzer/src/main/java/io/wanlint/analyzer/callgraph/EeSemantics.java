package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The Java EE semantics both call-graph front ends apply, written once and free of how the code was
 * read: which code a container runs once per component instance (lifecycle callbacks, the
 * constructors of the instances it keeps), which library operations run a lambda once per element,
 * and which calls a {@code UserTransaction} span covers. A front end says what it sees (a callable's
 * kind, name, arity and annotations; a method's calls in statement order) and asks here.
 */
final class EeSemantics {
    private EeSemantics() {}

    /** Library methods that take a lambda (or method reference) and run it once per element. */
    static final Set<String> ITERATING_OPS = Set.of("forEach", "forEachOrdered", "forEachRemaining", "map",
            "flatMap", "filter", "peek", "anyMatch", "allMatch", "noneMatch", "reduce", "collect", "mapToInt",
            "mapToLong", "mapToDouble", "mapToObj", "sorted", "takeWhile", "dropWhile", "removeIf", "replaceAll",
            "min", "max", "distinct", "flatMapToInt");

    /** Lifecycle methods a container calls once per instance (with at most one argument: the context). */
    private static final Set<String> LIFECYCLE_SETUP = Set.of("init", "jspInit", "_jspInit", "setSessionContext",
            "setEntityContext", "setMessageDrivenContext", "contextInitialized", "ejbPostCreate");

    /** What kind of code a call sits in, as far as how often it runs is concerned. */
    enum Callable {
        /** A static initialiser or a static field's initialiser: once per class. */
        STATIC_INITIALISER,
        /** A constructor, an instance initialiser block or an instance field's initialiser. */
        CONSTRUCTOR,
        /** Any other method. */
        METHOD
    }

    /**
     * Whether code of this kind runs once per component instance rather than per request.
     *
     * <p>A constructor runs once per instance only where the container makes the instance and keeps
     * it (a servlet, a bean, a filter…): a helper (PLAIN, DAO) is made by application code, often with
     * a {@code new} per request, and its constructor then runs per request — unless the {@code new}
     * itself is cached, which marks the call that creates it. Lifecycle methods ({@code ejbCreate},
     * {@code init}, a bean superclass's {@code setEntityContext}, {@code @PostConstruct}) are called
     * by the container once; an entity's {@code ejbCreate}/{@code ejbPostCreate} inserts a row per
     * {@code create()}.
     *
     * @param component     the component the code belongs to, or null
     * @param postConstruct whether the method is annotated {@code @PostConstruct}
     */
    static boolean runsOncePerInstance(Callable kind, String name, int arity, boolean postConstruct, Component component) {
        return switch (kind) {
            case STATIC_INITIALISER -> true;
            case CONSTRUCTOR -> component != null && containerKeepsInstance(component);
            case METHOD -> component != null && !createsEntity(component, name)
                    && (name.startsWith("ejbCreate") || LIFECYCLE_SETUP.contains(name) && arity <= 1 || postConstruct);
        };
    }

    /** Whether the container makes and keeps the component's instances (not a helper the code makes with {@code new}). */
    static boolean containerKeepsInstance(Component component) {
        return component.kind() != ComponentKind.PLAIN && component.kind() != ComponentKind.DAO;
    }

    /** An entity bean's {@code ejbCreate…}/{@code ejbPostCreate…}: it runs once per {@code create()} (a row), not per instance. */
    static boolean createsEntity(Component component, String method) {
        return component != null && (component.kind() == ComponentKind.ENTITY_BMP || component.kind() == ComponentKind.ENTITY_CMP)
                && (method.startsWith("ejbCreate") || method.startsWith("ejbPostCreate"));
    }

    /**
     * Marks the calls between {@code UserTransaction.begin()} and the next {@code commit()} or
     * {@code rollback()} of the same method (the commit itself included); {@code inOrder} is one
     * method's calls in statement order.
     */
    static List<CallEdge> markUserTransactions(List<CallEdge> inOrder) {
        if (inOrder.stream().noneMatch(e -> e.op() == CallOp.TX_BEGIN)) return List.copyOf(inOrder);
        List<CallEdge> out = new ArrayList<>(inOrder.size());
        boolean open = false;
        for (CallEdge e : inOrder) {
            CallOp op = e.op();
            if (op == CallOp.TX_BEGIN) {
                out.add(e);
                open = true;
            } else {
                out.add(open ? e.withFlags(e.cachedOnce(), true) : e);
                if (op == CallOp.TX_COMMIT || op == CallOp.TX_ROLLBACK) open = false;
            }
        }
        return out;
    }
}
