package io.wanlint.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.Finding;
import io.wanlint.fixtures.Fixtures;
import io.wanlint.refactorings.api.PlanOutcome;
import io.wanlint.refactorings.api.RefactoringContext;
import io.wanlint.refactorings.api.Refactoring;
import io.wanlint.refactorings.api.Refactorings;
import io.wanlint.report.api.PatchIndex;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With {@code --cache}, the report's patches are kept with the rules' outcome: an unchanged re-run
 * neither plans nor verifies, and shows the patches an uncached run shows. Whatever planning or
 * verifying read that changed (the text of a file a patch touches, a sibling's declaration, the
 * verification options) makes the next run plan again.
 */
class RememberedPatchesTest {
    @TempDir Path temp;
    private Path app;
    private Path cache;
    private final AtomicInteger planned = new AtomicInteger();
    /** A file (relative to the application) whose presence makes every plan decline, as a file in a patch's way does; none when null. */
    private String inTheWay;

    @BeforeEach
    void copyApp() throws IOException {
        app = copyOfPetstore(temp.resolve("app"));
        cache = temp.resolve("cache");
    }

    /** A copy of the petstore fixture at {@code app}, to edit. */
    static Path copyOfPetstore(Path app) throws IOException {
        Path from = Fixtures.app("petstore-1.1");
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path to = app.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) Files.createDirectories(to);
                else Files.copy(f, to);
            }
        }
        return app;
    }

    /** The built-in engine, its refactorings counting the findings they are asked to plan for. */
    private Engine engine() {
        RuleChecker rules = new RuleChecker();
        List<Refactoring> counting = Refactorings.builtIn().all().stream().map(this::counting).toList();
        return new Engine(new AnalyzerWorkbench(), Optional.of(rules), Optional.of(new RefactoringFixer(rules, new Refactorings(counting))));
    }

    private Refactoring counting(Refactoring r) {
        return new Refactoring() {
            @Override public io.wanlint.refactorings.api.Fixes fixes() { return r.fixes(); }

            @Override public boolean handles(Finding finding) { return r.handles(finding); }

            @Override public PlanOutcome plan(Finding finding, RefactoringContext context) {
                planned.incrementAndGet();
                if (inTheWay != null && context.exists(inTheWay)) return PlanOutcome.declined(inTheWay + " already exists");
                return r.plan(finding, context);
            }
        };
    }

    private PatchIndex check(Path withCache, PatchOptions options) {
        CheckResult result = engine().check(CheckRequest.of(List.of(app)).withCache(withCache).withPatches(options).withFailOn(FailOn.never));
        assertThat(result.problem()).isEmpty();
        return result.patches();
    }

    /** Whether a cached run planned (and so verified) anything. */
    private boolean planned(PatchOptions options) {
        planned.set(0);
        check(cache, options);
        return planned.get() > 0;
    }

    private PatchIndex uncached(PatchOptions options) {
        return check(null, options);
    }

    /** A Java file one of the patches edits, by its path under the application. */
    private String patchedJavaFile(PatchIndex patches) {
        return patches.byFingerprint().values().stream().flatMap(p -> p.edits().stream()).map(PatchIndex.FileEdit::file)
                .filter(f -> f.endsWith(".java") && Files.isRegularFile(app.resolve(f))).sorted().findFirst()
                .orElseThrow(() -> new AssertionError("no patch edits a Java file of the fixture"));
    }

    @Test
    void anUnchangedReRunReusesThePatchesAnUncachedRunShows() {
        PatchIndex uncached = uncached(PatchOptions.DEFAULT);
        assertThat(uncached.byFingerprint()).isNotEmpty();

        assertThat(planned(PatchOptions.DEFAULT)).as("the first cached run plans").isTrue();
        PatchIndex reused = check(cache, PatchOptions.DEFAULT);
        planned.set(0);
        PatchIndex again = check(cache, PatchOptions.DEFAULT);

        assertThat(planned.get()).as("an unchanged re-run plans nothing").isZero();
        assertThat(again).isEqualTo(reused).isEqualTo(uncached);
    }

    @Test
    void editingAFileAPatchTouchesPlansAgain() throws IOException {
        PatchIndex before = check(cache, PatchOptions.DEFAULT);
        Path touched = app.resolve(patchedJavaFile(before));
        // A comment at the end moves no line and changes no fact, but a diff or a replacement may read it.
        Files.writeString(touched, Files.readString(touched, StandardCharsets.ISO_8859_1) + "\n// edited\n", StandardCharsets.ISO_8859_1);

        assertThat(planned(PatchOptions.DEFAULT)).isTrue();
        assertThat(check(cache, PatchOptions.DEFAULT)).isEqualTo(uncached(PatchOptions.DEFAULT));
    }

    @Test
    void editingASiblingsDeclarationPlansAgain() throws IOException {
        PatchIndex before = check(cache, PatchOptions.DEFAULT);
        Path touched = app.resolve(patchedJavaFile(before));
        Path sibling = app.resolve(touched.getParent().resolve("WanlintSibling.java").toString());
        String text = Files.readString(touched, StandardCharsets.ISO_8859_1);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^\\s*package\\s+([\\w.]+)\\s*;").matcher(text);
        String declaration = (m.find() ? "package " + m.group(1) + ";\n" : "") + "class WanlintSibling { int answer() { return 42; } }\n";
        Files.writeString(sibling, declaration);

        assertThat(planned(PatchOptions.DEFAULT)).as("a new declaration next to a patched file").isTrue();
        Files.writeString(sibling, declaration.replace("int answer()", "long answer()"));
        assertThat(planned(PatchOptions.DEFAULT)).as("a sibling's changed declaration").isTrue();
        assertThat(check(cache, PatchOptions.DEFAULT)).isEqualTo(uncached(PatchOptions.DEFAULT));
    }

    @Test
    void aFileOutsideTheAnalysisThatDecidedAPlanIsCheckedAgain() throws IOException {
        // Not a source: the analysis never reads it, so only the plans' own question about it can tell.
        inTheWay = "wanlint-in-the-way.txt";
        Files.writeString(app.resolve(inTheWay), "generated elsewhere\n");
        PatchIndex declined = check(cache, PatchOptions.DEFAULT);
        assertThat(declined.byFingerprint()).as("every plan declined while the file stands").isEmpty();
        assertThat(planned(PatchOptions.DEFAULT)).as("nothing changed").isFalse();

        Files.delete(app.resolve(inTheWay));
        assertThat(planned(PatchOptions.DEFAULT)).as("the file that declined the plans is gone").isTrue();
        PatchIndex patched = check(cache, PatchOptions.DEFAULT);
        assertThat(patched.byFingerprint()).isNotEmpty();
        assertThat(patched).isEqualTo(uncached(PatchOptions.DEFAULT));
    }

    @Test
    void otherVerificationOptionsPlanAgain() {
        check(cache, PatchOptions.DEFAULT);
        PatchOptions noVerify = new PatchOptions(true, new Fixer.Verification(List.of(), false), false);

        assertThat(planned(noVerify)).as("--no-verify").isTrue();
        assertThat(check(cache, noVerify)).isEqualTo(uncached(noVerify)).isNotEqualTo(uncached(PatchOptions.DEFAULT));
        assertThat(planned(PatchOptions.DEFAULT)).as("back to verifying: the entry holds the --no-verify run's").isTrue();
    }
}
