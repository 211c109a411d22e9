package io.wanlint.cli;

import io.wanlint.engine.RuleChecker;
import io.wanlint.engine.RefactoringFixer;

import static io.wanlint.cli.AppCopy.patchFiles;
import static io.wanlint.cli.AppCopy.wanlint;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.cli.AppCopy.Run;
import io.wanlint.refactorings.api.Fixes;
import io.wanlint.refactorings.api.Patch;
import io.wanlint.refactorings.api.PlanOutcome;
import io.wanlint.refactorings.api.Refactoring;
import io.wanlint.refactorings.api.RefactoringContext;
import io.wanlint.refactorings.api.Refactorings;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 21 item 1, second half: {@code fix} re-analyses every patched copy by default. A patch whose
 * requests end up at other round trips than predicted (still fewer) carries the measured ones and
 * says so in every output; {@code --no-reanalyse} skips it; once the budget is spent the remaining
 * patches are marked unverified.
 */
class PatchReanalysisTest {
    @TempDir Path temp;

    /**
     * The built-in refactorings, each patch's predicted "after" made one round trip too high: what
     * a refactoring that miscounts would promise. Re-analysis measures the real one.
     */
    private record Mispredicting(Refactoring real) implements Refactoring {
        @Override public Fixes fixes() { return real.fixes(); }

        @Override public PlanOutcome plan(Finding finding, RefactoringContext context) {
            PlanOutcome p = real.plan(finding, context);
            return p.patch().map(x -> PlanOutcome.of(new Patch(x.findingFingerprint(), x.ruleId(), x.title(), x.changes(), x.before(),
                    x.after().plus(RoundTrips.of(1))))).orElse(p);
        }
    }

    private static Run run(Wiring wiring, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), wiring);
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static Wiring mispredicting() {
        RuleChecker checker = new RuleChecker();
        List<Refactoring> wrong = Refactorings.builtIn().all().stream().map(r -> (Refactoring) new Mispredicting(r)).toList();
        return Wiring.defaults().withChecker(checker).withFixer(new RefactoringFixer(checker, new Refactorings(wrong)));
    }

    /** "WAN round trips B -> A" of the patch printed for {@code rule}. */
    private static String[] roundTrips(String out, String rule) {
        Matcher m = Pattern.compile("patch     " + rule + " [^\\n]*\\n(?:          [^\\n]*\\n)*?          WAN round trips (\\S+) -> (\\S+)")
                .matcher(out);
        assertThat(m.find()).as(out).isTrue();
        return new String[] {m.group(1), m.group(2)};
    }

    @Test
    void aPatchDeliveringOtherRoundTripsThanPredictedCarriesTheMeasuredOnesAndSaysSo() throws Exception {
        Path app = SeedServletFixTest.gitCopy(temp.resolve("app"));
        Run truthful = wanlint("fix", app.toString(), "--rule", "WAN003", "--out", temp.resolve("truthful").toString());
        String[] real = roundTrips(truthful.out(), "WAN003");
        assertThat(truthful.out()).doesNotContain("prediction corrected");

        Run fix = run(mispredicting(), "fix", app.toString(), "--rule", "WAN003", "--out", temp.resolve("patches").toString());

        assertThat(fix.exit()).as(fix.err()).isZero();
        long predictedAfter = Long.parseLong(real[1]) + 1;
        assertThat(fix.out()).contains("          prediction corrected: predicted " + real[0] + " → " + predictedAfter
                + ", re-analysis measured " + real[0] + " → " + real[1] + "\n");
        assertThat(roundTrips(fix.out(), "WAN003")).containsExactly(real);
        assertThat(patchFiles(temp.resolve("patches"))).hasSize(1);

        Run check = run(mispredicting(), "check", app.toString(), "--format", "json", "--fail-on", "never", "--reanalyse");
        assertThat(check.exit()).as(check.err()).isZero();
        JsonNode wan003 = FailingPatchTest.finding(check.json(), "WAN003", "SeedStatusServlet", "countItems");
        assertThat(wan003.path("patch").asBoolean()).isTrue();
        assertThat(wan003.path("patchCorrection").asText()).isEqualTo("prediction corrected: predicted " + real[0] + " → " + predictedAfter
                + ", re-analysis measured " + real[0] + " → " + real[1]);
        Run plain = run(mispredicting(), "check", app.toString(), "--format", "json", "--fail-on", "never");
        assertThat(FailingPatchTest.finding(plain.json(), "WAN003", "SeedStatusServlet", "countItems").has("patchCorrection"))
                .as("check re-analyses only when asked").isFalse();
    }

    @Test
    void noReanalyseSkipsItAndKeepsThePrediction() throws Exception {
        Path app = SeedServletFixTest.gitCopy(temp.resolve("app"));

        Run fix = run(mispredicting(), "fix", app.toString(), "--rule", "WAN003", "--out", temp.resolve("patches").toString(),
                "--no-reanalyse");

        assertThat(fix.exit()).as(fix.err()).isZero();
        assertThat(fix.out()).doesNotContain("prediction corrected").doesNotContain("re-analys");
    }

    @Test
    void reanalysisIsTheDefaultAndCoversTheCombinedPatch() throws Exception {
        Path app = SeedServletFixTest.gitCopy(temp.resolve("app"));

        Run fix = wanlint("fix", app.toString(), "--out", temp.resolve("patches").toString());

        assertThat(fix.exit()).as(fix.err()).isZero();
        assertThat(fix.out()).contains("wanlint.patch re-analysed: every finding its patches fix is gone (or, per request, cheaper)\n")
                .doesNotContain("unverified");
    }

    @Test
    void onceTheBudgetIsSpentThePatchesAreMarkedUnverified() throws Exception {
        Path app = SeedServletFixTest.gitCopy(temp.resolve("app"));

        Run fix = wanlint("fix", app.toString(), "--out", temp.resolve("patches").toString(), "--reanalyse-budget", "0");

        assertThat(fix.exit()).as(fix.err()).isZero();
        assertThat(fix.out()).contains("          unverified: re-analysis budget spent (0 s on earlier patches")
                .contains("wanlint.patch unverified: re-analysis budget spent");
        assertThat(patchFiles(temp.resolve("patches"))).hasSize(2);
    }
}
