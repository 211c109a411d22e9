package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.Multiplicity;
import io.wanlint.analyzer.api.TransactionType;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static io.wanlint.analyzer.callgraph.GraphFixture.edgesFrom;
import static io.wanlint.analyzer.callgraph.GraphFixture.ejb;
import static io.wanlint.analyzer.callgraph.GraphFixture.entry;
import static io.wanlint.analyzer.callgraph.GraphFixture.localViews;
import static io.wanlint.analyzer.callgraph.GraphFixture.ofKind;
import static io.wanlint.analyzer.callgraph.GraphFixture.ofOp;
import static io.wanlint.analyzer.callgraph.GraphFixture.reachable;
import static io.wanlint.analyzer.callgraph.GraphFixture.ref;
import static io.wanlint.analyzer.callgraph.GraphFixture.remoteViews;
import static io.wanlint.analyzer.callgraph.GraphFixture.servlet;
import static io.wanlint.analyzer.callgraph.GraphFixture.tag;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

class SourceCallGraphBuilderTest {

    static final String CATALOG_HOME = """
            package shop.ejb;
            public interface CatalogHome extends javax.ejb.EJBHome {
                Catalog create() throws javax.ejb.CreateException, java.rmi.RemoteException;
            }
            """;
    static final String CATALOG = """
            package shop.ejb;
            public interface Catalog extends javax.ejb.EJBObject {
                String getItem(String id) throws java.rmi.RemoteException;
                java.util.List search(String q) throws java.rmi.RemoteException;
                String report() throws java.rmi.RemoteException;
            }
            """;
    static final String CATALOG_BEAN = """
            package shop.ejb;
            import javax.ejb.*;
            public class CatalogBean implements SessionBean {
                public void ejbCreate() {}
                public String getItem(String id) { return id; }
                public java.util.List search(String q) { return null; }
                public String report() { return "r"; }
                public void setSessionContext(SessionContext c) {}
                public void ejbRemove() {}
                public void ejbActivate() {}
                public void ejbPassivate() {}
            }
            """;
    static final String CATALOG_SERVLET = """
            package shop.web;
            import java.io.IOException;
            import javax.naming.InitialContext;
            import javax.rmi.PortableRemoteObject;
            import javax.servlet.ServletException;
            import javax.servlet.http.*;
            import shop.ejb.*;
            public class CatalogServlet extends HttpServlet {
                protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws ServletException, IOException {
                    try {
                        InitialContext ctx = new InitialContext();
                        Object ref = ctx.lookup("java:comp/env/ejb/Catalog"); // LOOKUP
                        CatalogHome home = (CatalogHome) PortableRemoteObject.narrow(ref, CatalogHome.class);
                        Catalog catalog = home.create(); // CREATE
                        String item = catalog.getItem(req.getParameter("id")); // GET_ITEM
                        catalog.search(item); // SEARCH
                    } catch (Exception e) {
                        throw new ServletException(e);
                    }
                }
            }
            """;

    static GraphFixture catalogApp() {
        return new GraphFixture()
                .java("src/shop/ejb/CatalogHome.java", CATALOG_HOME)
                .java("src/shop/ejb/Catalog.java", CATALOG)
                .java("src/shop/ejb/CatalogBean.java", CATALOG_BEAN)
                .component(ejb("Catalog", ComponentKind.STATELESS_SESSION, "shop.ejb.CatalogBean",
                        remoteViews("shop.ejb.CatalogHome", "shop.ejb.Catalog"), TransactionType.CONTAINER, List.of()));
    }

    @Test
    void servletLookupNarrowCreateAndBusinessCallsBecomeRemoteEjbEdges() {
        GraphFixture app = catalogApp()
                .java("src/shop/web/CatalogServlet.java", CATALOG_SERVLET)
                .component(servlet("CatalogServlet", "shop.web.CatalogServlet", "/catalog", ref("ejb/Catalog", "Catalog")));
        String file = "src/shop/web/CatalogServlet.java";
        CallGraphOutcome out = app.build();
        List<CallEdge> edges = edgesFrom(out.graph(), "shop.web.CatalogServlet", "doGet");

        assertThat(edges).extracting(CallEdge::kind, CallEdge::op, CallEdge::line, CallEdge::targetComponent)
                .containsExactly(
                        tuple(EdgeKind.JNDI_LOOKUP, CallOp.LOOKUP, app.line(file, "// LOOKUP"), "Catalog"),
                        tuple(EdgeKind.REMOTE_EJB, CallOp.HOME_CREATE, app.line(file, "// CREATE"), "Catalog"),
                        tuple(EdgeKind.REMOTE_EJB, CallOp.BUSINESS_METHOD, app.line(file, "// GET_ITEM"), "Catalog"),
                        tuple(EdgeKind.REMOTE_EJB, CallOp.BUSINESS_METHOD, app.line(file, "// SEARCH"), "Catalog"));
        assertThat(edges).allSatisfy(e -> {
            assertThat(e.location().file()).isEqualTo(file);
            assertThat(e.multiplicity()).isEqualTo(Multiplicity.ONCE);
            assertThat(e.cachedOnce()).isFalse();
        });
        // The container runs the bean's code: ejbCreate for create(), the business method by name.
        assertThat(edges.get(1).to().shortId()).isEqualTo("shop.ejb.CatalogBean#ejbCreate");
        assertThat(edges.get(2).to().toString()).isEqualTo("shop.ejb.CatalogBean#getItem(java.lang.String)");
        assertThat(edges.get(0).to().className()).isEqualTo("javax.naming.InitialContext");
        assertThat(out.graph().node(edges.get(2).to())).get().extracting(n -> n.component()).isEqualTo("Catalog");

        EntryPoint doGet = entry(out.graph(), "/catalog");
        assertThat(doGet.kind()).isEqualTo(EntryPoint.Kind.SERVLET);
        assertThat(doGet.method().shortId()).isEqualTo("shop.web.CatalogServlet#doGet");
        // Outside clients can call every remote business method, including the two the servlet calls too.
        assertThat(out.graph().entryPoints()).filteredOn(e -> e.kind() == EntryPoint.Kind.REMOTE_FACADE)
                .extracting(EntryPoint::id)
                .containsExactlyInAnyOrder("shop.ejb.CatalogBean#getItem", "shop.ejb.CatalogBean#search", "shop.ejb.CatalogBean#report");
        assertThat(out.diagnostics()).isEmpty();
    }

    @Test
    void jpaOperationsNameTheEntityTheyReadOrWrite() {
        GraphFixture app = new GraphFixture()
                .java("src/shop/model/Product.java", """
                        package shop.model;
                        @javax.persistence.Entity
                        public class Product { long id; }
                        """)
                .java("src/shop/model/CustomerOrder.java", """
                        package shop.model;
                        @javax.persistence.Entity
                        public class CustomerOrder { long id; }
                        """)
                .java("src/shop/ejb/ShopBean.java", """
                        package shop.ejb;
                        import javax.persistence.*;
                        import shop.model.*;
                        public class ShopBean {
                            @PersistenceContext EntityManager em;
                            public void browse(long id) {
                                em.find(Product.class, id); // FIND
                                em.createQuery("SELECT p FROM Product p WHERE p.id > :id").setParameter("id", id).getResultList(); // CHAINED
                                Query named = em.createNamedQuery("Product.cheapest");
                                named.getResultList(); // NAMED
                                em.createQuery("select o from " + "CustomerOrder o").getResultList(); // CONCAT
                            }
                            public void order(CustomerOrder o) {
                                em.persist(o); // PERSIST
                                em.createQuery("DELETE FROM CustomerOrder o").executeUpdate(); // BULK
                                em.createQuery(System.getProperty("q")).getResultList(); // UNKNOWN
                            }
                        }
                        """)
                .component(Component.simple("Product", ComponentKind.JPA_ENTITY, "shop.model.Product", List.of(), List.of()))
                .component(Component.simple("CustomerOrder", ComponentKind.JPA_ENTITY, "shop.model.CustomerOrder", List.of(), List.of()));
        String file = "src/shop/ejb/ShopBean.java";
        CallGraph g = app.build().graph();

        assertThat(edgesFrom(g, "shop.ejb.ShopBean", "browse")).filteredOn(e -> e.kind() == EdgeKind.JPA)
                .extracting(CallEdge::op, CallEdge::line, CallEdge::targetComponent)
                .containsExactly(
                        tuple(CallOp.JPA_FIND, app.line(file, "// FIND"), "Product"),
                        tuple(CallOp.JPA_QUERY, app.line(file, "// CHAINED"), "Product"),
                        tuple(CallOp.JPA_QUERY, app.line(file, "// NAMED"), "Product"),
                        tuple(CallOp.JPA_QUERY, app.line(file, "// CONCAT"), "CustomerOrder"));
        assertThat(edgesFrom(g, "shop.ejb.ShopBean", "order")).filteredOn(e -> e.kind() == EdgeKind.JPA)
                .extracting(CallEdge::op, CallEdge::targetComponent)
                .containsExactly(tuple(CallOp.JPA_PERSIST, "CustomerOrder"), tuple(CallOp.JPA_BULK_UPDATE, "CustomerOrder"),
                        tuple(CallOp.JPA_QUERY, null));
    }

    @Test
    void homeCachedInInitIsNotReachedFromDoGetAndNullCheckedLookupIsCachedOnce() {
        String servletText = """
                package shop.web;
                import javax.naming.*;
                import javax.rmi.PortableRemoteObject;
                import javax.servlet.*;
                import javax.servlet.http.*;
                import shop.ejb.*;
                public class CachedServlet extends HttpServlet {
                    private CatalogHome home;
                    public void init(ServletConfig config) throws ServletException {
                        try {
                            Object o = new InitialContext().lookup("java:comp/env/ejb/Catalog"); // INIT_LOOKUP
                            home = (CatalogHome) PortableRemoteObject.narrow(o, CatalogHome.class);
                        } catch (NamingException e) { throw new ServletException(e); }
                    }
                    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws ServletException {
                        try {
                            home.create().getItem("x"); // CALL
                            HomeCache.catalogHome().create();
                        } catch (Exception e) { throw new ServletException(e); }
                    }
                }
                """;
        String cacheText = """
                package shop.web;
                import javax.naming.*;
                import javax.rmi.PortableRemoteObject;
                import shop.ejb.CatalogHome;
                public class HomeCache {
                    private static CatalogHome home;
                    static CatalogHome catalogHome() throws NamingException {
                        if (home == null) {
                            Context ctx = new InitialContext();
                            home = (CatalogHome) PortableRemoteObject.narrow(ctx.lookup("ejb/Catalog"), CatalogHome.class); // CACHED
                        }
                        return home;
                    }
                    static Object uncached(Context ctx) throws NamingException {
                        return ctx.lookup("ejb/Catalog"); // UNCACHED
                    }
                }
                """;
        GraphFixture app = catalogApp()
                .java("src/shop/web/CachedServlet.java", servletText)
                .java("src/shop/web/HomeCache.java", cacheText)
                .component(servlet("CachedServlet", "shop.web.CachedServlet", "/cached", ref("ejb/Catalog", "Catalog")));
        CallGraph g = app.build().graph();

        List<CallEdge> initLookups = ofKind(edgesFrom(g, "shop.web.CachedServlet", "init"), EdgeKind.JNDI_LOOKUP);
        assertThat(initLookups).singleElement().satisfies(e -> {
            assertThat(e.cachedOnce()).isTrue();
            assertThat(e.targetComponent()).isEqualTo("Catalog");
        });
        List<CallEdge> fromDoGet = reachable(g, entry(g, "/cached"));
        assertThat(fromDoGet).doesNotContain(initLookups.get(0));
        assertThat(ofOp(fromDoGet, CallOp.HOME_CREATE)).hasSize(2);
        assertThat(ofOp(fromDoGet, CallOp.BUSINESS_METHOD)).singleElement()
                .extracting(CallEdge::line).isEqualTo(app.line("src/shop/web/CachedServlet.java", "// CALL"));

        List<CallEdge> lookups = ofKind(fromDoGet, EdgeKind.JNDI_LOOKUP);
        assertThat(lookups).singleElement().satisfies(e -> {
            assertThat(e.cachedOnce()).isTrue();
            assertThat(e.line()).isEqualTo(app.line("src/shop/web/HomeCache.java", "// CACHED"));
            assertThat(e.targetComponent()).as("a helper uses the web components' references").isEqualTo("Catalog");
        });
        assertThat(ofKind(edgesFrom(g, "shop.web.HomeCache", "uncached"), EdgeKind.JNDI_LOOKUP))
                .singleElement().extracting(CallEdge::cachedOnce).isEqualTo(false);
    }

    @Test
    void localInterfaceCallsAreLocalEjbAndEntityAccessorsAreEntityOps() {
        String sources = """
                package shop.ejb;
                public interface ItemLocalHome extends javax.ejb.EJBLocalHome {
                    ItemLocal findByPrimaryKey(String id) throws javax.ejb.FinderException;
                }
                """;
        String local = """
                package shop.ejb;
                public interface ItemLocal extends javax.ejb.EJBLocalObject {
                    String getName();
                    void setName(String n);
                    boolean isActive();
                    void reprice(double factor);
                }
                """;
        String bean = """
                package shop.ejb;
                public abstract class ItemBean implements javax.ejb.EntityBean {
                    public abstract String getName();
                    public abstract void setName(String n);
                    public abstract boolean isActive();
                    public void reprice(double factor) {}
                    public String ejbCreate(String id) { return null; }
                }
                """;
        String facade = """
                package shop.ejb;
                import javax.naming.*;
                public class PricingBean implements javax.ejb.SessionBean {
                    public void reprice(String id) throws Exception {
                        ItemLocalHome home = (ItemLocalHome) new InitialContext().lookup("java:comp/env/ejb/Item");
                        ItemLocal item = home.findByPrimaryKey(id); // FIND
                        if (item.isActive()) { // IS
                            item.setName(item.getName().trim()); // SET_GET
                            item.reprice(1.1); // BUSINESS
                        }
                    }
                    public void setSessionContext(javax.ejb.SessionContext c) {}
                    public void ejbRemove() {}
                    public void ejbActivate() {}
                    public void ejbPassivate() {}
                }
                """;
        GraphFixture app = new GraphFixture()
                .java("ItemLocalHome.java", sources).java("ItemLocal.java", local).java("ItemBean.java", bean)
                .java("PricingBean.java", facade)
                .component(ejb("Item", ComponentKind.ENTITY_CMP, "shop.ejb.ItemBean",
                        localViews("shop.ejb.ItemLocalHome", "shop.ejb.ItemLocal"), TransactionType.CONTAINER, List.of()))
                .component(ejb("Pricing", ComponentKind.STATELESS_SESSION, "shop.ejb.PricingBean",
                        remoteViews("shop.ejb.PricingHome", "shop.ejb.Pricing"), TransactionType.CONTAINER, List.of(),
                        new io.wanlint.analyzer.api.EjbReference("ejb/Item", true, null, null, "Item", null, "Item")));
        CallGraph g = app.build().graph();
        List<CallEdge> edges = edgesFrom(g, "shop.ejb.PricingBean", "reprice");

        assertThat(ofKind(edges, EdgeKind.REMOTE_EJB)).isEmpty();
        assertThat(ofKind(edges, EdgeKind.LOCAL_EJB)).extracting(CallEdge::op, CallEdge::line).containsExactly(
                tuple(CallOp.HOME_FIND, app.line("PricingBean.java", "// FIND")),
                tuple(CallOp.ENTITY_GET, app.line("PricingBean.java", "// IS")),
                tuple(CallOp.ENTITY_GET, app.line("PricingBean.java", "// SET_GET")), // the argument runs first
                tuple(CallOp.ENTITY_SET, app.line("PricingBean.java", "// SET_GET")),
                tuple(CallOp.BUSINESS_METHOD, app.line("PricingBean.java", "// BUSINESS")));
        // CMP has no code for finders and accessors: the edge points at the interface method.
        assertThat(ofOp(edges, CallOp.HOME_FIND).get(0).to().shortId()).isEqualTo("shop.ejb.ItemLocalHome#findByPrimaryKey");
        assertThat(ofOp(edges, CallOp.ENTITY_SET).get(0).to().shortId()).isEqualTo("shop.ejb.ItemLocal#setName");
        assertThat(ofOp(edges, CallOp.BUSINESS_METHOD).get(0).to().shortId()).isEqualTo("shop.ejb.ItemBean#reprice");
        assertThat(ofKind(edges, EdgeKind.JNDI_LOOKUP)).singleElement().extracting(CallEdge::targetComponent).isEqualTo("Item");
    }

    /**
     * A BMP account and a CMP product whose business methods change state under names that are no
     * setters (or only read), and a teller session bean calling them through their local views.
     */
    static final Map<String, String> BANK = Map.of(
            "bank/AccountLocalHome.java", """
                    package bank;
                    public interface AccountLocalHome extends javax.ejb.EJBLocalHome {
                        AccountLocal findByPrimaryKey(String id) throws javax.ejb.FinderException;
                    }
                    """,
            "bank/AccountLocal.java", """
                    package bank;
                    public interface AccountLocal extends javax.ejb.EJBLocalObject {
                        double getBalance();
                        void debit(double amount);
                        void deposit(double amount);
                        void depositAll(java.util.List<Double> amounts);
                        String describe();
                        void touch();
                    }
                    """,
            "bank/AccountBean.java", """
                    package bank;
                    import javax.ejb.*;
                    public class AccountBean implements EntityBean {
                        private static int touched;
                        private EntityContext context;
                        private String id;
                        private double balance;
                        public double getBalance() { return balance; }
                        public void debit(double amount) {
                            if (amount > balance) throw new EJBException("insufficient funds in " + id);
                            balance = balance - amount;
                        }
                        public void deposit(double amount) { add(amount); }
                        private void add(double amount) { this.balance += amount; }
                        public void depositAll(java.util.List<Double> amounts) { amounts.forEach(a -> balance += a); }
                        public String describe() {
                            String balance = "account ";
                            balance = balance + id;
                            return balance;
                        }
                        public void touch() { touched++; }
                        public String ejbFindByPrimaryKey(String key) { return key; }
                        public void setEntityContext(EntityContext c) { context = c; }
                        public void unsetEntityContext() { context = null; }
                        public void ejbRemove() {}
                        public void ejbActivate() {}
                        public void ejbPassivate() {}
                        public void ejbLoad() { id = (String) context.getPrimaryKey(); }
                        public void ejbStore() {}
                    }
                    """,
            "bank/ProductLocalHome.java", """
                    package bank;
                    public interface ProductLocalHome extends javax.ejb.EJBLocalHome {
                        ProductLocal findByPrimaryKey(String id) throws javax.ejb.FinderException;
                    }
                    """,
            "bank/ProductLocal.java", """
                    package bank;
                    public interface ProductLocal extends javax.ejb.EJBLocalObject {
                        double getPrice();
                        void reprice(double factor);
                        String label();
                    }
                    """,
            "bank/ProductBean.java", """
                    package bank;
                    import javax.ejb.*;
                    public abstract class ProductBean implements EntityBean {
                        public abstract double getPrice();
                        public abstract void setPrice(double price);
                        public void reprice(double factor) { setPrice(getPrice() * factor); }
                        public String label() { return "price " + getPrice(); }
                        public String ejbCreate(String id) { return null; }
                        public void ejbPostCreate(String id) {}
                        public void setEntityContext(EntityContext c) {}
                        public void unsetEntityContext() {}
                        public void ejbRemove() {}
                        public void ejbActivate() {}
                        public void ejbPassivate() {}
                        public void ejbLoad() {}
                        public void ejbStore() {}
                    }
                    """,
            "bank/TellerBean.java", """
                    package bank;
                    import javax.ejb.*;
                    public class TellerBean implements SessionBean {
                        public double serve(AccountLocal account, ProductLocal product) {
                            double before = account.getBalance();
                            account.debit(product.getPrice());
                            account.deposit(1.0);
                            account.depositAll(java.util.List.of(2.0));
                            account.describe();
                            account.touch();
                            product.reprice(1.1);
                            product.label();
                            return before;
                        }
                        public void setSessionContext(SessionContext c) {}
                        public void ejbRemove() {}
                        public void ejbActivate() {}
                        public void ejbPassivate() {}
                    }
                    """);

    static List<Component> bankComponents() {
        return List.of(
                ejb("Account", ComponentKind.ENTITY_BMP, "bank.AccountBean", localViews("bank.AccountLocalHome", "bank.AccountLocal"),
                        TransactionType.CONTAINER, List.of()),
                ejb("Product", ComponentKind.ENTITY_CMP, "bank.ProductBean", localViews("bank.ProductLocalHome", "bank.ProductLocal"),
                        TransactionType.CONTAINER, List.of()),
                ejb("Teller", ComponentKind.STATELESS_SESSION, "bank.TellerBean", remoteViews("bank.TellerHome", "bank.Teller"),
                        TransactionType.CONTAINER, List.of()));
    }

    /** What the teller's calls into the bank's entities do, by called method, as both front ends must classify them. */
    static final List<org.assertj.core.groups.Tuple> BANK_OPS = List.of(
            tuple("getBalance", CallOp.ENTITY_GET),
            tuple("getPrice", CallOp.ENTITY_GET),
            tuple("debit", CallOp.ENTITY_UPDATE),      // assigns the balance field
            tuple("deposit", CallOp.ENTITY_UPDATE),    // through a private helper on this
            tuple("depositAll", CallOp.ENTITY_UPDATE), // in a lambda
            tuple("describe", CallOp.BUSINESS_METHOD), // assigns a local that shadows the field
            tuple("touch", CallOp.BUSINESS_METHOD),    // a static counter is no state of the entity
            tuple("reprice", CallOp.ENTITY_UPDATE),    // calls the CMP bean's own abstract setter
            tuple("label", CallOp.BUSINESS_METHOD));   // only reads

    @Test
    void entityBusinessMethodsThatChangeTheBeansStateAreUpdates() {
        GraphFixture app = new GraphFixture();
        BANK.forEach((path, text) -> app.java(path, text));
        bankComponents().forEach(app::component);
        CallGraph g = app.build().graph();

        assertThat(ofKind(edgesFrom(g, "bank.TellerBean", "serve"), EdgeKind.LOCAL_EJB))
                .extracting(e -> e.to().name(), CallEdge::op)
                .containsExactlyInAnyOrderElementsOf(BANK_OPS);
        // The update still runs the bean's own method.
        assertThat(ofOp(edgesFrom(g, "bank.TellerBean", "serve"), CallOp.ENTITY_UPDATE)).extracting(e -> e.to().shortId())
                .containsExactlyInAnyOrder("bank.AccountBean#debit", "bank.AccountBean#deposit", "bank.AccountBean#depositAll",
                        "bank.ProductBean#reprice");
    }

    @Test
    void changingARelationshipCollectionThroughAnEntitysGetterIsAnUpdateOfThatEntity() {
        GraphFixture app = new GraphFixture();
        app.java("shop/OrderLocal.java", """
                package shop;
                public interface OrderLocal extends javax.ejb.EJBLocalObject {
                    java.util.Collection getLineItems();
                }
                """);
        app.java("shop/OrderBean.java", """
                package shop;
                public abstract class OrderBean implements javax.ejb.EntityBean {
                    public abstract java.util.Collection getLineItems();
                }
                """);
        app.java("shop/Player.java", """
                package shop;
                @javax.persistence.Entity
                public class Player {
                    @javax.persistence.Id String id;
                    java.util.Collection<String> teams = new java.util.ArrayList<>();
                    public java.util.Collection<String> getTeams() {
                        if (teams == null) teams = new java.util.ArrayList<>();
                        return teams;
                    }
                    public void dropTeam(String t) { this.getTeams().remove(t); }
                    public void join(String t) { teams.add(t); }
                    public int count() { return teams.size(); }
                }
                """);
        app.java("shop/RosterBean.java", """
                package shop;
                public class RosterBean implements javax.ejb.SessionBean {
                    public int change(OrderLocal order, Player p, Object item) {
                        order.getLineItems().add(item);
                        p.getTeams().remove("x");
                        p.dropTeam("y");
                        p.join("z");
                        return order.getLineItems().size() + p.getTeams().size() + p.count();
                    }
                    public void setSessionContext(javax.ejb.SessionContext c) {}
                    public void ejbRemove() {}
                    public void ejbActivate() {}
                    public void ejbPassivate() {}
                }
                """);
        app.component(ejb("Order", ComponentKind.ENTITY_CMP, "shop.OrderBean", localViews("shop.OrderLocalHome", "shop.OrderLocal"),
                TransactionType.CONTAINER, List.of()));
        app.component(Component.simple("Player", ComponentKind.JPA_ENTITY, "shop.Player", List.of(), List.of()));
        CallGraph g = app.build().graph();

        List<CallEdge> updates = ofOp(edgesFrom(g, "shop.RosterBean", "change"), CallOp.ENTITY_UPDATE);
        // The CMR collection's add, the JPA collection's remove, and the two entity methods that change it;
        // reading the collections (size(), count(), the lazily initialising getter) is no update.
        assertThat(updates).extracting(e -> e.to().name(), CallEdge::targetComponent, CallEdge::line).containsExactlyInAnyOrder(
                tuple("getLineItems", "Order", 4), tuple("getTeams", "Player", 5), tuple("dropTeam", "Player", 6),
                tuple("join", "Player", 7));
        assertThat(updates.stream().filter(e -> e.targetComponent().equals("Order"))).singleElement()
                .satisfies(e -> assertThat(e.kind()).isEqualTo(EdgeKind.LOCAL_EJB));
    }

    @Test
    void loopsGivePerIterationMultiplicityAndNestedLoopsDepthTwo() {
        String dao = """
                package shop.dao;
                import java.sql.*;
                import java.util.List;
                public class OrderDao {
                    private javax.sql.DataSource ds;
                    public void load(List<String> ids) throws SQLException {
                        Connection con = ds.getConnection(); // CONNECT
                        PreparedStatement ps = con.prepareStatement("select * from lines where id = ?");
                        for (int i = 0; i < ids.size(); i++) {
                            ps.setString(1, ids.get(i));
                            ResultSet rs = ps.executeQuery(); // FOR_EXEC
                            while (rs.next()) { // WHILE_NEXT
                                con.prepareStatement("select 1").executeUpdate(); // NESTED
                            }
                        }
                        ids.forEach(id -> { try { ps.execute(); } catch (SQLException e) { } }); // LAMBDA
                        con.commit();
                    }
                }
                """;
        GraphFixture app = new GraphFixture().java("OrderDao.java", dao);
        List<CallEdge> edges = edgesFrom(app.build().graph(), "shop.dao.OrderDao", "load");

        assertThat(edges).extracting(CallEdge::op, CallEdge::line, CallEdge::loopDepth).containsExactly(
                tuple(CallOp.JDBC_CONNECTION_POOL, app.line("OrderDao.java", "// CONNECT"), 0),
                tuple(CallOp.JDBC_PREPARE, app.line("OrderDao.java", "// CONNECT") + 1, 0),
                tuple(CallOp.JDBC_EXECUTE, app.line("OrderDao.java", "// FOR_EXEC"), 1),
                tuple(CallOp.JDBC_RESULT_NEXT, app.line("OrderDao.java", "// WHILE_NEXT"), 2),
                tuple(CallOp.JDBC_PREPARE, app.line("OrderDao.java", "// NESTED"), 2), // evaluation order
                tuple(CallOp.JDBC_EXECUTE, app.line("OrderDao.java", "// NESTED"), 2),
                tuple(CallOp.JDBC_EXECUTE, app.line("OrderDao.java", "// LAMBDA"), 1),
                tuple(CallOp.JDBC_COMMIT, app.line("OrderDao.java", "// LAMBDA") + 1, 0));
        assertThat(edges.get(2).multiplicity()).isEqualTo(Multiplicity.PER_ITERATION);
        assertThat(edges.get(2).to().className()).isEqualTo("java.sql.PreparedStatement");
    }

    @Test
    void abstractCommandDispatchesToEveryInstantiatedSubclass() {
        String command = """
                package shop.cmd;
                public abstract class Command {
                    public abstract void execute(String arg);
                    public void log() {}
                }
                """;
        String a = """
                package shop.cmd;
                public class AddCommand extends Command {
                    public void execute(String arg) {}
                }
                """;
        String b = """
                package shop.cmd;
                public class RemoveCommand extends Command {
                    public void execute(String arg) { log(); }
                }
                """;
        String runner = """
                package shop.cmd;
                public class Runner {
                    void run(Command c) {
                        c.execute("x");
                        new AddCommand().execute("y");
                    }
                    Command remove() { return new RemoveCommand(); }
                }
                """;
        CallGraph g = new GraphFixture().java("Command.java", command).java("AddCommand.java", a)
                .java("RemoveCommand.java", b).java("Runner.java", runner).build().graph();
        List<CallEdge> edges = edgesFrom(g, "shop.cmd.Runner", "run");
        assertThat(edges).allMatch(e -> e.kind() == EdgeKind.LOCAL);
        assertThat(edges).extracting(e -> e.to().shortId()).containsExactly(
                "shop.cmd.AddCommand#execute", "shop.cmd.RemoveCommand#execute", // c.execute: both created, both targets
                "shop.cmd.AddCommand#<init>", "shop.cmd.AddCommand#execute");     // exact type: one
        assertThat(edgesFrom(g, "shop.cmd.RemoveCommand", "execute")).extracting(e -> e.to().shortId())
                .containsExactly("shop.cmd.Command#log");
    }

    @Test
    void jndiNamesBuiltFromConstantsResolve() {
        String names = """
                package shop.web;
                public interface Names {
                    String EJB = "java:comp/env/ejb/";
                    String CATALOG = EJB + "Catalog";
                }
                """;
        String client = """
                package shop.web;
                import javax.naming.*;
                public class Client {
                    private static final String PREFIX = "java:comp/env/ejb/";
                    Object a(Context ctx) throws NamingException { return ctx.lookup(PREFIX + "Catalog"); }
                    Object b(Context ctx) throws NamingException { return ctx.lookup(Names.CATALOG); }
                    Object c(Context ctx) throws NamingException { return ctx.lookup("CatalogHome"); }
                    Object d(Context ctx, String name) throws NamingException { return ctx.lookup(name); }
                }
                """;
        CallGraph g = catalogApp().java("Names.java", names).java("Client.java", client)
                .component(servlet("S", "shop.web.S", "/s", ref("ejb/Catalog", "Catalog")))
                .build().graph();
        for (String m : List.of("a", "b", "c")) {
            assertThat(edgesFrom(g, "shop.web.Client", m)).as(m).singleElement()
                    .extracting(CallEdge::kind, CallEdge::targetComponent).containsExactly(EdgeKind.JNDI_LOOKUP, "Catalog");
        }
        assertThat(edgesFrom(g, "shop.web.Client", "d")).singleElement()
                .extracting(CallEdge::targetComponent).isNull();
    }

    @Test
    void jspScriptletJdbcAndSqlTagsAndCustomTagsAreEdgesOfTheJspService() {
        String page = """
                package org.apache.jsp;
                import java.sql.*;
                public final class list_jsp {
                    public void _jspService(javax.servlet.http.HttpServletRequest request,
                                            javax.servlet.http.HttpServletResponse response) throws Exception {
                        Connection con = DriverManager.getConnection("jdbc:db://main/shop"); // CONNECT
                        ResultSet rs = con.createStatement().executeQuery("select * from item"); // QUERY
                        while (rs.next()) { }
                        shop.web.CartView cart = new shop.web.CartView();
                        cart.getTotal(); // BEAN
                    }
                }
                """;
        String cartView = """
                package shop.web;
                public class CartView { public double getTotal() { return 0; } }
                """;
        String cartTag = """
                package shop.web;
                public class CartTag extends javax.servlet.jsp.tagext.TagSupport {
                    public int doStartTag() { return SKIP_BODY; }
                }
                """;
        List<io.wanlint.analyzer.ingest.JspTag> tags = List.of(
                tag("sql", "setDataSource", "http://java.sun.com/jsp/jstl/sql", Map.of("driver", "org.h2.Driver", "url", "jdbc:h2:x"), 20),
                tag("sql", "query", "http://java.sun.com/jsp/jstl/sql", Map.of("var", "items"), 21),
                tag("shop", "cart", "/shop-tags", Map.of(), 22),
                tag("jsp", "useBean", null, Map.of("id", "cart"), 23));
        GraphFixture app = new GraphFixture().java("CartView.java", cartView).java("CartTag.java", cartTag)
                .jsp("/list.jsp", "org.apache.jsp.list_jsp", page, tags)
                .component(io.wanlint.analyzer.api.Component.simple("/list.jsp", ComponentKind.JSP, "/list.jsp",
                        List.of("/list"), List.of()))
                .tagHandlers((uri, name) -> uri.equals("/shop-tags") && name.equals("cart")
                        ? Optional.of("shop.web.CartTag") : Optional.empty());
        CallGraph g = app.build().graph();
        List<CallEdge> edges = edgesFrom(g, "jsp:/list.jsp", "_jspService");

        assertThat(edges).extracting(CallEdge::kind, CallEdge::op, CallEdge::line, e -> e.to().shortId()).containsExactly(
                tuple(EdgeKind.JDBC, CallOp.JDBC_CONNECTION_DRIVER_MANAGER, app.line("web/list.jsp", "// CONNECT"), "java.sql.DriverManager#getConnection"),
                tuple(EdgeKind.JDBC, CallOp.JDBC_EXECUTE, app.line("web/list.jsp", "// QUERY"), "java.sql.Statement#executeQuery"),
                tuple(EdgeKind.JDBC, CallOp.JDBC_RESULT_NEXT, app.line("web/list.jsp", "// QUERY") + 1, "java.sql.ResultSet#next"),
                tuple(EdgeKind.LOCAL, CallOp.INVOKE, app.line("web/list.jsp", "// BEAN") - 1, "shop.web.CartView#<init>"),
                tuple(EdgeKind.LOCAL, CallOp.INVOKE, app.line("web/list.jsp", "// BEAN"), "shop.web.CartView#getTotal"),
                tuple(EdgeKind.JDBC, CallOp.JDBC_CONNECTION_DRIVER_MANAGER, 20, "javax.servlet.jsp.jstl.sql#setDataSource"),
                tuple(EdgeKind.JDBC, CallOp.JDBC_EXECUTE, 21, "javax.servlet.jsp.jstl.sql#query"),
                tuple(EdgeKind.LOCAL, CallOp.INVOKE, 22, "shop.web.CartTag#doStartTag"));
        EntryPoint ep = entry(g, "/list");
        assertThat(ep.kind()).isEqualTo(EntryPoint.Kind.JSP);
        assertThat(ep.method().className()).isEqualTo("jsp:/list.jsp");
        assertThat(g.node(ep.method())).get().extracting(n -> n.component()).isEqualTo("/list.jsp");
    }

    @Test
    void unresolvableImportsDegradeToOneDiagnosticAndBestEffortEdges() {
        String legacy = """
                package shop.legacy;
                import com.vendor.db.VendorStatement;
                import com.vendor.db.Pool;
                public class Report {
                    void run() throws Exception {
                        VendorStatement st = Pool.statement();
                        st.executeQuery("select 1"); // BY_NAME
                        st.close();
                        Pool.statement().frobnicate(1);
                        helper(st);
                    }
                    void helper(Object o) {}
                    void frobnicate(int x) {}
                }
                """;
        GraphFixture app = new GraphFixture().java("Report.java", legacy);
        CallGraphOutcome out = app.build();
        List<CallEdge> edges = edgesFrom(out.graph(), "shop.legacy.Report", "run");
        assertThat(edges).extracting(CallEdge::kind, CallEdge::op, e -> e.to().shortId()).containsExactly(
                tuple(EdgeKind.JDBC, CallOp.JDBC_EXECUTE, "java.sql.Statement#executeQuery"),
                tuple(EdgeKind.LOCAL, CallOp.INVOKE, "shop.legacy.Report#frobnicate"),
                tuple(EdgeKind.LOCAL, CallOp.INVOKE, "shop.legacy.Report#helper"));
        assertThat(out.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.location().file()).isEqualTo("Report.java");
            assertThat(d.location().line()).isEqualTo(app.line("Report.java", "// BY_NAME"));
            assertThat(d.message()).contains("st.executeQuery");
        });
    }

    @Test
    void injectedBusinessInterfacesDispatchToTheBeanAsTheContainerWould() {
        String remote = """
                package shop.ejb;
                @javax.ejb.Remote
                public interface CatalogRemote { String find(String id); }
                """;
        String service = """
                package shop.ejb;
                @javax.ejb.Stateless
                public class CatalogService implements CatalogRemote {
                    public String find(String id) { return id; }
                }
                """;
        String prices = """
                package shop.ejb;
                @javax.ejb.Stateless
                public class PriceBean {
                    public double price(String id) { return 1; }
                }
                """;
        String servlet = """
                package shop.web;
                import javax.ejb.EJB;
                import javax.servlet.http.*;
                import shop.ejb.*;
                public class ShopServlet extends HttpServlet {
                    @EJB private CatalogRemote catalog;
                    @EJB private PriceBean prices;
                    protected void doGet(HttpServletRequest req, HttpServletResponse resp) {
                        String item = catalog.find("x");
                        prices.price(item);
                    }
                }
                """;
        CallGraph g = new GraphFixture().java("CatalogRemote.java", remote).java("CatalogService.java", service)
                .java("PriceBean.java", prices).java("ShopServlet.java", servlet)
                .component(servlet("ShopServlet", "shop.web.ShopServlet", "/shop"))
                .component(ejb("Catalog", ComponentKind.STATELESS_SESSION, "shop.ejb.CatalogService",
                        new io.wanlint.analyzer.api.EjbInterfaces(null, null, null, null, List.of("shop.ejb.CatalogRemote"),
                                List.of(), false), TransactionType.CONTAINER, List.of()))
                .component(ejb("PriceBean", ComponentKind.STATELESS_SESSION, "shop.ejb.PriceBean",
                        new io.wanlint.analyzer.api.EjbInterfaces(null, null, null, null, List.of(), List.of(), true),
                        TransactionType.CONTAINER, List.of()))
                .build().graph();
        assertThat(edgesFrom(g, "shop.web.ShopServlet", "doGet"))
                .extracting(CallEdge::kind, CallEdge::op, e -> e.to().shortId(), CallEdge::targetComponent)
                .containsExactly(
                        tuple(EdgeKind.REMOTE_EJB, CallOp.BUSINESS_METHOD, "shop.ejb.CatalogService#find", "Catalog"),
                        tuple(EdgeKind.LOCAL_EJB, CallOp.BUSINESS_METHOD, "shop.ejb.PriceBean#price", "PriceBean"));
    }

    @Test
    void remoteStubsAreSoapForWebServicePortsAndRmiOtherwise() {
        String quote = """
                package shop.ws;
                public interface StockQuote extends java.rmi.Remote {
                    double quote(String symbol) throws java.rmi.RemoteException;
                }
                """;
        String ledger = """
                package shop.rmi;
                public interface Ledger extends java.rmi.Remote {
                    void post(String entry) throws java.rmi.RemoteException;
                }
                """;
        String client = """
                package shop.web;
                import javax.xml.rpc.ServiceFactory;
                public class QuoteClient {
                    double price(shop.ws.StockQuote port) throws Exception { return port.quote("ACME"); }
                }
                """;
        String rmiClient = """
                package shop.batch;
                import java.rmi.Naming;
                import shop.rmi.Ledger;
                public class Poster {
                    void post() throws Exception {
                        Ledger ledger = (Ledger) Naming.lookup("rmi://ledger/Ledger");
                        ledger.post("x");
                    }
                }
                """;
        CallGraph g = new GraphFixture().java("StockQuote.java", quote).java("Ledger.java", ledger)
                .java("QuoteClient.java", client).java("Poster.java", rmiClient).build().graph();
        assertThat(edgesFrom(g, "shop.web.QuoteClient", "price")).extracting(CallEdge::kind, CallEdge::op)
                .containsExactly(tuple(EdgeKind.HTTP_EXTERNAL, CallOp.SOAP_CALL));
        assertThat(edgesFrom(g, "shop.batch.Poster", "post")).extracting(CallEdge::kind, CallEdge::op, e -> e.to().shortId())
                .containsExactly(tuple(EdgeKind.RMI, CallOp.RMI_CALL, "java.rmi.Naming#lookup"),
                        tuple(EdgeKind.RMI, CallOp.RMI_CALL, "shop.rmi.Ledger#post"));
    }

    @Test
    void methodReferencesInStreamsAndSuperConstructorsAreCalls() {
        String base = """
                package shop.cmd;
                public class Base {
                    protected Base(String name) {}
                }
                """;
        String pricing = """
                package shop.cmd;
                import java.util.List;
                public class Pricing extends Base {
                    public Pricing() { super("pricing"); }
                    void all(List<String> ids) { ids.forEach(this::price); }
                    void price(String id) {}
                    static class Nested { void run() { new Pricing().all(null); } }
                }
                """;
        CallGraph g = new GraphFixture().java("Base.java", base).java("Pricing.java", pricing).build().graph();
        assertThat(edgesFrom(g, "shop.cmd.Pricing", "all")).extracting(e -> e.to().shortId(), CallEdge::loopDepth)
                .containsExactly(tuple("shop.cmd.Pricing#price", 1));
        assertThat(edgesFrom(g, "shop.cmd.Pricing", "<init>")).extracting(e -> e.to().toString())
                .containsExactly("shop.cmd.Base#<init>(java.lang.String)");
        assertThat(edgesFrom(g, "shop.cmd.Pricing$Nested", "run")).extracting(e -> e.to().shortId())
                .containsExactly("shop.cmd.Pricing#<init>", "shop.cmd.Pricing#all");
    }

    @Test
    void serviceLocatorCacheMapMakesItsLookupCachedOnce() {
        String locator = """
                package shop.web;
                import java.util.*;
                import javax.naming.*;
                public final class ServiceLocator {
                    private static final ServiceLocator INSTANCE = new ServiceLocator();
                    private final Map<String, Object> cache = Collections.synchronizedMap(new HashMap<>());
                    private InitialContext ic;
                    public static ServiceLocator getInstance() { return INSTANCE; }
                    public Object getRemoteHome(String jndiName) throws NamingException {
                        Object home = cache.get(jndiName);
                        if (home == null) {
                            home = ic.lookup(jndiName); // LOCATOR_LOOKUP
                            cache.put(jndiName, home);
                        }
                        return home;
                    }
                }
                """;
        GraphFixture app = new GraphFixture().java("ServiceLocator.java", locator);
        List<CallEdge> lookups = ofKind(edgesFrom(app.build().graph(), "shop.web.ServiceLocator", "getRemoteHome"),
                EdgeKind.JNDI_LOOKUP);
        assertThat(lookups).singleElement().satisfies(e -> {
            assertThat(e.cachedOnce()).isTrue();
            assertThat(e.line()).isEqualTo(app.line("ServiceLocator.java", "// LOCATOR_LOOKUP"));
        });
    }
}
