package io.wanlint.cli;

import io.wanlint.engine.RuleChecker;
import io.wanlint.engine.RefactoringFixer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wanlint.fixtures.Fixtures;
import io.wanlint.refactorings.api.Refactorings;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The summary's "after patches" counts the patches there are, never the ones declined or not planned. */
class AfterPatchesSummaryTest {
    @Test
    void withoutAnyPatchTheRoundTripsAfterPatchesAreThoseOfNow() throws Exception {
        RuleChecker checker = new RuleChecker();
        Wiring none = Wiring.defaults().withChecker(checker).withFixer(new RefactoringFixer(checker, new Refactorings(List.of())));

        JsonNode summary = summary(none);

        assertThat(summary.get("findings").asInt()).isPositive();
        assertThat(summary.get("afterPatches").asLong()).isEqualTo(summary.get("wanRoundTrips").asLong());
    }

    @Test
    void thePatchesPlannedLowerTheRoundTripsAfterPatches() throws Exception {
        JsonNode summary = summary(Wiring.defaults());

        assertThat(summary.get("afterPatches").asLong()).isLessThan(summary.get("wanRoundTrips").asLong());
    }

    private static JsonNode summary(Wiring wiring) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Main.run(new String[] {"check", Fixtures.app("petstore-1.1").toString(), "--format", "json", "--no-verify"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), wiring);
        assertThat(exit).as(err.toString(StandardCharsets.UTF_8)).isEqualTo(1);
        return new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8)).get("summary");
    }
}
