package io.wanlint.analyzer.callgraph;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * When an entity bean's method changes the bean's state, for both front ends: its body writes an
 * own field (or changes an own collection), or calls one of the bean's own {@code set…} methods on
 * {@code this} (the abstract CMP setters), or calls on {@code this} an own method that does so
 * itself (followed one level deep). Code the body creates inline (a lambda's body) counts as the
 * body's. A front end reads each body into {@link BodyWrites}; the rule is here once.
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
     */
    record BodyWrites<M>(boolean writesOwnState, List<ProgramView.Callee> callsOnThis, List<M> inlineBodies) {
        BodyWrites {
            callsOnThis = List.copyOf(callsOnThis);
            inlineBodies = List.copyOf(inlineBodies);
        }
    }

    private final ProgramView<T, M> view;
    private final BiFunction<T, M, Optional<BodyWrites<M>>> bodies;

    /** {@code bodies} reads a method's body as a method of the bean (empty when it cannot be read). */
    EntityWriteRule(ProgramView<T, M> view, BiFunction<T, M, Optional<BodyWrites<M>>> bodies) {
        this.view = view;
        this.bodies = bodies;
    }

    /** Whether {@code m}, run on an instance of {@code bean}, changes the bean's state. */
    boolean writes(T bean, M m) {
        return writes(bean, m, true);
    }

    private boolean writes(T bean, M m, boolean follow) {
        if (view.isStatic(m) || view.isAbstract(m)) return false;
        Optional<BodyWrites<M>> body = bodies.apply(bean, m);
        if (body.isEmpty()) return false;
        if (body.get().writesOwnState()) return true;
        for (M inline : body.get().inlineBodies()) if (writes(bean, inline, follow)) return true;
        for (ProgramView.Callee call : body.get().callsOnThis()) {
            if (call.name().startsWith("set") && !CONTAINER_SETTERS.contains(call.name())) return true;
            if (!follow) continue;
            Optional<M> callee = view.implementation(bean, call);
            if (callee.isPresent() && !callee.get().equals(m) && !view.compilerMade(callee.get())
                    && writes(bean, callee.get(), false)) {
                return true;
            }
        }
        return false;
    }
}
