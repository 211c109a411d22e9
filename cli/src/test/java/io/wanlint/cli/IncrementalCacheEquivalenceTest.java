package io.wanlint.cli;

import static io.wanlint.cli.AppCopy.copyTree;
import static io.wanlint.cli.AppCopy.snapshot;
import static io.wanlint.cli.AppCopy.wanlint;
import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.cli.AppCopy.Run;
import io.wanlint.cli.EditedApp.Edit;
import io.wanlint.cli.EditedApp.Role;
import io.wanlint.fixtures.Fixtures;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code --cache DIR} across a sequence of edits: after every edit, a run that reuses the cache the
 * previous runs left (each entry written by a run that itself started from a cache) reports byte for
 * byte what an uncached run reports, with the same exit code and the same stderr.
 *
 * <p>The edits are those an incremental re-analysis is easiest to get wrong with: call statements
 * removed or repeated in method bodies (lines below them move), a dirty flag that ejbStore tests,
 * comments, blanks and line endings only, reverts to the original bytes, new and renamed methods, JNDI names in
 * constants, lookups and static initializers, descriptor values, JSP scriptlets, new and deleted files.
 * They are found in each application's own files (see {@link EditedApp}), in sorted path order.
 */
class IncrementalCacheEquivalenceTest {
    @TempDir Path temp;

    /** What a step compares besides {@code check --format json}. */
    enum View { PREDICT, GRAPH }

    /**
     * One edit of a plan and what is compared after it besides the check report: {@code predict --format json}
     * (per-entry-point round trips and crossings), {@code graph --format json} (the call graph itself).
     */
    record Step(Function<EditedApp, Edit> edit, Set<View> views) {}

    /** The edits made, in order, on one application. */
    record Plan(String app, List<Step> steps) {
        @Override public String toString() { return app; }
    }

    private static Step step(Function<EditedApp, Edit> edit) { return new Step(edit, Set.of()); }

    private static Step withPredict(Function<EditedApp, Edit> edit) { return new Step(edit, Set.of(View.PREDICT)); }

    private static Step withGraph(Function<EditedApp, Edit> edit) { return new Step(edit, Set.of(View.PREDICT, View.GRAPH)); }

    static Stream<Plan> plans() {
        return Stream.of(
                new Plan("petstore-1.1", List.of(
                        withPredict(a -> a.removeCall(Role.WEB)),
                        withGraph(a -> a.removeCall(Role.DATA_ACCESS)),
                        step(EditedApp::dropDirtyFlagAssignment),
                        withPredict(a -> a.duplicateCall(Role.ANY)),
                        step(a -> EditedApp.both(a.changeJndiConstant(), a.commentOnly(Role.SESSION_BEAN))),
                        step(a -> a.revert("JNDINames.java")),
                        step(a -> EditedApp.both(a.editDescriptor("trans-attribute"), a.repeatScriptletCall())),
                        withPredict(EditedApp::dropDirtyCheck),
                        step(EditedApp::addCopyOfWebClass),
                        withPredict(EditedApp::revertAll))),
                new Plan("rubis-entity", List.of(
                        withPredict(a -> a.removeCall(Role.ENTITY_BEAN, "set", "ejbStore", "ejbLoad")),
                        withPredict(a -> a.duplicateCall(Role.WEB)),
                        withGraph(EditedApp::addLookupToInheritedMethod),
                        step(a -> a.changeLookupName(Role.WEB)),
                        step(a -> a.editDescriptor("jndi-name")),
                        withPredict(EditedApp::renameCalledMethod),
                        step(a -> a.whitespaceOnly(Role.WEB)),
                        withPredict(EditedApp::revertAll))),
                new Plan("rubis-facade", List.of(
                        withGraph(a -> a.removeCall(Role.SESSION_BEAN, "store")),
                        step(a -> a.addPublicMethod(Role.SESSION_BEAN)),
                        step(a -> a.addStaticInitializer(Role.WEB)),
                        withPredict(EditedApp::editStaticInitializer),
                        step(a -> a.editDescriptor("trans-attribute")),
                        withPredict(a -> a.deleteFile(Role.WEB)),
                        step(EditedApp::revertAll))),
                new Plan("ecperf-supplier", List.of(
                        withPredict(EditedApp::dropDirtyFlagAssignment),
                        withPredict(a -> a.removeCall(Role.ENTITY_BEAN, "ejbStore", "ejbLoad")),
                        step(a -> a.editDescriptor("jndi-name")),
                        step(a -> a.commentOnly(Role.WEB)),
                        withPredict(EditedApp::addCopyOfWebClass),
                        step(a -> a.revert("SComponentBmpEJB.java")),
                        withGraph(EditedApp::dropDirtyCheck),
                        step(EditedApp::revertAll))),
                new Plan("trade", List.of(
                        withGraph(a -> a.removeCall(Role.DATA_ACCESS)),
                        step(EditedApp::changeJndiConstant),
                        withPredict(a -> a.duplicateCall(Role.SESSION_BEAN)),
                        step(a -> EditedApp.both(a.removeCall(Role.ENTITY_BEAN, "ejbStore"), a.commentOnly(Role.WEB))),
                        step(a -> a.editDescriptor("trans-attribute")),
                        withPredict(EditedApp::revertAll))),
                new Plan("jakarta-shop", List.of(
                        withPredict(a -> a.removeCall(Role.SESSION_BEAN)),
                        step(a -> a.duplicateCall(Role.WEB)),
                        withPredict(EditedApp::renameCalledMethod),
                        step(EditedApp::addCopyOfWebClass),
                        withGraph(a -> a.deleteFile(Role.SESSION_BEAN)),
                        step(a -> a.whitespaceOnly(Role.ANY)),
                        step(EditedApp::revertAll))),
                new Plan("jakarta-chatty", List.of(
                        step(a -> a.crlfLineEndings(Role.WEB)),
                        withGraph(a -> a.removeCall(Role.WEB)),
                        step(a -> a.duplicateCall(Role.WEB)),
                        step(a -> a.commentOnly(Role.ANY)),
                        withPredict(a -> a.addPublicMethod(Role.SESSION_BEAN)),
                        step(EditedApp::revertAll))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("plans")
    void afterEveryEditACachedRunReportsWhatAnUncachedRunReports(Plan plan) throws Exception {
        Path app = copyOf(plan.app());
        Path cache = temp.resolve("cache");
        Run original = check(app, null);
        assertThat(original.exit()).as("%s: %s", plan.app(), original.err()).isZero();
        assertSame(plan.app() + " cold run", check(app, cache), original);
        EditedApp edited = new EditedApp(app, predict(app, null).json());

        int changed = 0;
        int updatedInPlace = 0;
        String previous = original.out();
        for (int i = 0; i < plan.steps().size(); i++) {
            Step step = plan.steps().get(i);
            Edit edit = step.edit().apply(edited);
            String what = plan.app() + " step " + (i + 1) + ": " + edit;
            Run fresh = check(app, null);
            Run cached = run("check", app, cache, "--format", "json", "--fail-on", "never", "--timings");
            assertSame(what + ", check", cached, fresh);
            // An update in place parses and resolves the changed files but builds no model.
            if (cached.err().contains("timing: call graph") && !cached.err().contains("timing: model")) updatedInPlace++;
            if (step.views().contains(View.PREDICT)) assertSame(what + ", predict", predict(app, cache), predict(app, null));
            if (step.views().contains(View.GRAPH)) assertSame(what + ", graph", graph(app, cache), graph(app, null));
            if (!fresh.out().equals(previous)) changed++;
            previous = fresh.out();
        }

        // Every plan ends with its edits reverted: the report is the original one again, and an unchanged
        // re-run takes the whole analysis from the entry the last incremental run wrote.
        assertThat(previous).as("%s after the last step", plan.app()).isEqualTo(original.out());
        Run again = wanlint("check", app.toString(), "--format", "json", "--fail-on", "never", "--cache", cache.toString(), "--timings");
        assertThat(again.out()).isEqualTo(original.out());
        assertThat(again.err()).as(plan.app()).contains("timing: cache read").doesNotContain("timing: parse")
                .doesNotContain("warning: " + cache);
        // The plans are meant to change what the analysis finds (not every step does): edits that change nothing guard nothing.
        assertThat(changed).as("%s: steps that changed the check report", plan.app()).isGreaterThanOrEqualTo(3);
        // Body-only edits take the incremental update rather than a full analysis.
        assertThat(updatedInPlace).as("%s: steps the cache updated in place", plan.app()).isPositive();
    }

    @Test
    void theCacheNeverWritesInsideTheAnalysedTree() throws Exception {
        Path app = copyOf("rubis-facade");
        Path cache = temp.resolve("cache");
        EditedApp edited = new EditedApp(app, predict(app, null).json());
        List<Function<EditedApp, Edit>> edits = List.of(a -> a.removeCall(Role.WEB), a -> a.addPublicMethod(Role.SESSION_BEAN), EditedApp::revertAll);

        Map<String, String> before = snapshot(app);
        assertThat(check(app, cache).exit()).isZero();
        assertThat(check(app, cache).exit()).isZero();
        assertThat(snapshot(app)).as("after a cold and a warm run").isEqualTo(before);
        for (Function<EditedApp, Edit> e : edits) {
            Edit edit = e.apply(edited);
            Map<String, String> afterEdit = snapshot(app);
            assertThat(check(app, cache).exit()).as("check after %s", edit).isZero();
            assertThat(predict(app, cache).exit()).as("predict after %s", edit).isZero();
            assertThat(snapshot(app)).as("after %s", edit).isEqualTo(afterEdit);
        }
        assertThat(filesUnder(cache)).isNotEmpty();
        try (Stream<Path> besideTheApp = Files.list(app.getParent())) {
            assertThat(besideTheApp.toList()).as("nothing written next to the analysed tree").containsExactly(app);
        }
    }

    @Test
    void aCacheFolderInsideTheTreeIsSkippedAndOnlyItChanges() throws Exception {
        Path app = copyOf("rubis-entity");
        Path cache = app.resolve(".wanlint-cache");
        EditedApp edited = new EditedApp(app, predict(app, null).json());
        check(app, cache);
        Edit edit = edited.removeCall(Role.WEB);
        Map<String, String> afterEdit = snapshot(app);

        Run cached = check(app, cache);

        assertSame("cache inside the tree, " + edit, cached, check(app, null));
        Map<String, String> now = snapshot(app);
        now.keySet().removeIf(p -> p.startsWith(".wanlint-cache"));
        afterEdit.keySet().removeIf(p -> p.startsWith(".wanlint-cache"));
        assertThat(now).isEqualTo(afterEdit);
    }

    /** How a test damages every file of the cache folder between two runs. */
    enum Damage { GARBAGE, TRUNCATED_HEADER, TRUNCATED_HALF }

    @ParameterizedTest
    @MethodSource("damages")
    void aDamagedCacheAfterAnEditGivesAWarningAndTheUncachedReport(Damage damage, boolean editFirst) throws Exception {
        Path app = copyOf("trade");
        Path cache = temp.resolve("cache");
        EditedApp edited = new EditedApp(app, predict(app, null).json());
        check(app, cache);
        edited.removeCall(Role.WEB);
        check(app, cache); // the entry is now one a run after an edit wrote
        damage(cache, damage);
        String what = damage + (editFirst ? " then an edit" : " without an edit");
        if (editFirst) edited.duplicateCall(Role.ANY);

        Run damaged = check(app, cache);
        Run fresh = check(app, null);

        assertThat(damaged.exit()).as(what).isEqualTo(fresh.exit());
        assertThat(damaged.out()).as(what).isEqualTo(fresh.out());
        assertThat(damaged.err()).as(what).doesNotContain("\tat ").doesNotContain("Caused by");
        // Today a truncated entry whose header survives is, after an edit, just an entry for other inputs (no
        // warning); a cache that reads entries after an edit must notice the damage instead of believing it.
        if (damage != Damage.TRUNCATED_HALF || !editFirst) assertThat(damaged.err()).as(what).contains("warning: ");
        // The damaged entry was replaced: the next run is clean and still equal.
        assertSame(what + ", the run after", check(app, cache), fresh);
    }

    static Stream<Arguments> damages() {
        return Stream.of(Arguments.of(Damage.GARBAGE, true), Arguments.of(Damage.TRUNCATED_HEADER, true),
                Arguments.of(Damage.TRUNCATED_HALF, true), Arguments.of(Damage.TRUNCATED_HALF, false));
    }

    private static void damage(Path cache, Damage damage) throws IOException {
        List<Path> files = filesUnder(cache);
        assertThat(files).as("files in the cache folder").isNotEmpty();
        for (Path f : files) {
            byte[] bytes = Files.readAllBytes(f);
            switch (damage) {
                case GARBAGE -> Files.writeString(f, "garbage");
                case TRUNCATED_HEADER -> Files.write(f, Arrays.copyOf(bytes, Math.min(8, bytes.length)));
                case TRUNCATED_HALF -> Files.write(f, Arrays.copyOf(bytes, bytes.length / 2));
            }
        }
    }

    private static List<Path> filesUnder(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) return List.of();
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).sorted().toList();
        }
    }

    // ---- runs ----

    private Path copyOf(String app) throws IOException, URISyntaxException {
        Path source = Fixtures.APPLICATIONS.contains(app) ? Fixtures.app(app)
                : Path.of(IncrementalCacheEquivalenceTest.class.getResource("/apps/" + app).toURI());
        Path target = temp.resolve("app").resolve(app);
        copyTree(source, target);
        return target;
    }

    private static Run check(Path app, Path cache) {
        return run("check", app, cache, "--format", "json", "--fail-on", "never");
    }

    private static Run graph(Path app, Path cache) {
        return run("graph", app, cache, "--format", "json");
    }

    private static Run predict(Path app, Path cache) {
        return run("predict", app, cache, "--format", "json");
    }

    private static Run run(String command, Path app, Path cache, String... options) {
        List<String> args = new ArrayList<>(List.of(command, app.toString()));
        args.addAll(List.of(options));
        if (cache != null) args.addAll(List.of("--cache", cache.toString()));
        return wanlint(args.toArray(String[]::new));
    }

    /** Same report, exit code and stderr (timing lines aside). */
    private static void assertSame(String what, Run cached, Run uncached) {
        assertThat(cached.exit()).as("%s: exit code (stderr %s)", what, cached.err()).isEqualTo(uncached.exit());
        assertThat(cached.out()).as("%s: report with --cache vs without", what).isEqualTo(uncached.out());
        assertThat(withoutTimings(cached.err())).as("%s: stderr with --cache vs without", what).isEqualTo(withoutTimings(uncached.err()));
    }

    private static String withoutTimings(String err) {
        return err.lines().filter(l -> !l.startsWith("timing:")).collect(Collectors.joining("\n"));
    }
}
