package io.wanlint.rules.wan;

import static io.wanlint.analyzer.api.CallOp.BUSINESS_METHOD;
import static io.wanlint.analyzer.api.CallOp.HTTP_REQUEST;
import static io.wanlint.analyzer.api.ComponentKind.STATELESS_SESSION;
import static io.wanlint.rules.testing.TestApp.Opt.IN_USER_TX;
import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.EvidenceStep;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.TransactionAttribute;
import io.wanlint.rules.testing.Checks;
import io.wanlint.rules.testing.TestApp;
import org.junit.jupiter.api.Test;

class SyncExternalCallInTransactionTest {
    private final SyncExternalCallInTransaction rule = new SyncExternalCallInTransaction();

    /** ECperf's scheduleWorkOrder: a Required façade method whose helper posts to the supplier. */
    private static TestApp scheduleWorkOrder(TransactionAttribute senderAttribute) {
        TestApp app = new TestApp();
        var orders = app.session("WorkOrders", STATELESS_SESSION, "mfg.ejb", true);
        var sender = app.session("Supplier", STATELESS_SESSION, "mfg.ejb", false);
        MethodRef schedule = app.method(orders, "scheduleWorkOrder", 40);
        MethodRef send = app.method(sender, "sendPurchaseOrder", 70);
        MethodRef post = app.method(null, "mfg.ejb.SupplierClient", "post", 12);
        app.entry(EntryPoint.Kind.REMOTE_FACADE, "mfg.ejb.WorkOrdersBean#scheduleWorkOrder", schedule);
        app.transaction(schedule, TransactionAttribute.REQUIRED);
        app.transaction(send, senderAttribute);
        app.local(schedule, "Supplier", "sendPurchaseOrder", BUSINESS_METHOD, 44);
        app.call(send, post, 72);
        app.external(post, EdgeKind.HTTP_EXTERNAL, HTTP_REQUEST, 15);
        return app;
    }

    @Test
    void httpCallReachedInARequiredTransactionIsReportedOnTheTransactionalMethod() {
        assertThat(Checks.edge(rule, scheduleWorkOrder(TransactionAttribute.SUPPORTS).build())).singleElement().satisfies(f -> {
            assertThat(f.location()).isEqualTo(new FindingLocation("src/mfg/ejb/WorkOrdersBean.java", 40,
                    "mfg.ejb.WorkOrdersBean", "scheduleWorkOrder"));
            assertThat(f.entryPoints()).containsExactly("mfg.ejb.WorkOrdersBean#scheduleWorkOrder");
            assertThat(f.evidence()).extracting(EvidenceStep::line).containsExactly(40, 44, 72, 15);
            assertThat(f.evidence().get(3).kind()).isEqualTo(EdgeKind.HTTP_EXTERNAL);
            assertThat(f.message()).startsWith("WorkOrdersBean.scheduleWorkOrder holds a Required transaction open across 1 "
                    + "synchronous WAN call: outbound HTTP call HttpURLConnection.getResponseCode() at SupplierClient:15");
            // 2 round trips for HTTP; a JMS send to the broker on the same site costs none.
            assertThat(f.before()).isEqualTo(RoundTrips.of(2));
            assertThat(f.after()).isEqualTo(RoundTrips.ZERO);
            assertThat(f.key()).isEqualTo(MethodRef.of("mfg.ejb.WorkOrdersBean", "scheduleWorkOrder").toString());
        });
    }

    @Test
    void requiresNewOnTheCalleeMovesTheFindingToTheCallee() {
        assertThat(Checks.edge(rule, scheduleWorkOrder(TransactionAttribute.REQUIRES_NEW).build())).singleElement()
                .satisfies(f -> assertThat(f.location().method()).isEqualTo("sendPurchaseOrder"));
    }

    @Test
    void externalCallFromANotSupportedMethodIsNotReported() {
        assertThat(Checks.edge(rule, scheduleWorkOrder(TransactionAttribute.NOT_SUPPORTED).build())).isEmpty();
    }

    @Test
    void externalCallOutsideAnyTransactionIsNotReported() {
        TestApp app = new TestApp();
        var servlet = app.servlet("Quote", "shop.web.QuoteServlet");
        MethodRef doGet = app.method(servlet, "doGet", 10);
        app.entry(EntryPoint.Kind.SERVLET, "/quote", doGet);
        app.external(doGet, EdgeKind.HTTP_EXTERNAL, HTTP_REQUEST, 12);

        assertThat(Checks.edge(rule, app.build())).isEmpty();
    }

    @Test
    void userTransactionInAServletAroundARemoteEjbCallIsReportedAndTheJmsSendCrossesToTheBroker() {
        TestApp app = new TestApp();
        var servlet = app.servlet("Pay", "shop.web.PayServlet");
        app.session("Billing", STATELESS_SESSION, "shop.ejb", true);
        MethodRef doPost = app.method(servlet, "doPost", 10);
        app.entry(EntryPoint.Kind.SERVLET, "/pay", doPost);
        app.remote(doPost, "Billing", "charge", BUSINESS_METHOD, 13, IN_USER_TX);
        app.external(doPost, EdgeKind.MAIL, io.wanlint.analyzer.api.CallOp.MAIL_SEND, 14, IN_USER_TX);

        assertThat(Checks.edge(rule, app.build())).singleElement().satisfies(f -> {
            assertThat(f.location().method()).isEqualTo("doPost");
            assertThat(f.message()).contains("holds a UserTransaction transaction open across 2 synchronous WAN calls");
            // remote call 1 + mail 1 now; two JMS sends from the edge to the broker at main after.
            assertThat(f.before()).isEqualTo(RoundTrips.of(2));
            assertThat(f.after()).isEqualTo(RoundTrips.of(2));
        });
    }
}
