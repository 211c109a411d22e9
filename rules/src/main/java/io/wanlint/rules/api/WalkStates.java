package io.wanlint.rules.api;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The states the walks of one check pass through — a method run on behalf of a component, inside a
 * loop or not, on an instance of a known class or not — each with the calls it makes and, once a walk
 * enters one, the state that call leads to. Made once and shared by every walk of the check (issue 22):
 * the rules walk every entry point in two scopes through mostly the same helper methods, and each walk
 * asked the graph and the model again, and hashed states and calls, at every call it followed
 * (half of the rules' time on HELIUM V, with 6,387 entry points). A walk is now a depth-first pass over
 * these links that marks states and calls by integer id, and gives what the walk of session 9 gave:
 * every reached call once, in the order first reached, with the path that first reached it.
 *
 * <p>Thread-safe: states and calls get their ids from concurrent maps (equal values, one id), a
 * state's calls and a call's next state are published once made, and two threads making them at
 * once make equal ones (the same interned states), whichever is kept. Each thread marks in its own
 * arrays.
 */
final class WalkStates {
    private final CallGraph graph;
    private final ComponentModel model;
    private final Owners owners;
    private final Map<State, Node> nodes;
    private final Map<CallEdge, Integer> callIds;
    /** Per method, its number, owner and calls (see {@link ByMethod}); the unknown method (a call with no target) apart. */
    private final Map<MethodRef, ByMethod> callsByMethod;
    private final AtomicInteger nextMethod = new AtomicInteger();
    private final ByMethod unknownMethod = new ByMethod(null, nextMethod.getAndIncrement());
    private final AtomicInteger nextNode = new AtomicInteger();
    private final AtomicInteger nextCall = new AtomicInteger();
    private final ThreadLocal<Marks> marks = ThreadLocal.withInitial(Marks::new);
    /** The states of {@link #compile} laid out in arrays; null until made. */
    private volatile Compiled compiled;

    WalkStates(CallGraph graph, ComponentModel model) {
        this.graph = graph;
        this.model = model;
        // Sized for every call and method of the graph: growing them while both threads make states
        // showed in profiles (resizing the maps by method and by state: 4% of the rules' samples on HELIUM V).
        int methods = Math.max(16, graph.nodes().size());
        this.owners = new Owners(graph, model);
        this.callIds = new ConcurrentHashMap<>(Math.max(16, graph.edges().size()));
        this.nodes = new ConcurrentHashMap<>(methods);
        this.callsByMethod = new ConcurrentHashMap<>(methods);
    }

    /** How many calls the states made so far have numbered. */
    int calls() {
        return nextCall.get();
    }

    /** The calls {@code ep} reaches within {@code scope}. */
    RequestReach walk(EntryPoint ep, ReachScope scope) {
        Node start = start(ep);
        Marks own = marks.get();
        // A walk started while this thread is in another (nothing does so today) marks in arrays of its own.
        Marks m = own.busy ? new Marks() : own;
        m.begin();
        try {
            Compiled c = compiled;
            int at = c == null ? -1 : c.idOf(start);
            if (at >= 0) return c.walk(ep, at, scope, m);
            return walkLinks(ep, start, scope, m);
        } finally {
            m.busy = false;
        }
    }

    /**
     * The walk over the states' links, making them as it goes: for entry points {@link #compile} did
     * not see, and the reference the compiled walk must agree with (tests).
     */
    RequestReach walkLinked(EntryPoint ep, ReachScope scope) {
        Marks m = new Marks();
        m.begin();
        return walkLinks(ep, start(ep), scope, m);
    }

    /** The state an entry point's walk starts in. */
    private Node start(EntryPoint ep) {
        // The entry point runs on an instance of its component's class (a servlet's, a bean's): calls on
        // this run that class's overrides only.
        ByMethod method = method(ep.method());
        String entryClass = ep.component() == null || !method.dependsOnThisClass(graph) ? null
                : model.byName(ep.component()).map(c -> c.className()).orElse(null);
        return node(new State(method, method.owner(owners).componentFor(ep.component()), false, entryClass));
    }

    /**
     * Makes every state the walks from {@code eps} can pass through (in either scope: a whole request
     * enters every call a caller-tier walk enters), with their calls and next states, and lays them
     * out in arrays that the walks from these entry points then read instead of the linked objects
     * (issue 22: on HELIUM V the 6,387 walks follow 8 million calls through the same few hundred
     * thousand states, and following the links — a volatile read and a cache miss per object — was
     * most of their time). Walks give what the linked walk gives; a walk from a state not seen here
     * walks the links. Called once, before the walks it is for; walks running meanwhile walk the links.
     */
    void compile(List<EntryPoint> eps) {
        List<Node> order = new ArrayList<>();
        int[] ids = closure(eps, order);
        compiled = new Compiled(order, ids, this);
    }

    /**
     * Makes the states and links {@link #compile} lays out for {@code eps}, and nothing else: the
     * engine's threads make those of their share of the entry points at once (made states are shared,
     * so a state two shares reach is made once, or twice equal), and {@code compile}, which goes
     * through every state again, finds them made. A warm-up only: what it leaves unmade (a state another
     * thread claimed and has not expanded yet, say) {@code compile} makes.
     */
    void make(List<EntryPoint> eps) {
        // Each state is expanded by the one thread that claims it: the shares' closures are mostly the
        // same states (every façade reaches the same helpers), which both threads went through before.
        Deque<Node> todo = new ArrayDeque<>();
        for (EntryPoint ep : eps) {
            Node start = start(ep);
            if (!start.claim()) continue;
            todo.push(start);
            while (!todo.isEmpty()) {
                Node n = todo.pop();
                for (Step step : steps(n)) {
                    if (!entersCallee(step.edge, ReachScope.WHOLE_REQUEST)) continue;
                    Node callee = callee(n, step);
                    if (callee.claim()) todo.push(callee);
                }
            }
        }
    }

    /**
     * The states reachable from {@code eps} in a whole request, each made, listed in {@code order};
     * returns each one's place in it by {@link Node#id} (-1 for the states not listed).
     */
    private int[] closure(List<EntryPoint> eps, List<Node> order) {
        int[] ids = new int[Math.max(16, nextNode.get())];
        Arrays.fill(ids, -1);
        Deque<Node> todo = new ArrayDeque<>();
        for (EntryPoint ep : eps) {
            Node start = start(ep);
            if (start.id >= ids.length) ids = grown(ids, start.id);
            if (ids[start.id] >= 0) continue;
            ids[start.id] = order.size();
            order.add(start);
            todo.push(start);
            while (!todo.isEmpty()) {
                Node n = todo.pop();
                for (Step step : steps(n)) {
                    if (!entersCallee(step.edge, ReachScope.WHOLE_REQUEST)) continue;
                    Node callee = callee(n, step);
                    if (callee.id >= ids.length) ids = grown(ids, callee.id);
                    if (ids[callee.id] >= 0) continue;
                    ids[callee.id] = order.size();
                    order.add(callee);
                    todo.push(callee);
                }
            }
        }
        return ids;
    }

    private static int[] grown(int[] ids, int id) {
        int old = ids.length;
        int[] more = Arrays.copyOf(ids, Math.max(id + 1, old * 2));
        Arrays.fill(more, old, more.length, -1);
        return more;
    }

    private RequestReach walkLinks(EntryPoint ep, Node start, ReachScope scope, Marks m) {
        // The linked states have no arrays of their own: the walk's nodes are its sites, one each.
        LinkedSites sites = new LinkedSites();
        m.firstVisit(start.id);
        Deque<Frame> stack = new ArrayDeque<>();
        stack.push(new Frame(start, Marks.NO_NODE, steps(start)));
        // Iterative depth-first walk: deep helper chains must not overflow the stack, and source
        // order keeps "the first call" the one that runs first.
        while (!stack.isEmpty()) {
            Frame top = stack.peek();
            if (top.next == top.steps.length) { stack.pop(); continue; }
            Step step = top.steps[top.next++];
            int node = Marks.NO_NODE;
            if (m.firstCall(step.callId)) node = m.reached(sites.add(step, top.node.state.component), top.via);
            if (step.inLoop && m.firstLooped(step.callId)) m.looped(sites.add(step, top.node.state.component));
            if (!entersCallee(step.edge, scope)) continue;
            Node callee = callee(top.node, step);
            if (!m.firstVisit(callee.id)) continue;
            // The path through this very call, even when another path reached the call first.
            if (node == Marks.NO_NODE) node = m.onPath(sites.add(step, top.node.state.component), top.via);
            stack.push(new Frame(callee, node, steps(callee)));
        }
        return m.reach(ep, sites, this);
    }

    /** The sites of one walk over the linked states: one per node (and per call in a loop), in the order added. */
    private static final class LinkedSites implements RequestReach.Sites {
        /** A call as the state making it makes it. */
        private record Site(Step step, String component) {}

        private final List<Site> sites = new ArrayList<>();

        int add(Step step, String component) {
            sites.add(new Site(step, component));
            return sites.size() - 1;
        }

        @Override public CallEdge edge(int site) { return sites.get(site).step.edge; }

        @Override public String callerComponent(int site) { return sites.get(site).component; }

        @Override public boolean inLoop(int site) { return sites.get(site).step.inLoop; }

        @Override public int callId(int site) { return sites.get(site).step.callId; }
    }

    private Node node(State state) {
        Node known = nodes.get(state);
        if (known != null) return known;
        return nodes.computeIfAbsent(state, s -> new Node(s, nextNode.getAndIncrement()));
    }

    /** The calls a state makes, made on the first walk that enters it. */
    private Step[] steps(Node n) {
        Step[] known = n.steps;
        if (known != null) return known;
        State s = n.state;
        Calls out = calls(s.method, s.self);
        Step[] made = new Step[out.edges.length];
        for (int i = 0; i < made.length; i++) {
            made[i] = new Step(out.edges[i], out.ids[i], s.inLoop || out.inLoop[i], out.callees[i]);
        }
        n.steps = made;
        return made;
    }

    /**
     * The calls a method makes on an instance of {@code self}, with their ids: made once per method and
     * class, as the states of a method (one per component it runs for, in a loop or not: five per
     * method on ejbca) make the same calls, and hashing each call for its id was most of making a state.
     */
    private Calls calls(ByMethod byMethod, String self) {
        MethodRef method = byMethod.ref;
        if (self == null) {
            Calls known = byMethod.noSelf;
            if (known == null) byMethod.noSelf = known = calls(graph.outgoing(method, null));
            return known;
        }
        Calls known = byMethod.bySelf(self);
        if (known != null) return known;
        List<CallEdge> out = graph.outgoing(method, self);
        // Most classes run the method's calls as they are (no override of theirs is called on this): the
        // graph then gives the very list it gives for an unknown class, whose ids are made once.
        if (out == graph.outgoing(method, null)) known = calls(byMethod, null);
        else known = calls(out);
        return byMethod.keep(self, known);
    }

    private Calls calls(List<CallEdge> out) {
        CallEdge[] edges = out.toArray(new CallEdge[0]);
        int[] ids = new int[edges.length];
        boolean[] inLoop = new boolean[edges.length];
        ByMethod[] callee = new ByMethod[edges.length];
        for (int i = 0; i < edges.length; i++) {
            Integer id = callIds.get(edges[i]);
            if (id == null) id = callIds.computeIfAbsent(edges[i], e -> nextCall.getAndIncrement());
            ids[i] = id;
            inLoop[i] = edges[i].loopDepth() > 0;
            // The callee of a call a walk may enter, looked up once per call here, where every state
            // entering the call hashed the callee's names again, three times (issue 22).
            if (entersCallee(edges[i], ReachScope.WHOLE_REQUEST)) callee[i] = method(edges[i].to());
        }
        return new Calls(edges, ids, inLoop, callee);
    }

    /** The one object of {@code method} (numbered, with what the walks learn of it) of this check. */
    private ByMethod method(MethodRef method) {
        if (method == null) return unknownMethod;
        ByMethod known = callsByMethod.get(method);
        return known != null ? known : callsByMethod.computeIfAbsent(method, m -> new ByMethod(m, nextMethod.getAndIncrement()));
    }

    /**
     * A method, numbered, with its owner, whether its calls depend on the class of its {@code this}, and
     * its calls on an unknown {@code this} and per known class, each worked out once (two threads
     * working one out work out equal ones; either is kept): states name their method by this object, so
     * making a state hashes and compares no method names (issue 22: on HELIUM V the maps by method and
     * by state were most of making the states). The map by class is made for the methods that run on a
     * known class only.
     */
    private static final class ByMethod {
        final MethodRef ref;
        final int id;
        private volatile Owners.Owner owner;
        /** 0 until worked out, then 1 (no) or 2 (yes). */
        private volatile byte dependsOnThisClass;
        volatile Calls noSelf;

        ByMethod(MethodRef ref, int id) {
            this.ref = ref;
            this.id = id;
        }

        Owners.Owner owner(Owners owners) {
            Owners.Owner known = owner;
            if (known == null) owner = known = owners.of(ref);
            return known;
        }

        boolean dependsOnThisClass(CallGraph graph) {
            byte known = dependsOnThisClass;
            if (known == 0) dependsOnThisClass = known = graph.dependsOnThisClass(ref) ? (byte) 2 : (byte) 1;
            return known == 2;
        }

        private volatile Map<String, Calls> bySelf;

        Calls bySelf(String self) {
            Map<String, Calls> known = bySelf;
            return known == null ? null : known.get(self);
        }

        Calls keep(String self, Calls calls) {
            Map<String, Calls> known = bySelf;
            if (known == null) {
                synchronized (this) {
                    known = bySelf;
                    if (known == null) bySelf = known = new ConcurrentHashMap<>();
                }
            }
            Calls first = known.putIfAbsent(self, calls);
            return first == null ? calls : first;
        }
    }

    /** Calls in source order, their ids, whether each sits in a loop of its method, and the callee of a call a walk may enter (null for the others). */
    private record Calls(CallEdge[] edges, int[] ids, boolean[] inLoop, ByMethod[] callees) {}

    /** The state a call of {@code caller} enters, made on the first walk that follows it. */
    private Node callee(Node caller, Step step) {
        Node known = step.next;
        if (known != null) return known;
        CallEdge edge = step.edge;
        State s = caller.state;
        ByMethod target = step.callee != null ? step.callee : method(edge.to());
        String calleeComponent = edge.kind().isEjb() ? ejbTarget(edge, model, s.component)
                : target.owner(owners).componentFor(s.component);
        // Where the class makes no difference, one state serves every class.
        String self = edge.receiver().calleeThis(s.self);
        if (self != null && !target.dependsOnThisClass(graph)) self = null;
        Node made = node(new State(target, calleeComponent, step.inLoop, self));
        step.next = made;
        return made;
    }

    private static boolean entersCallee(CallEdge edge, ReachScope scope) {
        if (edge.kind() == EdgeKind.LOCAL) return true;
        return edge.kind().isEjb() && scope == ReachScope.WHOLE_REQUEST;
    }

    private static String ejbTarget(CallEdge edge, ComponentModel model, String inherited) {
        if (edge.targetComponent() != null) return edge.targetComponent();
        return model.owning(edge.to().className()).map(c -> c.name()).orElse(inherited);
    }

    /**
     * A method run on behalf of a component, inside a loop or not, on an instance of class {@code self}
     * when the walk knows it (null otherwise: see {@link CallGraph#outgoing(MethodRef, String)}). Not a
     * record: its hash is taken once.
     */
    private static final class State {
        final ByMethod method;
        final String component;
        final boolean inLoop;
        final String self;
        private final int hash;

        State(ByMethod method, String component, boolean inLoop, String self) {
            this.method = method;
            this.component = component;
            this.inLoop = inLoop;
            this.self = self;
            this.hash = ((31 * method.id + Objects.hashCode(component)) * 31
                    + Objects.hashCode(self)) * 2 + (inLoop ? 1 : 0);
        }

        @Override public boolean equals(Object o) {
            return this == o || o instanceof State other && hash == other.hash && inLoop == other.inLoop
                    && method == other.method && Objects.equals(component, other.component)
                    && Objects.equals(self, other.self);
        }

        @Override public int hashCode() { return hash; }
    }

    /** A state, its id, and its calls once a walk entered it. */
    private static final class Node {
        private static final java.util.concurrent.atomic.AtomicIntegerFieldUpdater<Node> CLAIMED =
                java.util.concurrent.atomic.AtomicIntegerFieldUpdater.newUpdater(Node.class, "claimed");
        final State state;
        final int id;
        volatile Step[] steps;
        /** 1 once a thread of {@link #make} took it to expand. */
        private volatile int claimed;

        Node(State state, int id) {
            this.state = state;
            this.id = id;
        }

        /** Whether this thread is the first to take this state to expand. */
        boolean claim() {
            return claimed == 0 && CLAIMED.compareAndSet(this, 0, 1);
        }
    }

    /** One call a state makes: the call's id (equal calls, one id), whether it runs in a loop, the state it enters. */
    private static final class Step {
        final CallEdge edge;
        final int callId;
        final boolean inLoop;
        /** The method the call enters, for a call a walk may enter (null for the others). */
        final ByMethod callee;
        /** The state the call leads to, once a walk followed it. */
        volatile Node next;

        Step(CallEdge edge, int callId, boolean inLoop, ByMethod callee) {
            this.edge = edge;
            this.callId = callId;
            this.inLoop = inLoop;
            this.callee = callee;
        }
    }

    private static final class Frame {
        final Node node;
        /** The node of the call that entered this state (see {@link Marks#reached}), or {@link Marks#NO_NODE}. */
        final int via;
        final Step[] steps;
        int next;

        Frame(Node node, int via, Step[] steps) {
            this.node = node;
            this.via = via;
            this.steps = steps;
        }
    }

    /**
     * The states of {@link #compile} and their calls in arrays, by a dense id per state in the order
     * they were found (a state's calls are one run of the step arrays, in source order). Not changed
     * once made: read by every walk thread without locks.
     */
    private static final class Compiled implements RequestReach.Sites {
        private static final byte IN_LOOP = 1;
        private static final byte ENTERED_BY_WHOLE_REQUEST = 2;
        private static final byte ENTERED_BY_CALLER_TIER = 4;

        /** Per {@link Node#id}: the state's place in these arrays, -1 for a state not laid out. */
        private final int[] ids;
        /** Per state: its component, and where its steps start (the next state's start ends them). */
        final String[] component;
        final int[] firstStep;
        /** Per step: the state making it, the call, its id, its flags, the state it enters (-1 when no scope enters it). */
        final int[] stateOf;
        final CallEdge[] edge;
        final int[] call;
        final byte[] flags;
        final int[] callee;

        /** The states these were laid out from, which numbered the calls. */
        private final WalkStates numbering;

        Compiled(List<Node> order, int[] ids, WalkStates numbering) {
            this.ids = ids;
            this.numbering = numbering;
            int states = order.size();
            component = new String[states];
            firstStep = new int[states + 1];
            for (int i = 0; i < states; i++) firstStep[i + 1] = firstStep[i] + order.get(i).steps.length;
            int steps = firstStep[states];
            stateOf = new int[steps];
            edge = new CallEdge[steps];
            call = new int[steps];
            flags = new byte[steps];
            callee = new int[steps];
            for (int i = 0; i < states; i++) {
                Node n = order.get(i);
                component[i] = n.state.component;
                Step[] own = n.steps;
                for (int k = 0; k < own.length; k++) {
                    Step step = own[k];
                    int s = firstStep[i] + k;
                    stateOf[s] = i;
                    edge[s] = step.edge;
                    call[s] = step.callId;
                    byte f = step.inLoop ? IN_LOOP : 0;
                    if (entersCallee(step.edge, ReachScope.WHOLE_REQUEST)) f |= ENTERED_BY_WHOLE_REQUEST;
                    if (entersCallee(step.edge, ReachScope.CALLER_TIER)) f |= ENTERED_BY_CALLER_TIER;
                    flags[s] = f;
                    callee[s] = (f & ENTERED_BY_WHOLE_REQUEST) == 0 ? -1 : ids[step.next.id];
                }
            }
        }

        int idOf(Node n) {
            return n.id < ids.length ? ids[n.id] : -1;
        }

        /** The walk of {@link WalkStates#walkLinks} from state {@code start}, over the arrays; its sites are the steps. */
        RequestReach walk(EntryPoint ep, int start, ReachScope scope, Marks m) {
            byte enters = scope == ReachScope.WHOLE_REQUEST ? ENTERED_BY_WHOLE_REQUEST : ENTERED_BY_CALLER_TIER;
            m.firstVisitCompiled(start, component.length);
            int depth = m.push(0, start, firstStep[start], firstStep[start + 1], Marks.NO_NODE);
            while (depth > 0) {
                int top = depth - 1;
                int s = m.nextStep[top];
                if (s == m.endStep[top]) {
                    depth--;
                    continue;
                }
                m.nextStep[top] = s + 1;
                int id = call[s];
                byte f = flags[s];
                int node = Marks.NO_NODE;
                if (m.firstCall(id)) node = m.reached(s, m.via[top]);
                if ((f & IN_LOOP) != 0 && m.firstLooped(id)) m.looped(s);
                if ((f & enters) == 0) continue;
                int next = callee[s];
                if (!m.firstVisitCompiled(next, component.length)) continue;
                // The path through this very call, even when another path reached the call first.
                if (node == Marks.NO_NODE) node = m.onPath(s, m.via[top]);
                depth = m.push(depth, next, firstStep[next], firstStep[next + 1], node);
            }
            return m.reach(ep, this, numbering);
        }

        @Override public CallEdge edge(int site) { return edge[site]; }

        @Override public String callerComponent(int site) { return component[stateOf[site]]; }

        @Override public boolean inLoop(int site) { return (flags[site] & IN_LOOP) != 0; }

        @Override public int callId(int site) { return call[site]; }
    }

    /**
     * One thread's marks: which states and calls the current walk has seen, as the walk's number in
     * arrays indexed by id (cleared by starting the next number, not by writing the arrays again).
     */
    private static final class Marks {
        int walk;
        boolean busy;
        int[] visited = new int[1024];
        int[] called = new int[1024];
        int[] looped = new int[1024];

        /** A node reference for "none" (a call no path needs, the entry point's own method). */
        static final int NO_NODE = -1;
        /**
         * The current walk's nodes: its reached calls (site and via, in the order reached), the calls
         * only on paths (entering a method through a call reached before), and the sites of calls in
         * loops. A node reference is a reached call's place, or {@code -2 - k} for the {@code k}th node only on paths.
         */
        final Nodes reached = new Nodes(1024);
        final Nodes onPath = new Nodes(256);
        int loopedCount;
        int[] loopedSite = new int[256];

        /** Marks of the compiled states, and the compiled walk's stack: state, next and end step, path. */
        int[] visitedCompiled = new int[0];
        int[] state = new int[64];
        int[] nextStep = new int[64];
        int[] endStep = new int[64];
        int[] via = new int[64];

        void begin() {
            busy = true;
            walk++;
            reached.size = 0;
            onPath.size = 0;
            loopedCount = 0;
        }

        /** Nodes in the order added: each one's site and the reference of the node that entered its method. */
        static final class Nodes {
            int size;
            int[] site;
            int[] via;

            Nodes(int capacity) {
                site = new int[capacity];
                via = new int[capacity];
            }

            /** Adds a node; its place. */
            int add(int at, int entered) {
                if (size == site.length) {
                    site = Arrays.copyOf(site, size * 2);
                    via = Arrays.copyOf(via, size * 2);
                }
                site[size] = at;
                via[size] = entered;
                return size++;
            }
        }

        /** Adds a reached call at {@code site}, entered through node {@code via}; its node reference. */
        int reached(int site, int via) {
            return reached.add(site, via);
        }

        /** Adds a call only on a path (reached before, through another path); its node reference. */
        int onPath(int site, int via) {
            return -2 - onPath.add(site, via);
        }

        void looped(int site) {
            if (loopedCount == loopedSite.length) loopedSite = Arrays.copyOf(loopedSite, loopedCount * 2);
            loopedSite[loopedCount++] = site;
        }

        /** The current walk's reach: the reached calls' nodes first, then those only on paths. */
        RequestReach reach(EntryPoint ep, RequestReach.Sites sites, Object numbering) {
            int nodes = reached.size + onPath.size;
            int[] site = Arrays.copyOf(reached.site, nodes);
            System.arraycopy(onPath.site, 0, site, reached.size, onPath.size);
            int[] looped = Arrays.copyOf(loopedSite, loopedCount);
            if (nodes < RequestReach.SHORT) {
                // Made as kept (no int array copied to chars): the walks' vias were 65 MB on HELIUM V.
                char[] via = new char[nodes];
                for (int k = 0; k < reached.size; k++) via[k] = (char) (node(reached.via[k]) + 1);
                for (int k = 0; k < onPath.size; k++) via[reached.size + k] = (char) (node(onPath.via[k]) + 1);
                return new RequestReach(ep, sites, reached.size, site, via, null, looped, numbering);
            }
            int[] via = new int[nodes];
            for (int k = 0; k < reached.size; k++) via[k] = node(reached.via[k]);
            for (int k = 0; k < onPath.size; k++) via[reached.size + k] = node(onPath.via[k]);
            return new RequestReach(ep, sites, reached.size, site, null, via, looped, numbering);
        }

        /** A node reference as a place among the reach's nodes. */
        private int node(int reference) {
            return reference >= NO_NODE ? reference : reached.size + (-2 - reference);
        }

        boolean firstVisit(int id) {
            if (id >= visited.length) visited = Arrays.copyOf(visited, Math.max(id + 1, visited.length * 2));
            if (visited[id] == walk) return false;
            visited[id] = walk;
            return true;
        }

        boolean firstVisitCompiled(int id, int states) {
            if (visitedCompiled.length < states) visitedCompiled = new int[states];
            if (visitedCompiled[id] == walk) return false;
            visitedCompiled[id] = walk;
            return true;
        }

        /** Pushes a frame at {@code depth}; the new depth. */
        int push(int depth, int st, int from, int to, int path) {
            if (depth == state.length) {
                int grown = depth * 2;
                state = Arrays.copyOf(state, grown);
                nextStep = Arrays.copyOf(nextStep, grown);
                endStep = Arrays.copyOf(endStep, grown);
                via = Arrays.copyOf(via, grown);
            }
            state[depth] = st;
            nextStep[depth] = from;
            endStep[depth] = to;
            via[depth] = path;
            return depth + 1;
        }

        boolean firstCall(int id) {
            if (id >= called.length) called = Arrays.copyOf(called, Math.max(id + 1, called.length * 2));
            if (called[id] == walk) return false;
            called[id] = walk;
            return true;
        }

        boolean firstLooped(int id) {
            if (id >= looped.length) looped = Arrays.copyOf(looped, Math.max(id + 1, looped.length * 2));
            if (looped[id] == walk) return false;
            looped[id] = walk;
            return true;
        }
    }

    /**
     * Per method: the component its code runs for when a caller of another component reaches it, as
     * {@link Owner#componentFor} decides. Depends on the graph and model only, so one per check serves
     * every walk.
     */
    static final class Owners {
        private final CallGraph graph;
        private final ComponentModel model;
        /** The method's own component and whether that is a helper's (DAO, plain class); a null name when it has none. */
        record Owner(String component, boolean helper) {
            /** The component whose code runs the method when called from code running for {@code inherited}. */
            String componentFor(String inherited) {
                if (component == null) return inherited;
                return helper && inherited != null ? inherited : component;
            }
        }
        Owners(CallGraph graph, ComponentModel model) {
            this.graph = graph;
            this.model = model;
        }

        /**
         * The method's owner (worked out once per method by the walks' {@link ByMethod}). Helpers (DAO and
         * PLAIN classes) run in their caller's JVM, so they inherit its component (and with it its site),
         * as the cost model does.
         */
        Owner of(MethodRef method) {
            String own = graph.node(method).map(MethodNode::component).orElse(null);
            boolean helper = own != null && model.byName(own)
                    .map(c -> c.kind() == ComponentKind.DAO || c.kind() == ComponentKind.PLAIN).orElse(false);
            return new Owner(own, helper);
        }
    }
}
