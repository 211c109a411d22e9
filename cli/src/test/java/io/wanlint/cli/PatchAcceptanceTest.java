package io.wanlint.cli;

import io.wanlint.engine.AnalyzerWorkbench;
import io.wanlint.engine.Analysis;
import io.wanlint.engine.RuleChecker;

import static io.wanlint.cli.AppCopy.commit;
import static io.wanlint.cli.AppCopy.compile;
import static io.wanlint.cli.AppCopy.copyTree;
import static io.wanlint.cli.AppCopy.deleteTree;
import static io.wanlint.cli.AppCopy.git;
import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.Topology;
import io.wanlint.fixtures.Fixtures;
import io.wanlint.refactorings.api.CompileClassPath;
import io.wanlint.refactorings.api.Patch;
import io.wanlint.refactorings.api.PatchSet;
import io.wanlint.refactorings.api.PatchVerifier;
import io.wanlint.refactorings.api.RefactoringContext;
import io.wanlint.refactorings.api.Refactorings;
import io.wanlint.refactorings.api.UnifiedDiffs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Issue 6 acceptance, driven by the data: for every fixture and every finding that a built-in
 * refactoring patches (whatever refactorings {@link Refactorings#builtIn()} holds today), the patch
 * alone, rendered as {@code wanlint fix} renders it, (a) passes {@code git apply --check} and
 * applies, (b) leaves an application that javac compiles against the J2EE/Jakarta API jars, (c)
 * re-analysed, no longer has the finding and costs its entry points exactly the round trips the
 * patch promised ({@link Patch#after()}, formula included), and (d) gets no patch for it when
 * planned again. The combined {@code wanlint.patch} of each fixture is held to (a)–(c) as well. The
 * compile check {@code wanlint fix} itself makes before showing a patch ({@link PatchVerifier}) must
 * verify every patch and the combined one: what this test accepts, fix shows unmarked.
 *
 * <p>Each fixture is copied into one git repository and analysed once for planning; every test
 * resets that copy to the committed fixture before it patches it, so the tests of a fixture share
 * the copy (they run one after another).
 */
class PatchAcceptanceTest {
    /** The topology the predictions of {@code wanlint fix} use when none is configured. */
    private static final String TOPOLOGY = "edge";
    /** The API jars on the test class path an application is compiled against. */
    private static final AnalyzerWorkbench WORKBENCH = new AnalyzerWorkbench();
    private static final RuleChecker CHECKER = new RuleChecker();
    private static final List<Path> TEMPORARY = new ArrayList<>();

    /** A fixture's git copy, its analysis and the plans {@code wanlint fix} would make for it. */
    private record Planned(String fixture, Path repo, Charset encoding, RefactoringContext context,
                           List<Refactorings.Planned> plans, Map<String, RoundTrips> roundTrips,
                           List<Refactorings.Planned> verified, PatchVerifier.Verdict combinedVerdict) {
        List<Refactorings.Planned> patched() { return plans.stream().filter(p -> p.patch().isPresent()).toList(); }
    }

    /** What re-analysing a patched copy gives: the findings, the round trips per entry point, and the plans. */
    private record Reanalysis(List<Finding> findings, Map<String, RoundTrips> roundTrips, List<Refactorings.Planned> plans,
                              RefactoringContext context) {}

    @TestFactory
    Stream<DynamicNode> everyPatchOfEveryFixtureAppliesCompilesAndDeliversItsPrediction() {
        return Fixtures.APPLICATIONS.stream().map(fixture -> DynamicContainer.dynamicContainer(fixture, Stream.of(0).flatMap(x -> {
            Planned planned = plan(fixture);
            List<DynamicNode> tests = new ArrayList<>();
            tests.add(DynamicTest.dynamicTest("the unpatched application compiles", () -> {
                reset(planned.repo());
                compile(planned.repo(), planned.encoding());
            }));
            // The run-time check wanlint fix makes (PatchVerifier) passes every patch this test accepts, verified.
            tests.add(DynamicTest.dynamicTest("fix's own compile check verifies every patch", () -> {
                assertThat(planned.verified()).hasSameSizeAs(planned.plans());
                for (int i = 0; i < planned.plans().size(); i++) {
                    Refactorings.Planned before = planned.plans().get(i);
                    Refactorings.Planned after = planned.verified().get(i);
                    assertThat(after.patch()).as("%s %s: %s", before.finding().ruleId(), before.finding().key(),
                            after.reasonWithoutPatch()).isEqualTo(before.patch());
                    assertThat(after.unverified()).as("%s %s", before.finding().ruleId(), before.finding().key()).isEmpty();
                }
                if (!planned.patched().isEmpty()) {
                    assertThat(planned.combinedVerdict()).as("the combined patch").isEqualTo(new PatchVerifier.Verdict.Verified());
                }
            }));
            for (Refactorings.Planned p : planned.patched()) {
                Finding f = p.finding();
                tests.add(DynamicTest.dynamicTest(f.ruleId() + " " + f.key() + " (" + f.location().file() + ")",
                        () -> acceptSingle(planned, p)));
            }
            if (!planned.patched().isEmpty()) {
                tests.add(DynamicTest.dynamicTest("the combined wanlint.patch", () -> acceptCombined(planned)));
            }
            return tests.stream();
        })));
    }

    @AfterAll
    static void removeCopies() throws IOException {
        for (Path p : TEMPORARY) deleteTree(p);
    }

    private static void acceptSingle(Planned planned, Refactorings.Planned plan) throws Exception {
        Path repo = planned.repo();
        Finding finding = plan.finding();
        Patch patch = plan.patch().orElseThrow();
        reset(repo);
        applyDiff(repo, UnifiedDiffs.render(patch, planned.context()));
        compile(repo, planned.encoding());

        Reanalysis again = reanalyse(repo);
        assertThat(again.findings()).as("findings after %s", patch.title())
                .noneMatch(f -> f.ruleId().equals(finding.ruleId()) && f.key().equals(finding.key()));
        // The figures are those of one request (the worst the patch makes cheaper), never a sum: one of the
        // finding's entry points cost what the patch promised before it, and costs what it promised after.
        Map<String, String> delivered = new LinkedHashMap<>();
        for (String ep : finding.entryPoints()) {
            assertThat(again.roundTrips()).as("entry point %s after %s", ep, patch.title()).containsKey(ep);
            delivered.put(ep, planned.roundTrips().get(ep) + " -> " + again.roundTrips().get(ep));
        }
        if (String.valueOf(patch.before()).equals(String.valueOf(patch.after()))) {
            // A patch promising no WAN change (a database-cache note's read-only declaration) keeps every request's round trips.
            for (String ep : finding.entryPoints()) {
                assertThat(again.roundTrips().get(ep)).as("round trips of %s after %s", ep, patch.title())
                        .isEqualTo(planned.roundTrips().get(ep));
            }
        } else {
            assertThat(delivered.values()).as("round trips of %s after %s", finding.entryPoints(), patch.title())
                    .contains(patch.before() + " -> " + patch.after());
        }
        assertThat(again.plans()).as("patches planned again after %s", patch.title())
                .noneMatch(p -> p.finding().ruleId().equals(finding.ruleId()) && p.finding().key().equals(finding.key())
                        && p.patch().isPresent());
        // Idempotent even if the finding were still reported: the refactoring has nothing left to do.
        assertThat(Refactorings.builtIn().plan(List.of(finding), again.context()).get(0).patch())
                .as("the same finding planned on the patched code").isEmpty();
    }

    private static void acceptCombined(Planned planned) throws Exception {
        Path repo = planned.repo();
        List<Patch> patches = planned.patched().stream().map(p -> p.patch().orElseThrow()).toList();
        PatchSet set = PatchSet.of(patches);
        reset(repo);
        applyDiff(repo, UnifiedDiffs.render(set.combined(), planned.context()));
        compile(repo, planned.encoding());

        Reanalysis again = reanalyse(repo);
        for (Refactorings.Planned p : planned.patched()) {
            if (!set.combined().contains(p.patch().orElseThrow())) continue;
            Finding f = p.finding();
            // Gone, or, for a per-request finding (WAN001 is keyed by entry point), left with strictly fewer
            // round trips: each façade patch writes one façade per client method, so a request served by two
            // patched methods (petstore /product.jsp: the WAN003 DAO façade and the WAN001 inventory façade)
            // makes two façade calls, and WAN001 then proposes merging those two.
            assertThat(again.findings()).as("findings after the combined patch").noneMatch(g -> g.ruleId().equals(f.ruleId())
                    && g.key().equals(f.key()) && g.before().compareTo(f.before()) >= 0);
        }
    }

    private static Planned plan(String fixture) {
        try {
            Path parent = Files.createTempDirectory("wanlint-acceptance-");
            TEMPORARY.add(parent);
            Path repo = parent.resolve(fixture);
            copyTree(Fixtures.app(fixture), repo);
            commit(repo);
            Analysis analysis = analyse(repo);
            RefactoringContext context = RefactoringContext.of(analysis.result());
            assertThat(context.root()).contains(repo.toAbsolutePath().normalize());
            List<Refactorings.Planned> plans = Refactorings.builtIn().plan(CHECKER.check(analysis).findings(), context);
            Map<String, RoundTrips> roundTrips = new LinkedHashMap<>();
            for (EntryPointCost c : analysis.costs().estimateAll()) roundTrips.put(c.entryPoint().id(), c.roundTrips());
            List<Refactorings.Planned> verified;
            PatchVerifier.Verdict combined;
            try (PatchVerifier verifier = PatchVerifier.of(context, CompileClassPath.of(context, List.of()))) {
                verified = verifier.verifyEach(plans);
                combined = verifier.verdict(PatchSet.of(plans.stream().flatMap(p -> p.patch().stream()).toList()).combined());
            }
            return new Planned(fixture, repo, sourceEncoding(repo), context, plans, roundTrips, verified, combined);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while copying " + fixture, e);
        }
    }

    /** The analysis {@code wanlint fix PATH} makes: every file, the default topology, the default configuration. */
    private static Analysis analyse(Path app) {
        Topology topology = WORKBENCH.topology(TOPOLOGY);
        var result = WORKBENCH.analyze(new AnalysisRequest(List.of(app), List.of(), AnalysisRequest.FrontEnd.AUTO));
        assertThat(result.analysedAnything()).isTrue();
        return new Analysis(result, topology, WORKBENCH.costs(result, topology));
    }

    private static Reanalysis reanalyse(Path app) {
        Analysis analysis = analyse(app);
        List<Finding> findings = CHECKER.check(analysis).findings();
        Map<String, RoundTrips> roundTrips = new LinkedHashMap<>();
        for (EntryPointCost c : analysis.costs().estimateAll()) roundTrips.put(c.entryPoint().id(), c.roundTrips());
        RefactoringContext context = RefactoringContext.of(analysis.result());
        return new Reanalysis(findings, roundTrips, Refactorings.builtIn().plan(findings, context), context);
    }

    /** (a): {@code git apply --check}, then {@code git apply}, of the diff exactly as {@code wanlint fix} writes it. */
    private static void applyDiff(Path repo, byte[] diff) throws IOException, InterruptedException {
        assertThat(diff).as("rendered diff").isNotEmpty();
        Path file = repo.getParent().resolve("under-test.patch");
        Files.write(file, diff);
        git(repo, "apply", "--check", file.toString());
        git(repo, "apply", file.toString());
    }

    /** UTF-8 when every source decodes as UTF-8, else ISO-8859-1 (the J2EE-era fixtures' encoding). */
    private static Charset sourceEncoding(Path app) throws IOException {
        try (Stream<Path> walk = Files.walk(app)) {
            for (Path p : walk.filter(x -> x.toString().endsWith(".java")).toList()) {
                try {
                    StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                            .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(Files.readAllBytes(p)));
                } catch (CharacterCodingException e) {
                    return StandardCharsets.ISO_8859_1;
                }
            }
        }
        return StandardCharsets.UTF_8;
    }

    /** Back to the committed fixture: an earlier test's patch leaves nothing behind. */
    private static void reset(Path repo) throws IOException, InterruptedException {
        git(repo, "reset", "-q", "--hard");
        git(repo, "clean", "-q", "-fdx");
    }
}
