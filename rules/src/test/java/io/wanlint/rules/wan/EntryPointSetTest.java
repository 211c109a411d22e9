package io.wanlint.rules.wan;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodRef;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The numbered set of entry points WAN005 counts reads and writes with holds what the
 * {@code Set<EntryPoint>} it replaced held (the old path, kept here as the oracle): the same size, the
 * same members, the same union, for entry points added mostly in order, out of order, and repeated as
 * equal objects.
 */
class EntryPointSetTest {
    private static EntryPoint ep(int i) {
        return new EntryPoint("ep" + i, EntryPoint.Kind.SERVLET, new MethodRef("C" + i, "service", List.of()), "c" + i);
    }

    @Test
    void holdsWhatASetOfEntryPointsHeld() {
        Random random = new Random(17);
        for (int round = 0; round < 500; round++) {
            int n = 1 + random.nextInt(40);
            List<EntryPoint> eps = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                // Now and then an entry point equal to an earlier one, as another object.
                eps.add(i > 0 && random.nextInt(10) == 0 ? ep(random.nextInt(i)) : ep(i));
            }
            EntryPointSet.Numbers numbers = EntryPointSet.numbers(eps);
            List<EntryPointSet> sets = new ArrayList<>();
            List<Set<EntryPoint>> oracle = new ArrayList<>();
            for (int k = 0; k < 3; k++) {
                sets.add(new EntryPointSet());
                oracle.add(new LinkedHashSet<>());
            }
            int adds = random.nextInt(100);
            int at = 0;
            for (int a = 0; a < adds; a++) {
                // Mostly in list order, as the rule goes, sometimes back or with an entry point not listed.
                if (random.nextInt(4) == 0) at = random.nextInt(n);
                else if (random.nextBoolean() && at < n - 1) at++;
                EntryPoint e = random.nextInt(30) == 0 ? ep(1000 + random.nextInt(3)) : eps.get(at);
                int k = random.nextInt(3);
                assertThat(sets.get(k).add(numbers.of(e))).isEqualTo(oracle.get(k).add(e));
            }
            BitSet union = new BitSet();
            Set<EntryPoint> oracleUnion = new LinkedHashSet<>();
            for (int k = 0; k < 3; k++) {
                assertThat(sets.get(k).size()).isEqualTo(oracle.get(k).size());
                for (EntryPoint e : eps) assertThat(sets.get(k).contains(numbers.of(e))).isEqualTo(oracle.get(k).contains(e));
                sets.get(k).addTo(union);
                oracleUnion.addAll(oracle.get(k));
            }
            assertThat(union.cardinality()).isEqualTo(oracleUnion.size());
        }
    }
}
