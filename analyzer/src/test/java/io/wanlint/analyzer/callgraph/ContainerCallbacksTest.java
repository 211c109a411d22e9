package io.wanlint.analyzer.callgraph;

import static io.wanlint.analyzer.callgraph.GraphFixture.edgesFrom;
import static io.wanlint.analyzer.callgraph.GraphFixture.ejb;
import static io.wanlint.analyzer.callgraph.GraphFixture.localViews;
import static io.wanlint.analyzer.callgraph.GraphFixture.ofOp;
import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EjbReference;
import io.wanlint.analyzer.api.TransactionType;
import java.util.List;
import org.junit.jupiter.api.Test;

class ContainerCallbacksTest {

    private static final String HOME = """
            package bank;
            public interface AccountLocalHome extends javax.ejb.EJBLocalHome {
                AccountLocal create(String id) throws javax.ejb.CreateException;
                AccountLocal findByPrimaryKey(String id) throws javax.ejb.FinderException;
            }
            """;
    private static final String LOCAL = """
            package bank;
            public interface AccountLocal extends javax.ejb.EJBLocalObject {
                double getBalance();
                void debit(double amount);
            }
            """;
    /** The callbacks live in an abstract base class, as in many BMP code bases. */
    private static final String BASE = """
            package bank;
            public abstract class JdbcEntity implements javax.ejb.EntityBean {
                protected javax.sql.DataSource ds;
                public void ejbLoad() {
                    try { ds.getConnection().prepareStatement("SELECT 1").executeQuery(); } catch (Exception e) {}
                }
                public void ejbStore() {
                    try { ds.getConnection().prepareStatement("UPDATE x").executeUpdate(); } catch (Exception e) {}
                }
            }
            """;
    private static final String BEAN = """
            package bank;
            public class AccountBean extends JdbcEntity {
                private double balance;
                public double getBalance() { return balance; }
                public void debit(double amount) { balance -= amount; }
                public String ejbCreate(String id) {
                    try { ds.getConnection().prepareStatement("INSERT").executeUpdate(); } catch (Exception e) {}
                    return id;
                }
                public void ejbPostCreate(String id) {}
                public String ejbFindByPrimaryKey(String id) { return id; }
            }
            """;
    private static final String TELLER = """
            package bank;
            import javax.naming.*;
            public class TellerBean implements javax.ejb.SessionBean {
                private AccountLocalHome home;
                public void withdraw(String id, double amount) throws Exception {
                    AccountLocal a = home.findByPrimaryKey(id);
                    if (a.getBalance() >= amount) a.debit(amount);
                    a.getBalance();
                }
                public void open(String id) throws Exception { home.create(id); }
                public void setSessionContext(javax.ejb.SessionContext c) {}
                public void ejbRemove() {}
                public void ejbActivate() {}
                public void ejbPassivate() {}
            }
            """;

    private static CallGraph graph(ComponentKind accountKind) {
        return new GraphFixture()
                .java("AccountLocalHome.java", HOME).java("AccountLocal.java", LOCAL).java("JdbcEntity.java", BASE)
                .java("AccountBean.java", BEAN).java("TellerBean.java", TELLER)
                .component(ejb("Account", accountKind, "bank.AccountBean",
                        localViews("bank.AccountLocalHome", "bank.AccountLocal"), TransactionType.CONTAINER, List.of()))
                .component(ejb("Teller", ComponentKind.STATELESS_SESSION, "bank.TellerBean",
                        GraphFixture.remoteViews("bank.TellerHome", "bank.Teller"), TransactionType.CONTAINER, List.of(),
                        new EjbReference("ejb/Account", true, null, null, "Account", null, "Account")))
                .build().graph();
    }

    @Test
    void eachBusinessMethodOfABmpBeanCallsItsInheritedEjbLoadAndEjbStoreOnce() {
        CallGraph g = graph(ComponentKind.ENTITY_BMP);

        for (String method : List.of("getBalance", "debit")) {
            List<CallEdge> callbacks = ofOp(edgesFrom(g, "bank.AccountBean", method), CallOp.CONTAINER_CALLBACK);
            assertThat(callbacks).as(method).extracting(e -> e.to().shortId())
                    .containsExactlyInAnyOrder("bank.JdbcEntity#ejbLoad", "bank.JdbcEntity#ejbStore");
            assertThat(callbacks).allSatisfy(e -> {
                assertThat(e.kind()).isEqualTo(EdgeKind.LOCAL);
                assertThat(e.targetComponent()).isEqualTo("Account");
                assertThat(e.cachedOnce()).isFalse();
                assertThat(e.loopDepth()).isZero();
            });
        }
    }

    @Test
    void aCreatedInstanceIsStoredAtCommitButNotLoaded() {
        CallGraph g = graph(ComponentKind.ENTITY_BMP);

        List<CallEdge> fromCreate = edgesFrom(g, "bank.AccountBean", "ejbCreate");
        assertThat(ofOp(fromCreate, CallOp.CONTAINER_CALLBACK)).extracting(e -> e.to().shortId())
                .containsExactly("bank.JdbcEntity#ejbStore");
        // An entity's ejbCreate inserts a row per create(): unlike a session bean's it is not run once per instance.
        assertThat(ofOp(fromCreate, CallOp.JDBC_EXECUTE)).singleElement().extracting(CallEdge::cachedOnce).isEqualTo(false);
    }

    /** The same bean with a dirty flag: debit sets it through a helper, ejbCreate and the getter do not. */
    private static final String GUARDED_BASE = BASE.replace("""
                public void ejbStore() {
            """, """
                protected boolean dirty;
                public void ejbStore() {
                    if (!dirty) {
                        return;
                    }
            """);
    private static final String GUARDED_BEAN = BEAN.replace("public void debit(double amount) { balance -= amount; }",
            "public void debit(double amount) { balance -= amount; changed(); }\n    private void changed() { this.dirty = true; }");

    @Test
    void aStoreGuardedByADirtyFlagIsCalledOnlyAfterMethodsThatSetIt() {
        CallGraph g = new GraphFixture()
                .java("AccountLocalHome.java", HOME).java("AccountLocal.java", LOCAL).java("JdbcEntity.java", GUARDED_BASE)
                .java("AccountBean.java", GUARDED_BEAN).java("TellerBean.java", TELLER)
                .component(ejb("Account", ComponentKind.ENTITY_BMP, "bank.AccountBean",
                        localViews("bank.AccountLocalHome", "bank.AccountLocal"), TransactionType.CONTAINER, List.of()))
                .component(ejb("Teller", ComponentKind.STATELESS_SESSION, "bank.TellerBean",
                        GraphFixture.remoteViews("bank.TellerHome", "bank.Teller"), TransactionType.CONTAINER, List.of(),
                        new EjbReference("ejb/Account", true, null, null, "Account", null, "Account")))
                .build().graph();

        assertThat(ofOp(edgesFrom(g, "bank.AccountBean", "debit"), CallOp.CONTAINER_CALLBACK)).extracting(e -> e.to().shortId())
                .containsExactlyInAnyOrder("bank.JdbcEntity#ejbLoad", "bank.JdbcEntity#ejbStore");
        assertThat(ofOp(edgesFrom(g, "bank.AccountBean", "getBalance"), CallOp.CONTAINER_CALLBACK)).extracting(e -> e.to().shortId())
                .containsExactly("bank.JdbcEntity#ejbLoad");
        assertThat(ofOp(edgesFrom(g, "bank.AccountBean", "ejbCreate"), CallOp.CONTAINER_CALLBACK)).isEmpty();
    }

    /** A store guarded by a load flag (set by ejbLoad, not by any mutator): not a dirty check, it writes after every method. */
    private static final String LOAD_GUARDED_BASE = BASE.replace("""
                public void ejbLoad() {
            """, """
                private boolean loaded;
                public void ejbLoad() {
                    loaded = true;
            """).replace("""
                public void ejbStore() {
            """, """
                public void ejbStore() {
                    if (!loaded) return;
            """);

    @Test
    void aStoreGuardedByALoadFlagIsCalledAfterEveryBusinessMethod() {
        CallGraph g = new GraphFixture()
                .java("AccountLocalHome.java", HOME).java("AccountLocal.java", LOCAL).java("JdbcEntity.java", LOAD_GUARDED_BASE)
                .java("AccountBean.java", BEAN).java("TellerBean.java", TELLER)
                .component(ejb("Account", ComponentKind.ENTITY_BMP, "bank.AccountBean",
                        localViews("bank.AccountLocalHome", "bank.AccountLocal"), TransactionType.CONTAINER, List.of()))
                .component(ejb("Teller", ComponentKind.STATELESS_SESSION, "bank.TellerBean",
                        GraphFixture.remoteViews("bank.TellerHome", "bank.Teller"), TransactionType.CONTAINER, List.of(),
                        new EjbReference("ejb/Account", true, null, null, "Account", null, "Account")))
                .build().graph();

        assertThat(ofOp(edgesFrom(g, "bank.AccountBean", "getBalance"), CallOp.CONTAINER_CALLBACK)).extracting(e -> e.to().shortId())
                .containsExactlyInAnyOrder("bank.JdbcEntity#ejbLoad", "bank.JdbcEntity#ejbStore");
    }

    @Test
    void findersAndCmpBeansGetNoCallbacks() {
        assertThat(ofOp(edgesFrom(graph(ComponentKind.ENTITY_BMP), "bank.AccountBean", "ejbFindByPrimaryKey"),
                CallOp.CONTAINER_CALLBACK)).isEmpty();
        assertThat(graph(ComponentKind.ENTITY_CMP).edges()).noneMatch(e -> e.op() == CallOp.CONTAINER_CALLBACK);
    }
}
