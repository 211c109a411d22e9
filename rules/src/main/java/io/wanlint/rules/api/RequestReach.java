package io.wanlint.rules.api;

import io.wanlint.analyzer.api.BranchArm;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.EntryPoint;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The calls one entry point reaches, each once, in execution order (depth first, source order),
 * with the first path that reaches it. Built by {@link RuleContext#reach}; shared by all rules.
 *
 * <p>Held as numbers, not as a {@link ReachedCall} per call (issue 22): on HELIUM V the walks reach 8
 * million calls, kept until the rules are done, and the young collections copying those objects to the
 * old generation cost as much as the rules' own work. A walk keeps, per node of its paths (each reached
 * call, then the calls entering a method through a call reached before by another path), the call's
 * place among its walk's {@link Sites} and the node of the call that entered its method; a rule reads a
 * call's parts by index ({@link #edge}, {@link #callerComponent}, {@link #inLoop(int)}) and makes the
 * {@link ReachedCall} with its path ({@link #call}) only for the calls it keeps.
 */
public final class RequestReach {
    /**
     * The calls a walk went through, numbered (the same number, the same call made by the same state):
     * what each node's number stands for.
     */
    interface Sites {
        CallEdge edge(int site);

        String callerComponent(int site);

        boolean inLoop(int site);

        /** The number of the call at {@code site} among the calls of the walks' states (see {@link #callId}). */
        int callId(int site);
    }

    private final EntryPoint entryPoint;
    private final Sites sites;
    /** The reached calls: nodes 0 to {@code reached - 1}, in execution order; the nodes after them are only on paths. */
    private final int reached;
    /** Per node: its site. */
    private final int[] site;
    /**
     * Per node: the node of the call that entered the method making it; -1 when the entry point's own
     * method makes it. Held plus one in {@link #shortVia} for a walk of fewer than 65,535 nodes (nearly
     * every one: the walks of HELIUM V hold 16 million nodes, kept until the rules are done, issue 22),
     * else in {@link #longVia}.
     */
    private final char[] shortVia;
    private final int[] longVia;
    /** The sites of the distinct calls some path runs inside a loop; as a set once {@link #inLoop(CallEdge)} is asked (few requests are). */
    private final int[] loopedSites;
    /** The states the walk went through, whose numbers {@link #callId} are. */
    private final Object numbering;
    private volatile Set<CallEdge> looped;

    /**
     * A walk's nodes, their vias as chars plus one ({@code shortVia}, for a walk of fewer than {@link #SHORT}
     * nodes) or as ints ({@code longVia}): one of the two, the other null.
     */
    RequestReach(EntryPoint entryPoint, Sites sites, int reached, int[] site, char[] shortVia, int[] longVia, int[] loopedSites,
                 Object numbering) {
        if ((shortVia == null) == (longVia == null)) throw new IllegalArgumentException("the vias as chars or as ints");
        int vias = shortVia != null ? shortVia.length : longVia.length;
        if (site.length != vias || reached > site.length || (shortVia != null && vias >= SHORT)) {
            throw new IllegalArgumentException("one site and one via per node");
        }
        this.entryPoint = entryPoint;
        this.sites = sites;
        this.reached = reached;
        this.site = site;
        this.shortVia = shortVia;
        this.longVia = longVia;
        this.loopedSites = loopedSites;
        this.numbering = numbering;
    }

    /** Walks of fewer nodes than this keep their vias as chars. */
    static final int SHORT = Character.MAX_VALUE;

    public EntryPoint entryPoint() { return entryPoint; }

    /** How many calls the entry point reaches. */
    public int size() { return reached; }

    /** The {@code index}th reached call (in execution order). */
    public CallEdge edge(int index) { return sites.edge(site[checked(index)]); }

    /** {@link ReachedCall#callerComponent()} of the {@code index}th reached call. */
    public String callerComponent(int index) { return sites.callerComponent(site[checked(index)]); }

    /** {@link ReachedCall#inLoop()} of the {@code index}th reached call. */
    public boolean inLoop(int index) { return sites.inLoop(site[checked(index)]); }

    /** The {@code index}th reached call with the path that first reached it (made anew at each ask: equal, not the same). */
    public ReachedCall call(int index) { return made(checked(index), null); }

    private int checked(int index) {
        if (index < 0 || index >= reached) throw new IndexOutOfBoundsException(index);
        return index;
    }

    /**
     * Every reached call, once, in execution order: a view made on each ask, whose calls are made as read
     * (the calls one view has made are shared by the paths of those after them). Rules going through
     * every call read them by index instead.
     */
    public List<ReachedCall> calls() {
        return new Calls();
    }

    private final class Calls extends java.util.AbstractList<ReachedCall> implements java.util.RandomAccess {
        private ReachedCall[] made;

        @Override public ReachedCall get(int index) {
            if (made == null) made = new ReachedCall[site.length];
            return made(checked(index), made);
        }

        @Override public int size() { return reached; }
    }

    /** Node {@code n}'s call and path, reusing and keeping in {@code made} (when given) the nodes already made. */
    private ReachedCall made(int n, ReachedCall[] made) {
        if (made != null && made[n] != null) return made[n];
        // The nodes up to the first one made (or the top), then made from the top down: no recursion along long paths.
        int depth = 0;
        int[] chain = new int[8];
        for (int k = n; k >= 0 && (made == null || made[k] == null); k = via(k)) {
            if (depth == chain.length) chain = Arrays.copyOf(chain, depth * 2);
            chain[depth++] = k;
        }
        int top = chain[depth - 1];
        ReachedCall path = via(top) < 0 ? null : made[via(top)];
        for (int d = depth - 1; d >= 0; d--) {
            int k = chain[d];
            int s = site[k];
            path = new ReachedCall(sites.edge(s), sites.callerComponent(s), sites.inLoop(s), path);
            if (made != null) made[k] = path;
        }
        return path;
    }

    private int via(int node) {
        return shortVia != null ? shortVia[node] - 1 : longVia[node];
    }

    /**
     * The id of the {@code index}th reached call: a small number, one per distinct call, that the walks of one
     * check share while they share their states, so that what a rule works out per call can sit in an
     * array instead of a map hashing the call at every request that reaches it. Walks made apart (after
     * {@link RuleContext}'s walks were released, or by another check) may number calls otherwise: a
     * value kept by id is for the very call object it was made for ({@link ReachedCall#edge()}, compared
     * by identity).
     */
    public int callId(int index) { return sites.callId(site[checked(index)]); }

    /** What numbered the calls: walks with the same numbering number a call alike. */
    Object numbering() { return numbering; }

    /** Whether some path from the entry point runs {@code edge} inside a loop. */
    public boolean inLoop(CallEdge edge) {
        Set<CallEdge> set = looped;
        if (set == null) {
            Set<CallEdge> made = new HashSet<>();
            for (int s : loopedSites) made.add(sites.edge(s));
            looped = set = Collections.unmodifiableSet(made);
        }
        return set.contains(edge);
    }

    /**
     * The calls matching {@code matching} that one execution of the request can make together, in
     * execution order: where a method chooses between exclusive arms ({@link CallEdge#branches()}:
     * an if/else, the cases of a switch, ?:, catch clauses), only the arm that holds the most
     * matching calls, itself or in what it calls, is kept (the first such arm on a tie). Each call
     * is taken in the method that first reached it, as in {@link #calls()}.
     */
    public List<ReachedCall> onOnePath(java.util.function.Predicate<ReachedCall> matching) {
        List<ReachedCall> calls = calls();
        // No matching call (most requests of a large application, for WAN001): nothing to choose
        // among, and the arms need not be weighed over every call the request reaches.
        if (calls.stream().noneMatch(matching)) return List.of();
        Map<CallEdge, List<ReachedCall>> children = new HashMap<>();
        List<ReachedCall> top = new ArrayList<>();
        for (ReachedCall rc : calls) {
            if (rc.via() == null) top.add(rc);
            else children.computeIfAbsent(rc.via().edge(), k -> new ArrayList<>()).add(rc);
        }
        // A call comes after the call that entered its method, so reverse order sees callees first.
        Map<CallEdge, Integer> weight = new HashMap<>();
        for (int i = calls.size() - 1; i >= 0; i--) {
            ReachedCall rc = calls.get(i);
            int own = matching.test(rc) ? 1 : 0;
            weight.put(rc.edge(), own + Arms.of(children.getOrDefault(rc.edge(), List.of())).weight(weight));
        }
        Set<CallEdge> kept = new HashSet<>();
        Deque<List<ReachedCall>> todo = new ArrayDeque<>();
        todo.push(top);
        while (!todo.isEmpty()) {
            Arms arms = Arms.of(todo.pop());
            arms.weight(weight);
            for (ReachedCall rc : arms.kept()) {
                if (kept.add(rc.edge())) todo.push(children.getOrDefault(rc.edge(), List.of()));
            }
        }
        return calls.stream().filter(rc -> kept.contains(rc.edge()) && matching.test(rc)).toList();
    }

    /** The calls one method makes, arranged by the exclusive choices that enclose them. */
    private static final class Arms {
        final List<ReachedCall> calls = new ArrayList<>();
        final Map<List<Integer>, java.util.TreeMap<Integer, Arms>> choices = new LinkedHashMap<>();
        int weight;

        static Arms of(List<ReachedCall> siblings) {
            Arms root = new Arms();
            for (ReachedCall rc : siblings) {
                Arms arm = root;
                for (BranchArm b : rc.edge().branches()) {
                    arm = arm.choices.computeIfAbsent(List.of(b.line(), b.column()), k -> new java.util.TreeMap<>())
                            .computeIfAbsent(b.arm(), k -> new Arms());
                }
                arm.calls.add(rc);
            }
            return root;
        }

        /** The calls' weights, plus per choice its heaviest arm's. */
        int weight(Map<CallEdge, Integer> weights) {
            int total = 0;
            for (ReachedCall rc : calls) total += weights.getOrDefault(rc.edge(), 0);
            for (java.util.TreeMap<Integer, Arms> arms : choices.values()) {
                int most = 0;
                for (Arms a : arms.values()) most = Math.max(most, a.weight(weights));
                total += most;
            }
            weight = total;
            return total;
        }

        /** The calls of the heaviest arm of every choice (after {@link #weight}). */
        List<ReachedCall> kept() {
            List<ReachedCall> out = new ArrayList<>(calls);
            for (java.util.TreeMap<Integer, Arms> arms : choices.values()) {
                Arms heaviest = null;
                for (Arms a : arms.values()) if (heaviest == null || a.weight > heaviest.weight) heaviest = a;
                out.addAll(heaviest.kept());
            }
            return out;
        }
    }

    /** A walk of the calls {@code ep} reaches within {@code scope} (tests; a check shares one {@link WalkStates}). */
    static RequestReach walk(EntryPoint ep, CallGraph graph, ComponentModel model, ReachScope scope) {
        return new WalkStates(graph, model).walk(ep, scope);
    }
}
