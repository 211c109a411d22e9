package io.wanlint.cli;

import static io.wanlint.cli.AppCopy.copy;
import static io.wanlint.cli.AppCopy.wanlint;
import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.cli.AppCopy.Run;
import io.wanlint.cli.EditedApp.Edit;
import io.wanlint.cli.EditedApp.Role;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code check --cache DIR} takes the rules' outcome from the cache only when the analysis is the one
 * they last ran on (issue 22): a comment reworded in place changes no fact, so the rules are not run
 * again; a changed method body changes the facts, so they are, and the findings follow the change.
 * Either way the report is byte for byte an uncached run's. {@code --timings} says when the rules'
 * outcome was reused ({@code timing: rules: outcome reused from the cache}).
 */
class CachedRulesReuseTest {
    private static final String REUSED = "timing: rules: outcome reused from the cache";

    @TempDir Path temp;

    private Run check(Path app, Path cache) {
        List<String> args = new ArrayList<>(List.of("check", app.toString(), "--format", "json", "--fail-on", "never"));
        if (cache != null) args.addAll(List.of("--cache", cache.toString(), "--timings"));
        return wanlint(args.toArray(String[]::new));
    }

    @Test
    void anUnchangedReRunAndACommentRewordedInPlaceReuseTheRulesOutcome() throws IOException {
        Path app = copy("rubis-entity", temp.resolve("app"));
        Path cache = temp.resolve("cache");
        Run cold = check(app, cache);
        assertThat(cold.err()).doesNotContain(REUSED);
        Run unchanged = check(app, cache);
        assertThat(unchanged.out()).isEqualTo(cold.out());
        assertThat(unchanged.err()).contains(REUSED);

        rewordFirstLineComment(app);
        Run reworded = check(app, cache);

        assertThat(reworded.err()).as("the file was updated in place, not analysed again")
                .contains("timing: call graph").doesNotContain("timing: model").contains(REUSED);
        assertThat(reworded.out()).isEqualTo(check(app, null).out());
    }

    @Test
    void aMethodBodyEditRunsTheRulesAgainAndTheReportFollowsIt() throws Exception {
        Path app = copy("rubis-entity", temp.resolve("app"));
        Path cache = temp.resolve("cache");
        Run before = check(app, cache);
        EditedApp edited = new EditedApp(app, wanlint("predict", app.toString(), "--format", "json").json());

        Edit edit = edited.duplicateCall(Role.WEB);
        Run after = check(app, cache);

        assertThat(after.err()).as(edit.toString()).doesNotContain(REUSED).contains("timing: call graph").doesNotContain("timing: model");
        assertThat(after.out()).as("%s changes the findings", edit).isNotEqualTo(before.out()).isEqualTo(check(app, null).out());
        // The outcome stored after the edit serves the next unchanged run.
        assertThat(check(app, cache).err()).contains(REUSED);
    }

    @Test
    void anotherTopologyIsAnotherOutcome() throws IOException {
        Path app = copy("rubis-entity", temp.resolve("app"));
        Path cache = temp.resolve("cache");
        check(app, cache);
        Run centralized = wanlint("check", app.toString(), "--format", "json", "--fail-on", "never", "--cache", cache.toString(),
                "--timings", "--topology", "centralized");
        assertThat(centralized.err()).doesNotContain(REUSED);
        assertThat(centralized.out()).isEqualTo(wanlint("check", app.toString(), "--format", "json", "--fail-on", "never",
                "--topology", "centralized").out());
    }

    /** Appends to the first {@code //} comment of the first Java file that has one: no line moves, no fact changes. */
    private static void rewordFirstLineComment(Path app) throws IOException {
        List<Path> javaFiles;
        try (Stream<Path> files = Files.walk(app)) {
            javaFiles = files.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        for (Path f : javaFiles) {
            String text = Files.readString(f, java.nio.charset.StandardCharsets.ISO_8859_1);
            List<String> lines = new ArrayList<>(text.lines().toList());
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).strip().startsWith("//")) {
                    String nl = text.contains("\r\n") ? "\r\n" : "\n";
                    lines.set(i, lines.get(i) + " (reworded)");
                    Files.writeString(f, String.join(nl, lines) + (text.endsWith(nl) ? nl : ""), java.nio.charset.StandardCharsets.ISO_8859_1);
                    return;
                }
            }
        }
        throw new AssertionError("no // comment in " + app);
    }
}
