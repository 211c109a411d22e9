package io.wanlint.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.fixtures.Fixtures;
import io.wanlint.refactorings.api.PatchVerifier;
import io.wanlint.refactorings.api.RefactoringContext;
import io.wanlint.refactorings.api.Refactorings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Patches planned on several threads while the calling thread verifies them ({@link Refactorings#planAndVerify})
 * are the patches, reasons and verdicts of planning and verifying on one thread, in the same order, on
 * every fixture application: the one-thread path stays here as the oracle.
 */
class ParallelPlanningTest {
    private final RefactoringFixer fixer = new RefactoringFixer(new RuleChecker(), Refactorings.builtIn());

    /** Every fixture application's folder. */
    private static List<Path> apps() throws IOException {
        try (Stream<Path> dirs = Files.list(Fixtures.root())) {
            return dirs.filter(Files::isDirectory).filter(d -> !d.getFileName().toString().matches("src|target")).sorted().toList();
        }
    }

    private record Checked(AnalysisResult result, List<Finding> findings) {}

    private static Checked checked(Path app) {
        Engine engine = Engine.builtIn();
        RunSettings settings = engine.settings(List.of(app), null, null, app);
        AnalysisResult result = engine.analyse(List.of(app), List.of(), settings, null, d -> { });
        return new Checked(result, engine.rules(engine.analysis(result, settings)).findings());
    }

    /** Planning and verifying on this thread alone, as every run did before. */
    private List<Refactorings.Planned> oneThread(Checked c, List<Refactorings.Planned> plannedOut) {
        RefactoringContext context = RefactoringContext.of(c.result());
        try (PatchVerifier verifier = fixer.verifier(context, Fixer.Verification.DEFAULT)) {
            List<Refactorings.Planned> planned = Refactorings.builtIn().plan(c.findings(), context);
            plannedOut.addAll(planned);
            return verifier.verifyEach(planned);
        }
    }

    private Refactorings.Outcome threads(Checked c, int threads) {
        RefactoringContext context = RefactoringContext.of(c.result());
        try (PatchVerifier verifier = fixer.verifier(context, Fixer.Verification.DEFAULT)) {
            return Refactorings.builtIn().planAndVerify(c.findings(), context, verifier, threads);
        }
    }

    @Test
    void everyFixtureGetsTheOneThreadPlansAndVerdictsInTheSameOrder() throws IOException {
        int patches = 0;
        int declined = 0;
        int apps = 0;
        for (Path app : apps()) {
            Checked c = checked(app);
            if (c.findings().size() < 2) continue;
            apps++;
            List<Refactorings.Planned> planned = new java.util.ArrayList<>();
            List<Refactorings.Planned> expected = oneThread(c, planned);
            for (int threads : new int[] {2, 3}) {
                Refactorings.Outcome outcome = threads(c, threads);
                assertThat(outcome.planned()).as("%s planned on %d threads", app.getFileName(), threads).isEqualTo(planned);
                assertThat(outcome.verified()).as("%s verified after planning on %d threads", app.getFileName(), threads).isEqualTo(expected);
            }
            patches += (int) expected.stream().filter(p -> p.patch().isPresent()).count();
            declined += (int) expected.stream().filter(p -> p.patch().isEmpty()).count();
        }
        // The comparison means something only where there are patches to verify and findings without one.
        assertThat(apps).isGreaterThan(5);
        assertThat(patches).isGreaterThan(10);
        assertThat(declined).isGreaterThan(10);
    }

    @Test
    void oneThreadIsTheSequentialRun() {
        Checked c = checked(Fixtures.app("petstore-1.1"));
        List<Refactorings.Planned> planned = new java.util.ArrayList<>();
        List<Refactorings.Planned> expected = oneThread(c, planned);
        Refactorings.Outcome outcome = threads(c, 1);
        assertThat(outcome.planned()).isEqualTo(planned);
        assertThat(outcome.verified()).isEqualTo(expected);
    }
}
