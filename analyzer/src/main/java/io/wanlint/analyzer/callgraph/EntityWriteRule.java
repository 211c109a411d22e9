package io.wanlint.analyzer.callgraph;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * When an entity bean's method changes the bean's state, for both front ends: its body writes an
 * own field (or changes an own collection), or calls one of the bean's own {@code set…} methods on
 * {@code this} (the abstract CMP setters), or calls on {@code this} an own method that does so
 * itself, or runs a superclass's method that does ({@code super.updateDemand()}: the superclass's
 * code changes this object's state). Own and superclass methods are followed {@value #MAX_DEPTH}
 * calls deep, as a base class's mutator often delegates once more ({@code adjust()} →
 * {@code applyRate()}). Code the body creates inline (a lambda's body) counts as the body's. A
 * front end reads each body into {@link BodyWrites}; the rule is here once.
 *
 * @param <T> the front end's type
 * @param <M> the front end's method
 */
final class EntityWriteRule<T, M> {

    /** Own setters that are container callbacks, not state. */
    static final Set<String> CONTAINER_SETTERS = Set.of("setEntityContext");

    /**
     * What one method body does to the bean, as a front end reads it.
     *
     * @param writesOwnState whether it assigns an own instance field or changes an own collection
     * @param callsOnThis    the instance methods it calls on {@code this} (not {@code super}, not constructors)
     * @param inlineBodies   bodies that are part of this one (a lambda's {@code lambda$} method in bytecode)
     * @param superCalls     the superclass methods it runs on this object ({@code super.adjust()}), as resolved
     */
    record BodyWrites<M>(boolean writesOwnState, List<ProgramView.Callee> callsOnThis, List<M> inlineBodies, List<M> superCalls) {
        BodyWrites {
            callsOnThis = List.copyOf(callsOnThis);
            inlineBodies = List.copyOf(inlineBodies);
            superCalls = List.copyOf(superCalls);
        }
    }

    /** How many calls deep own and superclass methods are followed. */
    static final int MAX_DEPTH = 3;

    private final ProgramView<T, M> view;
    private final BiFunction<T, M, Optional<BodyWrites<M>>> bodies;

    /** {@code bodies} reads a method's body as a method of the bean (empty when it cannot be read). */
    EntityWriteRule(ProgramView<T, M> view, BiFunction<T, M, Optional<BodyWrites<M>>> bodies) {
        this.view = view;
        this.bodies = bodies;
    }

    /** Whether {@code m}, run on an instance of {@code bean}, changes the bean's state. */
    boolean writes(T bean, M m) {
        return writes(bean, m, MAX_DEPTH, new HashSet<>());
    }

    private boolean writes(T bean, M m, int depth, Set<M> seen) {
        if (view.isStatic(m) || view.isAbstract(m) || !seen.add(m)) return false;
        Optional<BodyWrites<M>> body = bodies.apply(bean, m);
        if (body.isEmpty()) return false;
        if (body.get().writesOwnState()) return true;
        for (M inline : body.get().inlineBodies()) if (writes(bean, inline, depth, seen)) return true;
        for (ProgramView.Callee call : body.get().callsOnThis()) {
            if (call.name().startsWith("set") && !CONTAINER_SETTERS.contains(call.name())) return true;
        }
        if (depth == 0) return false;
        for (M up : body.get().superCalls()) {
            if (!view.compilerMade(up) && writes(bean, up, depth - 1, seen)) return true;
        }
        for (ProgramView.Callee call : body.get().callsOnThis()) {
            Optional<M> callee = view.implementation(bean, call);
            if (callee.isPresent() && !view.compilerMade(callee.get()) && writes(bean, callee.get(), depth - 1, seen)) {
                return true;
            }
        }
        return false;
    }
}
