package io.wanlint.refactorings.lookup;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.refactorings.api.SourceText;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The idiom of a home looked up into a variable declared before its try block: {@code XHome home = null; try { home = ... }}. */
class CacheHomeLookupsAssignedHomeTest {
    private static SourceText text(String s) { return new SourceText("src/a/T.java", s, StandardCharsets.ISO_8859_1, false); }

    private static final String HELPER = """
            package a;

            import javax.naming.InitialContext;
            import javax.naming.NamingException;
            import javax.rmi.PortableRemoteObject;

            public class AccountHelper {
                public Account find(String id) throws HelperException {
                    AccountHome home = null;
                    try {
                        InitialContext ctx = new InitialContext();
                        home = (AccountHome) PortableRemoteObject.narrow(ctx.lookup("java:comp/env/ejb/Account"), AccountHome.class);
                    } catch (NamingException e) {
                        throw new HelperException("no Account home", e);
                    }
                    return home.findByPrimaryKey(id);
                }
            }
            """;

    @Test
    void aHomeAssignedToAnEarlierDeclaredVariableIsReadFromTheCacheAndTheDeadTryGoes() {
        CacheHomeLookups.Rewrite r = CacheHomeLookups.rewrite(text(HELPER), "AccountHelper", "find", 1,
                new CacheHomeLookups.Calls(Set.of(12), Set.of()), CacheHomeLookups.Placement.STATIC_ACCESSOR);
        assertThat(r).isInstanceOf(CacheHomeLookups.Rewrite.Planned.class);
        String after = ((CacheHomeLookups.Rewrite.Planned) r).change().applyTo(HELPER);
        // The accessor still throws NamingException, so the catch keeps its meaning; the context went with the lookup.
        assertThat(after).contains("""
                    public Account find(String id) throws HelperException {
                        AccountHome home = null;
                        try {
                            home = lookUpAccountHome();
                        } catch (NamingException e) {
                            throw new HelperException("no Account home", e);
                        }
                        return home.findByPrimaryKey(id);
                    }
                """).contains("""
                    private static synchronized AccountHome lookUpAccountHome() throws NamingException {
                        if (accountHome == null) {
                            InitialContext context = new InitialContext();
                            accountHome = (AccountHome) PortableRemoteObject.narrow(context.lookup("java:comp/env/ejb/Account"), AccountHome.class);
                        }
                        return accountHome;
                    }
                """).contains("    private static AccountHome accountHome;\n");
        // Planning again finds no lookup on that line.
        assertThat(CacheHomeLookups.rewrite(text(after), "AccountHelper", "find", 1,
                new CacheHomeLookups.Calls(Set.of(12), Set.of()), CacheHomeLookups.Placement.STATIC_ACCESSOR))
                .isInstanceOf(CacheHomeLookups.Rewrite.NotApplicable.class);
    }

    @Test
    void inAServletTheAssignmentReadsTheFieldSetInInit() {
        String servlet = HELPER.replace("public class AccountHelper {", "public class AccountServlet extends HttpServlet {")
                .replace("throws HelperException {", "throws ServletException {")
                .replace("throw new HelperException(\"no Account home\", e);", "throw new ServletException(e);");
        CacheHomeLookups.Rewrite r = CacheHomeLookups.rewrite(text(servlet), "AccountServlet", "find", 1,
                new CacheHomeLookups.Calls(Set.of(12), Set.of()), CacheHomeLookups.Placement.SERVLET_INIT);
        String after = ((CacheHomeLookups.Rewrite.Planned) r).change().applyTo(servlet);
        assertThat(after).contains("""
                    public Account find(String id) throws ServletException {
                        AccountHome home = null;
                        home = accountHome;
                        return home.findByPrimaryKey(id);
                    }
                """).contains("            accountHome = (AccountHome) PortableRemoteObject.narrow(context.lookup(\"java:comp/env/ejb/Account\"), AccountHome.class);");
    }

    @Test
    void aVariableAssignedTwiceIsDeclined() {
        String twice = HELPER.replace("        return home.findByPrimaryKey(id);", "        if (id == null) home = null;\n        return home.findByPrimaryKey(id);");
        CacheHomeLookups.Rewrite r = CacheHomeLookups.rewrite(text(twice), "AccountHelper", "find", 1,
                new CacheHomeLookups.Calls(Set.of(12), Set.of()), CacheHomeLookups.Placement.STATIC_ACCESSOR);
        assertThat(r).isEqualTo(new CacheHomeLookups.Rewrite.NotApplicable("src/a/T.java:12: home is reassigned"));
    }

    @Test
    void aVariableThatAlreadyHoldsAValueIsDeclined() {
        String held = HELPER.replace("AccountHome home = null;", "AccountHome home = fallback();");
        CacheHomeLookups.Rewrite r = CacheHomeLookups.rewrite(text(held), "AccountHelper", "find", 1,
                new CacheHomeLookups.Calls(Set.of(12), Set.of()), CacheHomeLookups.Placement.STATIC_ACCESSOR);
        assertThat(r).isEqualTo(new CacheHomeLookups.Rewrite.NotApplicable("src/a/T.java:12: home has a value before the home is assigned"));
    }
}
