package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.TransactionAttribute;
import io.wanlint.analyzer.api.TransactionContext;
import io.wanlint.analyzer.api.TransactionScopes;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** The scopes of session 9 (a map of every call per entry point), the reference {@link ContainerTransactionScopes} must agree with. */
final class ReferenceTransactionScopes implements TransactionScopes {

    /** The contexts of every edge and method reached from one entry point. */
    private record Reach(Map<CallEdge, Set<TransactionContext>> edges, Map<MethodRef, Set<TransactionContext>> methods) {}

    private final CallGraph graph;
    private final ComponentModel model;
    private final Map<EntryPoint, Reach> reaches = new ConcurrentHashMap<>();
    private volatile Set<CallEdge> everActive;

    ReferenceTransactionScopes(CallGraph graph, ComponentModel model) {
        this.graph = graph;
        this.model = model;
    }


    @Override public Set<TransactionContext> contextsOf(EntryPoint entryPoint, CallEdge edge) {
        return reach(entryPoint).edges().getOrDefault(edge, Set.of());
    }

    @Override public Set<TransactionContext> contextsOfMethod(EntryPoint entryPoint, MethodRef method) {
        return reach(entryPoint).methods().getOrDefault(method, Set.of());
    }

    @Override public boolean everInTransaction(CallEdge edge) {
        Set<CallEdge> active = everActive;
        if (active == null) {
            Set<CallEdge> computed = new HashSet<>();
            for (EntryPoint ep : graph.entryPoints()) {
                reach(ep).edges().forEach((e, ctxs) -> {
                    if (ctxs.stream().anyMatch(TransactionContext::active)) computed.add(e);
                });
            }
            everActive = active = Set.copyOf(computed);
        }
        return active.contains(edge);
    }

    private Reach reach(EntryPoint ep) {
        return reaches.computeIfAbsent(ep, this::traverse);
    }

    private Reach traverse(EntryPoint ep) {
        Map<CallEdge, Set<TransactionContext>> edges = new HashMap<>();
        Map<MethodRef, Set<TransactionContext>> methods = new HashMap<>();
        TransactionContext start = TransactionContext.NONE;
        if (ep.kind() == EntryPoint.Kind.MESSAGE_DRIVEN || ep.kind() == EntryPoint.Kind.TIMER
                || ep.kind() == EntryPoint.Kind.REMOTE_FACADE) {
            Optional<Component> bean = model.byName(ep.component()).filter(c -> c.kind().isEjb());
            if (bean.isPresent()) start = enter(bean.get(), ep.method(), ep.method().name(), TransactionContext.NONE);
        }
        record Visit(MethodRef method, TransactionContext context) {}
        Deque<Visit> work = new ArrayDeque<>();
        Set<Visit> seen = new HashSet<>();
        work.add(new Visit(ep.method(), start));
        while (!work.isEmpty()) {
            Visit v = work.poll();
            if (!seen.add(v)) continue;
            methods.computeIfAbsent(v.method(), k -> new LinkedHashSet<>()).add(v.context());
            for (CallEdge e : graph.outgoing(v.method())) {
                TransactionContext at = e.inUserTransaction()
                        ? new TransactionContext(true, e.from(), "UserTransaction") : v.context();
                edges.computeIfAbsent(e, k -> new LinkedHashSet<>()).add(at);
                TransactionContext inCallee = at;
                if (e.kind().isEjb() && e.targetComponent() != null) {
                    Optional<Component> bean = model.byName(e.targetComponent());
                    if (bean.isPresent()) inCallee = enter(bean.get(), e.to(), viewMethodName(e.to().name()), at);
                }
                work.add(new Visit(e.to(), inCallee));
            }
        }
        // Read-only views, not copies: every entry point of a large application gets one, and copying
        // re-hashed every edge reached once more.
        edges.replaceAll((k, s) -> java.util.Collections.unmodifiableSet(s));
        methods.replaceAll((k, s) -> java.util.Collections.unmodifiableSet(s));
        return new Reach(java.util.Collections.unmodifiableMap(edges), java.util.Collections.unmodifiableMap(methods));
    }

    /** The context a bean method runs in when called in {@code caller}'s context. */
    private static TransactionContext enter(Component bean, MethodRef method, String viewMethod, TransactionContext caller) {
        // A session bean's ejbCreate/ejbRemove/ejbActivate/ejbPassivate run in an "unspecified
        // transaction context" (EJB 2.x): a session home's create() takes no transaction attribute,
        // so the CMT default must not make ejbCreate look like the start of a Required transaction.
        if (bean.kind().isSession() && isSessionLifecycle(method.name())) return TransactionContext.NONE;
        Optional<TransactionAttribute> attr = bean.transactionAttribute(viewMethod, method.parameterTypes(), null);
        if (attr.isEmpty()) return TransactionContext.NONE; // bean-managed: the caller's transaction is suspended
        return switch (attr.get()) {
            case REQUIRED -> caller.active() ? caller : new TransactionContext(true, method, "Required");
            case REQUIRES_NEW -> new TransactionContext(true, method, "RequiresNew");
            case MANDATORY -> caller.active() ? caller : new TransactionContext(true, method, "Mandatory");
            case SUPPORTS -> caller;
            case NOT_SUPPORTED, NEVER -> TransactionContext.NONE;
        };
    }

    private static boolean isSessionLifecycle(String beanMethod) {
        return beanMethod.startsWith("ejbCreate") || beanMethod.equals("ejbRemove")
                || beanMethod.equals("ejbActivate") || beanMethod.equals("ejbPassivate");
    }

    /** The view method a bean-class method implements ({@code ejbCreate} → {@code create}). */
    static String viewMethodName(String beanMethod) {
        if (beanMethod.startsWith("ejbCreate")) return "create" + beanMethod.substring("ejbCreate".length());
        if (beanMethod.startsWith("ejbFind")) return "find" + beanMethod.substring("ejbFind".length());
        if (beanMethod.equals("ejbRemove")) return "remove";
        if (beanMethod.startsWith("ejbHome") && beanMethod.length() > 7) {
            String rest = beanMethod.substring(7);
            return rest.substring(0, 1).toLowerCase(Locale.ROOT) + rest.substring(1);
        }
        return beanMethod;
    }
}
