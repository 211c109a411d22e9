package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EjbInterfaces;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * How a container reads a client's call on a type: which bean it reaches, through which of its
 * views, whether that view is remote or local, and what the call does (a home {@code create},
 * a finder, an entity getter…). Both front ends ask this; only how they find the receiver's type
 * and build the edge differs.
 */
final class EjbViews {
    private static final Set<String> REMOTE_BASES = Set.of("javax.ejb.EJBObject", "javax.ejb.EJBHome",
            "jakarta.ejb.EJBObject", "jakarta.ejb.EJBHome");
    private static final Set<String> LOCAL_BASES = Set.of("javax.ejb.EJBLocalObject", "javax.ejb.EJBLocalHome",
            "jakarta.ejb.EJBLocalObject", "jakarta.ejb.EJBLocalHome");

    private EjbViews() {}

    /**
     * A call through an EJB view.
     *
     * @param bean the bean, or null for a view of a bean no descriptor or annotation declares
     * @param view the interface (or no-interface bean class) the call goes through
     */
    record ViewCall(Component bean, String view, EdgeKind kind, CallOp op, boolean home) {
        boolean entity() {
            return bean != null && (bean.kind() == ComponentKind.ENTITY_BMP || bean.kind() == ComponentKind.ENTITY_CMP);
        }
    }

    /**
     * @param type        the receiver's static type
     * @param lineage     the type and its supertypes, nearest first
     * @param callerClass the calling class (a bean calling its own no-interface methods is a plain call)
     */
    static Optional<ViewCall> of(ComponentModel model, String type, List<String> lineage, String name, String callerClass) {
        for (String t : lineage) {
            if (t.startsWith("javax.ejb.") || t.startsWith("jakarta.ejb.")) break;
            // Class files spell nested types Outer$Inner, descriptors Outer.Inner.
            for (String spelling : t.indexOf('$') < 0 ? List.of(t) : List.of(t, t.replace('$', '.'))) {
                Optional<Component> bean = model.byInterface(spelling).filter(x -> x.kind().isEjb());
                if (bean.isPresent()) return Optional.of(declared(bean.get(), spelling, name));
            }
        }
        Optional<Component> noInterface = model.byClass(type)
                .filter(c -> c.kind().isSession() && c.interfaces().noInterfaceView());
        if (noInterface.isPresent() && !type.equals(callerClass)) return Optional.of(declared(noInterface.get(), type, name));

        // A view of a bean the descriptors do not declare: still a container call.
        boolean remote = lineage.stream().anyMatch(REMOTE_BASES::contains);
        boolean local = lineage.stream().anyMatch(LOCAL_BASES::contains);
        if (!remote && !local) return Optional.empty();
        boolean home = lineage.stream().anyMatch(x -> x.endsWith("EJBHome") || x.endsWith("EJBLocalHome"));
        return Optional.of(new ViewCall(null, type, remote ? EdgeKind.REMOTE_EJB : EdgeKind.LOCAL_EJB,
                home ? homeOp(name) : componentOp(name, false), home));
    }

    /**
     * A call on an interface that is no view itself but that session beans' views extend (a
     * {@code CaSession} both {@code CaSessionLocal} and {@code CaSessionRemote} extend), when every
     * concrete application class implementing it is such a bean: the object behind the reference
     * can only be a container proxy, so the call is an EJB call, not a plain call into the bean
     * class. Through the local view when the bean has one extending the interface (the reference's
     * own view is not known here), else the remote one. Empty when any implementation is not such a
     * bean, or when the caller is the bean itself (its own methods on {@code this}).
     *
     * @param implementations the concrete application classes implementing {@code type}
     * @param lineageOf       a type's self and supertypes, nearest first
     */
    static List<ViewCall> throughParentInterface(ComponentModel model, String type, String name, List<String> implementations,
                                                 String callerClass, Function<String, List<String>> lineageOf) {
        if (implementations.isEmpty()) return List.of();
        List<ViewCall> out = new ArrayList<>();
        for (String impl : implementations) {
            if (impl.equals(callerClass)) return List.of();
            Optional<Component> bean = model.byClass(impl).filter(c -> c.kind().isSession());
            if (bean.isEmpty()) return List.of();
            EjbInterfaces views = bean.get().interfaces();
            Optional<String> local = extending(type, views.localBusiness(), views.local(), lineageOf);
            Optional<String> view = local.isPresent() ? local : extending(type, views.remoteBusiness(), views.remote(), lineageOf);
            if (view.isEmpty()) return List.of();
            out.add(new ViewCall(bean.get(), view.get(), local.isPresent() ? EdgeKind.LOCAL_EJB : EdgeKind.REMOTE_EJB,
                    componentOp(name, false), false));
        }
        return out;
    }

    /** The first of these views whose supertypes include {@code type}. */
    private static Optional<String> extending(String type, List<String> business, String component,
                                              Function<String, List<String>> lineageOf) {
        List<String> views = new ArrayList<>(business);
        if (component != null) views.add(component);
        for (String v : views) {
            if (!v.equals(type) && lineageOf.apply(v).contains(type)) return Optional.of(v);
        }
        return Optional.empty();
    }

    /**
     * The bean-class method the container runs for a call on a view.
     *
     * @param noArguments the method takes no arguments whatever the call passes ({@code remove(pk)} → {@code ejbRemove()})
     */
    record ContainerMethod(String name, boolean noArguments) {}

    /**
     * {@code create} → {@code ejbCreate}, BMP {@code findX} → {@code ejbFindX}, an entity's home
     * method {@code x} → {@code ejbHomeX}, {@code remove} → {@code ejbRemove}, business methods by
     * name. Empty when the bean has no code for it (CMP finders: the container runs the query).
     */
    static Optional<ContainerMethod> containerMethod(Component bean, String name, boolean home, CallOp op) {
        if (op == CallOp.HOME_REMOVE || op == CallOp.REMOVE) return Optional.of(new ContainerMethod("ejbRemove", true));
        if (!home) return Optional.of(new ContainerMethod(name, false));
        return switch (op) {
            case HOME_CREATE -> Optional.of(new ContainerMethod("ejb" + capitalise(name), false));
            case HOME_FIND -> bean.kind() == ComponentKind.ENTITY_BMP
                    ? Optional.of(new ContainerMethod("ejb" + capitalise(name), false)) : Optional.empty();
            default -> Optional.of(new ContainerMethod(bean.kind().isEntity() ? "ejbHome" + capitalise(name) : name, false));
        };
    }

    private static String capitalise(String s) {
        return s.isEmpty() ? s : s.substring(0, 1).toUpperCase(Locale.ROOT) + s.substring(1);
    }

    private static ViewCall declared(Component bean, String view, String name) {
        EdgeKind kind = bean.interfaces().isRemoteType(view) ? EdgeKind.REMOTE_EJB : EdgeKind.LOCAL_EJB;
        boolean home = bean.interfaces().isHomeType(view);
        boolean entity = bean.kind() == ComponentKind.ENTITY_BMP || bean.kind() == ComponentKind.ENTITY_CMP;
        return new ViewCall(bean, view, kind, home ? homeOp(name) : componentOp(name, entity), home);
    }

    private static CallOp homeOp(String name) {
        if (name.startsWith("create")) return CallOp.HOME_CREATE;
        if (name.startsWith("find")) return CallOp.HOME_FIND;
        if (name.equals("remove")) return CallOp.HOME_REMOVE;
        return CallOp.HOME_METHOD;
    }

    private static CallOp componentOp(String name, boolean entity) {
        if (name.equals("remove")) return CallOp.REMOVE;
        if (entity && (name.startsWith("get") || name.startsWith("is"))) return CallOp.ENTITY_GET;
        if (entity && name.startsWith("set")) return CallOp.ENTITY_SET;
        return CallOp.BUSINESS_METHOD;
    }
}
