package io.wanlint.analyzer.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a call tells about the object its callee runs on, for walks that follow one request and know
 * the concrete class of {@code this}: an entry point of a servlet, bean or action class runs on an
 * instance of that class, and a template method it inherits ({@code BaseServlet.doGet} calling
 * {@code this.process()}) runs only that class's override, not every subclass's.
 */
public sealed interface Receiver {

    /** Nothing known: the callee's {@code this} is some other object. */
    Receiver UNKNOWN = new Unknown();

    /** A call on another object of unknown class (a value, a static call, an API call). */
    record Unknown() implements Receiver {}

    /**
     * A call on the caller's own object ({@code this.m()}, {@code m()}, {@code super.m()}): the callee
     * runs on the same instance.
     *
     * @param overrides for the concrete application classes whose instances run another method than the
     *                  edge's target at this call, that method (the most-derived implementation along
     *                  the class's superclass chain); empty when the call does not dispatch. Every edge
     *                  of one call site carries the same map.
     */
    record Own(Map<String, MethodRef> overrides) implements Receiver {
        /** A self-call no subclass changes. */
        public static final Own PLAIN = new Own(Map.of());

        public Own {
            overrides = Map.copyOf(overrides);
        }
    }

    /** A call on an object of exactly this concrete class ({@code new X().m()}, a bean's container instance, a leaf class). */
    record Exact(String className) implements Receiver {
        public Exact {
            java.util.Objects.requireNonNull(className, "className");
        }
    }

    /** The class of the callee's {@code this}, given the caller's ({@code null}: unknown). */
    default String calleeThis(String callerThis) {
        if (this instanceof Own) return callerThis;
        if (this instanceof Exact e) return e.className();
        return null;
    }

    /**
     * The calls of one method that run when its {@code this} is an instance of {@code thisClass}: a
     * call on {@code this} whose target that class overrides runs the override instead (the edge to
     * it when the graph has one for the site, else the site's first edge retargeted at it), and the
     * site's other targets do not run. With {@code thisClass} null, or a class the site does not
     * know, the calls are returned as they are.
     */
    static List<CallEdge> runFor(List<CallEdge> calls, String thisClass) {
        if (thisClass == null) return calls;
        boolean any = false;
        for (CallEdge e : calls) {
            if (e.receiver() instanceof Own o && o.overrides().containsKey(thisClass)) {
                any = true;
                break;
            }
        }
        if (!any) return calls;
        List<CallEdge> out = new ArrayList<>(calls.size());
        // Each call's line, read once: the edges of one site share it, so comparing lines first keeps the
        // pairwise search below to an int array (issue 22: on HELIUM V the full comparison of every pair
        // was 8% of the rules' samples, all for the few pairs on one line).
        int[] lines = null;
        for (int i = 0; i < calls.size(); i++) {
            CallEdge e = calls.get(i);
            MethodRef runs = e.receiver() instanceof Own o ? o.overrides().get(thisClass) : null;
            if (runs == null || same(runs, e.to())) {
                out.add(e);
                continue;
            }
            if (lines == null) lines = lines(calls);
            boolean siteHasEdge = false;
            boolean firstOfSite = true;
            for (int j = 0; j < calls.size(); j++) {
                if (j == i || lines[j] != lines[i]) continue;
                CallEdge f = calls.get(j);
                if (!sameSite(e, f)) continue;
                if (same(f.to(), runs)) siteHasEdge = true;
                if (j < i) firstOfSite = false;
            }
            if (!siteHasEdge && firstOfSite) out.add(e.withTo(runs));
        }
        return out;
    }

    /**
     * {@code a.equals(b)} for a method that is mostly the same object or equal to it: the record's
     * {@code equals} walks the parameter lists with iterators, which was 4% of the rules' samples on
     * HELIUM V (issue 22), nearly all of it for equal methods here.
     */
    private static boolean same(MethodRef a, MethodRef b) {
        if (a == b) return true;
        if (b == null || !java.util.Objects.equals(a.name(), b.name()) || !java.util.Objects.equals(a.className(), b.className())) return false;
        List<String> p = a.parameterTypes();
        List<String> q = b.parameterTypes();
        if (p == q) return true;
        if (p.size() != q.size()) return false;
        for (int i = 0; i < p.size(); i++) if (!p.get(i).equals(q.get(i))) return false;
        return true;
    }

    private static int[] lines(List<CallEdge> calls) {
        int[] lines = new int[calls.size()];
        for (int i = 0; i < lines.length; i++) lines[i] = calls.get(i).location().line();
        return lines;
    }

    private static boolean sameSite(CallEdge a, CallEdge b) {
        return a.location().equals(b.location()) && a.kind() == b.kind() && a.receiver().equals(b.receiver())
                && a.to().name().equals(b.to().name());
    }
}
