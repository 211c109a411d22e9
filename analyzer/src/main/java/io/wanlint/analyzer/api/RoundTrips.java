package io.wanlint.analyzer.api;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A count of WAN round trips as a function of the loop size {@code n}: a polynomial, plus the
 * maximum of alternative polynomials when exclusive branches (an {@code if}/{@code else}, a
 * {@code switch}, {@code ?:}, catch clauses) cost different amounts depending on {@code n}.
 * Coefficient {@code i} multiplies {@code n^i}: {@code 3 + 2n} is {@code [3, 2]}.
 * {@code 1 + max(2, n)} is coefficients {@code [1]} with alternatives {@code [[2], [0, 1]]}.
 * Reported both as {@link #atN(long)} with {@code n = 1} and as {@link #formula()} (docs/cost-model.md §What is counted).
 *
 * <p>Normal form (so that equal counts are equal values): the count is the upper envelope of a set
 * of polynomials; a polynomial that another one bounds coefficient by coefficient (so for every
 * {@code n >= 0}) is dropped; {@code coefficients} is what every remaining one shares (their
 * coefficient-wise minimum) and {@code alternatives} what each adds to it, empty when one
 * polynomial is left. Beyond {@value #MAX_ALTERNATIVES} alternatives the envelope is replaced by
 * their coefficient-wise maximum, an upper bound, so that sums of many choices stay small.
 *
 * @param coefficients the part every alternative shares
 * @param alternatives what each alternative adds; none or at least two, none bounding another
 */
public record RoundTrips(List<Long> coefficients, List<List<Long>> alternatives) implements Comparable<RoundTrips> {
    public static final RoundTrips ZERO = new RoundTrips(List.of());
    static final int MAX_ALTERNATIVES = 16;

    /** The order of {@link #compareTo} on plain polynomials: highest degree first. */
    private static final Comparator<List<Long>> ASYMPTOTIC = (a, b) -> {
        for (int i = Math.max(a.size(), b.size()) - 1; i >= 0; i--) {
            int c = Long.compare(at(a, i), at(b, i));
            if (c != 0) return c;
        }
        return 0;
    };

    public RoundTrips {
        List<Long> common = trim(coefficients);
        if (alternatives == null || alternatives.isEmpty()) {
            coefficients = common;
            alternatives = List.of();
        } else {
            List<List<Long>> envelope = new ArrayList<>();
            for (List<Long> a : alternatives) envelope.add(add(common, trim(a)));
            envelope = envelope(envelope);
            if (envelope.size() == 1) {
                coefficients = envelope.get(0);
                alternatives = List.of();
            } else {
                List<Long> shared = coefficientWise(envelope, Math::min);
                List<List<Long>> rest = new ArrayList<>();
                for (List<Long> p : envelope) rest.add(subtract(p, shared));
                coefficients = shared;
                alternatives = List.copyOf(rest);
            }
        }
    }

    /** A polynomial. */
    public RoundTrips(List<Long> coefficients) { this(coefficients, List.of()); }

    public static RoundTrips of(long constant) {
        return constant >= 0 && constant < SMALL.length ? SMALL[(int) constant] : term(constant, 0);
    }

    /** The constants the cost walks make per step (unit costs), shared: values, so sharing changes nothing. */
    private static final RoundTrips[] SMALL = new RoundTrips[64];

    static {
        for (int i = 0; i < SMALL.length; i++) SMALL[i] = term(i, 0);
    }

    /** {@code cost × n^depth}: a call inside {@code depth} nested loops. */
    public static RoundTrips term(long cost, int depth) {
        List<Long> c = new ArrayList<>();
        for (int i = 0; i < depth; i++) c.add(0L);
        c.add(cost);
        return new RoundTrips(c);
    }

    /** The costlier of two exclusive alternatives, for every {@code n}. */
    public static RoundTrips max(RoundTrips a, RoundTrips b) {
        if (a.alternatives.isEmpty() && b.alternatives.isEmpty()) {
            if (dominates(a.coefficients, b.coefficients)) return a;
            if (dominates(b.coefficients, a.coefficients)) return b;
        }
        List<List<Long>> all = new ArrayList<>(a.polynomials());
        all.addAll(b.polynomials());
        return new RoundTrips(List.of(), all);
    }

    /** Coefficient {@code degree} of the shared part (the whole count when there are no alternatives). */
    public long coefficient(int degree) { return at(coefficients, degree); }

    public int degree() {
        int d = coefficients.size();
        for (List<Long> a : alternatives) d = Math.max(d, a.size());
        return Math.max(0, d - 1);
    }

    /** Whether the count is one polynomial (no alternatives left). */
    public boolean isPolynomial() { return alternatives.isEmpty(); }

    /** The polynomials whose upper envelope this count is (one when there are no alternatives). */
    public List<List<Long>> polynomials() {
        if (alternatives.isEmpty()) return List.of(coefficients);
        List<List<Long>> out = new ArrayList<>();
        for (List<Long> a : alternatives) out.add(add(coefficients, a));
        return out;
    }

    public RoundTrips plus(RoundTrips o) {
        // Immutable values: adding nothing needs no copy (the cost walks add zeros a lot).
        if (o.isZero()) return this;
        if (isZero()) return o;
        if (alternatives.isEmpty() && o.alternatives.isEmpty()) return new RoundTrips(add(coefficients, o.coefficients));
        List<List<Long>> alts = new ArrayList<>();
        for (List<Long> a : alternatives.isEmpty() ? List.of(List.<Long>of()) : alternatives) {
            for (List<Long> b : o.alternatives.isEmpty() ? List.of(List.<Long>of()) : o.alternatives) alts.add(add(a, b));
        }
        return new RoundTrips(add(coefficients, o.coefficients), alts);
    }

    /** This count repeated inside {@code depth} more loops. */
    public RoundTrips timesN(int depth) {
        if (depth == 0 || isZero()) return this;
        List<List<Long>> alts = new ArrayList<>();
        for (List<Long> a : alternatives) alts.add(shift(a, depth));
        return new RoundTrips(shift(coefficients, depth), alts);
    }

    /** This count {@code k} times; a negative {@code k} only for polynomials (a maximum does not negate). */
    public RoundTrips times(long k) {
        if (k == 1 || isZero()) return this;
        if (k < 0 && !alternatives.isEmpty()) throw new IllegalArgumentException("negative multiple of " + formula());
        List<List<Long>> alts = new ArrayList<>();
        for (List<Long> a : alternatives) alts.add(scale(a, k));
        return new RoundTrips(scale(coefficients, k), alts);
    }

    /** The count for a loop size of {@code n}. */
    public long atN(long n) {
        long best = 0;
        for (int i = 0; i < alternatives.size(); i++) {
            long v = eval(alternatives.get(i), n);
            if (i == 0 || v > best) best = v;
        }
        return eval(coefficients, n) + best;
    }

    /** The count at {@code n = 1}, the number the JSON report gives. */
    public long value() { return atN(1); }

    public boolean isZero() { return coefficients.isEmpty() && alternatives.isEmpty(); }

    /** {@code 0}, {@code 3}, {@code 2n}, {@code 3 + 2n}, {@code 1 + n + n^2}, {@code 1 + max(2, n)}. */
    public String formula() {
        if (alternatives.isEmpty()) return polynomial(coefficients);
        List<List<Long>> ordered = new ArrayList<>(alternatives);
        ordered.sort(ASYMPTOTIC);
        List<String> parts = new ArrayList<>();
        for (List<Long> a : ordered) parts.add(polynomial(a));
        String max = "max(" + String.join(", ", parts) + ")";
        return coefficients.isEmpty() ? max : polynomial(coefficients) + " + " + max;
    }

    /**
     * Costlier for large {@code n} first: the highest-degree coefficients of the costliest
     * alternatives decide; equal ones compare at {@code n = 1}.
     */
    @Override public int compareTo(RoundTrips o) {
        // Two polynomials (the usual case): the order of their coefficients, without building lists;
        // equal there means equal coefficients, hence equal at n = 1.
        if (alternatives.isEmpty() && o.alternatives.isEmpty()) return ASYMPTOTIC.compare(coefficients, o.coefficients);
        int c = ASYMPTOTIC.compare(costliest(), o.costliest());
        if (c != 0) return c;
        return Long.compare(value(), o.value());
    }

    @Override public String toString() { return formula(); }

    // ---- polynomials as coefficient lists ----

    private List<Long> costliest() {
        List<Long> best = coefficients;
        boolean first = true;
        for (List<Long> p : polynomials()) {
            if (first || ASYMPTOTIC.compare(p, best) > 0) best = p;
            first = false;
        }
        return best;
    }

    private static String polynomial(List<Long> c) {
        if (c.isEmpty()) return "0";
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < c.size(); i++) {
            long v = c.get(i);
            if (v == 0) continue;
            String var = i == 0 ? "" : i == 1 ? "n" : "n^" + i;
            parts.add(i == 0 ? Long.toString(v) : (v == 1 ? var : v + var));
        }
        return String.join(" + ", parts);
    }

    private static long at(List<Long> c, int i) { return i < c.size() ? c.get(i) : 0L; }

    private static long eval(List<Long> c, long n) {
        long total = 0, p = 1;
        for (Long v : c) { total += v * p; p *= n; }
        return total;
    }

    private static List<Long> trim(List<Long> c) {
        List<Long> out = new ArrayList<>(c == null ? List.of() : c);
        while (!out.isEmpty() && out.get(out.size() - 1) == 0L) out.remove(out.size() - 1);
        return List.copyOf(out);
    }

    private static List<Long> add(List<Long> a, List<Long> b) {
        if (b.isEmpty()) return a;
        if (a.isEmpty()) return b;
        List<Long> c = new ArrayList<>();
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) c.add(at(a, i) + at(b, i));
        return trim(c);
    }

    private static List<Long> subtract(List<Long> a, List<Long> b) {
        List<Long> c = new ArrayList<>();
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) c.add(at(a, i) - at(b, i));
        return trim(c);
    }

    private static List<Long> shift(List<Long> a, int depth) {
        if (a.isEmpty()) return a;
        List<Long> c = new ArrayList<>();
        for (int i = 0; i < depth; i++) c.add(0L);
        c.addAll(a);
        return List.copyOf(c);
    }

    private static List<Long> scale(List<Long> a, long k) {
        List<Long> c = new ArrayList<>();
        for (Long v : a) c.add(v * k);
        return trim(c);
    }

    /** Whether {@code a >= b} for every {@code n >= 0}, coefficient by coefficient. */
    private static boolean dominates(List<Long> a, List<Long> b) {
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) if (at(a, i) < at(b, i)) return false;
        return true;
    }

    /** The polynomials no other one bounds, each once, costliest last; capped (see the class comment). */
    private static List<List<Long>> envelope(List<List<Long>> polys) {
        List<List<Long>> kept = new ArrayList<>();
        for (List<Long> p : polys) {
            if (kept.stream().anyMatch(k -> dominates(k, p))) continue;
            kept.removeIf(k -> dominates(p, k));
            kept.add(p);
        }
        if (kept.size() > MAX_ALTERNATIVES) return List.of(coefficientWise(kept, Math::max));
        kept.sort(ASYMPTOTIC);
        return kept;
    }

    private static List<Long> coefficientWise(List<List<Long>> polys, java.util.function.LongBinaryOperator op) {
        int size = 0;
        for (List<Long> p : polys) size = Math.max(size, p.size());
        List<Long> c = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            long v = at(polys.get(0), i);
            for (List<Long> p : polys) v = op.applyAsLong(v, at(p, i));
            c.add(v);
        }
        return trim(c);
    }
}
