package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.MethodRef;

import java.util.List;
import java.util.Optional;

/**
 * How a container runs calls on an application's EJB views and callbacks, for both front ends over
 * their {@link ProgramView}: the bean-class method behind a view method ({@link EjbViews#containerMethod}:
 * {@code create} → {@code ejbCreate}, BMP {@code findX} → {@code ejbFindX}, business methods by
 * name), the concrete classes behind an interface, and lifecycle callbacks up a bean's class chain.
 *
 * @param <T> the front end's type
 * @param <M> the front end's method
 */
final class ContainerDispatch<T, M> {
    private final ProgramView<T, M> view;

    ContainerDispatch(ProgramView<T, M> view) {
        this.view = view;
    }

    /**
     * The bean-class method the container runs for a call of {@code invoked} on a view: the same
     * parameter types first (when the front end knows them), then the same arity. Empty when the bean
     * has no code for it (CMP finders and accessors).
     */
    Optional<MethodRef> beanMethod(Component bean, ProgramView.Callee invoked, boolean home, CallOp op) {
        Optional<T> beanType = view.type(bean.className());
        Optional<EjbViews.ContainerMethod> target = EjbViews.containerMethod(bean, invoked.name(), home, op);
        if (beanType.isEmpty() || target.isEmpty()) return Optional.empty();
        String name = target.get().name();
        ProgramView.Callee callee = target.get().noArguments()
                ? new ProgramView.Callee(name, 0, invoked.parameterTypes() == null ? null : List.of())
                : new ProgramView.Callee(name, invoked.arity(), invoked.parameterTypes());
        Optional<M> exact = view.implementation(beanType.get(), callee).filter(m -> !view.compilerMade(m));
        if (exact.isPresent()) return Optional.of(view.ref(exact.get()));
        return view.concreteInClassChain(beanType.get(), name, callee.arity()).map(view::ref);
    }

    /** The concrete application classes that implement {@code type}. */
    List<String> concreteImplementations(String type) {
        return view.subtypes(type).stream().filter(t -> !view.isAbstractType(t)).map(view::name).toList();
    }

    /** The container callback {@code name()} a bean class declares or inherits. */
    Optional<MethodRef> callback(String beanClass, String name) {
        return view.type(beanClass).flatMap(t -> view.concreteInClassChain(t, name, 0)).map(view::ref);
    }
}
