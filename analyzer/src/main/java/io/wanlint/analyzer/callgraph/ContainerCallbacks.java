package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.Receiver;
import io.wanlint.analyzer.api.SourceLocation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.BiPredicate;

/**
 * The calls a container makes on bean-managed (BMP) entity beans that no application code makes:
 * before a business method runs on an instance the container calls the bean's {@code ejbLoad}, and
 * at commit it calls {@code ejbStore} on every instance the transaction used, including one it has
 * just created. Without these edges the JDBC a BMP entity runs for its state would be invisible to
 * every analysis, although it is what made Trade2's plain BMP beans the most WAN-sensitive mode.
 *
 * <p>Applied by a front end once its edges are built: for every EJB edge into a method of a BMP
 * bean class (a getter, setter or business method, or the {@code ejbCreate} a home
 * {@code create()} runs), it adds {@link CallOp#CONTAINER_CALLBACK} edges of kind
 * {@link EdgeKind#LOCAL} from that method to the bean's own {@code ejbLoad()} (not after
 * {@code ejbCreate}: the container already holds the new state) and {@code ejbStore()}, when the
 * graph has nodes for them. Each pair is added once, however many call sites reach the method.
 * How often they run per transaction is the cost model's business.
 */
public final class ContainerCallbacks {
    private ContainerCallbacks() {}

    /**
     * Adds the callback edges to {@code graph}.
     *
     * @param concreteMethod the front end's lookup of the concrete no-argument method {@code name}
     *                       that an instance of class {@code className} runs (declared there or
     *                       inherited), so callbacks declared in an abstract base bean are found
     * @return how many edges were added
     */
    public static int addTo(MutableCallGraph graph, ComponentModel model,
                            BiFunction<String, String, Optional<MethodRef>> concreteMethod) {
        return addTo(graph, model, concreteMethod, (method, store) -> true);
    }

    /**
     * As {@link #addTo(MutableCallGraph, ComponentModel, BiFunction)}, leaving out the
     * {@code ejbStore} edge after a method that cannot make the store write: a store guarded by a
     * dirty flag writes only after a method that sets the flag, so a transaction that only reads the
     * bean pays no store. The source front end knows the guards; the bytecode one keeps every edge.
     *
     * @param storeMayWrite whether {@code ejbStore} (second argument) can write after the container
     *                      ran the first argument on the instance
     */
    public static int addTo(MutableCallGraph graph, ComponentModel model,
                            BiFunction<String, String, Optional<MethodRef>> concreteMethod,
                            BiPredicate<MethodRef, MethodRef> storeMayWrite) {
        ComponentModel components = model == null ? ComponentModel.EMPTY : model;
        if (components.ofKind(ComponentKind.ENTITY_BMP).isEmpty()) return 0;
        Map<String, Optional<MethodRef>> lookups = new HashMap<>();
        // Per wrapped method, the bean entered; when one class is deployed as several beans, the first
        // by name, so that the result depends on the graph's edges and not on the order they came in.
        Map<MethodRef, CallEdge> entering = new java.util.LinkedHashMap<>();
        Map<MethodRef, Component> beans = new HashMap<>();
        for (CallEdge e : graph.edges()) {
            if (!e.kind().isEjb() || e.to() == null) continue;
            boolean created = e.op() == CallOp.HOME_CREATE && e.to().name().startsWith("ejbCreate");
            if (!created && e.op() != CallOp.ENTITY_GET && e.op() != CallOp.ENTITY_SET
                    && e.op() != CallOp.BUSINESS_METHOD && e.op() != CallOp.ENTITY_UPDATE) {
                continue;
            }
            Optional<Component> bean = bmpBean(e, components);
            if (bean.isEmpty()) continue;
            Component known = beans.get(e.to());
            if (known == null || bean.get().name().compareTo(known.name()) < 0) {
                beans.put(e.to(), bean.get());
                entering.put(e.to(), e);
            }
        }
        List<CallEdge> added = new ArrayList<>();
        for (CallEdge e : entering.values()) {
            Component bean = beans.get(e.to());
            boolean created = e.op() == CallOp.HOME_CREATE && e.to().name().startsWith("ejbCreate");
            String beanClass = bean.className();
            Optional<MethodRef> load = lookups.computeIfAbsent(beanClass + "#ejbLoad", k -> concreteMethod.apply(beanClass, "ejbLoad"));
            Optional<MethodRef> store = lookups.computeIfAbsent(beanClass + "#ejbStore", k -> concreteMethod.apply(beanClass, "ejbStore"));
            // Located at the declaration of the method the container wraps: the callbacks have no call site.
            SourceLocation at = graph.node(e.to()).map(MethodNode::location).orElse(SourceLocation.UNKNOWN);
            if (!created) load.ifPresent(m -> added.add(callback(e.to(), m, bean, at)));
            store.filter(m -> storeMayWrite.test(e.to(), m)).ifPresent(m -> added.add(callback(e.to(), m, bean, at)));
        }
        added.forEach(graph::addEdge);
        return added.size();
    }

    /**
     * The BMP bean an EJB edge enters, when the edge reaches code of the bean (its class or a
     * superclass) rather than an interface declaration the front end fell back to.
     */
    private static Optional<Component> bmpBean(CallEdge e, ComponentModel model) {
        Optional<Component> bean = Optional.ofNullable(e.targetComponent()).flatMap(model::byName)
                .or(() -> model.byClass(e.to().className()));
        return bean.filter(b -> b.kind() == ComponentKind.ENTITY_BMP
                && !b.interfaces().all().contains(e.to().className()));
    }

    private static CallEdge callback(MethodRef from, MethodRef callback, Component bean, SourceLocation at) {
        // On the bean instance the container keeps: calls on this in a callback a superclass declares run the bean class's overrides.
        return new CallEdge(from, callback, EdgeKind.LOCAL, CallOp.CONTAINER_CALLBACK, at, 0, bean.name(), false, false, List.of(),
                new Receiver.Exact(bean.className()));
    }
}
