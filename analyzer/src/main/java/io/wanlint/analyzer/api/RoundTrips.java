package io.wanlint.analyzer.api;

import java.util.ArrayList;
import java.util.List;

/**
 * A count of WAN round trips as a polynomial in the loop size {@code n}: coefficient {@code i}
 * multiplies {@code n^i}. {@code 3 + 2n} is {@code [3, 2]}. Reported both as {@link #atN(long)} with
 * {@code n = 1} and as {@link #formula()} (docs/cost-model.md §What is counted).
 */
public record RoundTrips(List<Long> coefficients) implements Comparable<RoundTrips> {
    public static final RoundTrips ZERO = new RoundTrips(List.of());

    public RoundTrips {
        List<Long> c = new ArrayList<>(coefficients == null ? List.of() : coefficients);
        while (!c.isEmpty() && c.get(c.size() - 1) == 0L) c.remove(c.size() - 1);
        coefficients = List.copyOf(c);
    }

    public static RoundTrips of(long constant) { return term(constant, 0); }

    /** {@code cost × n^depth}: a call inside {@code depth} nested loops. */
    public static RoundTrips term(long cost, int depth) {
        List<Long> c = new ArrayList<>();
        for (int i = 0; i < depth; i++) c.add(0L);
        c.add(cost);
        return new RoundTrips(c);
    }

    public long coefficient(int degree) { return degree < coefficients.size() ? coefficients.get(degree) : 0L; }

    public int degree() { return Math.max(0, coefficients.size() - 1); }

    public RoundTrips plus(RoundTrips o) {
        // Immutable values: adding nothing needs no copy (the cost walks add zeros a lot).
        if (o.coefficients.isEmpty()) return this;
        if (coefficients.isEmpty()) return o;
        int size = Math.max(coefficients.size(), o.coefficients.size());
        List<Long> c = new ArrayList<>(size);
        for (int i = 0; i < size; i++) c.add(coefficient(i) + o.coefficient(i));
        return new RoundTrips(c);
    }

    /** This count repeated inside {@code depth} more loops. */
    public RoundTrips timesN(int depth) {
        if (depth == 0 || coefficients.isEmpty()) return this;
        List<Long> c = new ArrayList<>();
        for (int i = 0; i < depth; i++) c.add(0L);
        c.addAll(coefficients);
        return new RoundTrips(c);
    }

    public RoundTrips times(long k) {
        if (k == 1 || coefficients.isEmpty()) return this;
        List<Long> c = new ArrayList<>();
        for (Long v : coefficients) c.add(v * k);
        return new RoundTrips(c);
    }

    /** The count for a loop size of {@code n}. */
    public long atN(long n) {
        long total = 0, p = 1;
        for (Long v : coefficients) { total += v * p; p *= n; }
        return total;
    }

    /** The count at {@code n = 1}, the number the JSON report gives. */
    public long value() { return atN(1); }

    public boolean isZero() { return coefficients.isEmpty(); }

    /** {@code 0}, {@code 3}, {@code 2n}, {@code 3 + 2n}, {@code 1 + n + n^2}. */
    public String formula() {
        if (coefficients.isEmpty()) return "0";
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < coefficients.size(); i++) {
            long v = coefficients.get(i);
            if (v == 0) continue;
            String var = i == 0 ? "" : i == 1 ? "n" : "n^" + i;
            parts.add(i == 0 ? Long.toString(v) : (v == 1 ? var : v + var));
        }
        return String.join(" + ", parts);
    }

    @Override public int compareTo(RoundTrips o) {
        for (int i = Math.max(degree(), o.degree()); i >= 0; i--) {
            int c = Long.compare(coefficient(i), o.coefficient(i));
            if (c != 0) return c;
        }
        return 0;
    }

    @Override public String toString() { return formula(); }
}
