package io.wanlint.analyzer.callgraph;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.EdgeKind;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 19.6 through both call-graph front ends: {@code static final} primitives and strings of the
 * application are constants, and the branches they make dead ({@code if (DEBUG)},
 * {@code if (USE_CACHE && …)}, the other arm of {@code LEVEL > 1 ? … : …}) are not in the graph —
 * javac leaves them out of the class file, and the source front end now matches it. A field that is
 * not final, or a final {@code Boolean} (no constant variable), keeps its branch; a JNDI name built
 * from constants still resolves to its bean.
 */
class ConstantsFoldFrontEndsTest {
    @TempDir Path tmp;

    private static Map<String, String> app() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("shop/Settings.java", """
                package shop;
                public final class Settings {
                    private Settings() {}
                    public static final boolean DEBUG = false;
                    public static final boolean USE_CACHE = 1 > 2;
                    public static final int LEVEL = 2;
                    public static final String NAMING = "java:comp/env/";
                    public static final String LEDGER = NAMING + "ejb/" + "Ledger";
                    public static boolean tracing = false;
                    public static final Boolean AUDIT = Boolean.FALSE;
                }
                """);
        files.put("shop/ejb/LedgerHome.java", """
                package shop.ejb;
                public interface LedgerHome extends javax.ejb.EJBHome {
                    Ledger create() throws javax.ejb.CreateException, java.rmi.RemoteException;
                }
                """);
        files.put("shop/ejb/Ledger.java", """
                package shop.ejb;
                public interface Ledger extends javax.ejb.EJBObject { int balance() throws java.rmi.RemoteException; }
                """);
        files.put("shop/ejb/LedgerBean.java", """
                package shop.ejb;
                public class LedgerBean implements javax.ejb.SessionBean {
                    public void ejbCreate() {}
                    public int balance() { return 1; }
                    public void setSessionContext(javax.ejb.SessionContext c) {}
                    public void ejbRemove() {}
                    public void ejbActivate() {}
                    public void ejbPassivate() {}
                }
                """);
        files.put("shop/web/LedgerServlet.java", """
                package shop.web;
                import javax.servlet.http.*;
                import shop.Settings;
                public class LedgerServlet extends HttpServlet {
                    private static final boolean VERBOSE = !Settings.DEBUG;
                    private javax.sql.DataSource ds;
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        if (Settings.DEBUG) {
                            dumpTables();
                        }
                        if (Settings.USE_CACHE && cached() != null) {
                            r.getWriter().print("cached");
                        }
                        if (Settings.LEVEL > 1) liveRates(); else legacyRates();
                        String mode = VERBOSE ? verbose() : terse();
                        if (Settings.tracing) trace();
                        if (Settings.AUDIT) audit();
                        try {
                            Object ref = new javax.naming.InitialContext().lookup(Settings.DEBUG ? "java:comp/env/ejb/TestLedger" : Settings.LEDGER);
                            shop.ejb.LedgerHome home = (shop.ejb.LedgerHome) javax.rmi.PortableRemoteObject.narrow(ref, shop.ejb.LedgerHome.class);
                            r.getWriter().print(home.create().balance() + mode);
                        } catch (Exception e) {
                            throw new java.io.IOException(e);
                        }
                    }
                    void dumpTables() { query("select * from ledger"); }
                    Object cached() { return null; }
                    void liveRates() { query("select rate from rates"); }
                    void legacyRates() { query("select rate from old_rates"); }
                    String verbose() { return "v"; }
                    String terse() { return "t"; }
                    void trace() { }
                    void audit() { }
                    private void query(String sql) {
                        try (java.sql.Connection c = ds.getConnection()) {
                            c.prepareStatement(sql).executeQuery();
                        } catch (java.sql.SQLException e) {
                            throw new IllegalStateException(e);
                        }
                    }
                }
                """);
        files.put("WEB-INF/web.xml", """
                <?xml version="1.0"?>
                <web-app>
                  <servlet><servlet-name>ledger</servlet-name><servlet-class>shop.web.LedgerServlet</servlet-class></servlet>
                  <servlet-mapping><servlet-name>ledger</servlet-name><url-pattern>/ledger</url-pattern></servlet-mapping>
                  <ejb-ref><ejb-ref-name>ejb/Ledger</ejb-ref-name><ejb-ref-type>Session</ejb-ref-type>
                    <home>shop.ejb.LedgerHome</home><remote>shop.ejb.Ledger</remote><ejb-link>LedgerEJB</ejb-link>
                  </ejb-ref>
                </web-app>
                """);
        files.put("META-INF/ejb-jar.xml", """
                <?xml version="1.0"?>
                <ejb-jar>
                  <enterprise-beans>
                    <session>
                      <ejb-name>LedgerEJB</ejb-name>
                      <home>shop.ejb.LedgerHome</home><remote>shop.ejb.Ledger</remote>
                      <ejb-class>shop.ejb.LedgerBean</ejb-class>
                      <session-type>Stateless</session-type><transaction-type>Container</transaction-type>
                    </session>
                  </enterprise-beans>
                </ejb-jar>
                """);
        return files;
    }

    private static List<CallEdge> fromDoGet(AnalysisResult result) {
        return result.callGraph().edges().stream()
                .filter(e -> e.from().className().equals("shop.web.LedgerServlet") && e.from().name().equals("doGet"))
                .toList();
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void branchesAConstantMakesDeadAreNotInTheGraph(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        List<CallEdge> calls = fromDoGet(CompiledFixture.analyse(tmp, app(), frontEnd));

        assertThat(calls).extracting(e -> e.to().name())
                .contains("liveRates", "verbose")
                .doesNotContain("dumpTables", "cached", "legacyRates", "terse");
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void fieldsThatAreNoConstantsKeepTheirBranches(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        List<CallEdge> calls = fromDoGet(CompiledFixture.analyse(tmp, app(), frontEnd));

        assertThat(calls).extracting(e -> e.to().name()).contains("trace", "audit");
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void aJndiNameBuiltFromConstantsStillResolvesToItsBean(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        List<CallEdge> calls = fromDoGet(CompiledFixture.analyse(tmp, app(), frontEnd));

        assertThat(calls).filteredOn(e -> e.kind() == EdgeKind.JNDI_LOOKUP)
                .extracting(CallEdge::targetComponent).containsExactly("LedgerEJB");
    }
}
