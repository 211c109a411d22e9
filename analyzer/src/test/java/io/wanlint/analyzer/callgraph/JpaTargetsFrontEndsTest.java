package io.wanlint.analyzer.callgraph;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.EdgeKind;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 23.3 through both call-graph front ends: the entity a JPA call reads or writes is the same
 * from sources and from class files — the class literal of {@code find}, the argument's type of
 * {@code persist}/{@code merge}/{@code remove}, the {@code FROM} of a {@code createQuery}, and, for
 * {@code createNamedQuery}, the JPQL of the entity's {@code @NamedQuery} (a name without the entity's
 * name in it, or with another one, still finds its entity; of two applications analysed together
 * that declare a query of the same name on entities of the same simple name, the package nearest the
 * declaring entity or the caller decides).
 */
class JpaTargetsFrontEndsTest {
    @TempDir Path tmp;

    private static Map<String, String> app() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("shop/model/PurchaseOrder.java", """
                package shop.model;
                import javax.persistence.*;
                @Entity
                @NamedQueries({
                    @NamedQuery(name = "Order.open", query = "SELECT o FROM PurchaseOrder o WHERE o.open = true"),
                    @NamedQuery(name = "openOrders", query = "SELECT o FROM "
                            + "PurchaseOrder o")
                })
                public class PurchaseOrder { @Id Long id; boolean open; }
                """);
        files.put("shop/model/Customer.java", """
                package shop.model;
                import javax.persistence.*;
                @Entity
                @NamedQuery(name = "Customer.byName", query = "SELECT c FROM Customer c WHERE c.name = :n")
                public class Customer { @Id Long id; String name; }
                """);
        // Another application analysed with the shop: same simple name, same query name, another package.
        files.put("other/model/Customer.java", """
                package other.model;
                import javax.persistence.*;
                @Entity
                @NamedQuery(name = "Customer.byName", query = "SELECT c FROM Customer c WHERE c.nick = :n")
                public class Customer { @Id Long id; String nick; }
                """);
        files.put("shop/service/OrderService.java", """
                package shop.service;
                import javax.persistence.*;
                import shop.model.*;
                @javax.ejb.Stateless
                public class OrderService {
                    @PersistenceContext EntityManager em;
                    public void work(Long id, String n) {
                        em.find(PurchaseOrder.class, id);
                        em.createQuery("SELECT c FROM Customer c").getResultList();
                        Query q = em.createNamedQuery("openOrders");
                        q.setMaxResults(5).getResultList();
                        em.createNamedQuery("Customer.byName").setParameter("n", n).getSingleResult();
                        em.createNamedQuery("Order.open").getResultList();
                        PurchaseOrder o = new PurchaseOrder();
                        em.persist(o);
                        Customer c = em.merge(new Customer());
                        em.remove(o);
                        em.createQuery("UPDATE Customer c SET c.name = '" + n + "'").executeUpdate();
                        em.flush();
                    }
                }
                """);
        return files;
    }

    private static List<String> jpaTargets(AnalysisResult r) {
        return r.callGraph().edges().stream().filter(e -> e.kind() == EdgeKind.JPA && e.from().name().equals("work"))
                .sorted(java.util.Comparator.comparingInt(CallEdge::line).thenComparing(e -> e.to().name()))
                .map(e -> e.line() + " " + e.to().name() + " " + e.op() + " -> " + e.targetComponent()).toList();
    }

    @Test
    void theSourcesNameTheEntityOfEveryCallThatSaysWhich() throws Exception {
        assertThat(jpaTargets(CompiledFixture.analyse(tmp, app(), AnalysisRequest.FrontEnd.SOURCE))).containsExactly(
                "8 find JPA_FIND -> PurchaseOrder",
                "9 getResultList JPA_QUERY -> shop.model.Customer",
                "11 getResultList JPA_QUERY -> PurchaseOrder",
                "12 getSingleResult JPA_QUERY -> shop.model.Customer",
                "13 getResultList JPA_QUERY -> PurchaseOrder",
                "15 persist JPA_PERSIST -> PurchaseOrder",
                "16 merge JPA_MERGE -> shop.model.Customer",
                "17 remove JPA_REMOVE -> PurchaseOrder",
                "18 executeUpdate JPA_BULK_UPDATE -> shop.model.Customer",
                "19 flush JPA_FLUSH -> null");
    }

    @Test
    void classFilesNameTheSameEntities() throws Exception {
        List<String> source = jpaTargets(CompiledFixture.analyse(tmp.resolve("s"), app(), AnalysisRequest.FrontEnd.SOURCE));
        List<String> bytecode = jpaTargets(CompiledFixture.analyse(tmp.resolve("b"), app(), AnalysisRequest.FrontEnd.BYTECODE));
        assertThat(bytecode).isEqualTo(source).hasSize(10);
    }
}
