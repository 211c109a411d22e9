package io.wanlint.cli;

import static io.wanlint.cli.AppCopy.compile;
import static io.wanlint.cli.AppCopy.git;
import static io.wanlint.cli.AppCopy.gitCopy;
import static io.wanlint.cli.AppCopy.wanlint;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wanlint.cli.AppCopy.Run;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wanlint fix} for WAN006 (cached homes) and WAN008 (dirty flag) through the real CLI on git
 * copies of the fixtures: each patch, applied alone, passes {@code git apply --check}, the patched
 * application compiles, re-analysis no longer reports the finding and its entry points cost exactly
 * what the finding predicted, and a second run plans nothing for it.
 */
class LookupAndStoreFixTest {
    @TempDir Path temp;

    /** One finding as {@code fix} printed it: class, the patch file, and the predicted formulas. */
    private record Planned(String className, Path patch, String before, String after, List<String> entryPoints) {}

    private static final Pattern PLANNED = Pattern.compile(
            "patch +(WAN\\d{3}) (\\S+) \\([^)]*\\): .*\\R.*\\R +WAN round trips (.+) -> (.+) \\(entry points: ([^)]*)\\)\\R +(\\S+\\.patch)");

    @Test
    void rubisEntityServletsLookTheirHomesUpOnceInInit() throws Exception {
        List<Planned> planned = planned("rubis-entity", "WAN006");
        assertThat(planned).extracting(p -> p.className().substring(p.className().lastIndexOf('.') + 1))
                .containsExactlyInAnyOrder("ViewItem", "BrowseCategories", "BrowseRegions", "SearchItemsByCategory",
                        "ViewUserInfo", "ViewBidHistory", "StoreBid", "StoreComment");
        String viewItem = Files.readString(patchOf(planned, "ViewItem"), StandardCharsets.ISO_8859_1);
        assertThat(viewItem).contains("+    public void init() throws ServletException {\n")
                .contains("+            userHome = (UserHome) PortableRemoteObject.narrow(context.lookup(\"UserHome\"), UserHome.class);\n")
                .contains("-        } catch (NamingException e) {\n");
        for (Planned p : planned) acceptance("rubis-entity", p, StandardCharsets.ISO_8859_1, "WAN006");
    }

    @Test
    void petstoreCachesTheCustomerStubAndTheInventoryHome() throws Exception {
        List<Planned> planned = planned("petstore-1.1", "WAN006");
        assertThat(planned).extracting(Planned::className)
                .containsExactlyInAnyOrder("com.acme.estore.web.VerifySignInServlet", "com.acme.estore.web.InventoryWebHelper");
        assertThat(Files.readString(patchOf(planned, "VerifySignInServlet"), StandardCharsets.ISO_8859_1))
                .contains("+            customer = customerHome.create();\n")
                .contains("+        profile = customer.getProfile(userId, password);\n");
        assertThat(Files.readString(patchOf(planned, "InventoryWebHelper"), StandardCharsets.ISO_8859_1))
                .contains("+    private static synchronized InventoryHome lookUpInventoryHome() throws NamingException {\n");
        for (Planned p : planned) acceptance("petstore-1.1", p, StandardCharsets.ISO_8859_1, "WAN006");
    }

    @Test
    void bmpStoresGetADirtyFlagInPetstoreAndTrade() throws Exception {
        List<Planned> petstore = planned("petstore-1.1", "WAN008");
        assertThat(petstore).extracting(Planned::className).containsExactly("com.acme.estore.order.ejb.OrderEJB");
        assertThat(Files.readString(petstore.get(0).patch(), StandardCharsets.ISO_8859_1))
                .contains("+    private transient boolean dirty;\n")
                .contains("         this.status = status;\n+        dirty = true;\n")
                .contains("     public void ejbStore() {\n+        if (!dirty) {\n+            return;\n+        }\n");
        for (Planned p : petstore) acceptance("petstore-1.1", p, StandardCharsets.ISO_8859_1, "WAN008");

        List<Planned> trade = planned("trade", "WAN008");
        assertThat(trade).extracting(Planned::className).containsExactlyInAnyOrder("com.acme.trade.ejb.QuoteBean",
                "com.acme.trade.ejb.AccountBean", "com.acme.trade.ejb.HoldingBean");
        for (Planned p : trade) acceptance("trade", p, StandardCharsets.ISO_8859_1, "WAN008");
    }

    /**
     * With the database across the WAN the flag pays: the stores of requests that only read (Quote)
     * or create (Holding, Order) go, the one after debit stays, and re-analysis agrees exactly.
     */
    @Test
    void dirtyFlagPredictionsHoldWhereTheDatabaseIsAcrossTheWan() throws Exception {
        List<Planned> trade = planned("trade", "WAN008", "edge-db");
        assertThat(trade).extracting(p -> p.className() + ": " + p.before() + " -> " + p.after()).containsExactlyInAnyOrder(
                "com.acme.trade.ejb.AccountBean: 8 -> 8", "com.acme.trade.ejb.HoldingBean: 8 -> 7", "com.acme.trade.ejb.QuoteBean: 8 -> 7");
        for (Planned p : trade) acceptance("trade", p, StandardCharsets.ISO_8859_1, "WAN008", "edge-db");
        List<Planned> petstore = planned("petstore-1.1", "WAN008", "edge-db");
        // One request of the worst entry point the flag makes cheaper, not the requests added up.
        assertThat(petstore).extracting(p -> p.before() + " -> " + p.after()).containsExactly("1 + 2n -> 1 + n");
        acceptance("petstore-1.1", petstore.get(0), StandardCharsets.ISO_8859_1, "WAN008", "edge-db");
    }

    private List<Planned> planned(String fixture, String ruleId) throws Exception {
        return planned(fixture, ruleId, "edge");
    }

    private List<Planned> planned(String fixture, String ruleId, String topology) throws Exception {
        Path app = gitCopy(fixture, temp.resolve("plan-" + fixture + "-" + topology));
        Path patches = temp.resolve("patches-" + fixture + "-" + ruleId + "-" + topology);
        Run fix = wanlint("fix", app.toString(), "--rule", ruleId, "--topology", topology, "--out", patches.toString());
        assertThat(fix.exit()).as(fix.err()).isZero();
        assertThat(fix.out()).doesNotContain("no patch  " + ruleId);
        List<Planned> out = new ArrayList<>();
        Matcher m = PLANNED.matcher(fix.out());
        while (m.find()) {
            out.add(new Planned(m.group(2), Path.of(m.group(6)), m.group(3), m.group(4), List.of(m.group(5).split(", "))));
        }
        return out;
    }

    private static Path patchOf(List<Planned> planned, String simpleClass) {
        return planned.stream().filter(p -> p.className().endsWith("." + simpleClass)).findFirst().orElseThrow().patch();
    }

    /** The patch alone on a fresh copy: (a) git apply --check, (b) javac, (c) re-analysis, (d) nothing planned again. */
    private void acceptance(String fixture, Planned p, Charset encoding, String ruleId) throws Exception {
        acceptance(fixture, p, encoding, ruleId, "edge");
    }

    private void acceptance(String fixture, Planned p, Charset encoding, String ruleId, String topology) throws Exception {
        Path app = gitCopy(fixture, temp.resolve(ruleId + "-" + topology + "-" + p.className()));
        git(app, "apply", "--check", p.patch().toString());
        git(app, "apply", p.patch().toString());
        compile(app, encoding);

        Run check = wanlint("check", app.toString(), "--topology", topology, "--format", "json", "--fail-on", "never");
        assertThat(check.exit()).as(check.err()).isZero();
        JsonNode report = new ObjectMapper().readTree(check.out());
        for (JsonNode f : report.get("findings")) {
            assertThat(f.get("ruleId").asText() + " " + f.get("location").get("className").asText())
                    .as("re-analysis after %s", p.patch()).isNotEqualTo(ruleId + " " + p.className());
        }
        Map<String, JsonNode> eps = new HashMap<>();
        for (JsonNode ep : report.get("entryPoints")) eps.put(ep.get("id").asText(), ep);
        if (p.entryPoints().size() == 1) {
            assertThat(eps.get(p.entryPoints().get(0)).get("formula").asText()).as("%s after %s", p.entryPoints(), p.patch())
                    .isEqualTo(p.after());
        }
        // The figures are one request's (the worst the patch makes cheaper), never a sum over entry points.
        assertThat(p.entryPoints().stream().map(id -> eps.get(id).get("formula").asText()))
                .as("round trips of %s after %s", p.entryPoints(), p.patch()).contains(p.after());

        Path again = temp.resolve("again-" + topology + "-" + p.className());
        Run second = wanlint("fix", app.toString(), "--rule", ruleId, "--topology", topology, "--out", again.toString());
        assertThat(second.exit()).as(second.err()).isZero();
        assertThat(second.out()).doesNotContain(p.className() + " ");
    }

    /** A formula such as {@code 3 + 6n} or {@code 2n^2} at n = 1. */
    private static long atOne(String formula) {
        long sum = 0;
        for (String term : formula.split(" \\+ ")) {
            String t = term.trim();
            int n = t.indexOf('n');
            sum += n < 0 ? Long.parseLong(t) : n == 0 ? 1 : Long.parseLong(t.substring(0, n));
        }
        return sum;
    }
}
