package io.wanlint.refactorings.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.refactorings.TextApp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * javac's results remembered from one run to the next ({@link JavacResults}, issue 22): a compile is
 * answered from the earlier run only when what it compiles and every file it read are unchanged.
 * Each "run" below is a fresh verifier over a freshly analysed application, handed the bytes the
 * previous one left, as {@code check --cache} does.
 */
class PatchVerifierReuseTest {
    @TempDir Path app;

    private static final String LOOKUP = """
            package org.acme.web;

            public class Lookup {
                public Object find(String name) {
                    return null;
                }
            }
            """;

    /** Read from the source path by the patched Lookup only (another package, named by nothing unpatched). */
    private static final String GREETING = """
            package org.acme.text;

            /** Says hello. */
            public class Greeting {
                public static String hello() { return "hello"; }
            }
            """;

    /** Never compiled nor read for a Lookup patch. */
    private static final String UNRELATED = """
            package org.acme.misc;

            /** Nothing to do with lookups. */
            public class Unrelated {
                int size() { return 1; }
            }
            """;

    private final JavaCompiler javac = ToolProvider.getSystemJavaCompiler();

    private void writeApp() throws IOException {
        TextApp.write(app, "src/org/acme/web/Lookup.java", LOOKUP, StandardCharsets.UTF_8);
        TextApp.write(app, "src/org/acme/text/Greeting.java", GREETING, StandardCharsets.UTF_8);
        TextApp.write(app, "src/org/acme/misc/Unrelated.java", UNRELATED, StandardCharsets.UTF_8);
    }

    private static Patch replacing(String before, String after) {
        String file = "src/org/acme/web/Lookup.java";
        int at = LOOKUP.indexOf(before);
        assertThat(at).isNotNegative();
        return new Patch("fp", "WAN005", "t", List.of(new FileChange.Edit(file, List.of(new TextEdit(file, at, at + before.length(), after)))),
                null, null);
    }

    private static final Patch CALLS_GREETING = replacing("return null;", "return org.acme.text.Greeting.hello();");

    /** One run's verifier: the application as it is on disk now, and the results the previous run left (null: none). */
    private PatchVerifier run(byte[] previous, Duration budget) {
        RefactoringContext context = TextApp.analysed(app);
        JavacResults results = previous == null ? JavacResults.none() : JavacResults.decode(previous);
        return PatchVerifier.with(context, CompileClassPath.of(context.root(), List.of()), javac, budget, results);
    }

    private byte[] firstRun(Patch patch) {
        try (PatchVerifier v = run(null, Duration.ofHours(1))) {
            assertThat(v.verdict(List.of(patch))).isEqualTo(new PatchVerifier.Verdict.Verified());
            assertThat(v.compilations()).isEqualTo(2);
            return v.results().encode();
        }
    }

    @Test
    void aRunThatKeepsNoResultsGivesTheVerdictsOfOneThatKeepsThemAndRecordsNothing() throws IOException {
        writeApp();
        List<Patch> patches = List.of(CALLS_GREETING, replacing("return null;", "return org.acme.text.Greeting.bye();"),
                replacing("find(String name)", "find(String name, int more)"));
        List<PatchVerifier.Verdict> kept;
        try (PatchVerifier v = run(null, Duration.ofHours(1))) {
            kept = patches.stream().map(p -> v.verdict(List.of(p))).toList();
            assertThat(v.results().recorded()).isPositive();
        }
        RefactoringContext context = TextApp.analysed(app);
        try (PatchVerifier v = PatchVerifier.with(context, CompileClassPath.of(context.root(), List.of()), javac, Duration.ofHours(1),
                JavacResults.unkept())) {
            assertThat(patches.stream().map(p -> v.verdict(List.of(p))).toList()).isEqualTo(kept);
            assertThat(v.results().recorded()).isZero();
            assertThat(v.results().changed()).isFalse();
        }
        assertThat(kept).contains(new PatchVerifier.Verdict.Verified()).anyMatch(PatchVerifier.Verdict.Broken.class::isInstance);
    }

    @Test
    void aRunOverUnchangedSourcesTakesBothCompilesFromTheRunBefore() throws IOException {
        writeApp();
        byte[] remembered = firstRun(CALLS_GREETING);
        try (PatchVerifier v = run(remembered, Duration.ofHours(1))) {
            assertThat(v.verdict(List.of(CALLS_GREETING))).isEqualTo(new PatchVerifier.Verdict.Verified());
            assertThat(v.compilations()).isZero();
            assertThat(v.reusedCompilations()).isEqualTo(2);
        }
    }

    @Test
    void aCommentChangedInAFileJavacNeverReadChangesNothingAndCompilesNothing() throws IOException {
        writeApp();
        byte[] remembered = firstRun(CALLS_GREETING);
        TextApp.write(app, "src/org/acme/misc/Unrelated.java", UNRELATED.replace("Nothing to do", "Still nothing to do"),
                StandardCharsets.UTF_8);
        try (PatchVerifier v = run(remembered, Duration.ofHours(1))) {
            assertThat(v.verdict(List.of(CALLS_GREETING))).isEqualTo(new PatchVerifier.Verdict.Verified());
            assertThat(v.compilations()).isZero();
            assertThat(v.reusedCompilations()).isEqualTo(2);
        }
    }

    @Test
    void aMethodChangedInAFileJavacReadForThePatchedCompileIsCompiledAgainAndChangesTheVerdict() throws IOException {
        writeApp();
        byte[] remembered = firstRun(CALLS_GREETING);
        // The patched Lookup calls Greeting.hello(), which is gone now: the remembered "verified" must not stand.
        TextApp.write(app, "src/org/acme/text/Greeting.java", GREETING.replace("hello()", "goodbye()"), StandardCharsets.UTF_8);
        try (PatchVerifier v = run(remembered, Duration.ofHours(1))) {
            assertThat(v.verdict(List.of(CALLS_GREETING))).isInstanceOfSatisfying(PatchVerifier.Verdict.Broken.class, b ->
                    assertThat(b.reason()).contains("cannot find symbol").contains("hello()"));
            // The unpatched compile never read Greeting: it still comes from the run before; the patched one ran.
            assertThat(v.reusedCompilations()).isEqualTo(1);
            assertThat(v.compilations()).isEqualTo(1);
        }
    }

    @Test
    void aCommentAddedToACompiledFileOnALineOfItsOwnKeepsTheResults() throws IOException {
        writeApp();
        byte[] remembered = firstRun(CALLS_GREETING);
        // The patch edits Lookup by offsets into its text, so the comment goes after them; its tokens and their lines are the same.
        TextApp.write(app, "src/org/acme/web/Lookup.java", LOOKUP + "// a new last line\n", StandardCharsets.UTF_8);
        try (PatchVerifier v = run(remembered, Duration.ofHours(1))) {
            assertThat(v.verdict(List.of(CALLS_GREETING))).isEqualTo(new PatchVerifier.Verdict.Verified());
            assertThat(v.compilations()).isZero();
            assertThat(v.reusedCompilations()).isEqualTo(2);
        }
    }

    @Test
    void aCommentRewordedOrALineAddedInAFileJavacReadAsDeclarationsKeepsTheResultWhileNoErrorIsInIt() throws IOException {
        writeApp();
        byte[] remembered = firstRun(CALLS_GREETING);
        TextApp.write(app, "src/org/acme/text/Greeting.java", GREETING.replace("Says hello.", "Says hello, politely."), StandardCharsets.UTF_8);
        try (PatchVerifier v = run(remembered, Duration.ofHours(1))) {
            v.verdict(List.of(CALLS_GREETING));
            assertThat(v.compilations()).isZero();
        }
        // A line more moves Greeting's tokens, but javac reported no error in it: what it said is the same.
        TextApp.write(app, "src/org/acme/text/Greeting.java", GREETING.replace("/** Says hello. */", "/**\n * Says hello.\n */"),
                StandardCharsets.UTF_8);
        try (PatchVerifier v = run(remembered, Duration.ofHours(1))) {
            assertThat(v.verdict(List.of(CALLS_GREETING))).isEqualTo(new PatchVerifier.Verdict.Verified());
            assertThat(v.compilations()).isZero();
        }
    }

    @Test
    void aMethodBodyEditedInAFileJavacReadAsDeclarationsKeepsTheResultEvenWithALineMore() throws IOException {
        // issue 22: the one-file edit of a cached re-run, in a file a patch's compile reads from the source path.
        writeApp();
        String greeting = GREETING.replace("{ return \"hello\"; }", "{\n        return \"hello\";\n    }");
        TextApp.write(app, "src/org/acme/text/Greeting.java", greeting, StandardCharsets.UTF_8);
        byte[] remembered = firstRun(CALLS_GREETING);
        // Even a body javac would reject: it never sees bodies of the files it reads from the source path here.
        TextApp.write(app, "src/org/acme/text/Greeting.java", greeting.replace("return \"hello\";",
                "System.out.println(\"edit\");\n        return \"hello\" + undefinedInABody;"), StandardCharsets.UTF_8);
        try (PatchVerifier v = run(remembered, Duration.ofHours(1))) {
            assertThat(v.verdict(List.of(CALLS_GREETING))).isEqualTo(new PatchVerifier.Verdict.Verified());
            assertThat(v.compilations()).isZero();
            assertThat(v.reusedCompilations()).isEqualTo(2);
        }
    }

    /** Greeting with a field of a type nobody declares: the patched compile reports an error in it. */
    private static final String BROKEN_GREETING = """
            package org.acme.text;

            public class Greeting {
                public static String hello() {
                    return "hello";
                }

                static Missing missing;
            }
            """;

    private static final String EDITED_BODY = "System.out.println(\"edit\");\n        return \"hello\";";

    @Test
    void aLineAddedAboveAnErrorJavacReportedInAFileItReadCompilesAgainAndNamesTheNewLine() throws IOException {
        writeApp();
        TextApp.write(app, "src/org/acme/text/Greeting.java", BROKEN_GREETING, StandardCharsets.UTF_8);
        byte[] remembered;
        try (PatchVerifier v = run(null, Duration.ofHours(1))) {
            assertThat(v.verdict(List.of(CALLS_GREETING))).isInstanceOfSatisfying(PatchVerifier.Verdict.Broken.class, b ->
                    assertThat(b.reason()).contains("Greeting.java:8:"));
            remembered = v.results().encode();
        }
        // A line in hello's body, above the error: the remembered error names line 8, javac now says 9.
        TextApp.write(app, "src/org/acme/text/Greeting.java", BROKEN_GREETING.replace("return \"hello\";", EDITED_BODY),
                StandardCharsets.UTF_8);
        byte[] edited;
        try (PatchVerifier v = run(remembered, Duration.ofHours(1))) {
            assertThat(v.verdict(List.of(CALLS_GREETING))).isInstanceOfSatisfying(PatchVerifier.Verdict.Broken.class, b ->
                    assertThat(b.reason()).contains("Greeting.java:9:"));
            assertThat(v.compilations()).isEqualTo(1);
            edited = v.results().encode();
        }
        // Then a method added below the error moves nothing javac reported in the file, but is a declaration.
        TextApp.write(app, "src/org/acme/text/Greeting.java", BROKEN_GREETING.replace("return \"hello\";", EDITED_BODY)
                .replace("static Missing missing;", "static Missing missing;\n\n    static int count() {\n        return 1;\n    }"),
                StandardCharsets.UTF_8);
        try (PatchVerifier v = run(edited, Duration.ofHours(1))) {
            v.verdict(List.of(CALLS_GREETING));
            assertThat(v.compilations()).isEqualTo(1);
        }
        // A line added to a body below the error keeps the result.
        TextApp.write(app, "src/org/acme/text/Greeting.java", BROKEN_GREETING.replace("return \"hello\";", EDITED_BODY)
                .replace("static Missing missing;", "static Missing missing;\n\n    static int count() {\n        return 1;\n    }"),
                StandardCharsets.UTF_8);
        byte[] withCount;
        try (PatchVerifier v = run(edited, Duration.ofHours(1))) {
            v.verdict(List.of(CALLS_GREETING));
            withCount = v.results().encode();
        }
        TextApp.write(app, "src/org/acme/text/Greeting.java", BROKEN_GREETING.replace("return \"hello\";", EDITED_BODY)
                .replace("static Missing missing;", "static Missing missing;\n\n    static int count() {\n        int one = 1;\n        return one;\n    }"),
                StandardCharsets.UTF_8);
        try (PatchVerifier v = run(withCount, Duration.ofHours(1))) {
            assertThat(v.verdict(List.of(CALLS_GREETING))).isInstanceOfSatisfying(PatchVerifier.Verdict.Broken.class, b ->
                    assertThat(b.reason()).contains("Greeting.java:9:"));
            assertThat(v.compilations()).isZero();
        }
    }

    @Test
    void aCommentMarkerInsideAStringIsCode() throws IOException {
        writeApp();
        // In a constant, which javac reads with the declarations (a string in a body would not reach it).
        TextApp.write(app, "src/org/acme/text/Greeting.java", GREETING.replace("public class Greeting {",
                "public class Greeting {\n    static final String WORD = \"hello\";"), StandardCharsets.UTF_8);
        Patch withUrl = replacing("return null;", "return \"http://a\" + org.acme.text.Greeting.hello();");
        byte[] remembered = firstRun(withUrl);
        TextApp.write(app, "src/org/acme/text/Greeting.java", GREETING.replace("public class Greeting {",
                "public class Greeting {\n    static final String WORD = \"hello // not a comment\";"), StandardCharsets.UTF_8);
        try (PatchVerifier v = run(remembered, Duration.ofHours(1))) {
            v.verdict(List.of(withUrl));
            assertThat(v.compilations()).isEqualTo(1);
        }
    }

    @Test
    void aRemovedPackageDeclarationChangesTheSourceLayoutAndNothingIsReused() throws IOException {
        writeApp();
        byte[] remembered = firstRun(CALLS_GREETING);
        // Unrelated is never read, but which file declares which package is what javac looks sources up by.
        TextApp.write(app, "src/org/acme/misc/Unrelated.java", UNRELATED.replace("package org.acme.misc;", "package org.acme.other;"),
                StandardCharsets.UTF_8);
        try (PatchVerifier v = run(remembered, Duration.ofHours(1))) {
            assertThat(v.verdict(List.of(CALLS_GREETING))).isEqualTo(new PatchVerifier.Verdict.Verified());
            assertThat(v.reusedCompilations()).isZero();
        }
    }

    @Test
    void aReusedCompileCountsAgainstTheCpuBudgetAsTheCompileItReplacesDid() throws IOException {
        writeApp();
        Patch second = replacing("return null;", "return name;");
        // A budget any compile uses up: uncached, the first patch is compiled and the second is not.
        byte[] remembered;
        try (PatchVerifier v = run(null, Duration.ofNanos(1))) {
            assertThat(v.verdict(List.of(CALLS_GREETING))).isEqualTo(new PatchVerifier.Verdict.Verified());
            assertThat(v.verdict(List.of(second))).isInstanceOf(PatchVerifier.Verdict.Unverified.class);
            remembered = v.results().encode();
        }
        // Cached, the same: the reused compiles spend the budget their compiles spent.
        try (PatchVerifier v = run(remembered, Duration.ofNanos(1))) {
            assertThat(v.verdict(List.of(CALLS_GREETING))).isEqualTo(new PatchVerifier.Verdict.Verified());
            assertThat(v.verdict(List.of(second))).isInstanceOfSatisfying(PatchVerifier.Verdict.Unverified.class, u ->
                    assertThat(u.why()).startsWith("the CPU-time budget for compiling patches"));
            assertThat(v.compilations()).isZero();
        }
    }

    @Test
    void theSameJarInAnotherFolderIsTheSameClassPath() throws IOException {
        // wanlint's own API jars are unpacked into a new temporary folder by every run: a result must survive that.
        writeApp();
        Path jar = app.resolve("lib-a/helper.jar");
        java.nio.file.Files.createDirectories(jar.getParent());
        try (var out = new java.util.jar.JarOutputStream(java.nio.file.Files.newOutputStream(jar))) {
            out.putNextEntry(new java.util.jar.JarEntry("README"));
            out.write("helper".getBytes(StandardCharsets.UTF_8));
        }
        Path moved = app.resolve("lib-b/helper.jar");
        java.nio.file.Files.createDirectories(moved.getParent());
        java.nio.file.Files.copy(jar, moved);
        byte[] remembered;
        RefactoringContext context = TextApp.analysed(app);
        try (PatchVerifier v = PatchVerifier.with(context, CompileClassPath.of(context.root(), List.of(jar)), javac, Duration.ofHours(1),
                JavacResults.none())) {
            assertThat(v.verdict(List.of(CALLS_GREETING))).isEqualTo(new PatchVerifier.Verdict.Verified());
            remembered = v.results().encode();
        }
        try (PatchVerifier v = PatchVerifier.with(context, CompileClassPath.of(context.root(), List.of(moved)), javac, Duration.ofHours(1),
                JavacResults.decode(remembered))) {
            assertThat(v.verdict(List.of(CALLS_GREETING))).isEqualTo(new PatchVerifier.Verdict.Verified());
            assertThat(v.compilations()).isZero();
        }
        // Another content under the same name is another class path.
        java.nio.file.Files.write(moved, new byte[] {'P', 'K', 5, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
        try (PatchVerifier v = PatchVerifier.with(context, CompileClassPath.of(context.root(), List.of(moved)), javac, Duration.ofHours(1),
                JavacResults.decode(remembered))) {
            v.verdict(List.of(CALLS_GREETING));
            assertThat(v.reusedCompilations()).isZero();
        }
    }

    @Test
    void truncatedBytesAreNoResultsAndEveryCompileRuns() throws IOException {
        writeApp();
        byte[] remembered = firstRun(CALLS_GREETING);
        // (Edited bytes are the cache entry's concern: SideEntry rejects an entry whose HMAC does not match.)
        byte[] truncated = java.util.Arrays.copyOf(remembered, remembered.length - 3);
        try (PatchVerifier v = run(truncated, Duration.ofHours(1))) {
            assertThat(v.verdict(List.of(CALLS_GREETING))).isEqualTo(new PatchVerifier.Verdict.Verified());
            assertThat(v.compilations()).isEqualTo(2);
        }
    }
}
