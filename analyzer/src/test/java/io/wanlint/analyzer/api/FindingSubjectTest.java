package io.wanlint.analyzer.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each subject's key is, character for character, the string its rule built by hand before findings
 * had typed subjects (the expressions are quoted in each case): baselines and SARIF fingerprints made
 * then must keep matching. {@code FixtureFingerprintsTest} checks the same on every fixture finding.
 */
class FindingSubjectTest {
    private static final MethodRef DO_GET = MethodRef.of("shop.web.ItemServlet", "doGet",
            "javax.servlet.http.HttpServletRequest", "javax.servlet.http.HttpServletResponse");
    private static final MethodRef NO_PARAMS = MethodRef.of("shop.ejb.BookBean", "ejbStore");

    @Test
    void keysAreTheStringsRulesBuiltBeforeSubjectsWereTyped() {
        // "entity:" + entity.name()
        assertThat(new FindingSubject.Entity("Book").key()).isEqualTo("entity:Book");
        // "remote-view:" + entity.name()
        assertThat(new FindingSubject.EntityRemoteView("Book").key()).isEqualTo("remote-view:Book");
        // ep.keyId()
        assertThat(new FindingSubject.Request("/viewItem").key()).isEqualTo("/viewItem");
        // "use-case:" + ep.keyId()
        assertThat(new FindingSubject.UseCase("/viewItem").key()).isEqualTo("use-case:/viewItem");
        // "remote-client:" + method.shortId()
        assertThat(new FindingSubject.RemoteClient(DO_GET).key()).isEqualTo("remote-client:shop.web.ItemServlet#doGet");
        // method.toString()
        assertThat(new FindingSubject.Method(DO_GET).key())
                .isEqualTo("shop.web.ItemServlet#doGet(javax.servlet.http.HttpServletRequest,javax.servlet.http.HttpServletResponse)");
        assertThat(new FindingSubject.Method(NO_PARAMS).key()).isEqualTo("shop.ejb.BookBean#ejbStore()");
        // method + "->" + bean
        assertThat(new FindingSubject.CallSite(NO_PARAMS, "Book").key()).isEqualTo("shop.ejb.BookBean#ejbStore()->Book");
        // method + "->session"
        assertThat(new FindingSubject.SessionAttributes(DO_GET).key()).isEqualTo(DO_GET + "->session");
        // bean + "->fields"
        assertThat(new FindingSubject.SessionClass("shop.web.Helper").key()).isEqualTo("shop.web.Helper->session");
        assertThat(new FindingSubject.BeanFields("shop.ejb.CartBean").key()).isEqualTo("shop.ejb.CartBean->fields");
    }

    @Test
    void findingWithoutSubjectIsKeyedByItsLocationsClassAndMethodAsBefore() {
        Finding located = new Finding("WAN001", Severity.WARNING, "m", new FindingLocation("a/B.java", 3, "a.B", "run"),
                List.of(), List.of(), null, null, null);
        Finding classLevel = new Finding("WAN010", Severity.WARNING, "m", new FindingLocation("a/B.java", 3, "a.B", null),
                List.of(), List.of(), null, null, null);

        assertThat(located.subject()).isEqualTo(new FindingSubject.Place("a.B", "run"));
        assertThat(located.key()).isEqualTo("a.B#run");
        assertThat(classLevel.key()).isEqualTo("a.B#null");
    }

    @Test
    void fingerprintIsOfTheSubjectsKey() {
        Finding f = new Finding("WAN005", Severity.NOTE, "m", new FindingLocation("a/BookBean.java", 3, "a.BookBean", null),
                List.of(), List.of(), null, null, new FindingSubject.Entity("Book"));

        assertThat(Fingerprints.of(f)).isEqualTo(Fingerprints.of("WAN005", "entity:Book", "a/BookBean.java"));
    }
}
