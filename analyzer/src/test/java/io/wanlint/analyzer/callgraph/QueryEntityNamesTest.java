package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The entities a query's name may mean are looked up by name instead of going through every component:
 * the candidates, their order, and so the entity each query is taken to read, are those of going
 * through the components (kept here as the oracle).
 */
class QueryEntityNamesTest {

    private static final List<String> SIMPLE = List.of("Order", "Item", "Customer", "OrderBean", "Line");
    private static final List<String> PACKAGES = List.of("shop.", "shop.ejb.", "legacy.", "");
    private static final List<ComponentKind> KINDS = List.of(ComponentKind.JPA_ENTITY, ComponentKind.ENTITY_CMP,
            ComponentKind.ENTITY_BMP, ComponentKind.STATELESS_SESSION, ComponentKind.SERVLET);

    private static ComponentModel model(Random r) {
        List<Component> components = new ArrayList<>();
        int n = 1 + r.nextInt(40);
        for (int i = 0; i < n; i++) {
            String simple = SIMPLE.get(r.nextInt(SIMPLE.size()));
            // Names as the descriptors give them: the class's simple name, another entity's, or one of their own.
            String name = switch (r.nextInt(3)) {
                case 0 -> simple;
                case 1 -> SIMPLE.get(r.nextInt(SIMPLE.size()));
                default -> simple + "EJB" + i;
            };
            String className = PACKAGES.get(r.nextInt(PACKAGES.size())) + (r.nextInt(6) == 0 ? "Outer$" : "") + simple;
            components.add(Component.simple(name, KINDS.get(r.nextInt(KINDS.size())), className, List.of(), List.of()));
        }
        return new ComponentModel(components);
    }

    private static List<String> queries() {
        List<String> out = new ArrayList<>();
        for (String s : SIMPLE) {
            out.add("select o from " + s + " o");
            out.add("SELECT x FROM shop." + s + " x where x.id = :id");
            out.add("delete from legacy." + s);
            out.add("update " + s + " set a = 1");
            out.add("from Outer$" + s);
            out.add("@named:" + s + ".findAll");
            out.add("@named:" + s + "EJB3.byId");
        }
        out.add("select 1");
        out.add("from Nothing");
        out.add("from shop.");
        return out;
    }

    @RepeatedTest(30)
    void candidatesAndTheEntityChosenAreThoseOfGoingThroughEveryComponent(RepetitionInfo repetition) {
        Random r = new Random(repetition.getCurrentRepetition());
        ComponentModel model = model(r);
        JpaEntities.EntityNames index = JpaEntities.EntityNames.of(model);
        JpaEntities.ScannedEntities scan = new JpaEntities.ScannedEntities(model);
        for (String simple : SIMPLE) {
            for (String pkg : PACKAGES) {
                assertThat(index.matching(simple, pkg + simple)).as(pkg + simple).containsExactlyElementsOf(scan.matching(simple, pkg + simple));
            }
            assertThat(index.matching(simple, "Outer$" + simple)).containsExactlyElementsOf(scan.matching(simple, "Outer$" + simple));
        }
        for (String q : queries()) {
            for (String caller : new String[] {null, "shop.web.Page", "legacy.Dao"}) {
                Optional<String> expected = JpaEntities.entityOfQuery(model, NamedQueries.NONE, q, caller);
                assertThat(JpaEntities.entityOfQuery(index, NamedQueries.NONE, q, caller)).as(q + " from " + caller).isEqualTo(expected);
            }
        }
    }
}
