package io.wanlint.rules.wan;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.Finding;
import io.wanlint.rules.testing.RuleTestHarness;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * WAN005's write set over real JPA source (issue 19.13): relationship collections changed through an
 * entity's getter, entity methods that change a collection, setters on entities loaded by find or a
 * query, and writes the analysis cannot attribute (an untyped {@code persist}, code no entry point
 * reaches) make an entity written, or its writes unknown, never "never written". Each case has a page
 * at the edge that reads the player, so that only the write set decides whether it is reported.
 */
class EntityWriteSetTest {
    private final RuleTestHarness harness = RuleTestHarness.withPipeline(List.of(new CacheableReadMostlyEntity()));

    private static final String TEAM = """
            package league.model;
            @javax.persistence.Entity
            public class Team {
                @javax.persistence.Id String id;
                String name;
                public String getName() { return name; }
            }
            """;

    /** A player with a many-to-many relationship to teams, changed by {@code dropTeam} through its own getter. */
    private static String player(String marker) {
        return """
                package league.model;
                @javax.persistence.Entity
                public class Player { %s
                    @javax.persistence.Id String id;
                    String name;
                    @javax.persistence.ManyToMany java.util.Collection<Team> teams = new java.util.ArrayList<>();
                    public String getName() { return name; }
                    public void setName(String n) { name = n; }
                    public java.util.Collection<Team> getTeams() { return teams; }
                    public void dropTeam(Team t) { this.getTeams().remove(t); }
                }
                """.formatted(marker);
    }

    private static final String REQUEST = """
            package league.api;
            @javax.ejb.Remote
            public interface Request {
                String name(String id);
                void change(String id, String team);
            }
            """;

    /**
     * A roster page at the edge that finds a player itself, so the player's reads cross the WAN to the
     * database (an entity read only next to it would not be reported whatever its writes).
     */
    private static final String PAGE = """
            package league.web;
            import javax.servlet.http.*;
            @javax.servlet.annotation.WebServlet("/player")
            public class PlayerServlet extends HttpServlet {
                @javax.persistence.PersistenceContext javax.persistence.EntityManager em;
                protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                    r.getWriter().print(em.find(league.model.Player.class, q.getParameter("id")).getName());
                }
            }
            """;

    /** A roster façade whose {@code name} reads a player and whose {@code change} runs {@code body}. */
    private static String requestBean(String body) {
        return """
                package league.ejb;
                import javax.persistence.*;
                import league.model.*;
                @javax.ejb.Stateless
                public class RequestBean implements league.api.Request {
                    @PersistenceContext EntityManager em;
                    public String name(String id) { return em.find(Player.class, id).getName(); }
                    public void change(String id, String team) {
                        Player p = em.find(Player.class, id);
                        Team t = new Team();
                        %s
                    }
                }
                """.formatted(body);
    }

    @Test
    void removingFromARelationshipCollectionThroughTheGetterIsAWrite() {
        harness.expectFindings(TEAM, player(""), REQUEST, PAGE, requestBean("p.getTeams().remove(t);"));
    }

    @Test
    void anEntityMethodThatChangesItsCollectionIsAWrite() {
        harness.expectFindings(TEAM, player(""), REQUEST, PAGE, requestBean("p.dropTeam(t);"));
    }

    @Test
    void aSetterOnAnEntityLoadedByFindIsAWrite() {
        harness.expectFindings(TEAM, player(""), REQUEST, PAGE, requestBean("p.setName(team);"));
    }

    @Test
    void readingTheCollectionWithoutChangingItIsNoWrite() {
        List<Finding> found = harness.expectFindings(TEAM, player("// expect: WAN005"), REQUEST, PAGE,
                requestBean("System.out.println(p.getTeams().size() + t.getName());"));
        assertThat(found).singleElement().satisfies(f -> assertThat(f.message()).contains("entity Player (JPA)")
                .contains("never written").doesNotContain("unknown"));
    }

    @Test
    void anUntypedPersistMakesTheWritesUnknownSoNothingSaysItIsReadMostly() {
        harness.expectFindings(TEAM, player(""), REQUEST, PAGE, requestBean("System.out.println(t.getName());"), """
                package league.ejb;
                public class GenericDao {
                    @javax.persistence.PersistenceContext javax.persistence.EntityManager em;
                    public void save(Object o) { em.persist(o); }
                }
                """);
    }

    @Test
    void aWriteNoEntryPointReachesMakesTheWritesUnknownSoNothingSaysItIsReadMostly() {
        harness.expectFindings(TEAM, player(""), REQUEST, PAGE, requestBean("System.out.println(t.getName());"), """
                package league.ejb;
                public class RosterImport {
                    @javax.persistence.PersistenceContext javax.persistence.EntityManager em;
                    public void onMessage(league.model.Player p) { em.persist(p); }
                }
                """);
    }

    @Test
    void aPlugInTheAnalysisCannotSeeMakesTheWritesUnknownSoNothingSaysItIsReadMostly() {
        harness.expectFindings(TEAM, player(""), REQUEST, PAGE, requestBean("System.out.println(t.getName());"), """
                package league.ejb;
                public class Plugins {
                    public league.api.Request load() throws Exception {
                        return (league.api.Request) Class.forName(System.getProperty("request.impl")).newInstance();
                    }
                }
                """);
    }

    @Test
    void aLibraryClassLoadedByNameLeavesTheEntityReadMostly() {
        List<Finding> found = harness.expectFindings(TEAM, player("// expect: WAN005"), REQUEST, PAGE,
                requestBean("System.out.println(t.getName());"), """
                package league.ejb;
                public class Drivers {
                    public java.sql.Driver load() throws Exception {
                        return (java.sql.Driver) Class.forName(System.getProperty("jdbc.driver")).newInstance();
                    }
                }
                """);
        assertThat(found).singleElement().satisfies(f -> assertThat(f.message()).contains("never written"));
    }

    @Test
    void writesInTestSourcesDoNotCount() {
        List<Finding> found = harness.expectFindings(TEAM, player("// expect: WAN005"), REQUEST, PAGE,
                requestBean("System.out.println(t.getName());"), """
                package league.test;
                public class RosterFixture {
                    @javax.persistence.PersistenceContext javax.persistence.EntityManager em;
                    public void load(league.model.Player p) { em.persist(p); }
                }
                """);
        assertThat(found).singleElement().satisfies(f -> assertThat(f.message()).contains("never written"));
    }

    // ---- cascades, locking reads, getter-named writers (issue 19.13 d–f)

    /** An order whose lines relate to details with {@code cascade}; a façade reads details and merges orders. */
    private static String order(String cascade) {
        return """
                package shop.model;
                import javax.persistence.*;
                @Entity
                public class Order {
                    @Id Long id;
                    @OneToMany%s java.util.List<OrderDetail> lines;
                    public java.util.List<OrderDetail> getLines() { return lines; }
                }
                """.formatted(cascade);
    }

    private static String detail(String marker) {
        return """
                package shop.model;
                @javax.persistence.Entity
                public class OrderDetail { %s
                    @javax.persistence.Id Long id;
                    int qty;
                    int nextLine;
                    public int getQty() { return qty; }
                    public int getNextLine() { return nextLine++; }
                }
                """.formatted(marker);
    }

    /** A page at the edge that finds a detail itself, so the details' reads cross the WAN. */
    private static final String DETAIL_PAGE = """
            package shop.web;
            import javax.servlet.http.*;
            @javax.servlet.annotation.WebServlet("/detail")
            public class DetailServlet extends HttpServlet {
                @javax.persistence.PersistenceContext javax.persistence.EntityManager em;
                protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                    r.getWriter().print(em.find(shop.model.OrderDetail.class, Long.valueOf(q.getParameter("id"))).getQty());
                }
            }
            """;

    private static final String SHOP = """
            package shop.api;
            @javax.ejb.Remote
            public interface Shop {
                int qty(Long id);
                void save(shop.model.Order o);
            }
            """;

    private static String shopBean(String save) {
        return """
                package shop.ejb;
                import javax.persistence.*;
                import shop.model.*;
                @javax.ejb.Stateless
                public class ShopBean implements shop.api.Shop {
                    @PersistenceContext EntityManager em;
                    public int qty(Long id) { return em.find(OrderDetail.class, id).getQty(); }
                    public void save(Order o) { %s }
                }
                """.formatted(save);
    }

    @Test
    void aMergeOfAnOrderWhoseLinesCascadeWritesTheDetails() {
        harness.expectFindings(order("(cascade = CascadeType.ALL)"), detail(""), DETAIL_PAGE, SHOP, shopBean("em.merge(o);"));
    }

    @Test
    void aPersistOfAnOrderWhoseLinesCascadeOnPersistWritesTheDetails() {
        harness.expectFindings(order("(cascade = {CascadeType.PERSIST})"), detail(""), DETAIL_PAGE, SHOP, shopBean("em.persist(o);"));
    }

    @Test
    void aMergeOfAnOrderWithoutCascadeLeavesTheDetailsReadMostly() {
        List<Finding> found = harness.expectFindings(order(""), detail("// expect: WAN005"), DETAIL_PAGE, SHOP, shopBean("em.merge(o);"));
        assertThat(found).singleElement().satisfies(f -> assertThat(f.message()).contains("entity OrderDetail (JPA)")
                .contains("never written"));
    }

    @Test
    void aFindThatLocksTheRowForUpdateIsAWrite() {
        harness.expectFindings(order(""), detail(""), DETAIL_PAGE, SHOP,
                shopBean("em.find(OrderDetail.class, o.id, LockModeType.PESSIMISTIC_WRITE);"));
    }

    @Test
    void aGetterNamedMethodThatCountsUpIsAWrite() {
        harness.expectFindings(order(""), detail(""), DETAIL_PAGE, SHOP,
                shopBean("em.find(OrderDetail.class, o.id).getNextLine();"));
    }
}
