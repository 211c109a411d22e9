package io.wanlint.rules.wan;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.rules.testing.RuleTestHarness;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The clustering rules WAN011–WAN015 over real source through the whole pipeline: a line ending in
 * {@code // expect: WANxxx} carries exactly that finding, every other line none. Each rule has its
 * hazard and its safe counterpart.
 */
class ClusterRuleMarkersTest {
    private final RuleTestHarness harness = RuleTestHarness.withPipeline(List.of(new StatefulStateNotRolledBack(),
            new SessionAttributeMutatedInPlace(), new NodeLocalSharedState(), new TimerOnEveryNode(), new RequestSpansTransactions()));

    private static final String CART_LOCAL = """
            package shop.cart;
            @javax.ejb.Local
            public interface Cart {
                void add(long item, double price);
                void addAll(java.util.List<Long> more);
                double total();
            }
            """;

    @Test
    void wan011AStatefulBeanChangingItsFieldsInRequiredMethodsThatCanRollBackWithNothingRestoringThem() {
        // add runs in its caller's transaction (CheckoutBean.buy), addAll's helper flushes; the counter's
        // transaction holds nothing but the increment and is not reported
        var findings = harness.expectFindings(CART_LOCAL, """
                package shop.cart;
                @javax.ejb.Stateful
                public class CartBean implements Cart {
                    private final java.util.List<Long> items = new java.util.ArrayList<>();
                    private double total;
                    private transient int calls;
                    @javax.persistence.PersistenceContext javax.persistence.EntityManager em;
                    public void add(long item, double price) {
                        items.add(item); // expect: WAN011
                        total += price;
                        calls++;
                    }
                    public void addAll(java.util.List<Long> more) { append(more); }
                    private void append(java.util.List<Long> more) { items.addAll(more); em.flush(); }
                    public double total() { return total; }
                }
                """, """
                package shop.web;
                @javax.ejb.Stateless
                public class CheckoutBean {
                    @javax.ejb.EJB shop.cart.Cart cart;
                    public void buy(long item) { cart.add(item, 1.0); }
                }
                """, """
                package shop.cart;
                @javax.ejb.Local
                public interface Counter { int increment(); }
                """, """
                package shop.cart;
                @javax.ejb.Stateful
                public class CounterBean implements Counter {
                    private int count;
                    public int increment() { return ++count; }
                }
                """);
        assertThat(findings).singleElement().satisfies(f -> {
            assertThat(f.message()).startsWith("stateful session bean CartBean changes its fields items, total in transactional"
                    + " business methods add, addAll, and nothing restores them");
            assertThat(f.evidence()).extracting(s -> s.line()).containsExactly(9, 10, 14);
            assertThat(f.subject()).isEqualTo(new FindingSubject.BeanFields("shop.cart.CartBean"));
        });
    }

    @Test
    void wan011NotWhenAfterCompletionRestoresTheFieldsNorForNotSupportedMethodsNorBeanManagedBeans() {
        harness.expectFindings(CART_LOCAL, """
                package shop.cart;
                @javax.ejb.Stateful
                public class CartBean implements Cart, javax.ejb.SessionSynchronization {
                    private java.util.List<Long> items = new java.util.ArrayList<>();
                    private double total;
                    private transient java.util.List<Long> itemsAtBegin;
                    private transient double totalAtBegin;
                    public void add(long item, double price) { items.add(item); total += price; }
                    public void addAll(java.util.List<Long> more) { items.addAll(more); }
                    public double total() { return total; }
                    public void afterBegin() { itemsAtBegin = new java.util.ArrayList<>(items); totalAtBegin = total; }
                    public void beforeCompletion() { }
                    public void afterCompletion(boolean committed) {
                        if (!committed) restore();
                    }
                    private void restore() { items = itemsAtBegin; total = totalAtBegin; }
                }
                """, """
                package shop.cart;
                @javax.ejb.Local
                public interface Viewer { void look(long item); }
                """, """
                package shop.cart;
                @javax.ejb.Stateful
                @javax.ejb.TransactionAttribute(javax.ejb.TransactionAttributeType.NOT_SUPPORTED)
                public class ViewerBean implements Viewer {
                    private long last;
                    public void look(long item) { last = item; }
                }
                """, """
                package shop.cart;
                @javax.ejb.Local
                public interface Wizard { void next(); }
                """, """
                package shop.cart;
                @javax.ejb.Stateful
                @javax.ejb.TransactionManagement(javax.ejb.TransactionManagementType.BEAN)
                public class WizardBean implements Wizard {
                    private int step;
                    public void next() { step++; }
                }
                """);
    }

    @Test
    void wan011ReportsTheFieldsAfterCompletionLeavesAlone() {
        var findings = harness.expectFindings(CART_LOCAL, """
                package shop.cart;
                @javax.ejb.Stateful
                public class CartBean implements Cart {
                    private java.util.List<Long> items = new java.util.ArrayList<>();
                    private double total;
                    @javax.persistence.PersistenceContext javax.persistence.EntityManager em;
                    public void add(long item, double price) {
                        em.persist(new Object());
                        items.add(item);
                        total += price; // expect: WAN011
                    }
                    public void addAll(java.util.List<Long> more) { }
                    public double total() { return total; }
                    @javax.ejb.AfterCompletion
                    public void undo(boolean committed) { if (!committed) items = new java.util.ArrayList<>(); }
                }
                """);
        assertThat(findings).singleElement().satisfies(f -> assertThat(f.message())
                .contains("changes its field total in transactional business method add, and its afterCompletion does not restore it"));
    }

    private static final String BASKET = """
            package shop.web;
            public class Basket implements java.io.Serializable {
                private final java.util.List<Long> items = new java.util.ArrayList<>();
                private String owner;
                public void add(long item) { items.add(item); }
                public void initialize(Object request) { if (owner == null) owner = String.valueOf(request); }
                public int size() { return items.size(); }
                public String owner() { return owner; }
            }
            """;

    @Test
    void wan012ASessionValueChangedInPlaceWithoutSetAttributeAfterTheChange() {
        var findings = harness.expectFindings(BASKET, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/basket")
                public class BasketServlet extends HttpServlet {
                    protected void doPost(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        HttpSession session = q.getSession();
                        Basket basket = (Basket) session.getAttribute("basket");
                        if (basket == null) {
                            basket = new Basket();
                            session.setAttribute("basket", basket);
                        }
                        basket.add(Long.parseLong(q.getParameter("item"))); // expect: WAN012
                        r.getWriter().print(basket.size());
                    }
                }
                """, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/seen")
                public class SeenServlet extends HttpServlet {
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) {
                        java.util.List seen = (java.util.List) q.getSession().getAttribute("seen");
                        seen.add(q.getParameter("id")); // expect: WAN012
                    }
                }
                """);
        assertThat(findings).filteredOn(f -> f.location().className().endsWith("BasketServlet")).singleElement().satisfies(f -> {
            assertThat(f.message()).startsWith("BasketServlet.doPost reads the session attribute \"basket\" (Basket) and changes it"
                    + " in place (basket.add(…))").endsWith("Call session.setAttribute(\"basket\", basket) after the last change");
            assertThat(f.entryPoints()).containsExactly("/basket");
            assertThat(f.evidence()).extracting(s -> s.line()).contains(7, 12);
            assertThat(f.key()).endsWith("->session:basket");
        });
    }

    @Test
    void wan012NotWhenSetAgainAfterTheChangeNorForReadsNorForAValueTheVariableDoesNotProvablyHoldNorAnInitialisation() {
        harness.expectFindings(BASKET, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/basket")
                public class BasketServlet extends HttpServlet {
                    protected void doPost(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        HttpSession session = q.getSession();
                        Basket basket = (Basket) session.getAttribute("basket");
                        basket.add(Long.parseLong(q.getParameter("item")));
                        session.setAttribute("basket", basket);
                        Basket other = (Basket) session.getAttribute("other");
                        r.getWriter().print(other.size() + other.owner());
                        Basket maybe = (Basket) session.getAttribute("maybe");
                        if (maybe == null) maybe = new Basket();
                        maybe.add(1L);
                        Basket again = (Basket) session.getAttribute("again");
                        again.initialize(q);
                    }
                }
                """);
    }

    @Test
    void wan013OneFindingPerWritingMethodNamingEachStateWithItsWritersAndReaders() {
        var findings = harness.expectFindings("""
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/hits")
                public class HitsServlet extends HttpServlet {
                    private static long visits;
                    private static final java.util.concurrent.atomic.AtomicLong IDS = new java.util.concurrent.atomic.AtomicLong();
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        visits++; // expect: WAN013
                        long id = IDS.incrementAndGet();
                        getServletContext().setAttribute("last", q.getRemoteAddr());
                        r.getWriter().print(report() + id);
                    }
                    private static String report() { return "visits " + visits; }
                }
                """, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/last")
                public class LastServlet extends HttpServlet {
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        r.getWriter().print(getServletContext().getAttribute("last"));
                    }
                }
                """);
        assertThat(findings).singleElement().satisfies(f -> {
            assertThat(f.message()).startsWith("the static field HitsServlet.visits (long), the static field HitsServlet.IDS"
                    + " (AtomicLong) and the ServletContext attribute \"last\" are written while serving requests by"
                    + " HitsServlet.doGet and read by HitsServlet.report, LastServlet.doGet");
            assertThat(f.subject()).as("keyed by the first state, as it was alone")
                    .isEqualTo(new FindingSubject.SharedState("shop.web.HitsServlet", "visits"));
            assertThat(f.entryPoints()).containsExactly("/hits");
            assertThat(f.evidence()).extracting(e -> e.description())
                    .containsExactly("writes: visits++", "writes: IDS.incrementAndGet(…)", "writes: ServletContext.setAttribute(\"last\", …)",
                            "reads: visits", "reads: ServletContext.getAttribute(\"last\")");
        });
    }

    @Test
    void wan013StatesWrittenFirstByDifferentMethodsStayTwoFindings() {
        harness.expectFindings("""
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/hits")
                public class HitsServlet extends HttpServlet {
                    private static long visits;
                    private static long orders;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        visits++; // expect: WAN013
                        r.getWriter().print(visits);
                    }
                    protected void doPost(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        orders++; // expect: WAN013
                        r.getWriter().print(orders);
                    }
                }
                """);
    }

    @Test
    void wan013NotForARoundRobinIndexButForACounterItsRequestsShare() {
        harness.expectFindings("""
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/route")
                public class RouteServlet extends HttpServlet {
                    private static final java.util.concurrent.atomic.AtomicInteger NEXT = new java.util.concurrent.atomic.AtomicInteger();
                    private static int mirror;
                    private static int served;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        String client = "client" + (1 + NEXT.getAndIncrement() % 2);
                        mirror = (mirror + 1) % 3;
                        int slot = Math.floorMod(NEXT.incrementAndGet(), 4);
                        served++; // expect: WAN013
                        r.getWriter().print(client + mirror + slot + served);
                    }
                }
                """);
    }

    @Test
    void wan013NotForFieldsSetUpInABlockGuardedByAnotherFieldMadeOnce() {
        harness.expectFindings("""
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/config")
                public class ConfigServlet extends HttpServlet {
                    private static java.util.Properties config;
                    private static java.util.Map<String, String> defaults;
                    private static int loads;
                    private static synchronized java.util.Properties config() {
                        if (config == null) {
                            defaults = new java.util.HashMap<>();
                            defaults.put("currency", "EUR");
                            config = new java.util.Properties();
                        }
                        loads++; // expect: WAN013
                        return config;
                    }
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        r.getWriter().print(config().getProperty("currency", defaults.get("currency")) + loads);
                    }
                }
                """);
    }

    @Test
    void wan013NotForAStaticHoldingTheCurrentRequestsOutputButForItsCounter() {
        harness.expectFindings("""
                package shop.web;
                import javax.servlet.ServletOutputStream;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/echo")
                public class EchoServlet extends HttpServlet {
                    private static ServletOutputStream out;
                    private static HttpServletRequest current;
                    private static long echoes;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        out = r.getOutputStream();
                        current = q;
                        echoes++; // expect: WAN013
                        print(current.getParameter("text") + echoes);
                    }
                    private static void print(String s) throws java.io.IOException { out.print(s); }
                }
                """);
    }

    @Test
    void wan013NotForAFlagRecordingThatAnOptionalClassIsMissingButForOneCountingFailures() {
        harness.expectFindings("""
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/vendor")
                public class VendorServlet extends HttpServlet {
                    private static boolean vendorModule = true;
                    private static int failures;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        if (vendorModule) {
                            try {
                                Class.forName("com.vendor.Module").getConstructor().newInstance();
                            } catch (ClassNotFoundException | NoSuchMethodException e) {
                                vendorModule = false;
                            } catch (ReflectiveOperationException e) {
                                failures++; // expect: WAN013
                            }
                        }
                        r.getWriter().print(vendorModule + " " + failures);
                    }
                }
                """);
    }

    @Test
    void wan013NotForATableFilledOnceAtClassLoadingNorALazySingletonNorStartupNorAJndiCache() {
        harness.expectFindings("""
                package shop.web;
                public final class Names {
                    private static final java.util.Map<String, String> NAMES = new java.util.HashMap<>();
                    static { NAMES.put("EUR", "euro"); }
                    private static Names instance;
                    private static final java.util.Map<String, Object> HOMES = new java.util.HashMap<>();
                    public static synchronized Names get() {
                        if (instance == null) instance = new Names();
                        return instance;
                    }
                    private static final java.util.Map<String, Object> MADE = new java.util.HashMap<>();
                    public String name(String code) { return NAMES.get(code); }
                    public static synchronized Object made(String kind) {
                        Object made = MADE.get(kind);
                        if (made == null) {
                            made = new StringBuilder(kind);
                            MADE.put(kind, made);
                        }
                        return made;
                    }
                    public Object home(String jndi) throws javax.naming.NamingException {
                        Object home = HOMES.get(jndi);
                        if (home == null) {
                            home = new javax.naming.InitialContext().lookup(jndi);
                            HOMES.put(jndi, home);
                        }
                        return home;
                    }
                }
                """, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/names")
                public class NamesServlet extends HttpServlet {
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws Exception {
                        r.getWriter().print(Names.get().name(q.getParameter("c")) + Names.get().home("java:comp/env/x") + Names.made("x"));
                    }
                }
                """, """
                package shop.web;
                @javax.servlet.annotation.WebListener
                public class Setup implements javax.servlet.ServletContextListener {
                    public void contextInitialized(javax.servlet.ServletContextEvent e) {
                        e.getServletContext().setAttribute("started", System.currentTimeMillis());
                    }
                    public void contextDestroyed(javax.servlet.ServletContextEvent e) { }
                }
                """);
    }

    @Test
    void wan013NotForASetFilledWhenEmptyNorObjectsMadeAfterReturningTheOneFoundButForRowsCachedTheSameWay() {
        harness.expectFindings("""
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/algorithms")
                public class AlgorithmsServlet extends HttpServlet {
                    private static final java.util.Set<String> ALGORITHMS = new java.util.HashSet<>();
                    private static final java.util.Map<String, Object> FORMATS = new java.util.HashMap<>();
                    private static final java.util.Map<Long, String> NAMES = new java.util.HashMap<>();
                    private static Object helper;
                    @javax.annotation.Resource javax.sql.DataSource ds;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws Exception {
                        r.getWriter().print(accepted(q.getParameter("a")) + " " + format(q.getParameter("f")) + helper() + name(1L));
                    }
                    static boolean accepted(String algorithm) {
                        if (ALGORITHMS.isEmpty()) {
                            for (String a : System.getProperty("algorithms", "SHA256").split(";")) ALGORITHMS.add(a);
                        }
                        return ALGORITHMS.contains(algorithm);
                    }
                    static synchronized Object format(String kind) {
                        Object found = FORMATS.get(kind);
                        if (found != null) return found;
                        Object made = new StringBuilder(kind);
                        FORMATS.put(kind, made);
                        return made;
                    }
                    static synchronized Object helper() {
                        if (helper != null) {
                            return helper;
                        }
                        helper = new Object();
                        return helper;
                    }
                    String name(long id) throws java.sql.SQLException {
                        String found = NAMES.get(id);
                        if (found != null) return found;
                        try (java.sql.Connection c = ds.getConnection();
                             java.sql.ResultSet rs = c.createStatement().executeQuery("select name from item where id = " + id)) {
                            rs.next();
                            NAMES.put(id, rs.getString(1)); // expect: WAN013
                        }
                        return NAMES.get(id);
                    }
                }
                """);
    }

    @Test
    void wan014NonPersistentScheduleAndATimerStartedAtStartupButNotAPersistentTimer() {
        var findings = harness.expectFindings("""
                package shop.jobs;
                @javax.ejb.Singleton
                public class Report {
                    @javax.ejb.Schedule(hour = "2", persistent = false) // expect: WAN014
                    public void send() { }
                    @javax.ejb.Schedule(hour = "3")
                    public void purge() { }
                }
                """, """
                package shop.web;
                @javax.servlet.annotation.WebListener
                public class Rates implements javax.servlet.ServletContextListener {
                    private java.util.Timer timer;
                    public void contextInitialized(javax.servlet.ServletContextEvent e) { start(); }
                    private void start() {
                        timer = new java.util.Timer(true); // expect: WAN014
                    }
                    public void contextDestroyed(javax.servlet.ServletContextEvent e) { timer.cancel(); }
                }
                """, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/once")
                public class OnceServlet extends HttpServlet {
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) {
                        new java.util.Timer().schedule(new java.util.TimerTask() { public void run() { } }, 1000);
                    }
                }
                """);
        assertThat(findings).anySatisfy(f -> {
            assertThat(f.message()).startsWith("Rates.start starts a timer (new Timer(…)) at start-up (called from Rates.contextInitialized)");
            assertThat(f.message()).contains("persistent EJB timer");
        });
    }

    private static final String ORDERS = """
            package shop.order;
            @javax.ejb.Local
            public interface Orders {
                long place(long item);
                long checkout(long item, double amount);
                long count();
                void upgradeIfOld(long id);
            }
            """;
    private static final String PAYMENTS = """
            package shop.order;
            @javax.ejb.Local
            public interface Payments { void charge(double amount); }
            """;
    private static final String ORDER_BEAN = """
            package shop.order;
            @javax.ejb.Stateless
            public class OrderBean implements Orders {
                @javax.persistence.PersistenceContext javax.persistence.EntityManager em;
                public long place(long item) { em.persist(new Object()); return 1; }
                public long checkout(long item, double amount) { em.persist(new Object()); em.persist(new Object()); return 1; }
                public long count() { return (Long) em.createQuery("select count(o) from O o").getSingleResult(); }
                public void upgradeIfOld(long id) { if (id < 0) em.merge(new Object()); }
            }
            """;
    private static final String PAYMENT_BEAN = """
            package shop.order;
            @javax.ejb.Stateless
            public class PaymentBean implements Payments {
                @javax.persistence.PersistenceContext javax.persistence.EntityManager em;
                public void charge(double amount) { em.persist(new Object()); }
            }
            """;

    @Test
    void wan015TwoRequiredCallsThatBothWriteCommitTwice() {
        var findings = harness.expectFindings(ORDERS, PAYMENTS, ORDER_BEAN, PAYMENT_BEAN, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/checkout")
                public class CheckoutServlet extends HttpServlet {
                    @javax.ejb.EJB shop.order.Orders orders;
                    @javax.ejb.EJB shop.order.Payments payments;
                    protected void doPost(HttpServletRequest q, HttpServletResponse r) {
                        orders.place(1L); // expect: WAN015
                        payments.charge(2.0);
                    }
                }
                """);
        assertThat(findings).singleElement().satisfies(f -> {
            assertThat(f.message()).startsWith("request /checkout commits 2 independent transactions with writes: OrderBean.place (Required");
            assertThat(f.subject()).isEqualTo(new FindingSubject.UseCase("/checkout"));
        });
    }

    @Test
    void wan015NotForOneFacadeCallNorAReadNextToAWriteNorCallsInExclusiveBranchesNorABeansConditionalWrite() {
        harness.expectFindings(ORDERS, PAYMENTS, ORDER_BEAN, PAYMENT_BEAN, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/buy")
                public class BuyServlet extends HttpServlet {
                    @javax.ejb.EJB shop.order.Orders orders;
                    @javax.ejb.EJB shop.order.Payments payments;
                    protected void doPost(HttpServletRequest q, HttpServletResponse r) {
                        orders.checkout(1L, 2.0);
                        orders.count();
                    }
                }
                """, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/either")
                public class EitherServlet extends HttpServlet {
                    @javax.ejb.EJB shop.order.Orders orders;
                    @javax.ejb.EJB shop.order.Payments payments;
                    protected void doPost(HttpServletRequest q, HttpServletResponse r) {
                        if (q.getParameter("pay") != null) payments.charge(1.0);
                        else orders.place(2L);
                        orders.count();
                    }
                }
                """, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/show")
                public class ShowServlet extends HttpServlet {
                    @javax.ejb.EJB shop.order.Orders orders;
                    @javax.ejb.EJB shop.order.Payments payments;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) {
                        orders.upgradeIfOld(1L);
                        payments.charge(2.0);
                    }
                }
                """);
    }

    private static final String TAG_ENTITY = """
            package shop.model;
            @javax.persistence.Entity
            public class Tag {
                @javax.persistence.Id private long id;
                private String label;
                public long getId() { return id; }
                public void setId(long id) { this.id = id; }
                public void setLabel(String label) { this.label = label; }
            }
            """;
    private static final String TAGS = """
            package shop.order;
            @javax.ejb.Local
            public interface Tags {
                java.util.List<?> tagged(long tagId);
                void rename(long tagId, String label);
            }
            """;
    private static final String TAG_BEAN = """
            package shop.order;
            @javax.ejb.Stateless
            public class TagBean implements Tags {
                @javax.persistence.PersistenceContext javax.persistence.EntityManager em;
                public java.util.List<?> tagged(long tagId) {
                    shop.model.Tag probe = new shop.model.Tag();
                    probe.setId(tagId);
                    return em.createQuery("select o from O o where o.tag = :t").setParameter("t", probe).getResultList();
                }
                public void rename(long tagId, String label) {
                    shop.model.Tag tag = em.find(shop.model.Tag.class, tagId);
                    tag.setLabel(label);
                }
            }
            """;

    @Test
    void wan015NotForASetterOnAnEntityTheTransactionMadeWithNewAndNeverPersisted() {
        // the probe is a query parameter: its setter writes nothing, so only charge's transaction writes
        harness.expectFindings(ORDERS, PAYMENTS, ORDER_BEAN, PAYMENT_BEAN, TAG_ENTITY, TAGS, TAG_BEAN, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/tagged")
                public class TaggedServlet extends HttpServlet {
                    @javax.ejb.EJB shop.order.Tags tags;
                    @javax.ejb.EJB shop.order.Payments payments;
                    protected void doPost(HttpServletRequest q, HttpServletResponse r) {
                        tags.tagged(1L);
                        payments.charge(2.0);
                    }
                }
                """);
    }

    @Test
    void wan015ASetterOnAnEntityTheTransactionLoadedIsAWrite() {
        var findings = harness.expectFindings(ORDERS, PAYMENTS, ORDER_BEAN, PAYMENT_BEAN, TAG_ENTITY, TAGS, TAG_BEAN, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/rename")
                public class RenameServlet extends HttpServlet {
                    @javax.ejb.EJB shop.order.Tags tags;
                    @javax.ejb.EJB shop.order.Payments payments;
                    protected void doPost(HttpServletRequest q, HttpServletResponse r) {
                        tags.rename(1L, "new"); // expect: WAN015
                        payments.charge(2.0);
                    }
                }
                """);
        assertThat(findings).singleElement().satisfies(f -> assertThat(f.message())
                .contains("TagBean.rename (Required, writes: ").contains("setLabel"));
    }

    @Test
    void wan015NotForAStatelessJaxRsResourceWhoseCalleesJoinItsOwnTransaction() {
        harness.expectFindings(ORDERS, PAYMENTS, ORDER_BEAN, PAYMENT_BEAN, """
                package shop.rest;
                @javax.ws.rs.Path("/orders")
                @javax.ejb.Stateless
                public class OrderResource {
                    @javax.ejb.EJB shop.order.Orders orders;
                    @javax.ejb.EJB shop.order.Payments payments;
                    @javax.ws.rs.POST
                    public void create() {
                        orders.place(1L);
                        payments.charge(2.0);
                    }
                }
                """);
    }

    @Test
    void wan014NotForATimerThatOnlyRefreshesItsNodesOwnCacheButForOneThatWritesTheDatabase() {
        harness.expectFindings("""
                package shop.jobs;
                @javax.ejb.Singleton
                public class Prices {
                    @javax.persistence.PersistenceContext javax.persistence.EntityManager em;
                    private final java.util.Map<Long, Double> prices = new java.util.HashMap<>();
                    @javax.ejb.Schedule(minute = "*/5", hour = "*", persistent = false)
                    public void reloadPrices() {
                        java.util.List<Object[]> rows = em.createQuery("select p.id, p.amount from Price p").getResultList();
                        for (Object[] row : rows) prices.put((Long) row[0], (Double) row[1]);
                    }
                    public Double price(long id) { return prices.get(id); }
                }
                """, """
                package shop.jobs;
                @javax.ejb.Singleton
                public class Statistics {
                    @javax.ejb.Schedule(minute = "*/10", hour = "*", persistent = false)
                    public void refreshCache() { }
                }
                """, """
                package shop.jobs;
                @javax.ejb.Singleton
                public class Archive {
                    @javax.persistence.PersistenceContext javax.persistence.EntityManager em;
                    @javax.ejb.Schedule(hour = "1", persistent = false) // expect: WAN014
                    public void reloadCache() {
                        em.persist(new Object());
                    }
                }
                """, """
                package shop.jobs;
                @javax.ejb.Singleton
                @javax.ejb.Startup
                public class Pruner {
                    @javax.annotation.Resource javax.ejb.TimerService timers;
                    @javax.persistence.PersistenceContext javax.persistence.EntityManager em;
                    private int pruned;
                    @javax.annotation.PostConstruct
                    void start() {
                        timers.createIntervalTimer(0, 60000, new javax.ejb.TimerConfig("prune", false)); // expect: WAN014
                    }
                    @javax.ejb.Timeout
                    void prune(javax.ejb.Timer t) {
                        pruned += em.createQuery("delete from Token t where t.expired = true").executeUpdate();
                    }
                }
                """);
    }

    @Test
    void wan014NotForATimerOfADeploymentWildFlyRunsOnOneNodeAtATimeButForTheSameTimerInAnotherDeployment() {
        String timer = """
                package shop.%s;
                @javax.ejb.Singleton
                @javax.ejb.Startup
                public class Mailer {
                    @javax.annotation.Resource javax.ejb.TimerService timers;
                    @javax.annotation.PostConstruct
                    void start() {
                        timers.createIntervalTimer(0, 60000, new javax.ejb.TimerConfig("mail", false));%s
                    }
                    @javax.ejb.Timeout
                    void send(javax.ejb.Timer t) { }
                }
                """;
        harness.expectFindings(java.util.Map.of(
                "ha/src/main/webapp/META-INF/singleton-deployment.xml",
                "<?xml version=\"1.0\"?>\n<singleton-deployment xmlns=\"urn:jboss:singleton-deployment:1.0\"/>\n",
                "ha/src/main/java/shop/ha/Mailer.java", timer.formatted("ha", ""),
                "plain/src/main/java/shop/plain/Mailer.java", timer.formatted("plain", " // expect: WAN014")));
    }

    @Test
    void wan014NotForAnExecutorCompletingItsNodesAsyncRequestsButForOneDoingOtherWork() {
        harness.expectFindings("""
                package shop.web;
                import java.util.concurrent.*;
                import javax.servlet.AsyncContext;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet(urlPatterns = "/wait", asyncSupported = true)
                public class WaitServlet extends HttpServlet {
                    private final BlockingQueue<AsyncContext> waiting = new ArrayBlockingQueue<>(100);
                    private ScheduledExecutorService executor;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) { waiting.add(q.startAsync()); }
                    public void init() {
                        executor = Executors.newScheduledThreadPool(1);
                        executor.scheduleAtFixedRate(() -> {
                            java.util.List<AsyncContext> ready = new java.util.ArrayList<>();
                            waiting.drainTo(ready);
                            ready.forEach(AsyncContext::complete);
                        }, 1, 1, TimeUnit.SECONDS);
                    }
                }
                """, """
                package shop.web;
                import java.util.concurrent.*;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/report")
                public class ReportServlet extends HttpServlet {
                    private ScheduledExecutorService executor;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) { }
                    public void init() {
                        executor = Executors.newScheduledThreadPool(1); // expect: WAN014
                        executor.scheduleAtFixedRate(() -> System.out.println("mail the report"), 1, 1, TimeUnit.HOURS);
                    }
                }
                """);
    }

    @Test
    void wan014NotForANonPersistentTimerMadeWhileServingARequestButForOneMadeAtStartup() {
        harness.expectFindings("""
                package shop.jobs;
                @javax.ejb.Singleton
                @javax.ejb.Startup
                public class Poller {
                    @javax.annotation.Resource javax.ejb.TimerService timers;
                    @javax.annotation.PostConstruct
                    void start() {
                        timers.createIntervalTimer(0, 1000, new javax.ejb.TimerConfig("poll", false)); // expect: WAN014
                    }
                    public void remindLater(String what) {
                        timers.createSingleActionTimer(60000, new javax.ejb.TimerConfig(what, false));
                    }
                    @javax.ejb.Timeout
                    void fire(javax.ejb.Timer t) { }
                }
                """);
    }

    @Test
    void wan013NotForLifecycleWritesNorAHelperMadeOnceWhenMissingFromTheContextNorATimersJob() {
        harness.expectFindings("""
                package shop.jobs;
                @javax.ejb.Singleton
                public class Ticker {
                    private double price;
                    @javax.ejb.Schedule(second = "*/1", minute = "*", hour = "*")
                    public void tick() { price = Math.random(); }
                    public double price() { return price; }
                }
                """, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/main")
                public class MainServlet extends HttpServlet {
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        Object helper = getServletContext().getAttribute("helper");
                        if (helper == null) {
                            helper = new Object();
                            getServletContext().setAttribute("helper", helper);
                        }
                        r.getWriter().print(helper);
                    }
                }
                """);
    }
}
