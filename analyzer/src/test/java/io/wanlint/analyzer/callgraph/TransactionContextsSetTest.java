package io.wanlint.analyzer.callgraph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.TransactionContext;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A method's contexts kept by a scan (and, past a few, a hash set) hold what the linked hash set they
 * replaced held: the same contexts in the same order, the same answers to "added?" and "contains?",
 * equal as sets — for sequences of equal and identical contexts, short and long; and they stay read-only.
 */
class TransactionContextsSetTest {
    @Test
    void contextsAnswerAsALinkedHashSet() {
        int indexed = 0;
        for (long seed = 1; seed <= 500; seed++) {
            // Seeds spread out: the first draws of Randoms seeded 1, 2, 3… are nearly alike.
            Random r = new Random(seed * 0x9E3779B97F4A7C15L);
            int kinds = 1 + r.nextInt(r.nextBoolean() ? 4 : 30);
            List<TransactionContext> pool = new ArrayList<>();
            for (int k = 0; k < kinds; k++) {
                pool.add(k == 0 ? TransactionContext.NONE
                        : new TransactionContext(r.nextBoolean(), MethodRef.of("a.B" + r.nextInt(5), "m" + k), r.nextBoolean() ? "Required" : "RequiresNew"));
            }
            ContainerTransactionScopes.Contexts fast = new ContainerTransactionScopes.Contexts();
            Set<TransactionContext> plain = new LinkedHashSet<>();
            int adds = r.nextInt(80);
            for (int i = 0; i < adds; i++) {
                TransactionContext c = pool.get(r.nextInt(pool.size()));
                // Now and then an equal copy rather than the same object.
                if (r.nextBoolean()) c = new TransactionContext(c.active(), c.startedBy(), c.how());
                assertThat(fast.addNew(c)).as("seed " + seed + " add " + i).isEqualTo(plain.add(c));
            }
            assertThat(fast).as("seed " + seed).containsExactlyElementsOf(plain);
            assertThat(fast).isEqualTo(plain);
            assertThat(fast.hashCode()).isEqualTo(plain.hashCode());
            for (TransactionContext c : pool) assertThat(fast.contains(c)).isEqualTo(plain.contains(c));
            if (plain.size() > 9) indexed++;
        }
        // Many runs go past the scanned few, where the hash set takes over.
        assertThat(indexed).isGreaterThan(50);
    }

    @Test
    void contextsCannotBeChangedByTheirReaders() {
        ContainerTransactionScopes.Contexts contexts = new ContainerTransactionScopes.Contexts();
        contexts.addNew(TransactionContext.NONE);
        assertThatThrownBy(() -> contexts.add(TransactionContext.NONE)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> contexts.remove(TransactionContext.NONE)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(contexts::clear).isInstanceOf(UnsupportedOperationException.class);
    }
}
