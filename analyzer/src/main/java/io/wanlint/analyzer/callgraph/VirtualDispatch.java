package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.callgraph.ProgramView.Callee;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

/**
 * Which application methods a call can run, for both front ends (one call-graph algorithm over a
 * {@link ProgramView}): static, {@code super}, private and constructor calls and calls on final
 * classes go to the declaration; calls on {@code this} go to the declaration unless it is abstract;
 * other calls go to the inherited implementation and to every override in application subtypes of
 * the receiver type (class-hierarchy analysis) — of those that can run: an implementation counts
 * only when some class that inherits it is instantiated ({@link Instantiation}, rapid type analysis).
 * When none of the candidates is seen instantiated, the instances come from where the analysis cannot
 * see (a library factory, deserialization) and every candidate stays.
 *
 * @param <T> the front end's type
 * @param <M> the front end's method
 */
final class VirtualDispatch<T, M> {
    private final ProgramView<T, M> view;
    private final java.util.function.Predicate<T> instantiated;

    /** Class-hierarchy dispatch, every class counting as instantiated. */
    VirtualDispatch(ProgramView<T, M> view) {
        this(view, t -> true);
    }

    /** Dispatch to the implementations of the classes {@code instantiated} accepts. */
    VirtualDispatch(ProgramView<T, M> view, java.util.function.Predicate<T> instantiated) {
        this.view = view;
        this.instantiated = instantiated;
    }

    /** The methods a call of {@code callee} on a receiver of static type {@code receiver} can run. */
    List<M> targets(T receiver, Callee callee, ReceiverForm form) {
        Optional<M> declared = view.declaration(receiver, callee);
        if (declared.isEmpty()) return List.of();
        M decl = declared.get();
        boolean direct = form == ReceiverForm.STATIC || form == ReceiverForm.SUPER || view.isStatic(decl)
                || view.isFinalType(receiver) || view.isPrivate(decl) || callee.name().equals("<init>");
        if (direct || form == ReceiverForm.THIS && !view.isAbstract(decl)) {
            if (view.isAbstract(decl)) return List.of();
            if (form == ReceiverForm.SUPER || form == ReceiverForm.STATIC) return List.of(decl);
            return List.of(view.implementation(receiver, callee).orElse(decl));
        }
        LinkedHashSet<M> all = new LinkedHashSet<>();
        LinkedHashSet<M> running = new LinkedHashSet<>();
        if (!view.isInterface(receiver)) {
            Optional<M> own = view.implementation(receiver, callee);
            own.ifPresent(all::add);
            if (!view.isAbstractType(receiver) && instantiated.test(receiver)) own.ifPresent(running::add);
        }
        for (T sub : view.subtypes(view.name(receiver))) {
            if (view.isInterface(sub)) continue;
            Optional<M> impl = view.implementation(sub, callee).filter(m -> view.overrides(m, decl));
            impl.ifPresent(all::add);
            if (!view.isAbstractType(sub) && instantiated.test(sub)) impl.ifPresent(running::add);
        }
        return List.copyOf(running.isEmpty() ? all : running);
    }
}
