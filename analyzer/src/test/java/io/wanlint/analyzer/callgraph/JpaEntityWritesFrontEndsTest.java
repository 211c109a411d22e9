package io.wanlint.analyzer.callgraph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 19.13 for JPA through both front ends: which entity a {@code find}, {@code persist} or
 * {@code merge} touches (a class literal, the argument's type), the entities a persist or merge of an
 * order also writes through relationships declared with {@code cascade = ALL}, {@code MERGE} or
 * {@code PERSIST} (and not through one without), a find given a {@code LockModeType} as a read that
 * locks for update, and an entity's getter-named method that counts up a field as an update of it
 * while a getter that fills a collection on first use stays a plain call.
 */
class JpaEntityWritesFrontEndsTest {
    @TempDir Path tmp;

    private static Map<String, String> app() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("shop/model/Order.java", """
                package shop.model;
                import javax.persistence.*;
                @Entity
                @Table(name = "ORDERS")
                public class Order {
                    @Id Long id;
                    int nextLine;
                    @OneToMany(cascade = CascadeType.ALL) java.util.List<OrderDetail> lines = new java.util.ArrayList<>();
                    @ManyToOne(cascade = {CascadeType.MERGE, CascadeType.REFRESH}) Customer customer;
                    @ManyToOne Carrier carrier;
                    @OneToMany(cascade = CascadeType.REMOVE) java.util.List<Note> notes;
                    java.util.List<String> tags;
                    public int getNextLine() { return nextLine++; }
                    public java.util.List<String> getTags() {
                        if (tags == null) {
                            tags = new java.util.ArrayList<>();
                        }
                        return tags;
                    }
                    public java.util.List<OrderDetail> getLines() { return lines; }
                }
                """);
        files.put("shop/model/OrderDetail.java", """
                package shop.model;
                @javax.persistence.Entity
                public class OrderDetail { @javax.persistence.Id Long id; int qty; }
                """);
        files.put("shop/model/Customer.java", """
                package shop.model;
                @javax.persistence.Entity
                public class Customer { @javax.persistence.Id Long id; }
                """);
        files.put("shop/model/Carrier.java", """
                package shop.model;
                @javax.persistence.Entity
                public class Carrier { @javax.persistence.Id Long id; }
                """);
        files.put("shop/model/Note.java", """
                package shop.model;
                @javax.persistence.Entity
                public class Note { @javax.persistence.Id Long id; }
                """);
        files.put("shop/ejb/Orders.java", """
                package shop.ejb;
                import javax.persistence.*;
                import shop.model.*;
                public class Orders {
                    @PersistenceContext EntityManager em;
                    public void amend(Long id) {
                        Order o = em.find(Order.class, id);
                        o.getNextLine();
                        o.getTags();
                        em.merge(o);
                    }
                    public void lock(Long id) {
                        em.find(Order.class, id, LockModeType.PESSIMISTIC_WRITE);
                    }
                    public void place(Order o) {
                        em.persist(o);
                    }
                }
                """);
        return files;
    }

    private static List<CallEdge> from(AnalysisResult r, String method) {
        return r.callGraph().edges().stream()
                .filter(e -> e.from().className().equals("shop.ejb.Orders") && e.from().name().equals(method)).toList();
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void findPersistAndMergeNameTheEntityTheyTouch(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = CompiledFixture.analyse(tmp, app(), frontEnd);

        assertThat(from(result, "amend")).filteredOn(e -> e.op() == CallOp.JPA_FIND || e.op() == CallOp.JPA_MERGE)
                .extracting(CallEdge::op, CallEdge::targetComponent)
                .containsExactly(tuple(CallOp.JPA_FIND, "Order"), tuple(CallOp.JPA_MERGE, "Order"));
        assertThat(from(result, "place")).extracting(CallEdge::op, CallEdge::targetComponent)
                .containsExactly(tuple(CallOp.JPA_PERSIST, "Order"));
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void aPersistOrMergeOfTheOrderAlsoWritesWhatItsRelationshipsCascadeTo(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = CompiledFixture.analyse(tmp, app(), frontEnd);

        Component order = result.model().byName("Order").orElseThrow();
        assertThat(order.cascadeWrites()).containsExactlyInAnyOrder("shop.model.OrderDetail", "shop.model.Customer");
        assertThat(result.model().byName("OrderDetail").orElseThrow().cascadeWrites()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void aFindGivenALockModeLocksForUpdateAndAPlainFindDoesNot(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = CompiledFixture.analyse(tmp, app(), frontEnd);

        assertThat(from(result, "lock")).filteredOn(e -> e.op() == CallOp.JPA_FIND)
                .singleElement().satisfies(e -> {
                    assertThat(e.locksForUpdate()).isTrue();
                    assertThat(e.targetComponent()).isEqualTo("Order");
                });
        assertThat(from(result, "amend")).filteredOn(e -> e.op() == CallOp.JPA_FIND)
                .singleElement().satisfies(e -> assertThat(e.locksForUpdate()).isFalse());
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void aGetterThatCountsUpUpdatesTheEntityAndOneFillingACollectionOnFirstUseDoesNot(AnalysisRequest.FrontEnd frontEnd)
            throws Exception {
        AnalysisResult result = CompiledFixture.analyse(tmp, app(), frontEnd);

        assertThat(from(result, "amend")).filteredOn(e -> e.to().className().equals("shop.model.Order"))
                .extracting(e -> e.to().name(), CallEdge::op, CallEdge::targetComponent)
                .containsExactlyInAnyOrder(tuple("getNextLine", CallOp.ENTITY_UPDATE, "Order"), tuple("getTags", CallOp.INVOKE, null));
    }
}
