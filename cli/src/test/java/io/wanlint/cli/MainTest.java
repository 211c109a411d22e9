package io.wanlint.cli;

import io.wanlint.engine.Analysis;
import io.wanlint.engine.Checker;
import io.wanlint.engine.Fixer;
import io.wanlint.engine.ExitCode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.report.api.Graphviz;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class MainTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path app;

    private record Run(int exit, String out, String err) {}

    private static Run run(Wiring wiring, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int exit = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), wiring);
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static Wiring wiring(FakeWorkbench workbench) {
        return new Wiring(workbench, Graphviz.absent(), Optional.empty(), Optional.empty(), Optional.empty(),
                new Terminal(false, false));
    }

    private Run graph(FakeWorkbench wb, String... more) {
        String[] args = new String[more.length + 2];
        args[0] = "graph";
        args[1] = app.toString();
        System.arraycopy(more, 0, args, 2, more.length);
        return run(wiring(wb), args);
    }

    @Test
    void topLevelHelpListsTheExitCodes() {
        Run r = run(wiring(new FakeWorkbench()), "--help");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("Exit codes:").contains("1  findings at or above --fail-on")
                .contains("2  usage or configuration error").contains("3  nothing could be analysed")
                .contains("graph").contains("check").contains("explain");
    }

    @Test
    void everySubcommandHelpListsOnlyTheExitCodesItCanReturn() {
        for (String cmd : List.of("check", "fix")) {
            Run r = run(wiring(new FakeWorkbench()), cmd, "--help");
            assertThat(r.exit()).as(cmd).isZero();
            assertThat(r.out()).as(cmd).contains("Exit codes:").contains("1  findings at or above --fail-on")
                    .contains("3  nothing could be analysed");
        }
        for (String cmd : List.of("graph", "predict", "baseline")) {
            Run r = run(wiring(new FakeWorkbench()), cmd, "--help");
            assertThat(r.exit()).as(cmd).isZero();
            assertThat(r.out()).as(cmd).contains("Exit codes:").contains("2  usage or configuration error")
                    .contains("3  nothing could be analysed").doesNotContain("findings at or above").doesNotContain("  1  ");
        }
        for (String cmd : List.of("rules", "explain")) {
            Run r = run(wiring(new FakeWorkbench()), cmd, "--help");
            assertThat(r.exit()).as(cmd).isZero();
            assertThat(r.out()).as(cmd).contains("Exit codes:").contains("2  usage error")
                    .doesNotContain("  1  ").doesNotContain("  3  ");
        }
    }

    @Test
    void versionIsPrinted() {
        Run r = run(wiring(new FakeWorkbench()), "--version");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).startsWith("wanlint ").doesNotContain("${");
    }

    @Test
    void unknownOptionIsOneLineAndAHintNotTheWholeHelp() {
        Run r = graph(new FakeWorkbench(), "--bogus");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("Unknown option: '--bogus'\nTry 'wanlint graph --help' for more information.\n");
        Run check = run(wiring(new FakeWorkbench()), "check", app.toString(), "--foo");
        assertThat(check.exit()).isEqualTo(2);
        assertThat(check.err()).isEqualTo("Unknown option: '--foo'\nTry 'wanlint check --help' for more information.\n");
        Run badValue = run(wiring(new FakeWorkbench()), "check", app.toString(), "--fail-on", "sometimes");
        assertThat(badValue.err().lines()).hasSize(2).last().isEqualTo("Try 'wanlint check --help' for more information.");
    }

    @Test
    void baselineHelpShowsOutputAsRequiredAndItsAbsenceIsAOneLineUsageError() {
        Wiring w = wiring(new FakeWorkbench()).withChecker(checkerFinding(Severity.WARNING));
        Run help = run(w, "baseline", "--help");
        assertThat(help.out()).contains(" -o=FILE").doesNotContain("[-o=FILE]");
        Run missing = run(w, "baseline", app.toString());
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err()).isEqualTo("Missing required option: '--output=FILE'\n"
                + "Try 'wanlint baseline --help' for more information.\n");
    }

    @Test
    void outputExtensionChoosesTheFormatWhenFormatIsNotGiven(@TempDir Path out) throws Exception {
        Wiring w = wiring(new FakeWorkbench()).withChecker(checkerFinding(Severity.WARNING));
        assertThat(run(w, "check", app.toString(), "-o", out.resolve("r.sarif").toString()).exit()).isZero();
        assertThat(JSON.readTree(Files.readString(out.resolve("r.sarif"))).get("version").asText()).isEqualTo("2.1.0");
        run(w, "check", app.toString(), "-o", out.resolve("r.sarif.json").toString());
        assertThat(JSON.readTree(Files.readString(out.resolve("r.sarif.json"))).get("version").asText()).isEqualTo("2.1.0");
        run(w, "check", app.toString(), "-o", out.resolve("r.json").toString());
        assertThat(JSON.readTree(Files.readString(out.resolve("r.json"))).get("findings").get(0).get("ruleId").asText())
                .isEqualTo("WAN001");
        run(w, "check", app.toString(), "-o", out.resolve("R.HTML").toString());
        assertThat(Files.readString(out.resolve("R.HTML"))).startsWith("<!DOCTYPE html>");
        run(w, "check", app.toString(), "-o", out.resolve("r.txt").toString());
        assertThat(Files.readString(out.resolve("r.txt"))).contains("warning WAN001 remote-fine-grained-call");
        run(w, "predict", app.toString(), "-o", out.resolve("p.json").toString());
        assertThat(JSON.readTree(Files.readString(out.resolve("p.json"))).get("entryPoints")).hasSize(1);
        graph(new FakeWorkbench(), "-o", out.resolve("g.svg").toString());
        assertThat(Files.readString(out.resolve("g.svg"))).startsWith("<svg");
        graph(new FakeWorkbench(), "-o", out.resolve("g.json").toString());
        assertThat(JSON.readTree(Files.readString(out.resolve("g.json"))).get("components")).hasSize(2);
        Run sarifAsJson = run(w, "check", app.toString(), "--format", "sarif", "-o", out.resolve("results.json").toString());
        assertThat(sarifAsJson.exit()).as("a SARIF log is JSON").isZero();
        assertThat(JSON.readTree(Files.readString(out.resolve("results.json"))).get("version").asText()).isEqualTo("2.1.0");
    }

    @Test
    void formatThatContradictsTheOutputExtensionIsOneLineAndNothingIsAnalysed(@TempDir Path out) {
        FakeWorkbench wb = new FakeWorkbench();
        Wiring w = wiring(wb).withChecker(checkerFinding(Severity.WARNING));
        Path sarif = out.resolve("x.sarif");
        Run contradiction = run(w, "check", app.toString(), "--format", "json", "-o", sarif.toString());
        assertThat(contradiction.exit()).isEqualTo(2);
        assertThat(contradiction.err()).isEqualTo("error: --format json contradicts -o " + sarif
                + ", which names a SARIF file; drop --format or rename the file\n");
        assertThat(wb.lastRequest).as("nothing analysed").isNull();
        assertThat(sarif).doesNotExist();
        Path sarifPrediction = out.resolve("p.sarif");
        Run unwritable = run(w, "predict", app.toString(), "-o", sarifPrediction.toString());
        assertThat(unwritable.exit()).isEqualTo(2);
        assertThat(unwritable.err()).isEqualTo("error: -o " + sarifPrediction + " names a SARIF file, which wanlint predict does not "
                + "write (it writes text, json, html); rename the file\n");
        assertThat(run(w, "graph", app.toString(), "--format", "svg", "-o", out.resolve("g.dot").toString()).exit())
                .isEqualTo(2);
    }

    /** A fixer that records the request instead of planning patches. */
    private static final class RecordingFixer implements Fixer {
        Fixer.FixRequest request;

        @Override public ExitCode fix(Analysis analysis, FixRequest request, java.io.PrintWriter out, java.io.PrintWriter err) {
            this.request = request;
            return ExitCode.OK;
        }
    }

    @Test
    void fixRefusesDashOAndPointsToOut() {
        RecordingFixer fixer = new RecordingFixer();
        Run r = run(wiring(new FakeWorkbench()).withFixer(fixer), "fix", app.toString(), "-o", "fixes.patch");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("error: wanlint fix writes its patches into a folder: use --out DIR, not -o fixes.patch\n");
        assertThat(fixer.request).as("nothing fixed").isNull();
        assertThat(run(wiring(new FakeWorkbench()), "fix", "--help").out()).doesNotContain("-o=").doesNotContain("--output").contains("--out=DIR");
    }

    @Test
    void fixRunInsideTheAnalysedFolderWritesItsPatchesBesideTheFolderAndSaysWhere() throws Exception {
        // The tests run in the cli module's folder: "fix ." is the cd-app-and-fix case.
        Path here = Path.of("").toAbsolutePath().toRealPath();
        Path beside = here.getParent().resolve(here.getFileName() + "-wanlint-patches");
        RecordingFixer fixer = new RecordingFixer();
        Run r = run(wiring(new FakeWorkbench()).withFixer(fixer), "fix", ".");
        assertThat(r.exit()).isZero();
        assertThat(fixer.request.outDir()).isEqualTo(beside);
        assertThat(r.err()).isEqualTo("note: the current folder is inside the analysed folder: the patches go to " + beside
                + " (choose another with --out DIR)\n");

        RecordingFixer outside = new RecordingFixer();
        Run elsewhere = run(wiring(new FakeWorkbench()).withFixer(outside), "fix", app.toString());
        assertThat(elsewhere.err()).isEmpty();
        assertThat(outside.request.outDir()).isEqualTo(Path.of("").toAbsolutePath().resolve("wanlint-patches"));
        RecordingFixer chosen = new RecordingFixer();
        run(wiring(new FakeWorkbench()).withFixer(chosen), "fix", ".", "--out", "/tmp/p");
        assertThat(chosen.request.outDir()).isEqualTo(Path.of("/tmp/p"));
    }

    @Test
    void missingPathIsAUsageError() {
        Run r = run(wiring(new FakeWorkbench()), "graph");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("PATH");
    }

    @Test
    void noSubcommandShowsUsageAsAUsageError() {
        Run r = run(wiring(new FakeWorkbench()));
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("Usage: wanlint");
    }

    @Test
    void nonexistentPathIsAUsageErrorNamingThePath() {
        FakeWorkbench wb = new FakeWorkbench();
        Path missing = app.resolve("no-such-app.ear");
        Run r = run(wiring(wb), "graph", missing.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("no such file or directory: " + missing);
        assertThat(wb.lastRequest).as("nothing analysed").isNull();
    }

    @Test
    void badTopologyIsAConfigurationErrorWithItsMessage() {
        Run r = graph(new FakeWorkbench(), "--topology", "moon");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("error: unknown topology 'moon'\n");
    }

    @Test
    void componentGraphAsJsonIsValidJsonWithSites() throws Exception {
        Run r = graph(new FakeWorkbench(), "--kind", "components", "--format", "json");
        assertThat(r.exit()).isZero();
        JsonNode json = JSON.readTree(r.out());
        assertThat(json.get("schemaVersion").asText()).isEqualTo("1");
        assertThat(json.get("components")).hasSize(2);
        assertThat(json.get("components").get(0).get("site").asText()).isEqualTo("edge");
        assertThat(json.get("components").get(1).get("kind").asText()).isEqualTo("STATELESS_SESSION");
    }

    @Test
    void callGraphAsJsonFollowsTheTopologyAndFrom() throws Exception {
        Run all = graph(new FakeWorkbench(), "--kind", "calls", "--format", "json", "--topology", "centralized");
        assertThat(all.exit()).isZero();
        JsonNode json = JSON.readTree(all.out());
        assertThat(json.get("nodes")).hasSize(4);
        assertThat(json.get("nodes").findValuesAsText("site")).containsOnly("main");
        Run from = graph(new FakeWorkbench(), "--kind", "calls", "--format", "json", "--from", "com.shop.ejb.CatalogBean#listProducts");
        assertThat(JSON.readTree(from.out()).get("edges")).hasSize(1);
        Run unknown = graph(new FakeWorkbench(), "--kind", "calls", "--from", "com.shop.Nope#x");
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err()).contains("no method com.shop.Nope#x");
    }

    @Test
    void excludesReachTheAnalysisRequest() {
        FakeWorkbench wb = new FakeWorkbench();
        graph(wb, "--exclude", "**/test/**", "legacy/**");
        assertThat(wb.lastRequest.excludes()).containsExactly("**/test/**", "legacy/**");
        assertThat(wb.lastRequest.inputs()).containsExactly(app);
    }

    @Test
    void dotIsTheDefaultFormat() {
        Run r = graph(new FakeWorkbench());
        assertThat(r.exit()).isZero();
        assertThat(r.out()).startsWith("digraph \"components\" {").contains("[label=\"1 round trip\"").doesNotContain("REMOTE_EJB");
    }

    @Test
    void svgWithoutGraphvizUsesTheBuiltInLayoutAndSaysHowToGetDot() {
        Run r = graph(new FakeWorkbench(), "--format", "svg");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\"").contains("Catalog servlet");
        assertThat(r.err()).contains("apt-get install graphviz");
    }

    @Test
    void svgWithGraphvizComesFromDot(@TempDir Path bin) throws Exception {
        Path dot = script(bin.resolve("dot"), "#!/bin/sh\ngrep -c -- '->' \"$4\" | sed 's/.*/<svg>&<\\/svg>/' > \"$3\"\n");
        Run r = run(wiring(new FakeWorkbench()).withGraphviz(new Graphviz(dot, Duration.ofSeconds(10))),
                "graph", app.toString(), "--format", "svg");
        assertThat(r.exit()).isZero();
        assertThat(r.out().strip()).isEqualTo("<svg>1</svg>");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void svgFallsBackWhenDotFails(@TempDir Path bin) throws Exception {
        Path dot = script(bin.resolve("dot"), "#!/bin/sh\necho 'dot: out of memory' >&2\nexit 2\n");
        Run r = run(wiring(new FakeWorkbench()).withGraphviz(new Graphviz(dot, Duration.ofSeconds(10))),
                "graph", app.toString(), "--format", "svg");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).startsWith("<svg");
        assertThat(r.err()).contains("dot: out of memory").contains("built-in layout");
    }

    @Test
    void outputOptionWritesTheFileAndNothingToStdout(@TempDir Path out) throws Exception {
        Path file = out.resolve("reports/graph.json");
        Run r = graph(new FakeWorkbench(), "--format", "json", "-o", file.toString());
        assertThat(r.exit()).isZero();
        assertThat(r.out()).isEmpty();
        assertThat(JSON.readTree(Files.readString(file)).get("components")).hasSize(2);
        try (var files = Files.list(file.getParent())) {
            assertThat(files.toList()).as("no temporary file left").containsExactly(file);
        }
        if (Files.getFileStore(file).supportsFileAttributeView(java.nio.file.attribute.PosixFileAttributeView.class)) {
            // Written through a private temporary file, but readable like any report.
            assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                    .isEqualTo("rw-r--r--");
            Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString("rw-rw----"));
            graph(new FakeWorkbench(), "--format", "json", "-o", file.toString());
            assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                    .as("a replaced report keeps its mode").isEqualTo("rw-rw----");
        }
    }

    @Test
    void analysisCrashIsOneLineWithoutStackTraceUnlessDebug() {
        FakeWorkbench wb = new FakeWorkbench().failingAnalysis(new IllegalStateException("boom"));
        Run r = graph(wb);
        assertThat(r.exit()).isEqualTo(3);
        assertThat(r.err()).isEqualTo("error: analysis failed: boom (run with --debug for details)\n");
        Run debug = graph(new FakeWorkbench().failingAnalysis(new IllegalStateException("boom")), "--debug");
        assertThat(debug.err()).contains("java.lang.IllegalStateException: boom").contains("\tat ");
    }

    @Test
    void unexpectedExceptionElsewhereIsAUsageExitWithoutStackTrace() {
        FakeWorkbench wb = new FakeWorkbench().failingTopology(new UnsupportedOperationException("not implemented yet"));
        Run r = graph(wb);
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("error: internal error: not implemented yet (run with --debug for details)\n");
    }

    @Test
    void nothingAnalysedExitsWith3() {
        Run r = graph(new FakeWorkbench().analysingNothing());
        assertThat(r.exit()).isEqualTo(3);
        assertThat(r.err()).contains("nothing could be analysed in " + app);
    }

    @Test
    void diagnosticsGoToStderrOneLineEachAndAreSummarisedBeyondTwenty() {
        Run few = graph(new FakeWorkbench().withDiagnostics(2), "--format", "json");
        assertThat(few.err()).isEqualTo("warning: src/Broken1.java:1: ';' expected\nwarning: src/Broken2.java:2: ';' expected\n");
        Run many = graph(new FakeWorkbench().withDiagnostics(25));
        List<String> lines = many.err().lines().toList();
        assertThat(lines).hasSize(21);
        assertThat(lines.get(19)).isEqualTo("warning: src/Broken20.java:20: ';' expected");
        assertThat(lines.get(20)).contains("5 more diagnostics");
        assertThat(many.exit()).isZero();
    }

    @Test
    void timingsGoToStderr() {
        Run r = graph(new FakeWorkbench(), "--timings", "--format", "json");
        assertThat(r.err()).contains("timing: ingest").contains("timing: total").contains("12 ms");
        assertThat(r.out()).doesNotContain("timing");
    }

    @Test
    void commandsWhoseServicesAreNotWiredSaySoAndExitWith2() {
        for (String cmd : List.of("check", "fix")) {
            Run r = run(wiring(new FakeWorkbench()), cmd, app.toString());
            assertThat(r.exit()).as(cmd).isEqualTo(2);
            assertThat(r.err()).as(cmd).contains("not available yet");
            assertThat(r.out()).as(cmd).isEmpty();
        }
        assertThat(run(wiring(new FakeWorkbench()), "rules").err()).contains("not available yet");
        assertThat(run(wiring(new FakeWorkbench()), "explain", "WAN003").exit()).isEqualTo(2);
    }

    @Test
    void predictPrintsATableOfEntryPointsWithLatency() {
        Run r = run(wiring(new FakeWorkbench()), "predict", app.toString());
        assertThat(r.exit()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines.get(0)).startsWith("entry point").contains("round trips").contains("latency").contains("after patches");
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("/catalog").contains("SERVLET"));
        assertThat(lines.get(lines.size() - 1)).contains("under topology edge");
    }

    @Test
    void predictJsonGivesTheEntryPointsArrayOfTheReport() throws Exception {
        Run r = run(wiring(new FakeWorkbench()).withChecker(checkerFinding(Severity.WARNING)),
                "predict", app.toString(), "--format", "json");
        assertThat(r.exit()).isZero();
        var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(r.out());
        assertThat(json.get("schemaVersion").asText()).isEqualTo("1");
        var ep = json.get("entryPoints").get(0);
        assertThat(ep.get("id").asText()).isEqualTo("/catalog");
        assertThat(ep.has("wanRoundTrips")).isTrue();
        assertThat(ep.get("formula").asText()).isNotEmpty();
        assertThat(ep.get("afterPatches").asLong()).as("from the checker's patches").isZero();
        assertThat(ep.get("latencyMs").asDouble()).isEqualTo(ep.get("wanRoundTrips").asLong() * 200.0);
    }

    private static Checker checkerFinding(Severity severity) {
        Finding f = new Finding("WAN001", severity, "2 remote calls on Catalog; a façade makes it 1",
                new FindingLocation("src/com/shop/web/CatalogServlet.java", 20, "com.shop.web.CatalogServlet", "doGet"),
                List.of("/catalog"), List.of(), RoundTrips.of(2), RoundTrips.of(1), null);
        RuleDescriptor rule = new RuleDescriptor("WAN001", "remote-fine-grained-call", Severity.WARNING, "summary", "0.1",
                List.of(), "# WAN001");
        return analysis -> new Checker.CheckRun(List.of(f), List.of(rule), Map.of("/catalog", RoundTrips.of(0)));
    }

    @Test
    void checkCompactPrintsOneLinePerFindingAndKeepsTheExitCode() {
        Wiring w = wiring(new FakeWorkbench()).withChecker(checkerFinding(Severity.WARNING));
        Run compact = run(w, "check", app.toString(), "--compact", "--fail-on", "warning");
        assertThat(compact.exit()).isEqualTo(1);
        assertThat(compact.out()).isEqualTo("src/com/shop/web/CatalogServlet.java:20: warning WAN001 "
                + "2 remote calls on Catalog; a façade makes it 1 [2 round trips]\n");
        assertThat(run(w, "check", app.toString(), "--compact").exit()).isZero();
    }

    @Test
    void compactWithAFormatOtherThanTextIsAUsageError() {
        Wiring w = wiring(new FakeWorkbench()).withChecker(checkerFinding(Severity.WARNING));
        Run json = run(w, "check", app.toString(), "--compact", "--format", "json");
        assertThat(json.exit()).isEqualTo(2);
        assertThat(json.out()).isEmpty();
        assertThat(json.err()).contains("--compact").contains("--format json");
    }

    @Test
    void checkFailsAtOrAboveFailOn() {
        Wiring w = wiring(new FakeWorkbench()).withChecker(checkerFinding(Severity.WARNING));
        assertThat(run(w, "check", app.toString()).exit()).as("default error").isZero();
        assertThat(run(w, "check", app.toString(), "--fail-on", "warning").exit()).isEqualTo(1);
        assertThat(run(w, "check", app.toString(), "--fail-on", "note").exit()).isEqualTo(1);
        assertThat(run(w, "check", app.toString(), "--fail-on", "never").exit()).isZero();
        Wiring errors = wiring(new FakeWorkbench()).withChecker(checkerFinding(Severity.ERROR));
        assertThat(run(errors, "check", app.toString()).exit()).isEqualTo(1);
        assertThat(run(errors, "check", app.toString(), "--fail-on", "sometimes").exit()).isEqualTo(2);
    }

    @Test
    void checkPrintsTextOrJsonReports() throws Exception {
        Wiring w = wiring(new FakeWorkbench()).withChecker(checkerFinding(Severity.WARNING));
        Run text = run(w, "check", app.toString());
        assertThat(text.out()).contains("  warning WAN001 remote-fine-grained-call  src/com/shop/web/CatalogServlet.java:20")
                .startsWith("1 finding (0 errors, 1 warning, 0 notes); 1 WAN round trip now, 0 after patches\n")
                .doesNotContain("\u001b[");
        Run coloured = run(w.withTerminal(new Terminal(true, false)), "check", app.toString());
        assertThat(coloured.out()).contains("\u001b[");
        assertThat(run(w.withTerminal(new Terminal(true, true)), "check", app.toString()).out()).doesNotContain("\u001b[");
        assertThat(run(w.withTerminal(new Terminal(true, false)), "check", app.toString(), "--no-color").out())
                .doesNotContain("\u001b[");
        JsonNode json = JSON.readTree(run(w, "check", app.toString(), "--format", "json").out());
        assertThat(json.get("findings").get(0).get("ruleId").asText()).isEqualTo("WAN001");
        assertThat(json.get("entryPoints").get(0).get("latencyMs").asDouble()).isEqualTo(200.0);
        assertThat(json.get("topology").asText()).isEqualTo("edge");
    }

    @Test
    void checkWritesSarifWithVersionRulesAndResults() throws Exception {
        Wiring w = wiring(new FakeWorkbench()).withChecker(checkerFinding(Severity.WARNING));
        // the test's folder may lie inside wanlint's own work tree (target/): --source-root keeps its paths short
        Run r = run(w, "check", app.toString(), "--format", "sarif", "--fail-on", "warning", "--source-root", app.toString());
        assertThat(r.exit()).as("--fail-on still decides the exit code").isEqualTo(1);
        JsonNode sarif = JSON.readTree(r.out());
        assertThat(sarif.get("version").asText()).isEqualTo("2.1.0");
        JsonNode run = sarif.get("runs").get(0);
        assertThat(run.at("/tool/driver/name").asText()).isEqualTo("wanlint");
        assertThat(run.at("/tool/driver/rules/0/id").asText()).isEqualTo("WAN001");
        assertThat(run.at("/results/0/ruleId").asText()).isEqualTo("WAN001");
        assertThat(run.at("/results/0/locations/0/physicalLocation/artifactLocation/uri").asText())
                .isEqualTo("src/com/shop/web/CatalogServlet.java");
        assertThat(run.at("/originalUriBaseIds/%SRCROOT%/uri").asText())
                .isEqualTo(app.toAbsolutePath().normalize().toUri().toString());
    }

    @Test
    void checkWritesTheHtmlReportToTheOutputFileWithIdeLinks(@TempDir Path out) throws Exception {
        Wiring w = wiring(new FakeWorkbench()).withChecker(checkerFinding(Severity.WARNING));
        Path file = out.resolve("report.html");
        Run r = run(w, "check", app.toString(), "--format", "html", "-o", file.toString());
        assertThat(r.exit()).isZero();
        assertThat(r.out()).isEmpty();
        String html = Files.readString(file);
        String abs = app.toAbsolutePath().normalize().toString();
        assertThat(html).startsWith("<!DOCTYPE html>").contains("id=\"sum-findings\">1<")
                .contains("href=\"vscode://file" + abs + "/src/com/shop/web/CatalogServlet.java:20\"");
        run(w, "check", app.toString(), "--format", "html", "--ide", "idea", "-o", file.toString());
        assertThat(Files.readString(file)).contains("idea://open?file=").doesNotContain("vscode://");
        run(w, "check", app.toString(), "--format", "html", "--ide", "none", "-o", file.toString());
        assertThat(Files.readString(file)).doesNotContain("idea://").doesNotContain("vscode://");
        assertThat(run(w, "check", app.toString(), "--format", "html", "--ide", "emacs").exit()).isEqualTo(2);
    }

    @Test
    void rulesAndExplainReadTheCatalog() {
        RuleCatalog catalog = new RuleCatalog() {
            @Override public List<RuleDescriptor> rules() {
                return List.of(new RuleDescriptor("WAN003", "web-tier-jdbc", Severity.ERROR, "JDBC from the web tier",
                        "0.1", List.of(), "# WAN003 web-tier-jdbc\n"));
            }

            @Override public Optional<String> explain(String topic) {
                return topic.equals("WAN003") ? Optional.of(rules().get(0).explanation()) : Optional.empty();
            }
        };
        Wiring w = wiring(new FakeWorkbench()).withRules(catalog);
        assertThat(run(w, "rules").out()).contains("WAN003").contains("web-tier-jdbc").contains("error");
        assertThat(run(w, "explain", "WAN003").out()).isEqualTo("# WAN003 web-tier-jdbc\n");
        Run unknown = run(w, "explain", "WAN999");
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err()).contains("WAN999");
    }

    private static Path script(Path p, String body) throws Exception {
        Files.writeString(p, body);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }
}
