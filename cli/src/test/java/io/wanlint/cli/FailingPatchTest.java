package io.wanlint.cli;

import io.wanlint.engine.RuleChecker;
import io.wanlint.engine.RefactoringFixer;

import static io.wanlint.cli.AppCopy.git;
import static io.wanlint.cli.AppCopy.patchFiles;
import static io.wanlint.cli.SeedServletFixTest.gitCopy;
import static io.wanlint.cli.SeedServletFixTest.result;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.refactorings.api.Fixes;
import io.wanlint.cli.AppCopy.Run;
import io.wanlint.refactorings.api.PlanOutcome;
import io.wanlint.refactorings.api.Refactoring;
import io.wanlint.refactorings.api.RefactoringContext;
import io.wanlint.refactorings.api.Refactorings;
import io.wanlint.refactorings.dataaccess.MoveDataAccessBehindFacade;
import io.wanlint.refactorings.jdbc.UsePreparedStatement;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One refactoring failing inside wanlint (here: forced, on the status servlet's WAN003 finding of
 * {@code apps/seed-servlet}) costs that finding its patch and nothing else: {@code fix} writes the
 * other patch and {@code wanlint.patch} and exits 0, {@code check} exits with the gate's code in
 * every format, and the finding says {@code no patch: internal error while planning (…)} wherever
 * findings are shown (fix's listing, and check's text, JSON, SARIF and HTML).
 */
class FailingPatchTest {
    private static final String FAILURE = "internal error while planning (IndexOutOfBoundsException: start 680, end 644, length 17517)";

    @TempDir Path temp;

    /** The WAN003 planner, throwing as it did on issue 16's servlet for the findings of one class. */
    private record FailsFor(String className, Refactoring real) implements Refactoring {
        @Override public Fixes fixes() { return real.fixes(); }

        @Override public PlanOutcome plan(Finding finding, RefactoringContext context) {
            if (finding.location().className().equals(className)) throw new IndexOutOfBoundsException("start 680, end 644, length 17517");
            return real.plan(finding, context);
        }
    }

    private static Wiring failingOnTheStatusServlet() {
        RuleChecker checker = new RuleChecker();
        Refactorings refactorings = new Refactorings(List.of(
                new FailsFor("org.acme.seed.web.SeedStatusServlet", new MoveDataAccessBehindFacade()), new UsePreparedStatement()));
        return Wiring.defaults().withChecker(checker).withFixer(new RefactoringFixer(checker, refactorings));
    }

    private static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int exit = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                failingOnTheStatusServlet());
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void fixWritesTheOtherPatchAndTheCombinedOneAndTheFailingFindingSaysWhy() throws Exception {
        Path app = gitCopy(temp.resolve("app"));
        Path patches = temp.resolve("patches");

        Run fix = run("fix", app.toString(), "--out", patches.toString());

        assertThat(fix.exit()).as(fix.err()).isZero();
        assertThat(fix.err()).doesNotContain("error");
        assertThat(fix.out()).contains("no patch  WAN003 org.acme.seed.web.SeedStatusServlet (src/org/acme/seed/web/SeedStatusServlet.java): "
                + FAILURE + "\n");
        assertThat(patchFiles(patches)).extracting(p -> p.getFileName().toString()).containsExactly("WAN009-1-insertaccounts.patch");
        String combined = Files.readString(patches.resolve("wanlint.patch"));
        assertThat(combined).isEqualTo(Files.readString(patches.resolve("WAN009-1-insertaccounts.patch")))
                .contains("+        PreparedStatement stmt = con.prepareStatement(\"INSERT INTO account VALUES (?, ?)\");");
        git(app, "apply", "--check", patches.resolve("wanlint.patch").toString());
    }

    @Test
    void everyFormatOfCheckExitsWithTheGatesCodeAndEverySaysWhyTheFindingHasNoPatch() throws Exception {
        Path app = gitCopy(temp.resolve("app"));
        for (String format : List.of("text", "json", "sarif", "html")) {
            Path report = temp.resolve("report." + format);
            Run check = run("check", app.toString(), "--format", format, "-o", report.toString());
            assertThat(check.exit()).as("%s: %s", format, check.err()).isEqualTo(1);
            assertThat(check.err()).as(format).doesNotContain("internal error");
            assertThat(Files.readString(report)).as(format).contains("SeedStatusServlet");
        }

        JsonNode sarif = new ObjectMapper().readTree(temp.resolve("report.sarif").toFile());
        JsonNode failed = result(sarif, "WAN003", "SeedStatusServlet.countItems");
        assertThat(failed.path("properties").path("noPatch").asText()).isEqualTo("no patch: " + FAILURE);
        assertThat(failed.has("fixes")).isFalse();
        JsonNode other = result(sarif, "WAN009", "SeedDataServlet.insertAccounts");
        assertThat(other.path("fixes")).hasSize(1);
        assertThat(other.path("properties").has("noPatch")).isFalse();

        assertThat(Files.readString(temp.resolve("report.html")))
                .contains("<p class=\"no-patch\">no patch: " + FAILURE + "</p>")
                .contains("<p>Patch: Execute the SQL of SeedDataServlet.insertAccounts as a PreparedStatement with bound parameters</p>");

        JsonNode json = new ObjectMapper().readTree(temp.resolve("report.json").toFile());
        JsonNode failedFinding = finding(json, "WAN003", "SeedStatusServlet", "countItems");
        assertThat(failedFinding.path("patch").isBoolean()).isTrue();
        assertThat(failedFinding.path("patch").asBoolean()).isFalse();
        assertThat(failedFinding.path("noPatch").asText()).isEqualTo("no patch: " + FAILURE);
        JsonNode patched = finding(json, "WAN009", "SeedDataServlet", "insertAccounts");
        assertThat(patched.path("patch").asBoolean()).isTrue();
        assertThat(patched.has("noPatch")).isFalse();

        String text = Files.readString(temp.resolve("report.text"));
        String statusFinding = text.substring(text.indexOf("SeedStatusServlet#countItems"));
        // A finding's block ends at the blank line before the next finding (or at the end of the report).
        int end = statusFinding.indexOf("\n\n");
        statusFinding = end < 0 ? statusFinding : statusFinding.substring(0, end + 1);
        assertThat(statusFinding).contains("\n      no patch: " + FAILURE + "\n").doesNotContain("→ 1");
        assertThat(text.split("no patch: internal error", -1)).as("only the failing finding").hasSize(2);
    }

    /** The JSON report's finding of a rule at {@code className#method} (simple class name). */
    static JsonNode finding(JsonNode report, String ruleId, String simpleClassName, String method) {
        for (JsonNode f : report.path("findings")) {
            JsonNode at = f.path("location");
            if (f.path("ruleId").asText().equals(ruleId) && at.path("className").asText().endsWith("." + simpleClassName)
                    && at.path("method").asText().equals(method)) return f;
        }
        throw new AssertionError("no " + ruleId + " finding at " + simpleClassName + "#" + method);
    }
}
