package io.wanlint.cli;

import io.wanlint.engine.RefactoringFixer;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.Severity;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * Patch files are named from the finding's typed subject ({@code WAN005-1-book.patch}), exactly as
 * they were named from its key before subjects were typed: scripts and reviews that refer to a
 * patch by name keep working.
 */
class PatchFileNamesTest {
    private static final MethodRef DO_GET = MethodRef.of("shop.web.ItemServlet", "doGet",
            "javax.servlet.http.HttpServletRequest", "javax.servlet.http.HttpServletResponse");
    private static final MethodRef CONSTRUCTOR = MethodRef.of("shop.dao.Accounts", "<init>", "java.sql.Connection");
    private static final MethodRef JSP = MethodRef.of("jsp:/catalog/product.jsp", "_jspService");

    /** How {@code RefactoringFixer} named patches from the key until subjects were typed. */
    private static String fromKey(String key) {
        if (key.endsWith(")") && key.indexOf('(') > 0) key = key.substring(0, key.indexOf('('));
        int cut = Math.max(Math.max(key.lastIndexOf(':'), key.lastIndexOf('.')), Math.max(key.lastIndexOf('#'), key.lastIndexOf('>')));
        String s = key.substring(cut + 1).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
        if (s.isEmpty()) s = "finding";
        return s.length() > 40 ? s.substring(0, 40) : s;
    }

    private static Finding about(FindingSubject subject) {
        return new Finding("WAN001", Severity.WARNING, "m", new FindingLocation("src/X.java", 1, "shop.web.ItemServlet", "doGet"),
                List.of(), List.of(), null, null, subject);
    }

    @Test
    void everySubjectNamesItsPatchAsItsKeyDid() {
        List<FindingSubject> subjects = List.of(
                new FindingSubject.Method(DO_GET), new FindingSubject.Method(CONSTRUCTOR), new FindingSubject.Method(JSP),
                new FindingSubject.RemoteClient(DO_GET), new FindingSubject.CallSite(DO_GET, "Book"),
                new FindingSubject.CallSite(JSP, "shop.ejb.Item"), new FindingSubject.SessionAttributes(DO_GET),
                new FindingSubject.SessionClass("shop.web.Helper"),
                new FindingSubject.BeanFields("shop.ejb.CartBean"), new FindingSubject.Entity("Book"),
                new FindingSubject.EntityRemoteView("Book"), new FindingSubject.Request("/viewItem"),
                new FindingSubject.Request("/catalog/product.jsp"), new FindingSubject.Request("shop.mdb.OrderMDB#onMessage(javax.jms.Message)"),
                new FindingSubject.UseCase("/viewItem"), new FindingSubject.UseCase("shop.mdb.OrderMDB#onMessage(javax.jms.Message)"),
                new FindingSubject.Request("/a-very-long-entry-point-name-that-goes-on-and-on-and-on"),
                new FindingSubject.Place("shop.web.ItemServlet", "doGet"), new FindingSubject.Place("shop.web.ItemServlet", null));
        for (FindingSubject s : subjects) {
            assertThat(RefactoringFixer.shortName(about(s))).as("name of %s", s).isEqualTo(fromKey(s.key()));
        }
        assertThat(RefactoringFixer.shortName(about(new FindingSubject.Entity("Book")))).isEqualTo("book");
    }
}
