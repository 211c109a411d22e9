package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.rules.api.CallMemo;
import io.wanlint.rules.api.ReachScope;
import io.wanlint.rules.api.ReachedCall;
import io.wanlint.rules.api.RequestReach;
import io.wanlint.rules.api.RuleContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Which entry points execute a method, and the first call that brings each one there: for rules
 * whose finding is about a method (a statement, a session write) rather than about a request.
 * Made once per check from the shared {@link RuleContext#reach} walks, and shared by the rules.
 *
 * <p>Made in parts of {@link #PER_PART} consecutive entry points, each a map from method to the entry
 * points of the part reaching it: the rules ask about a few methods, while the index covers every
 * call of every request (HELIUM V: 8 million), which one thread took seconds to go through at the
 * end of the rules (issue 22). The rules that use it make their parts ahead ({@link #prepare}, on
 * both of the engine's threads); a method's answer joins the parts in entry-point order when first
 * asked, and is what one pass over the entry points in order gave.
 */
final class RequestsReaching {
    /** Entry points per part: the engine's preparation tasks take as many, so each task makes one part (at most 128: a part's entry points are bytes). */
    private static final int PER_PART = 64;

    private final RuleContext ctx;
    private final List<EntryPoint> eps;
    /** Per entry point: the index of the first one equal to it (its own, but for a repeated entry point). */
    private final int[] firstEqual;
    /** Where each entry point object is first listed, to find its part. */
    private final Map<EntryPoint, Integer> indexOf = new IdentityHashMap<>();
    /** The parts, each made once by the first thread that needs it (a thread that loses the race keeps the winner's equal part). */
    private final AtomicReferenceArray<Part> parts;
    private final Map<MethodRef, Reaching> byMethod = new ConcurrentHashMap<>();

    /** The index of the check {@code ctx} is of, made once and shared by the rules that ask. */
    static RequestsReaching of(RuleContext ctx) { return ctx.derived(RequestsReaching.class, RequestsReaching::new); }

    private RequestsReaching(RuleContext ctx) {
        this.ctx = ctx;
        this.eps = ctx.entryPoints();
        this.firstEqual = new int[eps.size()];
        Map<EntryPoint, Integer> firstOf = new HashMap<>();
        for (int i = 0; i < eps.size(); i++) {
            Integer first = firstOf.putIfAbsent(eps.get(i), i);
            firstEqual[i] = first == null ? i : first;
            indexOf.putIfAbsent(eps.get(i), i);
        }
        this.parts = new AtomicReferenceArray<>((eps.size() + PER_PART - 1) / PER_PART);
        this.callees = new ConcurrentHashMap<>(Math.max(16, ctx.graph().nodes().size()));
        this.calleeOf = ctx.callMemo(e -> callee(e.to()));
    }

    /** Makes the part that holds {@code ep} (the engine calls this for every entry point, ahead of the rules). */
    void prepare(EntryPoint ep) {
        Integer i = indexOf.get(ep);
        if (i != null) part(i / PER_PART);
    }

    private Part part(int p) {
        Part known = parts.get(p);
        if (known != null) return known;
        int from = p * PER_PART;
        int to = Math.min(eps.size(), (p + 1) * PER_PART);
        List<RequestReach> walks = new ArrayList<>(to - from);
        for (int i = from; i < to; i++) walks.add(ctx.reach(eps.get(i), ReachScope.WHOLE_REQUEST));
        // Each reached call's callee is found by the walk's number of the call, and the part's entries by
        // the callee's number: hashing the callee's names at every reached call of every request, then
        // looking the call up by identity in a map of a million, were most of making this index (issue 22).
        Table table = tables.get();
        table.next();
        for (int i = from; i < to; i++) {
            table.add(callee(eps.get(i).method()), i - from, OWN);
            RequestReach walk = walks.get(i - from);
            for (int k = 0; k < walk.size(); k++) table.add(calleeOf.of(walk, k), i - from, k);
        }
        Part made = table.part(from);
        return parts.compareAndSet(p, null, made) ? made : parts.get(p);
    }

    /** The place of the call that first brings an entry point to a method, for the entry point's own method. */
    private static final int OWN = -1;

    /**
     * One part's entries by callee number, the numbers sorted, each callee's entries one run of the
     * entry and via arrays (entry points in order, each once, with the index of the first call that
     * brought it there, {@link #OWN} for its own method): a map by method per part was a tenth of making
     * the index on HELIUM V, and an object with two arrays per callee and part, 750,000 of them, was a
     * fifth of what the rules kept (issue 22).
     */
    private record Part(int first, int[] callees, int[] start, byte[] eps, int[] vias) {
        /** The run of {@code c}'s entries: its place among the callees, or -1 when no entry point of the part reaches it. */
        int of(Callee c) {
            int at = Arrays.binarySearch(callees, c.index());
            return at < 0 ? -1 : at;
        }
    }

    /** A method some request executes, numbered for the threads' {@link Table}s. */
    private record Callee(MethodRef method, int index) {}

    /** Sized for every method of the graph: growing it while both threads make parts showed in profiles. */
    private final Map<MethodRef, Callee> callees;
    private final java.util.concurrent.atomic.AtomicInteger nextCallee = new java.util.concurrent.atomic.AtomicInteger();
    /** The callee of a call with no known target method (a map key of its own, as in a map by method). */
    private final Callee unknownCallee = new Callee(null, nextCallee.getAndIncrement());
    /** Each call's callee, once per call. */
    private final CallMemo<Callee> calleeOf;
    /** Each thread's table, reused from part to part. */
    private final ThreadLocal<Table> tables = ThreadLocal.withInitial(Table::new);

    private Callee callee(MethodRef method) {
        if (method == null) return unknownCallee;
        Callee known = callees.get(method);
        return known != null ? known : callees.computeIfAbsent(method, m -> new Callee(m, nextCallee.getAndIncrement()));
    }

    /** One thread's entries of the part it is making, in the order added, and per callee number its last one. */
    private static final class Table {
        private int part;
        private int[] madeIn = new int[0];
        private int[] last = new int[0];
        private int[] count = new int[0];
        private int[] touched = new int[64];
        private int touchedSize;
        private int size;
        private int[] callee = new int[1024];
        private byte[] ep = new byte[1024];
        private int[] via = new int[1024];

        void next() {
            part++;
            touchedSize = 0;
            size = 0;
        }

        /**
         * Entry point {@code e} (its place in the part) reaches callee {@code c} through call {@code v}.
         * Entry points come one after the other, so one already listed for the callee is its last entry,
         * which takes the call when it had only the entry point's own method.
         */
        void add(Callee c, int e, int v) {
            int at = c.index();
            if (at >= madeIn.length) {
                int grown = Math.max(at + 1, madeIn.length * 2);
                madeIn = Arrays.copyOf(madeIn, grown);
                last = Arrays.copyOf(last, grown);
                count = Arrays.copyOf(count, grown);
            }
            if (madeIn[at] != part) {
                madeIn[at] = part;
                count[at] = 0;
                if (touchedSize == touched.length) touched = Arrays.copyOf(touched, touchedSize * 2);
                touched[touchedSize++] = at;
            } else if (ep[last[at]] == e) {
                if (via[last[at]] == OWN) via[last[at]] = v;
                return;
            }
            if (size == callee.length) {
                callee = Arrays.copyOf(callee, size * 2);
                ep = Arrays.copyOf(ep, size * 2);
                via = Arrays.copyOf(via, size * 2);
            }
            callee[size] = at;
            ep[size] = (byte) e;
            via[size] = v;
            last[at] = size++;
            count[at]++;
        }

        /** The part's entries, by callee number, each callee's in the order added; {@code first} is its first entry point. */
        Part part(int first) {
            int[] numbers = Arrays.copyOf(touched, touchedSize);
            Arrays.sort(numbers);
            int[] start = new int[numbers.length + 1];
            for (int k = 0; k < numbers.length; k++) {
                start[k + 1] = start[k] + count[numbers[k]];
                // From here on a callee's next free place in the run (its count, no longer needed).
                count[numbers[k]] = start[k];
            }
            byte[] eps = new byte[size];
            int[] vias = new int[size];
            for (int i = 0; i < size; i++) {
                int to = count[callee[i]]++;
                eps[to] = ep[i];
                vias[to] = via[i];
            }
            return new Part(first, numbers, start, eps, vias);
        }
    }

    /** The entry points executing {@code method}, in entry-point order. */
    List<EntryPoint> of(MethodRef method) {
        return List.copyOf(reaching(method).eps);
    }

    /** The call that first enters {@code method} from {@code ep}; null when {@code method} is the entry point's own. */
    ReachedCall via(EntryPoint ep, MethodRef method) {
        Integer at = reaching(method).viaOf().get(ep);
        // The call is made from the walk it was found in (the walks stay while the rules run).
        return at == null || at == OWN ? null : ctx.reach(ep, ReachScope.WHOLE_REQUEST).call(at);
    }

    /**
     * The method's entry points from every part, in order: an entry point equal to an earlier one
     * (none in practice) joins the earlier one's place, and takes its first call only where that
     * one had none, as a map from entry point to first call filled in entry-point order did.
     */
    private Reaching reaching(MethodRef method) {
        Reaching known = byMethod.get(method);
        if (known != null) return known;
        Reaching r = new Reaching();
        Map<Integer, Integer> at = new HashMap<>();
        // Every part made first: a method no part numbered is reached by no entry point.
        for (int p = 0; p < parts.length(); p++) part(p);
        Callee c = method == null ? unknownCallee : callees.get(method);
        for (int p = 0; c != null && p < parts.length(); p++) {
            Part part = part(p);
            int run = part.of(c);
            if (run < 0) continue;
            for (int k = part.start[run]; k < part.start[run + 1]; k++) {
                int i = part.first + part.eps[k];
                Integer place = at.putIfAbsent(firstEqual[i], r.eps.size());
                if (place == null) {
                    r.eps.add(eps.get(i));
                    r.vias.add(part.vias[k]);
                } else if (r.vias.get(place) == OWN) {
                    // The earlier equal entry point's walk is the same walk: its index holds there too.
                    r.vias.set(place, part.vias[k]);
                }
            }
        }
        Reaching first = byMethod.putIfAbsent(method, r);
        return first == null ? r : first;
    }

    /** One method's entry points, distinct and in order, each with the index of the call that first brought it there. */
    private static final class Reaching {
        final List<EntryPoint> eps = new ArrayList<>(2);
        final List<Integer> vias = new ArrayList<>(2);
        /** By entry point, made when first asked (rules ask from several threads: equal maps, either kept). */
        private volatile Map<EntryPoint, Integer> byEntryPoint;

        Map<EntryPoint, Integer> viaOf() {
            Map<EntryPoint, Integer> known = byEntryPoint;
            if (known != null) return known;
            Map<EntryPoint, Integer> made = new HashMap<>();
            for (int i = 0; i < eps.size(); i++) made.put(eps.get(i), vias.get(i));
            byEntryPoint = made;
            return made;
        }
    }
}
