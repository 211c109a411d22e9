package io.wanlint.cli;

import static io.wanlint.cli.AppCopy.commit;
import static io.wanlint.cli.AppCopy.compile;
import static io.wanlint.cli.AppCopy.copyTree;
import static io.wanlint.cli.AppCopy.git;
import static io.wanlint.cli.AppCopy.patchFiles;
import static io.wanlint.cli.AppCopy.wanlint;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wanlint.cli.AppCopy.Run;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16's crash shape through the CLI (test application {@code apps/seed-servlet}, J2EE 1.3): a
 * data-loading servlet whose {@code doGet} hands the connection of {@code getDBConnection()} to a
 * dozen private helpers and closes it with {@code closeConnection(Connection)}, and a status servlet
 * whose query opens its own connection through {@code InitialContext}. Every format of {@code check}
 * exits with the gate's code, {@code fix} writes the patches that are right, and each finding
 * without one says why (in fix's listing and in every format of check): a connection cannot cross
 * to the database's site.
 */
class SeedServletFixTest {
    /** Helpers making one statement: behind a façade they would cost the same round trip. */
    private static final String[] ONE_STATEMENT = {"isSeeded", "createCategoryTable", "createProductTable", "createItemTable",
            "createInventoryTable", "createAccountTable", "insertAccounts", "countItems"};
    /** Helpers making a statement per row on their caller's connection, which cannot travel to a façade. */
    private static final String[] ON_THE_CALLERS_CONNECTION = {"insertCategories", "insertProducts", "insertItems", "insertInventory"};

    @TempDir Path temp;

    @Test
    void everyFormatOfCheckExitsWithTheGatesCodeAndTheReportsShowTheStatusPatch() throws Exception {
        Path app = gitCopy(temp.resolve("app"));
        for (String format : List.of("text", "json", "sarif", "html")) {
            Path report = temp.resolve("report." + format);
            Run check = wanlint("check", app.toString(), "--format", format, "-o", report.toString());
            assertThat(check.exit()).as("%s: %s", format, check.err()).isEqualTo(1);
            assertThat(check.err()).as(format).doesNotContain("internal error");
            assertThat(Files.readString(report)).as(format).contains("SeedDataServlet", "SeedStatusServlet");
        }
        JsonNode sarif = new ObjectMapper().readTree(temp.resolve("report.sarif").toFile());
        JsonNode status = result(sarif, "WAN003", "SeedStatusServlet.countItems");
        assertThat(status.path("fixes").get(0).path("description").path("text").asText())
                .isEqualTo("Move SeedStatusServlet.countItems into SeedStatusCountItemsDao behind the stateless session façade "
                        + "SeedStatusCountItemsFacade");
        assertThat(result(sarif, "WAN009", "SeedDataServlet.insertAccounts").path("fixes")).hasSize(1);
        assertThat(status.path("properties").has("noPatch")).isFalse();
        for (JsonNode r : sarif.path("runs").get(0).path("results")) {
            assertThat(r.path("properties").path("noPatch").asText()).doesNotContain("internal error");
        }
        assertThat(result(sarif, "WAN003", "SeedDataServlet.insertItems").path("properties").path("noPatch").asText())
                .isEqualTo("no patch: " + onTheCallersConnection("insertItems"));
        assertThat(Files.readString(temp.resolve("report.html")))
                .contains("<p>Patch: Move SeedStatusServlet.countItems into SeedStatusCountItemsDao")
                .contains("<p class=\"no-patch\">no patch: " + onTheCallersConnection("insertItems").replace("'", "&#39;") + "</p>")
                .doesNotContain("no patch: internal error");
    }

    @Test
    void checkInTextAndJsonSaysWhyEachHelperOnTheCallersConnectionHasNoPatch() throws Exception {
        Path app = gitCopy(temp.resolve("app"));
        Run text = wanlint("check", app.toString(), "--format", "text");
        Run json = wanlint("check", app.toString(), "--format", "json");
        assertThat(text.exit()).as(text.err()).isEqualTo(1);
        assertThat(json.exit()).as(json.err()).isEqualTo(1);
        JsonNode report = new ObjectMapper().readTree(json.out());

        for (String helper : ON_THE_CALLERS_CONNECTION) {
            JsonNode f = FailingPatchTest.finding(report, "WAN003", "SeedDataServlet", helper);
            assertThat(f.path("patch").asBoolean(true)).as(helper).isFalse();
            assertThat(f.path("noPatch").asText()).as(helper).isEqualTo("no patch: " + onTheCallersConnection(helper));
            assertThat(text.out()).contains("\n      no patch: " + onTheCallersConnection(helper) + "\n");
        }
        for (String helper : ONE_STATEMENT) {
            JsonNode f = FailingPatchTest.finding(report, "WAN003", "SeedDataServlet", helper);
            assertThat(f.path("patch").asBoolean(true)).as(helper).isFalse();
            assertThat(f.path("noPatch").asText()).as(helper).startsWith("no patch: no WAN saving: ");
        }
        JsonNode status = FailingPatchTest.finding(report, "WAN003", "SeedStatusServlet", "countItems");
        assertThat(status.path("patch").asBoolean()).isTrue();
        assertThat(status.has("noPatch")).isFalse();
        // Every finding says whether it has a patch; the text shows one reason per finding without one.
        long without = 0;
        for (JsonNode f : report.path("findings")) {
            assertThat(f.path("patch").isBoolean()).as("%s", f).isTrue();
            if (!f.path("patch").asBoolean()) {
                without++;
                assertThat(f.path("noPatch").asText()).startsWith("no patch: ").doesNotContain("internal error");
            }
        }
        assertThat(without).isEqualTo(report.path("findings").size() - 2);
        assertThat(text.out().split("\n      no patch: ", -1)).hasSize((int) without + 1);
        assertThat(text.out()).doesNotContain("internal error");
    }

    private static String onTheCallersConnection(String helper) {
        return "SeedDataServlet." + helper + " works on the Connection con its caller opened: a JDBC connection, statement or "
                + "result set (or JPA entity manager) cannot be sent to a façade at the database's site; move the code that "
                + "opens con and everything that uses it instead";
    }

    @Test
    void fixWritesThePatchesThatAreRightAndSaysWhyEachHelperOnTheCallersConnectionHasNone() throws Exception {
        Path app = gitCopy(temp.resolve("app"));
        Path patches = temp.resolve("patches");

        Run fix = wanlint("fix", app.toString(), "--out", patches.toString());

        assertThat(fix.exit()).as(fix.err()).isZero();
        assertThat(fix.out()).doesNotContain("internal error");
        for (String helper : ON_THE_CALLERS_CONNECTION) {
            assertThat(fix.out()).contains("SeedDataServlet." + helper + " works on the Connection con its caller opened");
        }
        // A single statement moved behind a façade is still one round trip: no patch is proposed for it.
        assertThat(fix.out().lines().filter(l -> l.startsWith("no patch  WAN003 org.acme.seed.web.SeedDataServlet")
                && l.contains("no WAN saving: the fix would not make any of its requests cheaper"))).hasSize(ONE_STATEMENT.length);
        assertThat(fix.out()).contains("the data access of dropTables is interleaved with web code");
        assertThat(patchFiles(patches)).extracting(p -> p.getFileName().toString())
                .containsExactly("WAN003-1-countitems.patch", "WAN009-1-insertaccounts.patch");
        assertThat(fix.out()).contains("2 patch(es) for 16 finding(s); combined: " + patches.resolve("wanlint.patch"));

        // The façade accessor looks the home up through InitialContext: the import the moved lookup used stays.
        String status = Files.readString(patches.resolve("WAN003-1-countitems.patch"));
        assertThat(status).contains(" import javax.naming.InitialContext;\n").doesNotContain("-import javax.naming.InitialContext;")
                .contains("+import javax.naming.Context;\n");
        for (Path p : patchFiles(patches)) git(app, "apply", "--check", p.toString());
        git(app, "apply", patches.resolve("wanlint.patch").toString());
        compile(app, StandardCharsets.ISO_8859_1);
    }

    /** The SARIF result of a rule whose message names {@code classAndMethod}. */
    static JsonNode result(JsonNode sarif, String ruleId, String classAndMethod) {
        for (JsonNode r : sarif.path("runs").get(0).path("results")) {
            if (r.path("ruleId").asText().equals(ruleId) && r.path("message").path("text").asText().contains(classAndMethod)) return r;
        }
        throw new AssertionError("no " + ruleId + " result about " + classAndMethod);
    }

    static Path gitCopy(Path app) throws Exception {
        copyTree(Path.of(SeedServletFixTest.class.getResource("/apps/seed-servlet").toURI()), app);
        return commit(app);
    }
}
