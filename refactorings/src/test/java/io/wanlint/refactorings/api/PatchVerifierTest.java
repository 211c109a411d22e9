package io.wanlint.refactorings.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.refactorings.TextApp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PatchVerifierTest {
    @TempDir Path app;

    private static final String LOOKUP = """
            package org.acme.web;

            import javax.naming.InitialContext;
            import javax.naming.NamingException;

            public class Lookup {
                public Object find(String name) {
                    try {
                        InitialContext ctx = new InitialContext();
                        return ctx.lookup(name);
                    } catch (NamingException e) {
                        return null;
                    }
                }
            }
            """;

    private static final String CALLER = """
            package org.acme.other;

            import org.acme.web.Lookup;

            public class Caller {
                Object use() { return new Lookup().find("x"); }
            }
            """;

    private void writeApp() throws IOException {
        TextApp.write(app, "src/org/acme/web/Lookup.java", LOOKUP, StandardCharsets.UTF_8);
        TextApp.write(app, "src/org/acme/other/Caller.java", CALLER, StandardCharsets.UTF_8);
    }

    /** A class in org.acme.PKG with one more unresolvable field type than a baseline may have errors. */
    private void writeBroken(String pkg) throws IOException {
        StringBuilder broken = new StringBuilder("package org.acme." + pkg + ";\n\nclass Broken {\n");
        for (int i = 0; i <= PatchVerifier.MAX_BASELINE_ERRORS; i++) broken.append("    Missing").append(i).append(" f").append(i).append(";\n");
        TextApp.write(app, "src/org/acme/" + pkg + "/Broken.java", broken.append("}\n").toString(), StandardCharsets.UTF_8);
    }

    private static Patch replacing(String file, String text, String before, String after) {
        int at = text.indexOf(before);
        assertThat(at).as("'%s' in %s", before, file).isNotNegative();
        return new Patch("fp", "WAN005", "t", List.of(new FileChange.Edit(file, List.of(new TextEdit(file, at, at + before.length(), after)))),
                null, null);
    }

    private static PatchVerifier verifier(RefactoringContext context) {
        return PatchVerifier.of(context, CompileClassPath.of(context.root(), List.of()));
    }

    @Test
    void aPatchThatKeepsTheCodeCompilingIsVerified() throws IOException {
        writeApp();
        RefactoringContext context = TextApp.analysed(app);
        Patch patch = replacing("src/org/acme/web/Lookup.java", LOOKUP, "return ctx.lookup(name);", "return ctx.lookup(name.trim());");
        try (PatchVerifier v = verifier(context)) {
            assertThat(v.verdict(List.of(patch))).isEqualTo(new PatchVerifier.Verdict.Verified());
        }
    }

    @Test
    void filesInAnotherEncodingThanTheTouchedOneAreReadAsWanlintDecodedThem() throws IOException {
        writeApp();
        // A Latin-1 file of another package (read from the source path) whose method the patched UTF-8 file
        // calls: read with javac's single -encoding (UTF-8 here), its name would not be grüezi.
        TextApp.write(app, "src/org/acme/text/Greeting.java", """
                package org.acme.text;

                /** Grüezi, from Zürich. */
                public class Greeting {
                    public static String grüezi() { return "Grüezi"; }
                }
                """, StandardCharsets.ISO_8859_1);
        RefactoringContext context = TextApp.analysed(app);
        Patch patch = replacing("src/org/acme/web/Lookup.java", LOOKUP, "return null;", "return org.acme.text.Greeting.grüezi();");
        try (PatchVerifier v = verifier(context)) {
            assertThat(v.verdict(List.of(patch))).isEqualTo(new PatchVerifier.Verdict.Verified());
        }
        Patch broken = replacing("src/org/acme/web/Lookup.java", LOOKUP, "return null;", "return org.acme.text.Greeting.grüzi();");
        try (PatchVerifier v = verifier(context)) {
            assertThat(v.verdict(List.of(broken))).isInstanceOfSatisfying(PatchVerifier.Verdict.Broken.class, b ->
                    assertThat(b.reason()).startsWith("the patch would not compile: src/org/acme/web/Lookup.java:12: cannot find symbol; symbol: method grüzi()"));
        }
    }

    @Test
    void aCheckedExceptionMovedOutOfItsTryIsDeclinedWithJavacsError() throws IOException {
        writeApp();
        RefactoringContext context = TextApp.analysed(app);
        Patch patch = replacing("src/org/acme/web/Lookup.java", LOOKUP, """
                        try {
                            InitialContext ctx = new InitialContext();
                            return ctx.lookup(name);
                        } catch (NamingException e) {
                            return null;
                        }""".indent(8).stripTrailing().stripLeading(), """
                        InitialContext ctx = new InitialContext();
                        return ctx.lookup(name);""");
        try (PatchVerifier v = verifier(context)) {
            assertThat(v.verdict(List.of(patch))).isInstanceOfSatisfying(PatchVerifier.Verdict.Broken.class, b ->
                    assertThat(b.reason()).startsWith("the patch would not compile: src/org/acme/web/Lookup.java:8: unreported exception javax.naming.NamingException; must be caught"));
        }
    }

    @Test
    void anImportThatDoesNotResolveIsDeclined() throws IOException {
        writeApp();
        RefactoringContext context = TextApp.analysed(app);
        Patch patch = replacing("src/org/acme/web/Lookup.java", LOOKUP, "import javax.naming.InitialContext;",
                "import javax.naming.InitialContext;\nimport jakarta.inject.Injectable;");
        try (PatchVerifier v = verifier(context)) {
            assertThat(v.verdict(List.of(patch))).isInstanceOfSatisfying(PatchVerifier.Verdict.Broken.class, b ->
                    assertThat(b.reason()).isEqualTo("the patch would not compile: src/org/acme/web/Lookup.java:4: cannot find symbol; symbol: class Injectable; location: package jakarta.inject"));
        }
    }

    @Test
    void anEditThatBreaksAFileInAnotherPackageThatUsesTheTypeIsDeclinedWithThatFilesError() throws IOException {
        writeApp();
        RefactoringContext context = TextApp.analysed(app);
        Patch patch = replacing("src/org/acme/web/Lookup.java", LOOKUP, "public Object find(String name)",
                "public Object find(String name, int attempts)");
        try (PatchVerifier v = verifier(context)) {
            assertThat(v.verdict(List.of(patch))).isInstanceOfSatisfying(PatchVerifier.Verdict.Broken.class, b ->
                    assertThat(b.reason()).startsWith("the patch would not compile: src/org/acme/other/Caller.java:6: method find in class org.acme.web.Lookup"));
        }
    }

    @Test
    void aNewClassUsingTheJavaEeApiIsCompiledAgainstTheApiJarsWanlintCarries() throws IOException {
        writeApp();
        RefactoringContext context = TextApp.analysed(app);
        String facade = """
                package org.acme.web;

                import javax.ejb.SessionBean;
                import jakarta.ejb.Stateless;

                @Stateless
                public abstract class LookupFacade implements SessionBean {
                    public Object find(String name) { return new Lookup().find(name); }
                }
                """;
        Patch patch = new Patch("fp", "WAN003", "t", List.of(new FileChange.Create("src/org/acme/web/LookupFacade.java", facade)), null, null);
        try (PatchVerifier v = verifier(context)) {
            assertThat(v.verdict(List.of(patch))).isEqualTo(new PatchVerifier.Verdict.Verified());
        }
    }

    @Test
    void aNewFileWhereAFileAlreadyIsIsDeclined() throws IOException {
        writeApp();
        RefactoringContext context = TextApp.analysed(app);
        Patch patch = new Patch("fp", "WAN003", "t", List.of(new FileChange.Create("src/org/acme/other/Caller.java", CALLER)), null, null);
        try (PatchVerifier v = verifier(context)) {
            assertThat(v.verdict(List.of(patch))).isInstanceOfSatisfying(PatchVerifier.Verdict.Broken.class, b ->
                    assertThat(b.reason()).isEqualTo("the patch creates src/org/acme/other/Caller.java, which already exists"));
        }
    }

    @Test
    void withoutACompilerEveryJavaPatchIsUnverifiedAndSaysWhy() throws IOException {
        writeApp();
        RefactoringContext context = TextApp.analysed(app);
        Patch patch = replacing("src/org/acme/web/Lookup.java", LOOKUP, "return ctx.lookup(name);", "return ctx.lookup(name.trim());");
        try (PatchVerifier v = PatchVerifier.with(context, CompileClassPath.of(context.root(), List.of()), null, Duration.ofMinutes(1))) {
            assertThat(v.verdict(List.of(patch))).isInstanceOfSatisfying(PatchVerifier.Verdict.Unverified.class, u ->
                    assertThat(u.why()).contains("has no compiler"));
        }
    }

    @Test
    void onceJavacHasUsedTheCpuBudgetLaterPatchesAreUnverifiedWhateverTimePassed() throws IOException {
        writeApp();
        RefactoringContext context = TextApp.analysed(app);
        Patch first = replacing("src/org/acme/web/Lookup.java", LOOKUP, "return ctx.lookup(name);", "return ctx.lookup(name.trim());");
        Patch second = replacing("src/org/acme/web/Lookup.java", LOOKUP, "return null;", "return \"\";");
        javax.tools.JavaCompiler javac = javax.tools.ToolProvider.getSystemJavaCompiler();
        // A budget far beyond what two small compiles take: both patches are compiled, however slow the machine.
        try (PatchVerifier v = PatchVerifier.with(context, CompileClassPath.of(context.root(), List.of()), javac, Duration.ofHours(1))) {
            assertThat(v.verdict(List.of(first))).isEqualTo(new PatchVerifier.Verdict.Verified());
            assertThat(v.verdict(List.of(second))).isEqualTo(new PatchVerifier.Verdict.Verified());
            assertThat(v.cutShortByBudget()).isFalse();
        }
        // A budget any compile uses up: the first patch is compiled (nothing was spent before it), the next is not.
        try (PatchVerifier v = PatchVerifier.with(context, CompileClassPath.of(context.root(), List.of()), javac, Duration.ofNanos(1))) {
            assertThat(v.verdict(List.of(first))).isEqualTo(new PatchVerifier.Verdict.Verified());
            assertThat(v.cutShortByBudget()).as("spent, but no patch went unverified for it yet").isFalse();
            assertThat(v.verdict(List.of(second))).isInstanceOfSatisfying(PatchVerifier.Verdict.Unverified.class, u ->
                    assertThat(u.why()).startsWith("the CPU-time budget for compiling patches (0 s) was spent on earlier patches"));
            assertThat(v.cutShortByBudget()).isTrue();
            assertThat(v.compilations()).isEqualTo(2);
        }
    }

    @Test
    void codeThatDoesNotCompileBeforeThePatchLeavesThePatchUnverified() throws IOException {
        writeApp();
        writeBroken("web");
        RefactoringContext context = TextApp.analysed(app);
        // A new method: a declaration the package can see, so Broken.java is compiled with Lookup.java.
        Patch patch = replacing("src/org/acme/web/Lookup.java", LOOKUP, "public Object find(String name)",
                "public Object findTrimmed(String name) { return find(name.trim()); }\n    public Object find(String name)");
        try (PatchVerifier v = verifier(context)) {
            assertThat(v.verdict(List.of(patch))).isInstanceOfSatisfying(PatchVerifier.Verdict.Unverified.class, u ->
                    assertThat(u.why()).startsWith("the unpatched code does not compile (more than " + PatchVerifier.MAX_BASELINE_ERRORS
                            + " javac errors, e.g. src/org/acme/web/Broken.java:4: cannot find symbol"));
        }
    }

    @Test
    void aPatchInsideAMethodBodyIsCompiledWithoutThePackageItCannotAffect() throws IOException {
        writeApp();
        writeBroken("web");
        RefactoringContext context = TextApp.analysed(app);
        // Only a body and an import change: no other file can see them, so the broken sibling is not compiled
        // (and cannot make the patch unverified), while an error the edit makes in its own file still declines it.
        Patch inBody = replacing("src/org/acme/web/Lookup.java", LOOKUP, "return ctx.lookup(name);",
                "return ctx.lookup(name.trim());");
        Patch withImport = replacing("src/org/acme/web/Lookup.java", LOOKUP, "import javax.naming.NamingException;",
                "import javax.naming.NamingException;\nimport java.util.Locale;");
        Patch breaksItsFile = replacing("src/org/acme/web/Lookup.java", LOOKUP, "return null;", "return nothing;");
        try (PatchVerifier v = verifier(context)) {
            assertThat(v.verdict(List.of(inBody))).isEqualTo(new PatchVerifier.Verdict.Verified());
            assertThat(v.verdict(List.of(withImport))).isEqualTo(new PatchVerifier.Verdict.Verified());
            assertThat(v.verdict(List.of(breaksItsFile))).isInstanceOfSatisfying(PatchVerifier.Verdict.Broken.class, b ->
                    assertThat(b.reason()).startsWith("the patch would not compile: src/org/acme/web/Lookup.java:12: cannot find symbol"));
        }
    }

    @Test
    void aPatchInsideABodyIsNotHeldUpByErrorsInTheBodiesOfFilesItUses() throws IOException {
        writeApp();
        // A helper Lookup uses, whose method body names more missing types than a compile may have errors:
        // javac attributes every source-path file it loads, bodies included.
        StringBuilder helper = new StringBuilder("package org.acme.util;\n\npublic class Names {\n    public static String of(String n) {\n");
        for (int i = 0; i <= PatchVerifier.MAX_BASELINE_ERRORS; i++) helper.append("        Missing").append(i).append(".call();\n");
        TextApp.write(app, "src/org/acme/util/Names.java", helper.append("        return n;\n    }\n}\n").toString(), StandardCharsets.UTF_8);
        String lookup = LOOKUP.replace("return ctx.lookup(name);", "return ctx.lookup(org.acme.util.Names.of(name));");
        TextApp.write(app, "src/org/acme/web/Lookup.java", lookup, StandardCharsets.UTF_8);
        RefactoringContext context = TextApp.analysed(app);
        Patch inBody = replacing("src/org/acme/web/Lookup.java", lookup, "return null;", "return org.acme.util.Names.of(\"none\");");
        Patch misusesIt = replacing("src/org/acme/web/Lookup.java", lookup, "return null;", "return org.acme.util.Names.of(1);");
        Patch newMethod = replacing("src/org/acme/web/Lookup.java", lookup, "public Object find(String name)",
                "public Object findTrimmed(String name) { return find(name.trim()); }\n    public Object find(String name)");
        try (PatchVerifier v = verifier(context)) {
            // Only its declarations are read: the patch is checked against Names.of(String) and verified...
            assertThat(v.verdict(List.of(inBody))).isEqualTo(new PatchVerifier.Verdict.Verified());
            // ...and a call that does not fit that declaration is still an error of the patched file.
            assertThat(v.verdict(List.of(misusesIt))).isInstanceOfSatisfying(PatchVerifier.Verdict.Broken.class, b ->
                    assertThat(b.reason()).startsWith("the patch would not compile: src/org/acme/web/Lookup.java:12: incompatible types: int cannot be converted to java.lang.String"));
            // A new declaration is compiled as before, with what it loads whole: the helper's errors count.
            assertThat(v.verdict(List.of(newMethod))).isInstanceOfSatisfying(PatchVerifier.Verdict.Unverified.class, u ->
                    assertThat(u.why()).startsWith("the unpatched code does not compile (more than " + PatchVerifier.MAX_BASELINE_ERRORS
                            + " javac errors, e.g. src/org/acme/util/Names.java:5: cannot find symbol"));
        }
    }

    @Test
    void afterTwoUnpatchedFileSetsFailToCompileTheRemainingPatchesAreMarkedWithoutCompiling() throws IOException {
        writeApp();
        for (String pkg : List.of("web", "other")) {
            writeBroken(pkg);
        }
        RefactoringContext context = TextApp.analysed(app);
        // Both add a method, a declaration their packages can see: each file set includes its broken sibling.
        Patch web = replacing("src/org/acme/web/Lookup.java", LOOKUP, "public Object find(String name)",
                "public Object findTrimmed(String name) { return find(name.trim()); }\n    public Object find(String name)");
        Patch other = replacing("src/org/acme/other/Caller.java", CALLER, "Object use()", "Object use2() { return null; }\n    Object use()");
        try (PatchVerifier v = verifier(context)) {
            assertThat(v.verdict(List.of(web))).isInstanceOf(PatchVerifier.Verdict.Unverified.class);
            assertThat(v.verdict(List.of(other))).isInstanceOf(PatchVerifier.Verdict.Unverified.class);
            assertThat(v.compilations()).as("two unpatched file sets, both failing").isEqualTo(2);
            assertThat(v.verdict(List.of(web, other))).isInstanceOfSatisfying(PatchVerifier.Verdict.Unverified.class, u ->
                    assertThat(u.why()).startsWith("the unpatched code does not compile").endsWith("(not compiled again for the remaining patches)"));
            assertThat(v.compilations()).as("the combined file set is not compiled").isEqualTo(2);
        }
    }

    @Test
    void aPatchUsingALibraryTheUnpatchedCodeCannotResolveEitherIsUnverifiedNotDeclined() throws IOException {
        TextApp.write(app, "src/org/acme/web/Lookup.java", LOOKUP.replace("import javax.naming.NamingException;",
                "import javax.naming.NamingException;\nimport org.thirdparty.Cache;").replace("public Object find",
                "Cache cache;\n    public Object find"), StandardCharsets.UTF_8);
        String caller = CALLER.replace("import org.acme.web.Lookup;", "import org.acme.web.Lookup;\nimport org.thirdparty.Cache;");
        TextApp.write(app, "src/org/acme/other/Caller.java", caller, StandardCharsets.UTF_8);
        RefactoringContext context = TextApp.analysed(app);
        Patch patch = replacing("src/org/acme/other/Caller.java", caller, "Object use()", "Cache cached;\n    Object use()");
        try (PatchVerifier v = verifier(context)) {
            assertThat(v.verdict(List.of(patch))).isInstanceOfSatisfying(PatchVerifier.Verdict.Unverified.class, u ->
                    assertThat(u.why()).contains("uses Cache, which the unpatched code cannot resolve either").contains("--classpath"));
        }
    }

    @Test
    void theUnpatchedFilesAreCompiledOncePerFileSet() throws IOException {
        writeApp();
        RefactoringContext context = TextApp.analysed(app);
        Patch one = replacing("src/org/acme/web/Lookup.java", LOOKUP, "return ctx.lookup(name);", "return ctx.lookup(name.trim());");
        Patch two = replacing("src/org/acme/web/Lookup.java", LOOKUP, "return null;", "return \"\";");
        try (PatchVerifier v = verifier(context)) {
            assertThat(v.verdict(List.of(one))).isEqualTo(new PatchVerifier.Verdict.Verified());
            assertThat(v.verdict(List.of(two))).isEqualTo(new PatchVerifier.Verdict.Verified());
            assertThat(v.verdict(List.of(one, two))).isEqualTo(new PatchVerifier.Verdict.Verified());
            assertThat(v.compilations()).as("one baseline and three patched compiles").isEqualTo(4);
        }
    }

    @Test
    void verifyingPlansDeclinesTheBrokenPatchAndMarksTheUncheckedOne() throws IOException {
        writeApp();
        RefactoringContext context = TextApp.analysed(app);
        Patch good = replacing("src/org/acme/web/Lookup.java", LOOKUP, "return ctx.lookup(name);", "return ctx.lookup(name.trim());");
        Patch bad = replacing("src/org/acme/web/Lookup.java", LOOKUP, "return null;", "return nothing;");
        List<Refactorings.Planned> plans = List.of(new Refactorings.Planned(finding("a"), Optional.of(good), ""),
                new Refactorings.Planned(finding("b"), Optional.of(bad), ""),
                new Refactorings.Planned(finding("c"), Optional.empty(), "no refactoring for WAN005 yet"));
        try (PatchVerifier v = verifier(context)) {
            List<Refactorings.Planned> verified = v.verifyEach(plans);
            assertThat(verified.get(0).patch()).contains(good);
            assertThat(verified.get(0).unverified()).isEmpty();
            assertThat(verified.get(1).patch()).isEmpty();
            assertThat(verified.get(1).reasonWithoutPatch())
                    .startsWith("the patch would not compile: src/org/acme/web/Lookup.java:12: cannot find symbol");
            assertThat(verified.get(2)).isEqualTo(plans.get(2));
        }
        List<Refactorings.Planned> skipped = PatchVerifier.skipped(context, "--no-verify was given").verifyEach(plans);
        assertThat(skipped.get(0).patch()).contains(good);
        assertThat(skipped.get(0).unverified()).isEqualTo("--no-verify was given");
        assertThat(skipped.get(1).patch()).contains(bad);
    }

    @Test
    void theApiJarsAreFoundOnWanlintsOwnClassPath() {
        assertThat(CompileClassPath.apiOnRuntimeClassPath()).isNotEmpty()
                .allSatisfy(p -> assertThat(p).exists());
        assertThat(ToolProvider.getSystemJavaCompiler()).as("tests run on a JDK").isNotNull();
    }

    @Test
    void jarsTheApplicationShipsInALibFolderAreOnTheClassPath() throws IOException {
        Path jar = TextApp.write(app, "web/WEB-INF/lib/thirdparty.jar", "not really a jar", StandardCharsets.UTF_8);
        Path nested = TextApp.write(app, "src/lib/jstl/jstl.jar", "not really a jar", StandardCharsets.UTF_8);
        TextApp.write(app, "web/WEB-INF/classes/readme.jar", "not in lib", StandardCharsets.UTF_8);
        TextApp.write(app, "web/library.jar", "not in lib", StandardCharsets.UTF_8);
        assertThat(CompileClassPath.of(Optional.of(app), List.of()).entries()).contains(jar, nested)
                .noneMatch(p -> p.getFileName().toString().equals("readme.jar") || p.getFileName().toString().equals("library.jar"));
    }

    private static Finding finding(String key) {
        return new Finding("WAN005", Severity.WARNING, "m", new FindingLocation("src/org/acme/web/Lookup.java", 1, "org.acme.web.Lookup", null),
                List.of(), List.of(), RoundTrips.ZERO, RoundTrips.ZERO, new io.wanlint.analyzer.api.FindingSubject.Place("org.acme.web.Lookup", key));
    }
}
