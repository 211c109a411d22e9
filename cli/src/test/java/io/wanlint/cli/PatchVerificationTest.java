package io.wanlint.cli;

import io.wanlint.engine.RuleChecker;
import io.wanlint.engine.RefactoringFixer;

import static io.wanlint.cli.AppCopy.commit;
import static io.wanlint.cli.AppCopy.copyTree;
import static io.wanlint.cli.AppCopy.patchFiles;
import static io.wanlint.cli.AppCopy.wanlint;
import static io.wanlint.cli.FailingPatchTest.finding;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wanlint.cli.AppCopy.Run;
import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.Analyzer;
import io.wanlint.refactorings.api.CompileClassPath;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.Patch;
import io.wanlint.refactorings.api.PlanOutcome;
import io.wanlint.refactorings.api.Refactoring;
import io.wanlint.refactorings.api.PatchVerifier;
import io.wanlint.refactorings.api.RefactoringContext;
import io.wanlint.refactorings.api.Refactorings;
import io.wanlint.refactorings.api.TextEdit;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 21 item 1: a patch is compiled before {@code fix} or {@code check} shows it. One that adds a
 * javac error is declined with that error ({@code apps/shadowed-import}: the application's own
 * {@code PreparedStatement} class, which the JDBC patch's {@code import java.sql.PreparedStatement}
 * would shadow); one that cannot be compiled is shown marked {@code unverified: …}; a clean one is
 * shown as before.
 */
class PatchVerificationTest {
    private static final String NO_COMPILER = "unverified: this Java runtime has no compiler (javax.tools)";

    @TempDir Path temp;

    private static Path gitCopy(String app, Path to) throws Exception {
        copyTree(Path.of(PatchVerificationTest.class.getResource("/apps/" + app).toURI()), to);
        return commit(to);
    }

    /** The CLI with the built-in rules and refactorings, in a runtime without a compiler. */
    private static Run withoutCompiler(String... args) {
        RuleChecker checker = new RuleChecker();
        Wiring wiring = Wiring.defaults().withChecker(checker).withFixer(new RefactoringFixer(checker, Refactorings.builtIn(), () -> null));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), wiring);
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aPatchThatWouldNotCompileIsDeclinedWithJavacsError() throws Exception {
        Path app = gitCopy("shadowed-import", temp.resolve("app"));
        Path patches = temp.resolve("patches");

        Run fix = wanlint("fix", app.toString(), "--out", patches.toString());

        assertThat(fix.exit()).as(fix.err()).isZero();
        assertThat(fix.out()).contains("no patch  WAN009 org.acme.report.ReportServlet (src/org/acme/report/ReportServlet.java): "
                + "the patch would not compile: src/org/acme/report/ReportServlet.java:19: java.sql.PreparedStatement is abstract; "
                + "cannot be instantiated");
        assertThat(patchFiles(patches)).isEmpty();

        Run check = wanlint("check", app.toString(), "--format", "json", "--fail-on", "never");
        assertThat(check.exit()).as(check.err()).isZero();
        JsonNode jdbc = finding(check.json(), "WAN009", "ReportServlet", "doGet");
        assertThat(jdbc.path("patch").asBoolean(true)).isFalse();
        assertThat(jdbc.path("noPatch").asText()).startsWith("no patch: the patch would not compile: src/org/acme/report/ReportServlet.java:19: ");
    }

    @Test
    void aPatchThatCompilesIsShownWithoutAMark() throws Exception {
        Path app = SeedServletFixTest.gitCopy(temp.resolve("app"));

        Run fix = wanlint("fix", app.toString(), "--rule", "WAN009", "--out", temp.resolve("patches").toString());
        assertThat(fix.exit()).as(fix.err()).isZero();
        assertThat(fix.out()).contains("patch     WAN009 org.acme.seed.web.SeedDataServlet").doesNotContain("unverified")
                .doesNotContain("would not compile");

        Run check = wanlint("check", app.toString(), "--format", "json", "--fail-on", "never");
        JsonNode patched = finding(check.json(), "WAN009", "SeedDataServlet", "insertAccounts");
        assertThat(patched.path("patch").asBoolean()).isTrue();
        assertThat(patched.has("patchUnverified")).isFalse();
    }

    @Test
    void withoutACompilerThePatchIsShownUnverifiedInFixAndInEveryCheckFormat() throws Exception {
        Path app = SeedServletFixTest.gitCopy(temp.resolve("app"));

        Run fix = withoutCompiler("fix", app.toString(), "--rule", "WAN009", "--out", temp.resolve("patches").toString());
        assertThat(fix.exit()).as(fix.err()).isZero();
        assertThat(fix.out()).contains("patch     WAN009 org.acme.seed.web.SeedDataServlet")
                .contains("\n          " + NO_COMPILER);
        assertThat(patchFiles(temp.resolve("patches"))).hasSize(1);

        for (String format : List.of("text", "json", "sarif", "html")) {
            Path report = temp.resolve("report." + format);
            Run check = withoutCompiler("check", app.toString(), "--format", format, "-o", report.toString(), "--fail-on", "never");
            assertThat(check.exit()).as(check.err()).isZero();
            assertThat(Files.readString(report)).as(format).contains(NO_COMPILER);
        }
        JsonNode json = new ObjectMapper().readTree(temp.resolve("report.json").toFile());
        assertThat(finding(json, "WAN009", "SeedDataServlet", "insertAccounts").path("patchUnverified").asText()).startsWith(NO_COMPILER);
        assertThat(Files.readString(temp.resolve("report.text"))).contains("      patch " + NO_COMPILER);
    }

    /**
     * The seed servlet application with a class, in the patched file's package and used by the patched
     * servlet, whose 120 fields have a type from a library the application does not ship: more errors
     * than a comparison can see past (a patch inside a body is compiled with what its file uses).
     */
    private Path missingItsLibrary() throws Exception {
        Path app = temp.resolve("app");
        copyTree(Path.of(PatchVerificationTest.class.getResource("/apps/seed-servlet").toURI()), app);
        StringBuilder legacy = new StringBuilder("package org.acme.seed.web;\n\nclass Legacy {\n");
        for (int i = 0; i < 120; i++) legacy.append("    com.legacy.Audit f").append(i).append(";\n");
        Files.writeString(app.resolve("src/org/acme/seed/web/Legacy.java"), legacy.append("}\n"));
        Path servlet = app.resolve("src/org/acme/seed/web/SeedDataServlet.java");
        Files.writeString(servlet, Files.readString(servlet).replace("public class SeedDataServlet extends HttpServlet {",
                "public class SeedDataServlet extends HttpServlet {\n    private transient Legacy legacy;"));
        return commit(app);
    }

    @Test
    void anApplicationThatDoesNotCompileUnpatchedGetsItsPatchesMarkedUnverified() throws Exception {
        Path app = missingItsLibrary();

        Run fix = wanlint("fix", app.toString(), "--rule", "WAN009", "--out", temp.resolve("patches").toString());
        assertThat(fix.exit()).as(fix.err()).isZero();
        assertThat(fix.out()).contains("\n          unverified: the unpatched code does not compile (more than 100 javac errors, e.g. "
                + "src/org/acme/seed/web/Legacy.java:4: package com.legacy does not exist); add the libraries it needs with --classpath\n");

        Run check = wanlint("check", app.toString(), "--format", "json", "--fail-on", "never");
        assertThat(finding(check.json(), "WAN009", "SeedDataServlet", "insertAccounts").path("patchUnverified").asText())
                .startsWith("unverified: the unpatched code does not compile (more than 100 javac errors");
    }

    @Test
    void noVerifyShowsEveryPatchAsNotCompiled() throws Exception {
        Path app = gitCopy("shadowed-import", temp.resolve("app"));

        Run fix = wanlint("fix", app.toString(), "--out", temp.resolve("patches").toString(), "--no-verify");
        assertThat(fix.exit()).as(fix.err()).isZero();
        assertThat(fix.out()).contains("patch     WAN009 org.acme.report.ReportServlet").contains("\n          unverified: not compiled (--no-verify)\n");

        Run check = wanlint("check", app.toString(), "--format", "json", "--fail-on", "never", "--no-verify");
        assertThat(finding(check.json(), "WAN009", "ReportServlet", "doGet").path("patchUnverified").asText())
                .isEqualTo("unverified: not compiled (--no-verify)");
    }

    @Test
    void aClassPathEntryThatDoesNotExistIsAUsageError() throws Exception {
        Path app = SeedServletFixTest.gitCopy(temp.resolve("app"));
        Path jar = temp.resolve("lib.jar");
        Files.write(jar, new byte[0]);
        String missing = temp.resolve("missing.jar").toString();
        String classPath = jar + File.pathSeparator + missing;

        Run fix = wanlint("fix", app.toString(), "--out", temp.resolve("patches").toString(), "--classpath", classPath);
        assertThat(fix.exit()).isEqualTo(2);
        assertThat(fix.err()).isEqualTo("error: --classpath: no such file or directory: " + missing + "\n");
        assertThat(temp.resolve("patches")).doesNotExist();

        Run check = wanlint("check", app.toString(), "--classpath", classPath);
        assertThat(check.exit()).isEqualTo(2);
        assertThat(check.err()).isEqualTo("error: --classpath: no such file or directory: " + missing + "\n");
        assertThat(check.out()).isEmpty();

        Path notAJar = Files.writeString(temp.resolve("notes.txt"), "x");
        Run wrongKind = wanlint("check", app.toString(), "--classpath", notAJar.toString());
        assertThat(wrongKind.exit()).isEqualTo(2);
        assertThat(wrongKind.err()).contains("--classpath: " + notAJar + " is neither a jar, a zip nor a folder");
    }

    @Test
    void theLibraryGivenWithClassPathLetsThePatchBeVerified() throws Exception {
        Path app = missingItsLibrary();
        Path lib = temp.resolve("legacy-classes");
        Path source = Files.writeString(temp.resolve("Audit.java"), "package com.legacy;\npublic class Audit {}\n");
        assertThat(javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", lib.toString(), source.toString())).isZero();

        Run without = wanlint("check", app.toString(), "--format", "json", "--fail-on", "never");
        assertThat(finding(without.json(), "WAN009", "SeedDataServlet", "insertAccounts").has("patchUnverified")).isTrue();

        Run check = wanlint("check", app.toString(), "--format", "json", "--fail-on", "never", "--classpath", lib.toString());
        assertThat(check.exit()).as(check.err()).isZero();
        JsonNode patched = finding(check.json(), "WAN009", "SeedDataServlet", "insertAccounts");
        assertThat(patched.path("patch").asBoolean()).isTrue();
        assertThat(patched.has("patchUnverified")).isFalse();
    }

    @Test
    void twoPatchesThatCompileAloneButNotTogetherKeepOnlyTheFirstInTheCombinedPatch() throws Exception {
        Path app = temp.resolve("app");
        String names = "package org.acme;\n\npublic class Names {\n    public static String first() { return \"a\"; }\n}\n";
        String user = "package org.acme.web;\n\nclass User {\n    String name() { return \"\"; }\n}\n";
        Files.createDirectories(app.resolve("src/org/acme/web"));
        Files.writeString(app.resolve("src/org/acme/Names.java"), names);
        Files.writeString(app.resolve("src/org/acme/web/User.java"), user);
        RefactoringContext context = RefactoringContext.of(Analyzer.analyze(AnalysisRequest.of(app)));
        // The first renames first() to initial(); the second calls first(): each alone compiles.
        Patch rename = edit("src/org/acme/Names.java", names, "first()", "initial()");
        Patch call = edit("src/org/acme/web/User.java", user, "return \"\";", "return org.acme.Names.first();");
        RefactoringFixer.Combined combined = RefactoringFixer.Combined.of(List.of(rename, call), context);
        assertThat(combined.kept()).containsExactly(rename, call);

        try (PatchVerifier verifier = PatchVerifier.of(context, CompileClassPath.of(context.root(), List.of()))) {
            assertThat(verifier.verdict(List.of(rename))).isEqualTo(new PatchVerifier.Verdict.Verified());
            assertThat(verifier.verdict(List.of(call))).isEqualTo(new PatchVerifier.Verdict.Verified());
            RefactoringFixer.Combined compiled = combined.compiled(verifier, context);
            assertThat(compiled.kept()).containsExactly(rename);
            assertThat(compiled.leftOut()).containsExactly(call);
            assertThat(compiled.whyLeftOut().get(call)).startsWith("with the earlier patches: the patch would not compile: "
                    + "src/org/acme/web/User.java:4: cannot find symbol");
            assertThat(new String(compiled.diff(), StandardCharsets.UTF_8)).contains("+    public static String initial()")
                    .doesNotContain("User.java");
        }
    }

    private static Patch edit(String file, String text, String before, String after) {
        int at = text.indexOf(before);
        return new Patch("fp-" + file, "WAN009", "t", List.of(new FileChange.Edit(file, List.of(new TextEdit(file, at, at + before.length(), after)))),
                null, null);
    }

    /** A stand-in for a refactoring that believes a comment fixes WAN009. */
    private record CommentOnly() implements Refactoring {
        @Override public io.wanlint.refactorings.api.Fixes fixes() {
            return io.wanlint.refactorings.api.Fixes.of("WAN009", io.wanlint.analyzer.api.FindingSubject.Method.class);
        }

        @Override public PlanOutcome plan(io.wanlint.analyzer.api.Finding finding, RefactoringContext context) {
            String file = finding.location().file();
            return PlanOutcome.of(new Patch(io.wanlint.analyzer.api.Fingerprints.of(finding), "WAN009", "Comment the SQL",
                    List.of(new FileChange.Edit(file, List.of(TextEdit.insert(file, 0, "// the SQL is reviewed\n")))),
                    finding.before(), finding.after()));
        }
    }

    @Test
    void reanalyseDeclinesAPatchAfterWhichTheFindingIsStillThere() throws Exception {
        Path app = SeedServletFixTest.gitCopy(temp.resolve("app"));
        var before = AppCopy.snapshot(app);
        RuleChecker checker = new RuleChecker();
        Wiring wiring = Wiring.defaults().withChecker(checker)
                .withFixer(new RefactoringFixer(checker, new Refactorings(List.of(new CommentOnly()))));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Main.run(new String[] {"fix", app.toString(), "--rule", "WAN009", "--out", temp.resolve("patches").toString(), "--reanalyse"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), wiring);

        assertThat(exit).as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("no patch  WAN009 org.acme.seed.web.SeedDataServlet "
                + "(src/org/acme/seed/web/SeedDataServlet.java): re-analysed with the patch applied, the application still has this finding");
        assertThat(patchFiles(temp.resolve("patches"))).isEmpty();
        assertThat(AppCopy.snapshot(app)).as("the analysed tree, whose files the copies link to").isEqualTo(before);
    }

    @Test
    void reanalyseKeepsPatchesThatDeliverTheirPredictionAndChecksTheCombinedPatch() throws Exception {
        Path app = SeedServletFixTest.gitCopy(temp.resolve("app"));
        var before = AppCopy.snapshot(app);

        Run fix = wanlint("fix", app.toString(), "--out", temp.resolve("patches").toString(), "--reanalyse");

        assertThat(fix.exit()).as(fix.err()).isZero();
        assertThat(fix.out()).contains("patch     WAN009 org.acme.seed.web.SeedDataServlet")
                .contains("patch     WAN003 org.acme.seed.web.SeedStatusServlet")
                .doesNotContain("re-analysed with the patch applied")
                .contains("wanlint.patch re-analysed: every finding its patches fix is gone (or, per request, cheaper)\n");
        assertThat(patchFiles(temp.resolve("patches"))).hasSize(2);
        assertThat(AppCopy.snapshot(app)).isEqualTo(before);
    }

    @Test
    void everyPatchOfPetstoreIsCompiledAndTheOneLeftOutOfTheCombinedPatchNamesTheOneItCollidesWith() throws Exception {
        Path app = AppCopy.gitCopy("petstore-1.1", temp.resolve("petstore"));

        Run fix = wanlint("fix", app.toString(), "--out", temp.resolve("patches").toString());

        assertThat(fix.exit()).as(fix.err()).isZero();
        assertThat(fix.out()).contains("10 patch(es) for 20 finding(s)").doesNotContain("unverified").doesNotContain("would not compile")
                .contains("Restore lastEmail, lastCustomerName, lastTotal of ShoppingClientControllerEJB when its transaction rolls back"
                        + " (SessionSynchronization)")
                .contains("          (its change of src/java/com/acme/estore/web/InventoryWebHelper.java collides with that of the earlier patch "
                        + "\"Introduce session façade InventoryFacade.getAvailability for InventoryWebHelper.getAvailability\": left out of "
                        + "wanlint.patch)\n");
    }
}
