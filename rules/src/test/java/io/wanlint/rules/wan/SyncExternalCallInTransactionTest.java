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
import java.util.List;
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
        app.preparedUpdate(schedule, 42); // the work order row
        app.local(schedule, "Supplier", "sendPurchaseOrder", BUSINESS_METHOD, 44);
        app.preparedUpdate(send, 71); // the purchase order row
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
            assertThat(f.message()).contains("holds a UserTransaction transaction open across 2 synchronous WAN calls")
                    .contains("with locks held, and the external call not undone on rollback");
            // remote call 1 + mail 1 now; after, the remote call stays (the transaction's own work) and the
            // mail becomes a JMS send from the edge to the broker at main.
            assertThat(f.before()).isEqualTo(RoundTrips.of(2));
            assertThat(f.after()).isEqualTo(RoundTrips.of(2));
        });
    }
    /**
     * ejbca's shape: several façade methods, each starting its own Required transaction and writing,
     * all reach one notification helper that sends the mail; the second façade also posts over HTTP itself.
     */
    private static TestApp sharedNotifier(boolean secondFacade) {
        TestApp app = new TestApp();
        var users = app.session("Users", STATELESS_SESSION, "ra.ejb", true);
        var certs = app.session("Certs", STATELESS_SESSION, "ra.ejb", true);
        var notifier = app.session("Notifier", STATELESS_SESSION, "ra.ejb", false);
        MethodRef addUser = app.method(users, "addUser", 30);
        MethodRef revoke = app.method(certs, "revoke", 50);
        MethodRef notify = app.method(notifier, "notifyUser", 80);
        MethodRef send = app.method(null, "ra.util.Mails", "send", 20);
        app.entry(EntryPoint.Kind.REMOTE_FACADE, "ra.ejb.UsersBean#addUser", addUser);
        app.transaction(addUser, TransactionAttribute.REQUIRED);
        app.transaction(notify, TransactionAttribute.REQUIRED);
        app.preparedUpdate(addUser, 31);
        app.local(addUser, "Notifier", "notifyUser", BUSINESS_METHOD, 32);
        if (secondFacade) {
            app.entry(EntryPoint.Kind.REMOTE_FACADE, "ra.ejb.CertsBean#revoke", revoke);
            app.transaction(revoke, TransactionAttribute.REQUIRED);
            app.preparedUpdate(revoke, 51);
            app.local(revoke, "Notifier", "notifyUser", BUSINESS_METHOD, 52);
            app.external(revoke, EdgeKind.HTTP_EXTERNAL, HTTP_REQUEST, 53);
        }
        app.call(notify, send, 82);
        app.external(send, EdgeKind.MAIL, io.wanlint.analyzer.api.CallOp.MAIL_SEND, 24);
        return app;
    }

    @Test
    void aHelperSendingMailInsideTheTransactionsOfSeveralBoundariesIsOneFindingAtItsCallListingThemAll() {
        var findings = Checks.edge(rule, sharedNotifier(true).build());

        assertThat(findings).filteredOn(f -> f.location().className().equals("ra.util.Mails")).singleElement().satisfies(f -> {
            assertThat(f.location()).isEqualTo(new FindingLocation("src/ra/util/Mails.java", 24, "ra.util.Mails", "send"));
            assertThat(f.key()).isEqualTo(MethodRef.of("ra.util.Mails", "send").toString());
            assertThat(f.entryPoints()).containsExactly("ra.ejb.UsersBean#addUser", "ra.ejb.CertsBean#revoke");
            assertThat(f.message()).startsWith("Mails.send makes 1 synchronous WAN call: mail send Transport.send() at Mails:24, "
                    + "inside the transactions started by 2 methods (UsersBean.addUser, CertsBean.revoke); in the worst, the Required "
                    + "transaction of CertsBean.revoke, ")
                    .contains("In Mails.send (one fix for every transaction), send a JMS message");
            // the worst request's figures (revoke: mail 1 + HTTP 2), never the sum over both boundaries
            assertThat(f.before()).isEqualTo(RoundTrips.of(3));
            assertThat(f.evidence()).filteredOn(s -> s.kind() == null && s.description().startsWith("transaction boundary"))
                    .extracting(EvidenceStep::line).containsExactly(30, 50);
        });
        // revoke's own HTTP call has one boundary: it stays revoke's finding, without the shared mail
        assertThat(findings).filteredOn(f -> f.location().method().equals("revoke")).singleElement().satisfies(f -> {
            assertThat(f.location().line()).isEqualTo(50);
            assertThat(f.key()).isEqualTo(MethodRef.of("ra.ejb.CertsBean", "revoke").toString());
            assertThat(f.message()).contains("across 1 synchronous WAN call: outbound HTTP call").doesNotContain("mail send");
        });
        assertThat(findings).hasSize(2);
    }

    @Test
    void aHelperReachedByOneBoundaryStaysThatBoundarysFindingWithItsKey() {
        assertThat(Checks.edge(rule, sharedNotifier(false).build())).singleElement().satisfies(f -> {
            assertThat(f.location()).isEqualTo(new FindingLocation("src/ra/ejb/UsersBean.java", 30, "ra.ejb.UsersBean", "addUser"));
            assertThat(f.key()).isEqualTo(MethodRef.of("ra.ejb.UsersBean", "addUser").toString());
            assertThat(f.message()).startsWith("UsersBean.addUser holds a Required transaction open across 1 synchronous WAN call: "
                    + "mail send Transport.send() at Mails:24");
        });
    }
    /** A Required façade method that posts over HTTP, with {@code work} done in its transaction at line 21. */
    private static TestApp facadePosting(java.util.function.BiConsumer<TestApp, MethodRef> work) {
        TestApp app = new TestApp();
        var quotes = app.session("Quotes", STATELESS_SESSION, "shop.ejb", true);
        app.entity("Product", io.wanlint.analyzer.api.ComponentKind.ENTITY_CMP, "shop.ejb", false);
        MethodRef quote = app.method(quotes, "quote", 20);
        app.entry(EntryPoint.Kind.REMOTE_FACADE, "shop.ejb.QuotesBean#quote", quote);
        app.transaction(quote, TransactionAttribute.REQUIRED);
        work.accept(app, quote);
        return app;
    }

    @Test
    void aTransactionWhoseOnlyWorkIsTheCallIsNotReported() {
        TestApp onlyTheCall = facadePosting((app, quote) -> app.external(quote, EdgeKind.HTTP_EXTERNAL, HTTP_REQUEST, 22));
        // a plain query before the call locks nothing
        TestApp queryFirst = facadePosting((app, quote) -> {
            app.jdbc(quote, io.wanlint.analyzer.api.CallOp.JDBC_EXECUTE, 21);
            app.external(quote, EdgeKind.HTTP_EXTERNAL, HTTP_REQUEST, 22);
        });
        // an entity finder after the call held no lock while the call waited
        TestApp readAfter = facadePosting((app, quote) -> {
            app.external(quote, EdgeKind.HTTP_EXTERNAL, HTTP_REQUEST, 22);
            app.local(quote, "Product", "ejbFindByPrimaryKey", io.wanlint.analyzer.api.CallOp.HOME_FIND, 23);
        });

        assertThat(Checks.edge(rule, onlyTheCall.build())).isEmpty();
        assertThat(Checks.edge(rule, queryFirst.build())).isEmpty();
        assertThat(Checks.edge(rule, readAfter.build())).isEmpty();
    }

    @Test
    void aLockingReadBeforeTheCallOrAWriteAnywhereInTheTransactionIsReported() {
        TestApp finderFirst = facadePosting((app, quote) -> {
            app.local(quote, "Product", "ejbFindByPrimaryKey", io.wanlint.analyzer.api.CallOp.HOME_FIND, 21);
            app.external(quote, EdgeKind.HTTP_EXTERNAL, HTTP_REQUEST, 22);
        });
        TestApp writeAfter = facadePosting((app, quote) -> {
            app.external(quote, EdgeKind.HTTP_EXTERNAL, HTTP_REQUEST, 22);
            app.jpa(quote, io.wanlint.analyzer.api.CallOp.JPA_PERSIST, "Quote", 23);
        });
        TestApp sendAfter = facadePosting((app, quote) -> {
            app.external(quote, EdgeKind.HTTP_EXTERNAL, HTTP_REQUEST, 22);
            app.jmsSend(quote, 23);
        });

        for (TestApp app : List.of(finderFirst, writeAfter, sendAfter)) {
            assertThat(Checks.edge(rule, app.build())).singleElement().satisfies(f -> {
                assertThat(f.location().method()).isEqualTo("quote");
                assertThat(f.message()).contains("with locks held, and not undone on rollback")
                        .contains("let a message-driven bean make the call after commit");
            });
        }
    }

    /** Pet Store's mailer: a Required message-driven bean that sends mail, and here first records the order's state. */
    private static TestApp mailerBean(boolean writes) {
        TestApp app = new TestApp();
        var mailer = app.session("Mailer", io.wanlint.analyzer.api.ComponentKind.MESSAGE_DRIVEN, "mail.ejb", false);
        MethodRef onMessage = app.method(mailer, "onMessage", 70);
        app.entry(EntryPoint.Kind.MESSAGE_DRIVEN, "mail.ejb.MailerBean#onMessage", onMessage);
        app.transaction(onMessage, TransactionAttribute.REQUIRED);
        if (writes) app.preparedUpdate(onMessage, 72);
        app.external(onMessage, EdgeKind.MAIL, io.wanlint.analyzer.api.CallOp.MAIL_SEND, 74);
        return app;
    }

    @Test
    void aMessageDrivenBeanThatOnlySendsTheMailIsNotReported() {
        assertThat(Checks.edge(rule, mailerBean(false).build())).isEmpty();
    }

    @Test
    void aMessageDrivenBeanIsAdvisedASeparateTransactionNotAnotherMessageBean() {
        assertThat(Checks.edge(rule, mailerBean(true).build())).singleElement().satisfies(f -> {
            assertThat(f.location().method()).isEqualTo("onMessage");
            assertThat(f.message()).contains("already runs in a message-driven bean")
                    .doesNotContain("let a message-driven bean make the call");
            // no JMS patch: the figures stay those of today
            assertThat(f.after()).isEqualTo(f.before());
        });
    }

    @Test
    void remoteEntityCallsInsideAClientUserTransactionAreTheTransactionsOwnWorkNotUndoneCalls() {
        TestApp app = new TestApp();
        var servlet = app.servlet("Transfer", "bank.web.TransferServlet");
        app.entity("Account", io.wanlint.analyzer.api.ComponentKind.ENTITY_CMP, "bank.ejb", true);
        MethodRef doPost = app.method(servlet, "doPost", 10);
        app.entry(EntryPoint.Kind.SERVLET, "/transfer", doPost);
        app.remote(doPost, "Account", "findByPrimaryKey", io.wanlint.analyzer.api.CallOp.HOME_FIND, 13, IN_USER_TX);
        app.remote(doPost, "Account", "debit", io.wanlint.analyzer.api.CallOp.ENTITY_UPDATE, 14, IN_USER_TX);

        assertThat(Checks.edge(rule, app.build())).singleElement().satisfies(f -> {
            assertThat(f.location().method()).isEqualTo("doPost");
            assertThat(f.message()).contains("the remote calls join the transaction and roll back with it")
                    .doesNotContain("not undone on rollback").doesNotContain("let a message-driven bean make the call")
                    .contains("session façade");
            assertThat(f.before()).isEqualTo(RoundTrips.of(2));
            assertThat(f.after()).isEqualTo(f.before());
        });
    }
}
