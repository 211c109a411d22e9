package io.wanlint.analyzer.pipeline;

import com.github.javaparser.ast.CompilationUnit;
import io.wanlint.analyzer.ingest.JavaUnit;
import io.wanlint.analyzer.ingest.JspUnit;
import io.wanlint.analyzer.ingest.TextFile;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The cache writer's entry is made from the trees once, and the trees are let go of as soon as it is. */
class EntryFromTreesTest {
    private final List<JavaUnit> units = List.of(new JavaUnit(new TextFile("A.java", null, "class A {}", "UTF-8"), new CompilationUnit()));
    private final List<JspUnit> jsps = List.of();

    @Test
    void theEntryIsMadeFromTheTreesGivenAndThenTheTreesAreNoLongerHeld() {
        List<Object> seen = new ArrayList<>();
        EntryFromTrees<String> entry = new EntryFromTrees<>(units, jsps, (u, j) -> {
            seen.add(u);
            seen.add(j);
            return "entry of " + u.size();
        });
        assertThat(entry.holdsTrees()).isTrue();

        String made = entry.get();

        assertThat(made).isEqualTo("entry of 1");
        assertThat(seen).containsExactly(units, jsps);
        assertThat(entry.holdsTrees()).isFalse();
    }

    @Test
    void askingAgainGivesTheSameEntryWithoutMakingItAgain() {
        AtomicInteger made = new AtomicInteger();
        EntryFromTrees<Object> entry = new EntryFromTrees<>(units, jsps, (u, j) -> {
            made.incrementAndGet();
            return new Object();
        });

        Object first = entry.get();
        Object second = entry.get();

        assertThat(second).isSameAs(first);
        assertThat(made).hasValue(1);
    }
}
