package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A file's scan remembers the type of each receiver expression it worked out: the answers and the
 * solver failures counted are those of working each one out afresh, whatever the order of asking.
 */
class ReceiverTypesRememberedTest {

    private static final String CODE = """
            package app;
            import java.util.*;
            import org.apache.commons.lang.builder.ToStringBuilder;
            public class Item {
                private String name;
                private int id;
                private Item[] parts = new Item[0];
                private List<String> tags = new ArrayList<>();
                private Map<String, Item> byName = new HashMap<>();
                public String getName() { return name; }
                public Item parent() { return this; }
                public String toString() {
                    return new ToStringBuilder(this).append("name", name).append("id", id).append("parts", parts)
                            .append("tags", tags).append("first", tags.get(0).trim()).toString();
                }
                String describe(Item other) {
                    String a = parts[0].getName().trim();
                    String b = byName.get(a).parent().parent().getName().toLowerCase();
                    int n = other.tags.get(1).length() + tags.iterator().next().length();
                    return a + b + n + Optional.ofNullable(name).map(String::trim).orElse("").strip();
                }
            }
            """;

    private static List<Expression> receivers(CompilationUnit unit) {
        List<Expression> out = new ArrayList<>();
        for (MethodCallExpr call : unit.findAll(MethodCallExpr.class)) call.getScope().ifPresent(out::add);
        return out;
    }

    @Test
    void rememberedReceiverTypesAreTheTypesWorkedOutAfresh() {
        CompilationUnit unit = GraphFixture.parse(CODE);
        List<AppTypes.UnitSource> sources = List.of(new AppTypes.UnitSource(unit, "app/Item.java", null, null));
        AppTypes types = new AppTypes(sources);
        ReceiverTypes receivers = new ReceiverTypes(types, SourceCallGraphBuilder.symbolSolver(types, sources));
        List<Expression> all = receivers(unit);

        List<Optional<String>> afresh = new ArrayList<>();
        int afreshFailures = 0;
        for (Expression e : all) {
            ReceiverTypes.FileStats alone = new ReceiverTypes.FileStats("app/Item.java");
            afresh.add(receivers.typeOf(e, alone));
            afreshFailures += alone.solverFailures;
        }

        // One file's counters for all, asked twice each in a shuffled order, as the scan of a chain asks.
        ReceiverTypes.FileStats shared = new ReceiverTypes.FileStats("app/Item.java");
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) order.add(i);
        List<Integer> twice = new ArrayList<>(order);
        twice.addAll(order);
        Collections.shuffle(twice, new Random(22));
        Optional<?>[] remembered = new Optional<?>[all.size()];
        for (int i : twice) {
            Optional<String> t = receivers.typeOf(all.get(i), shared);
            if (remembered[i] != null) assertThat(t).as("asked again: " + all.get(i)).isEqualTo(remembered[i]);
            remembered[i] = t;
        }
        for (int i = 0; i < all.size(); i++) assertThat(remembered[i]).as(all.get(i).toString()).isEqualTo(afresh.get(i));
        assertThat(shared.solverFailures).isEqualTo(2 * afreshFailures);

        assertThat(afreshFailures).as("the library chain the solver cannot resolve").isPositive();
        assertThat(afresh).as("types from declarations, return types and the solver's generics")
                .contains(Optional.of("java.lang.String"), Optional.of("app.Item"));
        assertThat(afresh.get(indexOf(all, "tags.get(0)"))).contains("java.lang.String");
    }

    @Test
    void aScannedFileForgetsItsAnswersButKeepsItsCounters() {
        CompilationUnit unit = GraphFixture.parse(CODE);
        List<AppTypes.UnitSource> sources = List.of(new AppTypes.UnitSource(unit, "app/Item.java", null, null));
        AppTypes types = new AppTypes(sources);
        ReceiverTypes receivers = new ReceiverTypes(types, SourceCallGraphBuilder.symbolSolver(types, sources));
        ReceiverTypes.FileStats stats = new ReceiverTypes.FileStats("app/Item.java");
        for (Expression e : receivers(unit)) receivers.typeOf(e, stats);
        int failures = stats.solverFailures;
        stats.scanned();
        assertThat(stats.solverFailures).isEqualTo(failures);
        Expression chain = receivers(unit).get(indexOf(receivers(unit), "new ToStringBuilder(this).append(\"name\", name)"));
        receivers.typeOf(chain, stats);
        assertThat(stats.solverFailures).as("worked out again after the scan").isGreaterThan(failures);
    }

    private static int indexOf(List<Expression> all, String text) {
        for (int i = 0; i < all.size(); i++) if (all.get(i).toString().equals(text)) return i;
        throw new AssertionError("no receiver " + text);
    }
}
