package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EjbReference;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.TransactionAttribute;
import io.wanlint.analyzer.api.TransactionContext;
import io.wanlint.analyzer.api.TransactionScopes;
import io.wanlint.analyzer.api.TransactionType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.wanlint.analyzer.callgraph.GraphFixture.edgesFrom;
import static io.wanlint.analyzer.callgraph.GraphFixture.ejb;
import static io.wanlint.analyzer.callgraph.GraphFixture.entry;
import static io.wanlint.analyzer.callgraph.GraphFixture.localViews;
import static io.wanlint.analyzer.callgraph.GraphFixture.ofKind;
import static io.wanlint.analyzer.callgraph.GraphFixture.ofOp;
import static io.wanlint.analyzer.callgraph.GraphFixture.remoteViews;
import static io.wanlint.analyzer.callgraph.GraphFixture.servlet;
import static io.wanlint.analyzer.callgraph.GraphFixture.tx;
import static org.assertj.core.api.Assertions.assertThat;

class ContainerTransactionScopesTest {

    static final String ORDER_HOME = """
            package shop.ejb;
            public interface OrderHome extends javax.ejb.EJBHome {
                Order create() throws javax.ejb.CreateException, java.rmi.RemoteException;
            }
            """;
    static final String ORDER = """
            package shop.ejb;
            public interface Order extends javax.ejb.EJBObject {
                void place(String id) throws java.rmi.RemoteException;
            }
            """;
    static final String ORDER_BEAN = """
            package shop.ejb;
            import javax.naming.*;
            public class OrderBean implements javax.ejb.SessionBean {
                private AuditLocal audit;
                public void setSessionContext(javax.ejb.SessionContext c) {
                    try {
                        AuditLocalHome h = (AuditLocalHome) new InitialContext().lookup("java:comp/env/ejb/Audit");
                        audit = h.create();
                    } catch (Exception e) { throw new javax.ejb.EJBException(e); }
                }
                public void place(String id) {
                    try {
                        new java.net.URL("http://supplier/po?id=" + id).openStream(); // SUPPLIER
                        audit.log(id);
                        audit.archive(id);
                    } catch (java.io.IOException e) { throw new javax.ejb.EJBException(e); }
                }
                public void ejbCreate() {}
                public void ejbRemove() {}
                public void ejbActivate() {}
                public void ejbPassivate() {}
            }
            """;
    static final String AUDIT_HOME = """
            package shop.ejb;
            public interface AuditLocalHome extends javax.ejb.EJBLocalHome {
                AuditLocal create() throws javax.ejb.CreateException;
            }
            """;
    static final String AUDIT = """
            package shop.ejb;
            public interface AuditLocal extends javax.ejb.EJBLocalObject {
                void log(String id);
                void archive(String id);
            }
            """;
    static final String AUDIT_BEAN = """
            package shop.ejb;
            public class AuditBean implements javax.ejb.SessionBean {
                public void log(String id) {
                    try { new java.net.Socket("logger", 514).close(); } catch (java.io.IOException e) { } // LOG_SOCKET
                }
                public void archive(String id) {
                    try { new java.net.URL("http://archive/" + id).openConnection(); } catch (java.io.IOException e) { } // ARCHIVE
                }
                public void ejbCreate() {}
                public void setSessionContext(javax.ejb.SessionContext c) {}
                public void ejbRemove() {}
                public void ejbActivate() {}
                public void ejbPassivate() {}
            }
            """;
    static final String ORDER_SERVLET = """
            package shop.web;
            import javax.naming.*;
            import javax.servlet.http.*;
            import shop.ejb.*;
            public class OrderServlet extends HttpServlet {
                protected void doPost(HttpServletRequest req, HttpServletResponse resp) {
                    try {
                        Object o = new InitialContext().lookup("java:comp/env/ejb/Order");
                        OrderHome home = (OrderHome) javax.rmi.PortableRemoteObject.narrow(o, OrderHome.class);
                        home.create().place(req.getParameter("id"));
                    } catch (Exception e) { throw new RuntimeException(e); }
                }
            }
            """;

    static GraphFixture orderApp() {
        return new GraphFixture()
                .java("OrderHome.java", ORDER_HOME).java("Order.java", ORDER).java("OrderBean.java", ORDER_BEAN)
                .java("AuditLocalHome.java", AUDIT_HOME).java("AuditLocal.java", AUDIT).java("AuditBean.java", AUDIT_BEAN)
                .java("OrderServlet.java", ORDER_SERVLET)
                .component(servlet("OrderServlet", "shop.web.OrderServlet", "/order", GraphFixture.ref("ejb/Order", "Order")))
                .component(ejb("Order", ComponentKind.STATELESS_SESSION, "shop.ejb.OrderBean",
                        remoteViews("shop.ejb.OrderHome", "shop.ejb.Order"), TransactionType.CONTAINER,
                        List.of(tx("*", TransactionAttribute.REQUIRED)),
                        new EjbReference("ejb/Audit", true, null, null, "Audit", null, "Audit")))
                .component(ejb("Audit", ComponentKind.STATELESS_SESSION, "shop.ejb.AuditBean",
                        localViews("shop.ejb.AuditLocalHome", "shop.ejb.AuditLocal"), TransactionType.CONTAINER,
                        List.of(tx("log", TransactionAttribute.NOT_SUPPORTED), tx("archive", TransactionAttribute.REQUIRES_NEW))));
    }

    private static MethodRef method(String cls, String name) {
        return new MethodRef(cls, name, List.of("java.lang.String"));
    }

    @Test
    void notSupportedMethodRunsWithoutTheTransactionItsRequiredCallerHas() {
        CallGraphOutcome out = orderApp().build();
        CallGraph g = out.graph();
        TransactionScopes scopes = out.transactions();
        EntryPoint post = entry(g, "/order");
        MethodRef place = method("shop.ejb.OrderBean", "place");

        CallEdge supplier = ofKind(edgesFrom(g, "shop.ejb.OrderBean", "place"), EdgeKind.HTTP_EXTERNAL).get(0);
        assertThat(scopes.contextsOf(post, supplier)).containsExactly(new TransactionContext(true, place, "Required"));
        assertThat(scopes.everInTransaction(supplier)).isTrue();

        CallEdge socket = ofKind(edgesFrom(g, "shop.ejb.AuditBean", "log"), EdgeKind.SOCKET).get(0);
        assertThat(scopes.contextsOf(post, socket)).containsExactly(TransactionContext.NONE);
        assertThat(scopes.everInTransaction(socket)).isFalse();
        assertThat(scopes.contextsOfMethod(post, method("shop.ejb.AuditBean", "log"))).containsExactly(TransactionContext.NONE);

        // The servlet itself runs outside any transaction; the call into the bean starts one.
        CallEdge placeCall = ofOp(edgesFrom(g, "shop.web.OrderServlet", "doPost"), CallOp.BUSINESS_METHOD).get(0);
        assertThat(scopes.contextsOf(post, placeCall)).containsExactly(TransactionContext.NONE);
    }

    @Test
    void sessionBeanEjbCreateRunsWithoutATransactionAlthoughTheBeanDefaultsToRequired() {
        String bean = """
                package shop.ejb;
                public class OrderBean implements javax.ejb.SessionBean {
                    public void ejbCreate() {
                        try { new java.net.URL("http://config/order").openStream(); } catch (java.io.IOException e) { } // INIT
                    }
                    public void place(String id) {
                        try { new java.net.URL("http://supplier/po?id=" + id).openStream(); } catch (java.io.IOException e) { }
                    }
                    public void setSessionContext(javax.ejb.SessionContext c) {}
                    public void ejbRemove() {}
                    public void ejbActivate() {}
                    public void ejbPassivate() {}
                }
                """;
        CallGraphOutcome out = new GraphFixture()
                .java("OrderHome.java", ORDER_HOME).java("Order.java", ORDER).java("OrderBean.java", bean)
                .java("OrderServlet.java", ORDER_SERVLET)
                .component(servlet("OrderServlet", "shop.web.OrderServlet", "/order", GraphFixture.ref("ejb/Order", "Order")))
                .component(ejb("Order", ComponentKind.STATELESS_SESSION, "shop.ejb.OrderBean",
                        remoteViews("shop.ejb.OrderHome", "shop.ejb.Order"), TransactionType.CONTAINER,
                        List.of(tx("*", TransactionAttribute.REQUIRED))))
                .build();
        CallGraph g = out.graph();
        EntryPoint post = entry(g, "/order");
        CallEdge create = ofOp(edgesFrom(g, "shop.web.OrderServlet", "doPost"), CallOp.HOME_CREATE).get(0);
        assertThat(create.to().name()).isEqualTo("ejbCreate");

        // The home's create() has no transaction attribute: ejbCreate runs in an unspecified context, not Required.
        CallEdge init = ofKind(edgesFrom(g, "shop.ejb.OrderBean", "ejbCreate"), EdgeKind.HTTP_EXTERNAL).get(0);
        assertThat(out.transactions().contextsOf(post, init)).containsExactly(TransactionContext.NONE);
        assertThat(out.transactions().everInTransaction(init)).isFalse();

        // Business methods still get the bean's Required.
        CallEdge supplier = ofKind(edgesFrom(g, "shop.ejb.OrderBean", "place"), EdgeKind.HTTP_EXTERNAL).get(0);
        assertThat(out.transactions().contextsOf(post, supplier))
                .containsExactly(new TransactionContext(true, method("shop.ejb.OrderBean", "place"), "Required"));
    }

    @Test
    void requiresNewStartsItsOwnTransaction() {
        CallGraphOutcome out = orderApp().build();
        CallGraph g = out.graph();
        CallEdge archive = ofKind(edgesFrom(g, "shop.ejb.AuditBean", "archive"), EdgeKind.HTTP_EXTERNAL).get(0);
        assertThat(out.transactions().contextsOf(entry(g, "/order"), archive))
                .containsExactly(new TransactionContext(true, method("shop.ejb.AuditBean", "archive"), "RequiresNew"));
    }

    @Test
    void userTransactionSpanInAServletIsActiveBetweenBeginAndCommit() {
        String servlet = """
                package shop.web;
                import javax.naming.*;
                import javax.servlet.http.*;
                import javax.transaction.UserTransaction;
                public class TransferServlet extends HttpServlet {
                    protected void doGet(HttpServletRequest req, HttpServletResponse resp) {
                        try {
                            new java.net.URL("http://rates/today").openStream(); // BEFORE
                            InitialContext ctx = new InitialContext();
                            UserTransaction ut = (UserTransaction) ctx.lookup("java:comp/UserTransaction");
                            ut.begin();
                            new java.net.URL("http://bank/transfer").openStream(); // INSIDE
                            ut.commit();
                            new java.net.URL("http://audit/done").openStream(); // AFTER
                        } catch (Exception e) { throw new RuntimeException(e); }
                    }
                }
                """;
        GraphFixture app = new GraphFixture().java("TransferServlet.java", servlet)
                .component(servlet("TransferServlet", "shop.web.TransferServlet", "/transfer"));
        CallGraphOutcome out = app.build();
        List<CallEdge> edges = edgesFrom(out.graph(), "shop.web.TransferServlet", "doGet");
        List<CallEdge> http = ofKind(edges, EdgeKind.HTTP_EXTERNAL);
        assertThat(http).extracting(CallEdge::inUserTransaction).containsExactly(false, true, false);
        assertThat(ofOp(edges, CallOp.TX_BEGIN)).hasSize(1);
        assertThat(ofOp(edges, CallOp.TX_COMMIT)).singleElement().extracting(CallEdge::inUserTransaction).isEqualTo(true);

        EntryPoint ep = entry(out.graph(), "/transfer");
        MethodRef doGet = ep.method();
        assertThat(out.transactions().contextsOf(ep, http.get(1)))
                .containsExactly(new TransactionContext(true, doGet, "UserTransaction"));
        assertThat(out.transactions().contextsOf(ep, http.get(0))).containsExactly(TransactionContext.NONE);
        assertThat(out.transactions().contextsOf(ep, http.get(2))).containsExactly(TransactionContext.NONE);
    }

    @Test
    void messageDrivenBeanOnMessageIsAnEntryPointRunningInARequiredTransaction() {
        String mdb = """
                package shop.ejb;
                import javax.jms.*;
                public class OrderListener implements javax.ejb.MessageDrivenBean, MessageListener {
                    public void onMessage(Message m) {
                        try { new java.net.URL("http://supplier/po").openStream(); } catch (java.io.IOException e) { }
                    }
                    public void ejbCreate() {}
                    public void ejbRemove() {}
                    public void setMessageDrivenContext(javax.ejb.MessageDrivenContext c) {}
                }
                """;
        CallGraphOutcome out = new GraphFixture().java("OrderListener.java", mdb)
                .component(ejb("OrderListener", ComponentKind.MESSAGE_DRIVEN, "shop.ejb.OrderListener",
                        io.wanlint.analyzer.api.EjbInterfaces.NONE, TransactionType.CONTAINER, List.of()))
                .build();
        EntryPoint ep = entry(out.graph(), "shop.ejb.OrderListener#onMessage");
        assertThat(ep.kind()).isEqualTo(EntryPoint.Kind.MESSAGE_DRIVEN);
        assertThat(ep.component()).isEqualTo("OrderListener");
        CallEdge http = ofKind(edgesFrom(out.graph(), "shop.ejb.OrderListener", "onMessage"), EdgeKind.HTTP_EXTERNAL).get(0);
        assertThat(out.transactions().contextsOf(ep, http))
                .containsExactly(new TransactionContext(true, ep.method(), "Required"));
    }

    @Test
    void beanManagedBeanRunsWithoutAContainerTransaction() {
        String bean = """
                package shop.ejb;
                public class OrderListener implements javax.jms.MessageListener {
                    public void onMessage(javax.jms.Message m) {
                        try { new java.net.URL("http://supplier/po").openStream(); } catch (java.io.IOException e) { }
                    }
                }
                """;
        CallGraphOutcome out = new GraphFixture().java("OrderListener.java", bean)
                .component(ejb("OrderListener", ComponentKind.MESSAGE_DRIVEN, "shop.ejb.OrderListener",
                        io.wanlint.analyzer.api.EjbInterfaces.NONE, TransactionType.BEAN, List.of()))
                .build();
        CallEdge http = ofKind(out.graph().edges(), EdgeKind.HTTP_EXTERNAL).get(0);
        assertThat(out.transactions().everInTransaction(http)).isFalse();
    }

    @Test
    void beanManagedSessionBeanDemarcatesWithTheUserTransactionOfItsContext() {
        String bean = """
                package shop.ejb;
                import javax.ejb.*;
                import javax.transaction.UserTransaction;
                public class TransferBean implements SessionBean {
                    private SessionContext ctx;
                    public void setSessionContext(SessionContext c) { ctx = c; }
                    public void transfer(String account) throws Exception {
                        UserTransaction ut = ctx.getUserTransaction();
                        ut.begin();
                        new java.net.Socket("bank", 9000).close();
                        ut.commit();
                    }
                    public void ejbRemove() {}
                    public void ejbActivate() {}
                    public void ejbPassivate() {}
                }
                """;
        CallGraphOutcome out = new GraphFixture().java("TransferBean.java", bean)
                .component(ejb("Transfer", ComponentKind.STATELESS_SESSION, "shop.ejb.TransferBean",
                        remoteViews("shop.ejb.TransferHome", "shop.ejb.Transfer"), TransactionType.BEAN, List.of()))
                .build();
        EntryPoint facade = entry(out.graph(), "shop.ejb.TransferBean#transfer");
        assertThat(facade.kind()).isEqualTo(EntryPoint.Kind.REMOTE_FACADE);
        CallEdge socket = ofKind(out.graph().edges(), EdgeKind.SOCKET).get(0);
        assertThat(socket.inUserTransaction()).isTrue();
        assertThat(out.transactions().contextsOf(facade, socket))
                .containsExactly(new TransactionContext(true, facade.method(), "UserTransaction"));
    }
}
