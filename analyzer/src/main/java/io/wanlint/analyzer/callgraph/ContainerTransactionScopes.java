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
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Transaction contexts as a container would establish them, per entry point: a traversal of the
 * call graph carrying (active, startedBy, how). Entering an EJB through a view (and entering an
 * EJB entry point: MDB, timer, remote façade) applies the method's CMT attribute; bean-managed
 * beans run without a container transaction; calls between {@code UserTransaction.begin()} and
 * commit/rollback run in the bean-managed one; local calls keep the caller's. Each (method,
 * context) pair is visited once, so cycles terminate. Results are computed on first use per entry
 * point and cached (thread-safe).
 */
public final class ContainerTransactionScopes implements TransactionScopes {

    /**
     * The contexts of every method reached from one entry point, in the order the traversal reached
     * them. A call's contexts follow from its caller's ({@link #contextsOf}), so they are not kept per
     * call: a map per entry point of every call it reaches was most of the traversal's time and memory
     * on a large application (issue 22).
     */
    private interface Reach {
        /** The method's contexts, in the order first reached; empty when the entry point does not reach it. */
        Set<TransactionContext> contextsOf(MethodRef method);
    }

    /** A reach traversed on its own: an entry point not among the graph's (see {@link Pairs}). */
    private record Traversed(Map<MethodRef, Set<TransactionContext>> methods) implements Reach {
        @Override public Set<TransactionContext> contextsOf(MethodRef method) {
            return methods.getOrDefault(method, Set.of());
        }
    }

    private final CallGraph graph;
    private final ComponentModel model;
    private final Map<EntryPoint, Reach> reaches = new ConcurrentHashMap<>();
    private volatile Set<CallEdge> everActive;
    /** The pairs reached from the graph's entry points, with their successors; null until first asked. */
    private volatile Pairs pairs;
    /** Each thread's marks and queue for {@link Pairs#reach}. */
    private final ThreadLocal<Marks> marks = ThreadLocal.withInitial(Marks::new);

    ContainerTransactionScopes(CallGraph graph, ComponentModel model) {
        this.graph = graph;
        this.model = model;
    }

    /** The container's transaction scopes over a graph and model (computed lazily, per entry point). */
    public static TransactionScopes of(CallGraph graph, ComponentModel model) {
        return new ContainerTransactionScopes(graph, model);
    }

    /**
     * The contexts the caller runs in, in order, each as the call sees it (a call inside a
     * {@code UserTransaction} runs in that one): what a traversal recording every call it makes gives.
     */
    @Override public Set<TransactionContext> contextsOf(EntryPoint entryPoint, CallEdge edge) {
        Set<TransactionContext> callers = reach(entryPoint).contextsOf(edge.from());
        if (callers.isEmpty() || !makes(edge)) return Set.of();
        if (!edge.inUserTransaction()) return callers;
        return Set.of(userTransaction(edge));
    }

    /** Whether the graph has this call (a call retargeted at an override, say, is not one of its own). */
    private boolean makes(CallEdge edge) {
        // The rules ask about the graph's own call objects: found by identity first, without comparing
        // every other call of the method field by field (a method of a large application makes hundreds).
        List<CallEdge> out = graph.outgoing(edge.from());
        for (CallEdge e : out) if (e == edge) return true;
        for (CallEdge e : out) if (e.equals(edge)) return true;
        return false;
    }

    @Override public Set<TransactionContext> contextsOfMethod(EntryPoint entryPoint, MethodRef method) {
        return reach(entryPoint).contextsOf(method);
    }

    @Override public boolean everInTransaction(CallEdge edge) {
        Set<CallEdge> active = everActive;
        if (active == null) {
            // One traversal from every entry point at once: the (method, context) pairs reached from any
            // of them are those each one's traversal reaches, together. Walking every entry point's reach
            // instead grew with entry points times their reach (2M generated lines: 5.6x the 1M time).
            Map<MethodRef, Contexts> methods = new HashMap<>();
            Deque<Visit> work = new ArrayDeque<>();
            for (EntryPoint ep : graph.entryPoints()) work.add(new Visit(ep.method(), start(ep)));
            visit(work, methods);
            Set<CallEdge> computed = new HashSet<>();
            methods.forEach((m, ctxs) -> {
                boolean inOne = ctxs.stream().anyMatch(TransactionContext::active);
                for (CallEdge e : graph.outgoing(m)) if (inOne || e.inUserTransaction()) computed.add(e);
            });
            everActive = active = Set.copyOf(computed);
        }
        return active.contains(edge);
    }

    private Reach reach(EntryPoint ep) {
        Reach known = reaches.get(ep);
        return known != null ? known : reaches.computeIfAbsent(ep, this::traverse);
    }

    private record Visit(MethodRef method, TransactionContext context) {}

    private Reach traverse(EntryPoint ep) {
        Pairs all = pairs();
        Integer start = all.ids.get(new Visit(ep.method(), start(ep)));
        if (start != null) return all.reach(start, marks.get());
        return traverseAlone(ep);
    }

    /** The traversal of one entry point over the graph and model themselves (an entry point {@link Pairs} did not start from). */
    Reach traverseAlone(EntryPoint ep) {
        Map<MethodRef, Contexts> methods = new HashMap<>();
        Deque<Visit> work = new ArrayDeque<>();
        work.add(new Visit(ep.method(), start(ep)));
        visit(work, methods);
        // Read-only (a method's contexts are read-only sets), not copies: every entry point of a large application gets one.
        return new Traversed(java.util.Collections.unmodifiableMap(methods));
    }

    private Pairs pairs() {
        Pairs known = pairs;
        if (known != null) return known;
        synchronized (this) {
            if (pairs == null) pairs = new Pairs(this);
            return pairs;
        }
    }

    /**
     * The (method, context) pairs the traversals from the graph's entry points visit, numbered, each with
     * the pairs its calls lead to, in call order (issue 22): made once, in one traversal from every entry
     * point, so that an entry point's traversal is a pass over numbers instead of working out, hashing and
     * looking up again, per request, the pairs every request reaches (HELIUM V: a fifth of the rules'
     * time, 6,387 entry points through the same helpers and beans). A pair is numbered when first
     * found, and the traversal expands pairs in the order found, so pair {@code p}'s successors are
     * one run of {@link #next} after {@code p - 1}'s. Not changed once made.
     */
    private static final class Pairs {
        final Map<Visit, Integer> ids = new HashMap<>();
        final Map<MethodRef, Integer> methodIds = new HashMap<>();
        final int[] methodOf;
        final TransactionContext[] contextOf;
        /** Per pair: its context alone, the set of a method reached in one context (most are). */
        final List<Set<TransactionContext>> alone;
        final int[] firstNext;
        final int[] next;

        Pairs(ContainerTransactionScopes scopes) {
            List<MethodRef> methods = new java.util.ArrayList<>();
            List<TransactionContext> contexts = new java.util.ArrayList<>();
            int[] successors = new int[1024];
            int count = 0;
            int[] first = new int[1024];
            int expanded = 0;
            for (EntryPoint ep : scopes.graph.entryPoints()) {
                intern(new Visit(ep.method(), scopes.start(ep)), methods, contexts);
                // Pairs found are expanded in the order found: {@code expanded} trails the pairs numbered.
                for (; expanded < methods.size(); expanded++) {
                    if (expanded + 1 >= first.length) first = java.util.Arrays.copyOf(first, first.length * 2);
                    first[expanded] = count;
                    MethodRef method = methods.get(expanded);
                    TransactionContext context = contexts.get(expanded);
                    for (CallEdge e : scopes.graph.outgoing(method)) {
                        int to = intern(scopes.successor(e, context), methods, contexts);
                        if (count == successors.length) successors = java.util.Arrays.copyOf(successors, count * 2);
                        successors[count++] = to;
                    }
                }
            }
            if (expanded + 1 > first.length) first = java.util.Arrays.copyOf(first, expanded + 1);
            first[expanded] = count;
            this.firstNext = java.util.Arrays.copyOf(first, expanded + 1);
            this.next = java.util.Arrays.copyOf(successors, count);
            this.contextOf = contexts.toArray(new TransactionContext[0]);
            this.methodOf = new int[methods.size()];
            List<Set<TransactionContext>> single = new java.util.ArrayList<>(contextOf.length);
            for (int p = 0; p < methodOf.length; p++) {
                Integer id = methodIds.get(methods.get(p));
                if (id == null) methodIds.put(methods.get(p), id = methodIds.size());
                methodOf[p] = id;
                single.add(Set.of(contextOf[p]));
            }
            this.alone = single;
        }

        private int intern(Visit v, List<MethodRef> methods, List<TransactionContext> contexts) {
            Integer known = ids.get(v);
            if (known != null) return known;
            int id = methods.size();
            ids.put(v, id);
            methods.add(v.method());
            contexts.add(v.context());
            return id;
        }

        /** The pairs reached from pair {@code start}, breadth first as {@link #visit} goes, grouped by method. */
        Reach reach(int start, Marks m) {
            int size = m.begin(methodOf.length, start);
            for (int head = 0; head < size; head++) {
                int p = m.queue[head];
                for (int k = firstNext[p]; k < firstNext[p + 1]; k++) size = m.add(next[k], size);
            }
            // By method, each method's pairs in the order reached.
            long[] keyed = new long[size];
            for (int i = 0; i < size; i++) keyed[i] = (long) methodOf[m.queue[i]] << 32 | i;
            java.util.Arrays.sort(keyed);
            int[] ordered = new int[size];
            int methods = 0;
            int[] methodAt = new int[size];
            int[] from = new int[size + 1];
            for (int i = 0; i < size; i++) {
                int method = (int) (keyed[i] >>> 32);
                ordered[i] = m.queue[(int) keyed[i]];
                if (methods == 0 || methodAt[methods - 1] != method) {
                    methodAt[methods] = method;
                    from[methods++] = i;
                }
            }
            from[methods] = size;
            return new Numbered(this, java.util.Arrays.copyOf(methodAt, methods), java.util.Arrays.copyOf(from, methods + 1), ordered);
        }
    }

    /** One entry point's pairs: per method reached (ascending numbers), its pairs in {@code pairs} from {@code from}. */
    private record Numbered(Pairs all, int[] methods, int[] from, int[] pairs) implements Reach {
        @Override public Set<TransactionContext> contextsOf(MethodRef method) {
            Integer id = all.methodIds.get(method);
            int at = id == null ? -1 : java.util.Arrays.binarySearch(methods, id);
            if (at < 0) return Set.of();
            int first = from[at];
            int end = from[at + 1];
            if (end - first == 1) return all.alone.get(pairs[first]);
            Contexts out = new Contexts();
            for (int k = first; k < end; k++) out.addNew(all.contextOf[pairs[k]]);
            return out;
        }
    }

    /** One thread's marks of the pairs its current traversal reached (by traversal number), and its queue. */
    private static final class Marks {
        int traversal;
        int[] seen = new int[0];
        int[] queue = new int[1024];

        /** Starts a traversal from {@code start}; the queue's size. */
        int begin(int pairs, int start) {
            if (seen.length < pairs) seen = new int[pairs];
            traversal++;
            seen[start] = traversal;
            queue[0] = start;
            return 1;
        }

        /** Queues {@code p} unless reached before; the queue's size. */
        int add(int p, int size) {
            if (seen[p] == traversal) return size;
            seen[p] = traversal;
            if (size == queue.length) queue = java.util.Arrays.copyOf(queue, size * 2);
            queue[size] = p;
            return size + 1;
        }
    }

    /** The context an entry point's method runs in: an EJB entry point's attribute applies, a web request has none. */
    private TransactionContext start(EntryPoint ep) {
        if (ep.kind() == EntryPoint.Kind.MESSAGE_DRIVEN || ep.kind() == EntryPoint.Kind.TIMER
                || ep.kind() == EntryPoint.Kind.REMOTE_FACADE) {
            Optional<Component> bean = model.byName(ep.component()).filter(c -> c.kind().isEjb());
            if (bean.isPresent()) return enter(bean.get(), ep.method(), ep.method().name(), TransactionContext.NONE);
        }
        return TransactionContext.NONE;
    }

    /** Visits the (method, context) pairs reached from {@code work}, each once, into {@code methods}. */
    private void visit(Deque<Visit> work, Map<MethodRef, Contexts> methods) {
        while (!work.isEmpty()) {
            Visit v = work.poll();
            // A method's contexts are the (method, context) pairs seen: one hash of the method per visit
            // instead of a set of pairs besides (hashing the pairs was half of this traversal's time).
            if (!methods.computeIfAbsent(v.method(), k -> new Contexts()).addNew(v.context())) continue;
            for (CallEdge e : graph.outgoing(v.method())) work.add(successor(e, v.context()));
        }
    }

    /** The pair a call made in {@code context} leads to. */
    private Visit successor(CallEdge e, TransactionContext context) {
        TransactionContext at = e.inUserTransaction() ? userTransaction(e) : context;
        TransactionContext inCallee = at;
        if (e.kind().isEjb() && e.targetComponent() != null) {
            Optional<Component> bean = model.byName(e.targetComponent());
            if (bean.isPresent()) inCallee = enter(bean.get(), e.to(), viewMethodName(e.to().name()), at);
        }
        return new Visit(e.to(), inCallee);
    }

    /**
     * A method's contexts in one traversal, in the order first reached, read-only to everyone else. A
     * method has one or two per request, so a context is looked for by a scan (identity first: a local
     * call passes its caller's context object on) rather than hashed, as it was at every call reaching
     * the method (a third of the traversal on HELIUM V); past {@link #SCANNED} contexts a hash set indexes them.
     */
    static final class Contexts extends java.util.AbstractSet<TransactionContext> {
        private static final int SCANNED = 8;
        private TransactionContext[] items = new TransactionContext[2];
        private int size;
        private Set<TransactionContext> index;

        /** Adds {@code c} unless an equal context is here; whether it was added. */
        boolean addNew(TransactionContext c) {
            if (index != null) {
                if (!index.add(c)) return false;
            } else {
                for (int i = 0; i < size; i++) if (items[i] == c) return false;
                for (int i = 0; i < size; i++) if (items[i].equals(c)) return false;
            }
            if (size == items.length) items = java.util.Arrays.copyOf(items, size * 2);
            items[size++] = c;
            if (index == null && size > SCANNED) index = new HashSet<>(java.util.Arrays.asList(items).subList(0, size));
            return true;
        }

        @Override public boolean contains(Object o) {
            if (index != null) return index.contains(o);
            for (int i = 0; i < size; i++) if (items[i].equals(o)) return true;
            return false;
        }

        /** In the order added; read-only (its {@code remove} is unsupported, as is this set's {@code add}). */
        @Override public java.util.Iterator<TransactionContext> iterator() {
            return java.util.Collections.unmodifiableList(java.util.Arrays.asList(items).subList(0, size)).iterator();
        }

        @Override public int size() { return size; }
    }

    /** The bean-managed transaction a call between {@code UserTransaction.begin()} and commit runs in. */
    private static TransactionContext userTransaction(CallEdge e) {
        return new TransactionContext(true, e.from(), "UserTransaction");
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
