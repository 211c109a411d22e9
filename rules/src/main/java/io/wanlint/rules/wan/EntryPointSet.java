package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.EntryPoint;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A set of entry points held as their numbers in the check's list ({@link Numbers}), ascending: what
 * a {@code Set<EntryPoint>} per call gave a rule counting the requests that reach each call, without
 * hashing the entry point records at every call a request reaches (issue 22). A rule going through
 * the entry points in order adds mostly ascending numbers, appended; any other is put in its place.
 */
final class EntryPointSet {
    private int[] numbers = new int[2];
    private int size;

    /** Adds entry point {@code number}; whether it was not here yet. */
    boolean add(int number) {
        if (size > 0 && numbers[size - 1] >= number) {
            if (numbers[size - 1] == number) return false;
            int at = Arrays.binarySearch(numbers, 0, size, number);
            if (at >= 0) return false;
            insert(-at - 1, number);
            return true;
        }
        insert(size, number);
        return true;
    }

    private void insert(int at, int number) {
        if (size == numbers.length) numbers = Arrays.copyOf(numbers, size * 2);
        System.arraycopy(numbers, at, numbers, at + 1, size - at);
        numbers[at] = number;
        size++;
    }

    boolean contains(int number) {
        return size > 0 && Arrays.binarySearch(numbers, 0, size, number) >= 0;
    }

    int size() {
        return size;
    }

    /** Adds this set's numbers to {@code union}. */
    void addTo(BitSet union) {
        for (int i = 0; i < size; i++) union.set(numbers[i]);
    }

    /** The check's entry points numbered: equal entry points (none in practice) share the first one's number. */
    static Numbers numbers(List<EntryPoint> eps) {
        return new Numbers(eps);
    }

    static final class Numbers {
        private final Map<EntryPoint, Integer> byObject = new IdentityHashMap<>();
        private final Map<EntryPoint, Integer> byValue = new HashMap<>();
        private int next;

        private Numbers(List<EntryPoint> eps) {
            next = eps.size();
            for (int i = 0; i < eps.size(); i++) {
                Integer first = byValue.putIfAbsent(eps.get(i), i);
                byObject.putIfAbsent(eps.get(i), first == null ? i : first);
            }
        }

        /** The number of {@code ep}, or of the listed entry point equal to it; a new number past the list's for one not listed. */
        int of(EntryPoint ep) {
            Integer known = byObject.get(ep);
            if (known != null) return known;
            return byValue.computeIfAbsent(ep, e -> next++);
        }
    }
}
