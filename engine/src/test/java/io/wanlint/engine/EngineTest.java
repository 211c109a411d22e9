package io.wanlint.engine;

import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.Fingerprints;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.fixtures.Fixtures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A whole check through the engine's one call, as the Maven plugin makes it: exit status, the
 * findings that fail, the gate, and the problems that stop a run without an exception.
 */
class EngineTest {
    private static final Path PETSTORE = Fixtures.app("petstore-1.1");
    private static CheckResult defaults;

    @TempDir Path temp;

    @BeforeAll
    static void checkPetstoreWithDefaults() {
        defaults = Engine.builtIn().check(CheckRequest.of(List.of(PETSTORE)).withPatches(PatchOptions.NONE));
    }

    @Test
    void errorLevelFindingsEndTheRunWithFindingsAndAreTheOnesListedAsFailing() {
        assertThat(defaults.exitStatus()).isEqualTo(ExitCode.FINDINGS);
        assertThat(defaults.problem()).isEmpty();
        assertThat(defaults.failing()).isNotEmpty().allSatisfy(f -> assertThat(f.severity()).isEqualTo(Severity.ERROR));
        assertThat(defaults.findings()).containsAll(defaults.failing());
        assertThat(defaults.findings()).anyMatch(f -> f.severity() != Severity.ERROR);
        assertThat(defaults.entryPoints()).isNotEmpty();
        assertThat(defaults.sourceRoot()).isEqualTo(PETSTORE.toAbsolutePath().normalize());
    }

    @Test
    void failOnNeverReportsTheSameFindingsAndEndsOk() {
        CheckResult never = Engine.builtIn().check(CheckRequest.of(List.of(PETSTORE)).withPatches(PatchOptions.NONE).withFailOn(FailOn.never));
        assertThat(never.exitStatus()).isEqualTo(ExitCode.OK);
        assertThat(never.failing()).isEmpty();
        assertThat(fingerprints(never.findings())).isEqualTo(fingerprints(defaults.findings()));
    }

    @Test
    void aBaselineOfTodaysFindingsHoldsThemAllBackAndSaysSo() throws Exception {
        Path baseline = Files.writeString(temp.resolve("baseline.json"), Engine.baselineJson(defaults.findings()));
        CheckResult gated = Engine.builtIn().check(CheckRequest.of(List.of(PETSTORE)).withPatches(PatchOptions.NONE)
                .withGate(new Gate(null, baseline)));
        assertThat(gated.exitStatus()).isEqualTo(ExitCode.OK);
        assertThat(gated.findings()).isEmpty();
        assertThat(gated.notes()).contains("baseline: " + defaults.findings().size() + " known finding(s) not reported");
    }

    @Test
    void aMissingPathStopsTheRunWithAUsageProblemNotAnException() {
        CheckResult missing = Engine.builtIn().check(CheckRequest.of(List.of(temp.resolve("nowhere"))));
        assertThat(missing.exitStatus()).isEqualTo(ExitCode.USAGE);
        assertThat(missing.problem()).hasValueSatisfying(p -> assertThat(p).startsWith("no such file or directory: "));
        assertThat(missing.report()).isEmpty();
    }

    @Test
    void aFolderWithNothingToAnalyseEndsWithNothingAnalysed() throws Exception {
        Files.writeString(temp.resolve("notes.txt"), "no code here\n");
        CheckResult empty = Engine.builtIn().check(CheckRequest.of(List.of(temp)));
        assertThat(empty.exitStatus()).isEqualTo(ExitCode.NOTHING_ANALYSED);
        assertThat(empty.problem()).hasValueSatisfying(p -> assertThat(p).startsWith("nothing could be analysed in "));
    }

    @Test
    void aTopologyFileThatDoesNotExistIsTheUsersConfigurationError() {
        CheckResult wrong = Engine.builtIn().check(CheckRequest.of(List.of(PETSTORE)).withTopology(temp.resolve("none.yaml").toString()));
        assertThat(wrong.exitStatus()).isEqualTo(ExitCode.USAGE);
        assertThat(wrong.problem()).isPresent();
    }

    @Test
    void theResultRendersThroughEveryReporterOfTheRegistry() {
        assertThat(Reporters.builtIn().names()).containsExactly("text", "json", "sarif", "html");
        assertThat(defaults.render(Reporters.builtIn().get("SARIF")).orElseThrow()).contains("\"version\": \"2.1.0\"");
        assertThat(defaults.render(Reporters.builtIn().get("json")).orElseThrow()).contains("\"findings\"");
        assertThat(defaults.render(Reporters.builtIn().get("html")).orElseThrow()).contains("<html");
        assertThat(defaults.render(Reporters.builtIn().get("text")).orElseThrow()).contains("WAN003");
        assertThat(Reporters.builtIn().find("pdf")).isEmpty();
    }

    private static List<String> fingerprints(List<Finding> findings) {
        return findings.stream().map(Fingerprints::of).sorted().toList();
    }
}
