package io.wanlint.rules.wan;

import io.wanlint.rules.testing.RuleTestHarness;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * WAN003 on fp-ejb-call-via-parent-interface, through the whole pipeline: a web helper keeps a
 * session bean in a field typed with the interface the bean's {@code @Local} and {@code @Remote}
 * views both extend. The bean's data access (a static finder of its entity class, run with the
 * bean's {@code EntityManager}) happens inside the EJB, not in the web tier.
 */
class WebTierJdbcThroughParentInterfaceTest {
    private final RuleTestHarness harness = RuleTestHarness.withPipeline(List.of(new WebTierJdbc()));

    private static final String TOKEN_DATA = """
            package shop.ejb;
            @javax.persistence.Entity
            public class TokenData {
                @javax.persistence.Id String serial;
                public static TokenData findBySerial(javax.persistence.EntityManager em, String serial) {
                    return em.find(TokenData.class, serial);
                }
            }
            """;
    private static final String TOKEN_SESSION = """
            package shop.ejb;
            public interface TokenSession {
                TokenData token(String serial);
            }
            """;
    private static final String HELPER = """
            package shop.web;
            public class TokenHelper {
                private final shop.ejb.TokenSession tokens;
                public TokenHelper(shop.ejb.TokenSession tokens) { this.tokens = tokens; }
                public Object token(String serial) { return tokens.token(serial); }
            }
            """;
    private static final String SERVLET = """
            package shop.web;
            import javax.servlet.http.*;
            @javax.servlet.annotation.WebServlet("/token")
            public class TokenServlet extends HttpServlet {
                @javax.ejb.EJB private shop.ejb.TokenSessionLocal local;
                protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                    r.getWriter().print(new TokenHelper(local).token(q.getParameter("sn")));
                }
            }
            """;
    private static final String LOCAL = """
            package shop.ejb;
            @javax.ejb.Local
            public interface TokenSessionLocal extends TokenSession {}
            """;
    private static final String REMOTE = """
            package shop.ejb;
            @javax.ejb.Remote
            public interface TokenSessionRemote extends TokenSession {}
            """;

    @Test
    void dataAccessOfASessionBeanCalledThroughTheParentOfItsViewsIsNotWebTierJdbc() {
        harness.expectFindings(TOKEN_DATA, TOKEN_SESSION, LOCAL, REMOTE, HELPER, SERVLET, """
                package shop.ejb;
                @javax.ejb.Stateless
                public class TokenSessionBean implements TokenSessionLocal, TokenSessionRemote {
                    @javax.persistence.PersistenceContext private javax.persistence.EntityManager em;
                    public TokenData token(String serial) { return TokenData.findBySerial(em, serial); }
                }
                """);
    }

    @Test
    void thePlainImplementationOfTheSameInterfaceInTheWebTierIsStillReported() {
        // Either object may be behind the helper's field: the bean's body may run in the web tier.
        String reachedFromTheWebTier = TOKEN_DATA.replace("return em.find(TokenData.class, serial);",
                "return em.find(TokenData.class, serial); // expect: WAN003");
        harness.expectFindings(reachedFromTheWebTier, TOKEN_SESSION, LOCAL, REMOTE, HELPER, """
                package shop.web;
                import javax.servlet.http.*;
                @javax.servlet.annotation.WebServlet("/token")
                public class TokenServlet extends HttpServlet {
                    @javax.persistence.PersistenceContext private javax.persistence.EntityManager em;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        r.getWriter().print(new TokenHelper(new WebTokens(em)).token(q.getParameter("sn")));
                    }
                }
                """, """
                package shop.web;
                public class WebTokens implements shop.ejb.TokenSession {
                    private final javax.persistence.EntityManager em;
                    public WebTokens(javax.persistence.EntityManager em) { this.em = em; }
                    public shop.ejb.TokenData token(String serial) { return em.find(shop.ejb.TokenData.class, serial); } // expect: WAN003
                }
                """, """
                package shop.ejb;
                @javax.ejb.Stateless
                public class TokenSessionBean implements TokenSessionLocal, TokenSessionRemote {
                    @javax.persistence.PersistenceContext private javax.persistence.EntityManager em;
                    public TokenData token(String serial) { return TokenData.findBySerial(em, serial); }
                }
                """);
    }
}
