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

    private final CallGraph graph;
    private final ComponentModel model;
    private final Map<EntryPoint, Reach> reaches = new ConcurrentHashMap<>();
    private volatile Set<CallEdge> everActive;
    /** Per method reached: its number and, once a traversal expands it, what its calls lead to (see {@link Calls}). */
    private final Map<MethodRef, Calls> calls = new ConcurrentHashMap<>();
    private final java.util.concurrent.atomic.AtomicInteger methodCount = new java.util.concurrent.atomic.AtomicInteger();
    /** Each thread's marks and queue for {@link #traverse}. */
    private final ThreadLocal<Marks> marks = ThreadLocal.withInitial(Marks::new);
    /**
     * Every context started here, one object per value: equal contexts are the same object, so a
     * traversal tells a method's contexts apart by identity ({@link Marks#add}), where comparing records
     * field by field was half of the traversals on HELIUM V (issue 22).
     */
    private final Map<TransactionContext, TransactionContext> started = new ConcurrentHashMap<>();

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
            Map<Calls, Contexts> methods = new HashMap<>();
            Deque<Visit> work = new ArrayDeque<>();
            for (EntryPoint ep : graph.entryPoints()) work.add(new Visit(callsOf(ep.method()), start(ep)));
            visit(work, methods);
            Set<CallEdge> computed = new HashSet<>();
            methods.forEach((m, ctxs) -> {
                boolean inOne = ctxs.stream().anyMatch(TransactionContext::active);
                for (CallEdge e : graph.outgoing(m.method)) if (inOne || e.inUserTransaction()) computed.add(e);
            });
            everActive = active = Set.copyOf(computed);
        }
        return active.contains(edge);
    }

    private Reach reach(EntryPoint ep) {
        Reach known = reaches.get(ep);
        return known != null ? known : reaches.computeIfAbsent(ep, this::traverse);
    }

    private record Visit(Calls method, TransactionContext context) {}

    /**
     * The traversal of {@link #visit} from one entry point, breadth first, over what each method's calls
     * lead to worked out once per method and call (issue 22): on HELIUM V the 6,387 traversals went through
     * the same helpers and beans, each working out again, hashing and mapping every (method, context)
     * pair it reached (a fifth of the rules' time). A pair is queued when first found rather than skipped
     * when polled again, which visits the pairs in the same order; each method's contexts are kept in
     * that order, in arrays by method number.
     */
    private Reach traverse(EntryPoint ep) {
        Marks m = marks.get();
        m.begin();
        m.add(callsOf(ep.method()), start(ep));
        for (int head = 0; head < m.size; head++) {
            Calls from = m.queued[head];
            TransactionContext context = m.contexts[head];
            Calls.Made made = from.made(this);
            for (int k = 0; k < made.callees.length; k++) m.add(made.callees[k], made.inCallee(k, context));
        }
        // By method, each method's contexts in the order reached.
        int size = m.size;
        long[] keyed = new long[size];
        for (int i = 0; i < size; i++) keyed[i] = (long) m.queued[i].id << 32 | i;
        java.util.Arrays.sort(keyed);
        // The methods counted first, so that the arrays kept are made at their size (per pair and copied,
        // they were the most the rules' phase allocated on HELIUM V, issue 22).
        int methods = 0;
        for (int i = 0; i < size; i++) if (i == 0 || keyed[i] >>> 32 != keyed[i - 1] >>> 32) methods++;
        TransactionContext[] ordered = new TransactionContext[size];
        int[] methodAt = new int[methods];
        int[] from = new int[methods + 1];
        int at = 0;
        for (int i = 0; i < size; i++) {
            ordered[i] = m.contexts[(int) keyed[i]];
            if (i == 0 || keyed[i] >>> 32 != keyed[i - 1] >>> 32) {
                methodAt[at] = (int) (keyed[i] >>> 32);
                from[at++] = i;
            }
        }
        from[methods] = size;
        m.release();
        return new Reach(calls, methodAt, from, ordered);
    }

    private Calls callsOf(MethodRef method) {
        Calls known = calls.get(method);
        return known != null ? known : calls.computeIfAbsent(method, k -> new Calls(k, methodCount.getAndIncrement()));
    }

    /**
     * A method, numbered, and what its calls lead to once worked out: per call, the callee, the context
     * a call inside a {@code UserTransaction} runs in, and how entering the callee (a bean method)
     * treats the caller's context, worked out once for any context the method runs in.
     */
    private static final class Calls {
        final MethodRef method;
        final int id;
        private volatile Made made;

        Calls(MethodRef method, int id) {
            this.method = method;
            this.id = id;
        }

        /** Two threads making one make equal ones; either is kept. */
        Made made(ContainerTransactionScopes scopes) {
            Made known = made;
            if (known != null) return known;
            List<CallEdge> out = scopes.graph.outgoing(method);
            Made m = new Made(out.size());
            for (int k = 0; k < out.size(); k++) {
                CallEdge e = out.get(k);
                m.callees[k] = scopes.callsOf(e.to());
                m.userTransaction[k] = e.inUserTransaction() ? scopes.userTransaction(e) : null;
                m.entering[k] = scopes.entering(e);
            }
            made = m;
            return m;
        }

        /** Per call of the method, in call order. */
        static final class Made {
            final Calls[] callees;
            final TransactionContext[] userTransaction;
            final Entering[] entering;

            Made(int n) {
                callees = new Calls[n];
                userTransaction = new TransactionContext[n];
                entering = new Entering[n];
            }

            /** The context the {@code k}th call's callee runs in when the method runs in {@code context}. */
            TransactionContext inCallee(int k, TransactionContext context) {
                return entering[k].in(userTransaction[k] != null ? userTransaction[k] : context);
            }
        }
    }

    /**
     * How entering a method treats the caller's context, decided for any caller: kept, none, or a
     * transaction {@code started} there (always, or unless the caller's is active).
     */
    private record Entering(Kind kind, TransactionContext started) {
        enum Kind { KEEP, NONE, START, JOIN_OR_START }

        static final Entering KEEP = new Entering(Kind.KEEP, null);
        static final Entering NONE = new Entering(Kind.NONE, null);

        TransactionContext in(TransactionContext caller) {
            return switch (kind) {
                case KEEP -> caller;
                case NONE -> TransactionContext.NONE;
                case START -> started;
                case JOIN_OR_START -> caller.active() ? caller : started;
            };
        }
    }

    /** How making call {@code e} treats the context it is made in (a bean method's attribute, see {@link #entering(Component, MethodRef, String)}). */
    private Entering entering(CallEdge e) {
        if (!e.kind().isEjb() || e.targetComponent() == null) return Entering.KEEP;
        return model.byName(e.targetComponent()).map(bean -> entering(bean, e.to(), viewMethodName(e.to().name()))).orElse(Entering.KEEP);
    }

    /**
     * The contexts of every method reached from one entry point, in the order the traversal reached
     * them: per method reached (ascending numbers), its contexts in {@code contexts} from {@code from}.
     * A call's contexts follow from its caller's ({@link #contextsOf}), so they are not kept per call: a
     * map per entry point of every call it reaches was most of the traversal's time and memory on a
     * large application (issue 22), and a map per entry point of every method still showed (arrays now).
     */
    private record Reach(Map<MethodRef, Calls> numbers, int[] methods, int[] from, TransactionContext[] contexts) {
        /** The method's contexts, in the order first reached; empty when the entry point does not reach it. */
        Set<TransactionContext> contextsOf(MethodRef method) {
            Calls known = method == null ? null : numbers.get(method);
            int at = known == null ? -1 : java.util.Arrays.binarySearch(methods, known.id);
            if (at < 0) return Set.of();
            int first = from[at];
            int end = from[at + 1];
            if (end - first == 1) return Set.of(contexts[first]);
            Contexts out = new Contexts();
            for (int k = first; k < end; k++) out.addNew(contexts[k]);
            return out;
        }
    }

    /**
     * One thread's marks of the (method, context) pairs its current traversal reached, and its queue of
     * them: per method number, the traversal that last reached it and its first context there, further
     * contexts in a list of their own (a method has one or two per request).
     */
    private static final class Marks {
        int traversal;
        int[] seen = new int[1024];
        TransactionContext[] firstContext = new TransactionContext[1024];
        int[] more = new int[1024];
        TransactionContext[] moreContext = new TransactionContext[64];
        int[] moreNext = new int[64];
        int moreSize;
        Calls[] queued = new Calls[1024];
        TransactionContext[] contexts = new TransactionContext[1024];
        int size;

        void begin() {
            traversal++;
            size = 0;
            moreSize = 0;
        }

        /** Queues the pair unless the traversal reached an equal one. */
        void add(Calls method, TransactionContext context) {
            int id = method.id;
            if (id >= seen.length) {
                int grown = Math.max(id + 1, seen.length * 2);
                seen = java.util.Arrays.copyOf(seen, grown);
                firstContext = java.util.Arrays.copyOf(firstContext, grown);
                more = java.util.Arrays.copyOf(more, grown);
            }
            if (seen[id] != traversal) {
                seen[id] = traversal;
                firstContext[id] = context;
                more[id] = -1;
            } else {
                if (same(firstContext[id], context)) return;
                int last = -1;
                for (int k = more[id]; k >= 0; k = moreNext[k]) {
                    if (same(moreContext[k], context)) return;
                    last = k;
                }
                if (moreSize == moreContext.length) {
                    moreContext = java.util.Arrays.copyOf(moreContext, moreSize * 2);
                    moreNext = java.util.Arrays.copyOf(moreNext, moreSize * 2);
                }
                moreContext[moreSize] = context;
                moreNext[moreSize] = -1;
                if (last < 0) more[id] = moreSize;
                else moreNext[last] = moreSize;
                moreSize++;
            }
            if (size == queued.length) {
                queued = java.util.Arrays.copyOf(queued, size * 2);
                contexts = java.util.Arrays.copyOf(contexts, size * 2);
            }
            queued[size] = method;
            contexts[size] = context;
            size++;
        }

        /** Equal contexts are one object: a traversal carries {@link TransactionContext#NONE} and the contexts of {@link ContainerTransactionScopes#started} only. */
        private static boolean same(TransactionContext a, TransactionContext b) {
            return a == b;
        }

        /** Lets go of the contexts the traversal queued (the arrays stay for the next one). */
        void release() {
            java.util.Arrays.fill(queued, 0, size, null);
            java.util.Arrays.fill(contexts, 0, size, null);
            java.util.Arrays.fill(moreContext, 0, moreSize, null);
        }
    }

    /** The context an entry point's method runs in: an EJB entry point's attribute applies, a web request has none. */
    private TransactionContext start(EntryPoint ep) {
        if (ep.kind() == EntryPoint.Kind.MESSAGE_DRIVEN || ep.kind() == EntryPoint.Kind.TIMER
                || ep.kind() == EntryPoint.Kind.REMOTE_FACADE) {
            Optional<Component> bean = model.byName(ep.component()).filter(c -> c.kind().isEjb());
            if (bean.isPresent()) return entering(bean.get(), ep.method(), ep.method().name()).in(TransactionContext.NONE);
        }
        return TransactionContext.NONE;
    }

    /**
     * Visits the (method, context) pairs reached from {@code work}, each once, into {@code methods}: a
     * call's pair from what {@link Calls#made} worked out, as a traversal of {@link #traverse} takes it.
     * A method reached from many entry points has as many contexts as transactions reaching it (one per
     * façade method starting its own), so they are kept in a hashed {@link Contexts}, not in the short
     * lists of {@link Marks}.
     */
    private void visit(Deque<Visit> work, Map<Calls, Contexts> methods) {
        while (!work.isEmpty()) {
            Visit v = work.poll();
            // A method's contexts are the (method, context) pairs seen: one hash of the method per visit
            // instead of a set of pairs besides (hashing the pairs was half of this traversal's time).
            if (!methods.computeIfAbsent(v.method(), k -> new Contexts()).addNew(v.context())) continue;
            Calls.Made made = v.method().made(this);
            for (int k = 0; k < made.callees.length; k++) work.add(new Visit(made.callees[k], made.inCallee(k, v.context())));
        }
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
    private TransactionContext userTransaction(CallEdge e) {
        return started(e.from(), "UserTransaction");
    }

    /** The one object of the active context {@code how} started by {@code by}. */
    private TransactionContext started(MethodRef by, String how) {
        TransactionContext c = new TransactionContext(true, by, how);
        TransactionContext known = started.putIfAbsent(c, c);
        return known == null ? c : known;
    }

    /** How a bean method treats its caller's context, whatever that is. */
    private Entering entering(Component bean, MethodRef method, String viewMethod) {
        // A session bean's ejbCreate/ejbRemove/ejbActivate/ejbPassivate run in an "unspecified
        // transaction context" (EJB 2.x): a session home's create() takes no transaction attribute,
        // so the CMT default must not make ejbCreate look like the start of a Required transaction.
        if (bean.kind().isSession() && isSessionLifecycle(method.name())) return Entering.NONE;
        Optional<TransactionAttribute> attr = bean.transactionAttribute(viewMethod, method.parameterTypes(), null);
        if (attr.isEmpty()) return Entering.NONE; // bean-managed: the caller's transaction is suspended
        return switch (attr.get()) {
            case REQUIRED -> new Entering(Entering.Kind.JOIN_OR_START, started(method, "Required"));
            case REQUIRES_NEW -> new Entering(Entering.Kind.START, started(method, "RequiresNew"));
            case MANDATORY -> new Entering(Entering.Kind.JOIN_OR_START, started(method, "Mandatory"));
            case SUPPORTS -> Entering.KEEP;
            case NOT_SUPPORTED, NEVER -> Entering.NONE;
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
