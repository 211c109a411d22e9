package io.wanlint.refactorings.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.Fingerprints;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.refactorings.TextApp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Planning a run's findings: one refactoring's failure costs its finding the patch, never the others theirs. */
class RefactoringsTest {
    private static final String FILE = "src/shop/web/StatusServlet.java";

    @TempDir Path app;

    /** Throws as the WAN003 planner did on the population servlet of issue 16. */
    private static final Refactoring THROWS = refactoring("WAN901", f -> {
        throw new IndexOutOfBoundsException("start 680, end 644, length 17517");
    });

    /** Plans an edit beyond the end of the file: it cannot be rendered or applied. */
    private static final Refactoring EDITS_BEYOND_THE_FILE = refactoring("WAN902", f -> PlanOutcome.of(patch(f,
            new FileChange.Edit(FILE, List.of(new TextEdit(FILE, 5000, 5010, "x"))))));

    private static final Refactoring WORKS = refactoring("WAN903", f -> PlanOutcome.of(patch(f,
            new FileChange.Edit(FILE, List.of(TextEdit.insert(FILE, 0, "// reviewed\n"))))));

    private static final Refactoring DECLINES = refactoring("WAN901", f -> PlanOutcome.declined("the status is computed by hand"));

    private interface Planner {
        PlanOutcome plan(Finding f);
    }

    private static Refactoring refactoring(String ruleId, Planner planner) {
        return new Refactoring() {
            @Override public Fixes fixes() { return Fixes.of(ruleId, FindingSubject.Place.class); }

            @Override public PlanOutcome plan(Finding finding, RefactoringContext context) { return planner.plan(finding); }
        };
    }

    private static Patch patch(Finding f, FileChange change) {
        return new Patch(Fingerprints.of(f), f.ruleId(), "Fix " + f.ruleId(), List.of(change), f.before(), f.after());
    }

    private static Finding finding(String ruleId) {
        return new Finding(ruleId, Severity.ERROR, "test finding", new FindingLocation(FILE, 3, "shop.web.StatusServlet", "doGet"),
                List.of("/status"), List.of(), RoundTrips.of(2), RoundTrips.of(1), null);
    }

    private RefactoringContext context() throws IOException {
        TextApp.write(app, FILE, "package shop.web;\n\npublic class StatusServlet {\n    public void doGet() {}\n}\n", StandardCharsets.UTF_8);
        return TextApp.analysed(app);
    }

    @Test
    void aRefactoringThatThrowsCostsOnlyItsFindingThePatch() throws IOException {
        Refactorings refactorings = new Refactorings(List.of(THROWS, WORKS));

        List<Refactorings.Planned> plans = refactorings.plan(List.of(finding("WAN901"), finding("WAN903")), context());

        assertThat(plans.get(0).patch()).isEmpty();
        assertThat(plans.get(0).internalError()).isTrue();
        assertThat(plans.get(0).reasonWithoutPatch())
                .isEqualTo("internal error while planning (IndexOutOfBoundsException: start 680, end 644, length 17517)");
        assertThat(plans.get(1).patch()).isPresent();
        assertThat(plans.get(1).internalError()).isFalse();
    }

    @Test
    void aPatchWhoseEditsDoNotApplyToItsFileIsThatFindingsPlanningError() throws IOException {
        Refactorings refactorings = new Refactorings(List.of(EDITS_BEYOND_THE_FILE, WORKS));

        List<Refactorings.Planned> plans = refactorings.plan(List.of(finding("WAN902"), finding("WAN903")), context());

        assertThat(plans.get(0).patch()).isEmpty();
        assertThat(plans.get(0).internalError()).isTrue();
        assertThat(plans.get(0).reasonWithoutPatch()).startsWith("internal error while planning (IllegalArgumentException: an edit of "
                + FILE + " at 5000..5010 lies beyond its ");
        assertThat(plans.get(1).patch()).isPresent();
    }

    @Test
    void aDeclineIsNotAnInternalErrorAndKeepsItsReasonNextToTheFailure() throws IOException {
        Refactorings refactorings = new Refactorings(List.of(THROWS, DECLINES));

        Refactorings.Planned plan = refactorings.plan(List.of(finding("WAN901")), context()).get(0);

        assertThat(plan.reasonWithoutPatch()).isEqualTo("internal error while planning (IndexOutOfBoundsException: start 680, end 644, "
                + "length 17517); the status is computed by hand");
        assertThat(plan.internalError()).isTrue();
        assertThat(new Refactorings(List.of(DECLINES)).plan(List.of(finding("WAN901")), context()).get(0).internalError()).isFalse();
    }

    @Test
    void aStackOverflowWhilePlanningIsAnInternalErrorOfThatFindingOnly() throws IOException {
        Refactoring overflows = refactoring("WAN901", f -> {
            throw new StackOverflowError();
        });

        List<Refactorings.Planned> plans = new Refactorings(List.of(overflows, WORKS))
                .plan(List.of(finding("WAN901"), finding("WAN903")), context());

        assertThat(plans.get(0).reasonWithoutPatch()).isEqualTo("internal error while planning (StackOverflowError)");
        assertThat(plans.get(1).patch()).isPresent();
    }
}
