package io.wanlint.cli;

import static io.wanlint.cli.AppCopy.patchFiles;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wanlint fix --rule WAN003} through the CLI on git copies of the fixtures: every patch passes
 * {@code git apply --check}, the patched application compiles, re-analysis no longer reports the
 * moved data access, the finding's entry points cost exactly the round trips the patch predicted,
 * and a second run plans nothing for it.
 */
class DataAccessFixTest {
    @TempDir Path temp;

    /** A WAN003 finding as {@code check} reports it. */
    private record Reported(String className, String method, List<String> entryPoints, int before, int after) {}

    @Test
    void jakartaReportServletQueriesMoveIntoAStatelessFacadeInjectedWithEjb() throws Exception {
        AppCopy app = AppCopy.of("jakarta-shop", temp);
        Path patches = accept(app, StandardCharsets.UTF_8, 1);
        String diff = Files.readString(patches.resolve("wanlint.patch"));
        assertThat(diff).contains("+@Stateless\n+public class ReportFacadeBean implements ReportFacade {")
                .contains("+    @PersistenceContext(unitName = \"shop\")\n+    private EntityManager em;")
                .contains("+        return new ReportDao(em, dataSource).report(status);")
                .contains("+            reportData = reportFacade.report(status);\n         } catch (SQLException e) {\n"
                        + "             throw new ServletException(\"Report query failed\", e);")
                .contains("+    @EJB\n+    private ReportFacade reportFacade;");
    }

    @Test
    void petstoreCatalogHelperMethodsOfOneQueryEachGetNoPatchBecauseAFacadeCallWouldCostAsMuch() throws Exception {
        // Each method runs one query: moved behind a façade, that query becomes one façade call, so no request
        // gets cheaper, and a WAN fix that saves nothing is not proposed (the finding says why).
        AppCopy app = AppCopy.of("petstore-1.1", temp);
        AppCopy.Run fix = AppCopy.wanlint("fix", app.root.toString(), "--rule", "WAN003", "--out", temp.resolve("patches").toString());
        assertThat(fix.exit()).as(fix.err()).isZero();
        assertThat(fix.out()).contains("0 patch(es) for 2 finding(s)")
                .containsPattern("no patch  WAN003 com\\.acme\\.estore\\.web\\.CatalogWebImpl .*: no WAN saving: the fix would not make"
                        + " any of its requests cheaper \\(5 round trips either way\\)");
        AppCopy.Run check = AppCopy.wanlint("check", app.root.toString(), "--format", "json", "--fail-on", "never");
        assertThat(check.out()).contains("No WAN saving: one façade call would cost as many round trips as the data access it replaces");
    }

    @Test
    void tradeJdbcBuyMovesBehindANotSupportedFacadeBecauseItCommitsItsOwnConnection() throws Exception {
        AppCopy app = AppCopy.of("trade", temp);
        Path patches = accept(app, StandardCharsets.UTF_8, 1);
        String diff = Files.readString(patches.resolve("wanlint.patch"));
        assertThat(diff).contains("+      <trans-attribute>NotSupported</trans-attribute>")
                .contains("+    public TradeJdbcBuyDao() throws NamingException {")
                .contains("+    public HoldingData buy(String userID, String symbol, double quantity) throws SQLException {")
                .contains("+        } catch (NamingException e) {\n+            throw new EJBException(e);")
                .contains("+    <jndi-name>trade/TradeJdbcBuyFacadeHome</jndi-name>");
    }

    /** The issue-6 acceptance for every WAN003 patch of the app; the patch folder. */
    private Path accept(AppCopy app, Charset encoding, int expectedPatches) throws Exception {
        List<Reported> before = wan003(app);
        Path patches = temp.resolve("patches");
        AppCopy.Run fix = AppCopy.wanlint("fix", app.root.toString(), "--rule", "WAN003", "--out", patches.toString());
        assertThat(fix.exit()).as(fix.err()).isZero();
        List<Path> perFinding = patchFiles(patches);
        assertThat(perFinding).as(fix.out()).hasSize(expectedPatches);
        for (Path p : perFinding) app.git("apply", "--check", p.toString());
        app.git("apply", patches.resolve("wanlint.patch").toString());

        app.compiles(encoding);
        List<Reported> after = wan003(app);
        Map<String, Integer> roundTrips = app.roundTrips();
        for (Reported r : before) {
            if (!fix.out().contains("Move " + simple(r.className()) + "." + r.method())
                    && !fix.out().contains("Move the data access of " + simple(r.className()) + "." + r.method())) continue;
            assertThat(after).as("still reported").noneMatch(a -> a.className().equals(r.className()) && a.method().equals(r.method()));
            // The figures are one request's (the worst the patch makes cheaper), never a sum over entry points.
            assertThat(r.entryPoints().stream().map(ep -> roundTrips.getOrDefault(ep, -1)))
                    .as("round trips of %s after the patch (%s)", r.entryPoints(), roundTrips).contains(r.after());
        }

        Path again = temp.resolve("again");
        AppCopy.Run second = AppCopy.wanlint("fix", app.root.toString(), "--rule", "WAN003", "--out", again.toString());
        assertThat(second.exit()).as(second.err()).isZero();
        assertThat(second.out()).doesNotContain("Move ");
        return patches;
    }

    private static String simple(String className) { return className.substring(className.lastIndexOf('.') + 1); }

    private static List<Reported> wan003(AppCopy app) throws IOException {
        AppCopy.Run check = AppCopy.wanlint("check", app.root.toString(), "--format", "json", "--fail-on", "never");
        assertThat(check.exit()).as(check.err()).isZero();
        List<Reported> out = new ArrayList<>();
        for (JsonNode f : new ObjectMapper().readTree(check.out()).get("findings")) {
            if (!f.get("ruleId").asText().equals("WAN003")) continue;
            List<String> eps = new ArrayList<>();
            f.get("entryPoints").forEach(e -> eps.add(e.asText()));
            out.add(new Reported(f.get("location").get("className").asText(), f.get("location").path("method").asText(), eps,
                    f.get("wanRoundTrips").get("before").asInt(), f.get("wanRoundTrips").get("after").asInt()));
        }
        return out;
    }
}
