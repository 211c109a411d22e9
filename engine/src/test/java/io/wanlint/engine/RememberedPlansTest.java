package io.wanlint.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.refactorings.api.Fixes;
import io.wanlint.refactorings.api.PlanOutcome;
import io.wanlint.refactorings.api.Refactoring;
import io.wanlint.refactorings.api.RefactoringContext;
import io.wanlint.refactorings.api.Refactorings;
import io.wanlint.report.api.PatchIndex;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * After an edit, a cached run takes each finding's plan whose reads are answered the same
 * ({@link RememberedPlans}) and shows exactly the patches an uncached run of the edited application
 * shows; a plan that read what the edit changed is made again, whatever kind of read it was.
 */
class RememberedPlansTest {
    private static final String CATALOG = "src/java/com/acme/estore/web/CatalogWebImpl.java";
    private static final String CATALOG_CLASS = "com.acme.estore.web.CatalogWebImpl";

    /** Plans made (not taken) since the counter was last reset. */
    private final AtomicInteger planned = new AtomicInteger();
    @TempDir Path temp;
    /** A copy of petstore each test edits, and the cache folder of its cached runs. */
    private Path app;
    private Path cache;

    @BeforeEach
    void copyPetstore() throws IOException {
        cache = temp.resolve("cache");
        app = RememberedPatchesTest.copyOfPetstore(temp.resolve("app"));
    }

    private Refactoring counting(Refactoring r) {
        return new Refactoring() {
            @Override public Fixes fixes() { return r.fixes(); }

            @Override public boolean handles(Finding finding) { return r.handles(finding); }

            @Override public PlanOutcome plan(Finding finding, RefactoringContext context) {
                planned.incrementAndGet();
                return r.plan(finding, context);
            }
        };
    }

    /** A refactoring asked for every finding that reads one thing and declines with what it read: a stale plan shows. */
    private Refactoring probe(BiFunction<Finding, RefactoringContext, String> reads) {
        return counting(new Refactoring() {
            @Override public Fixes fixes() { return Fixes.of("WAN001", io.wanlint.analyzer.api.FindingSubject.UseCase.class); }

            @Override public boolean handles(Finding finding) { return true; }

            @Override public PlanOutcome plan(Finding finding, RefactoringContext context) {
                return PlanOutcome.declined("probe read " + reads.apply(finding, context));
            }
        });
    }

    private PatchIndex check(Path withCache, List<Refactoring> refactorings) {
        RuleChecker rules = new RuleChecker();
        Engine engine = new Engine(new AnalyzerWorkbench(), Optional.of(rules),
                Optional.of(new RefactoringFixer(rules, new Refactorings(refactorings))));
        CheckResult result = engine.check(CheckRequest.of(List.of(app)).withCache(withCache).withPatches(PatchOptions.DEFAULT)
                .withFailOn(FailOn.never));
        assertThat(result.problem()).isEmpty();
        return result.patches();
    }

    /** How many findings a run with {@code refactorings} planned. */
    private int plans(Path withCache, List<Refactoring> refactorings) {
        planned.set(0);
        check(withCache, refactorings);
        return planned.get();
    }

    private static List<Refactoring> builtIn(RememberedPlansTest test) {
        return Refactorings.builtIn().all().stream().map(test::counting).toList();
    }

    /** Inserts {@code line} after the {@code n}-th line of the file (1-based), keeping its line endings. */
    private void insertAfter(String file, int n, String line) throws IOException {
        Path p = app.resolve(file);
        String text = Files.readString(p, StandardCharsets.ISO_8859_1);
        String eol = text.contains("\r\n") ? "\r\n" : "\n";
        List<String> lines = new ArrayList<>(List.of(text.split("\r?\n", -1)));
        lines.add(n, line);
        Files.writeString(p, String.join(eol, lines), StandardCharsets.ISO_8859_1);
    }

    /** The lines opening a method's or a block's body (a statement can go right after them), 1-based. */
    private List<Integer> bodyOpenings(String file) throws IOException {
        List<String> lines = List.of(Files.readString(app.resolve(file), StandardCharsets.ISO_8859_1).split("\r?\n", -1));
        Pattern opening = Pattern.compile("^\\s+.*\\)\\s*(throws [\\w.,\\s]+)?\\{\\s*$");
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (opening.matcher(l).matches() && !l.contains(" class ") && !l.contains("=") && !l.strip().startsWith("//")) out.add(i + 1);
        }
        return out;
    }

    @Test
    void randomBodyEditsShowThePatchesOfAnUncachedRunAndKeepTheOtherPlans() throws IOException {
        List<String> javaFiles;
        try (Stream<Path> files = Files.walk(app)) {
            javaFiles = files.filter(f -> f.toString().endsWith(".java")).map(f -> app.relativize(f).toString().replace('\\', '/'))
                    .sorted().collect(Collectors.toList());
        }
        int asked = plans(null, builtIn(this));
        assertThat(asked).as("petstore has findings the refactorings plan").isPositive();
        assertThat(check(null, builtIn(this)).byFingerprint()).as("and patches").isNotEmpty();
        check(cache, builtIn(this));
        int kept = 0;
        Random random = new Random(22);
        for (int round = 0; round < 4; round++) {
            String file;
            List<Integer> openings;
            do {
                file = javaFiles.get(random.nextInt(javaFiles.size()));
                openings = bodyOpenings(file);
            } while (openings.isEmpty());
            insertAfter(file, openings.get(random.nextInt(openings.size())), "        System.out.println(\"edit " + round + "\");");

            int replanned = plans(cache, builtIn(this));
            PatchIndex cached = check(cache, builtIn(this));
            int uncachedPlans = plans(null, builtIn(this));
            assertThat(cached).as("round %d, %s", round, file).isEqualTo(check(null, builtIn(this)));
            kept += uncachedPlans - replanned;
        }
        assertThat(kept).as("plans taken instead of made over the edits").isPositive();
    }

    @Test
    void aPlanThatReadTheEditedMethodsEdgesIsMadeAgainOneThatReadAnotherMethodsIsKept() throws IOException {
        List<Refactoring> readsGetItem = List.of(probe((f, c) -> c.edgesFrom(CATALOG_CLASS, "getItem").stream()
                .map(e -> e.line() + "").collect(Collectors.joining(","))));
        List<Refactoring> readsGetDataSource = List.of(probe((f, c) -> c.edgesFrom(CATALOG_CLASS, "getDataSource").stream()
                .map(CallEdge::line).map(String::valueOf).collect(Collectors.joining(","))));
        Path other = temp.resolve("other-cache");
        int asked = plans(cache, readsGetItem);
        plans(other, readsGetDataSource);
        assertThat(asked).isPositive();
        // A statement at the top of getItem moves its calls; getDataSource, above it, keeps its lines.
        int getItem = bodyOpenings(CATALOG).stream().filter(n -> n > 60).findFirst().orElseThrow();
        insertAfter(CATALOG, getItem, "        System.out.println(\"edit\");");

        assertThat(plans(cache, readsGetItem)).as("every finding read getItem's edges").isEqualTo(asked);
        assertThat(plans(other, readsGetDataSource)).as("getDataSource's edges did not move").isLessThan(asked);
        assertThat(check(cache, readsGetItem)).isEqualTo(check(null, readsGetItem));
        assertThat(check(other, readsGetDataSource)).isEqualTo(check(null, readsGetDataSource));
    }

    @Test
    void aPlanThatReadAChangedTextIsMadeAgainOneThatReadOtherTextsIsKept() throws IOException {
        List<Refactoring> readsJboss = List.of(probe((f, c) -> c.read("src/deploy/jboss.xml").map(t -> t.text().length() + "").orElse("-")));
        int asked = plans(cache, readsJboss);
        assertThat(asked).isPositive();
        appendComment("src/deploy/petstore_web.xml");
        assertThat(plans(cache, readsJboss)).as("another descriptor changed").isLessThan(asked);
        appendComment("src/deploy/jboss.xml");
        assertThat(plans(cache, readsJboss)).as("the descriptor read changed").isEqualTo(asked);
        assertThat(check(cache, readsJboss)).isEqualTo(check(null, readsJboss));
    }

    @Test
    void aPlanThatAskedWhetherAFileExistsIsMadeAgainWhenItAppears() throws IOException {
        String asked = "src/java/com/acme/estore/web/WanlintProbe.java";
        List<Refactoring> readsExists = List.of(probe((f, c) -> String.valueOf(c.exists(asked))));
        int all = plans(cache, readsExists);
        Files.writeString(app.resolve(asked), "package com.acme.estore.web;\nclass WanlintProbe {}\n");
        assertThat(plans(cache, readsExists)).isEqualTo(all);
        assertThat(check(cache, readsExists)).isEqualTo(check(null, readsExists));
    }

    @Test
    void aPlanThatReadTheModelAComponentOrTheFilesIsMadeAgainWhenTheyChange() throws IOException {
        List<Refactoring> readsFiles = List.of(probe((f, c) -> String.valueOf(c.files().size())));
        List<Refactoring> readsModel = List.of(probe((f, c) -> String.valueOf(c.model().components().size())));
        List<Refactoring> readsComponent = List.of(probe((f, c) -> String.valueOf(
                c.component(RefactoringContext.ComponentBy.CLASS, "com.acme.estore.web.WanlintBean").isPresent())));
        Path other = temp.resolve("other-cache");
        Path third = temp.resolve("third-cache");
        int asked = plans(cache, readsFiles);
        plans(other, readsModel);
        plans(third, readsComponent);
        appendComment("src/deploy/petstore_web.xml");
        assertThat(plans(cache, readsFiles)).as("the same files").isLessThan(asked);
        assertThat(plans(other, readsModel)).as("the same model").isLessThan(asked);
        assertThat(plans(third, readsComponent)).as("the same component").isLessThan(asked);
        // A new session bean: one more file, one more component.
        Files.writeString(app.resolve("src/java/com/acme/estore/web/WanlintBean.java"),
                "package com.acme.estore.web;\n@javax.ejb.Stateless\npublic class WanlintBean { public void run() {} }\n");
        assertThat(plans(cache, readsFiles)).isEqualTo(asked);
        assertThat(plans(other, readsModel)).isEqualTo(asked);
        assertThat(plans(third, readsComponent)).isEqualTo(asked);
        assertThat(check(third, readsComponent)).isEqualTo(check(null, readsComponent));
        assertThat(check(cache, readsFiles)).isEqualTo(check(null, readsFiles));
        assertThat(check(other, readsModel)).isEqualTo(check(null, readsModel));
    }

    @Test
    void aPlanThatReadTheWholeAnalysisIsAlwaysMadeAgain() throws IOException {
        List<Refactoring> readsAll = List.of(probe((f, c) -> String.valueOf(c.analysis().files().size())));
        int asked = plans(cache, readsAll);
        appendComment("src/deploy/petstore_web.xml");
        assertThat(plans(cache, readsAll)).isEqualTo(asked);
    }

    private void appendComment(String file) throws IOException {
        Path p = app.resolve(file);
        Files.writeString(p, Files.readString(p, StandardCharsets.ISO_8859_1) + "\n<!-- edited " + System.nanoTime() + " -->\n",
                StandardCharsets.ISO_8859_1);
    }
}
