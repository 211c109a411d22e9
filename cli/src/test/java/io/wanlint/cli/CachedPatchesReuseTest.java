package io.wanlint.cli;

import static io.wanlint.cli.AppCopy.copy;
import static io.wanlint.cli.AppCopy.wanlint;
import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.cli.AppCopy.Run;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code check --cache DIR} keeps the report's patches with the rules' outcome: an unchanged re-run
 * takes them from the cache ({@code timing: patches: reused from the cache}) and its report, patches
 * and "after patches" figures included, is byte for byte an uncached run's. Other verification
 * options are other patches.
 */
class CachedPatchesReuseTest {
    private static final String REUSED = "timing: patches: reused from the cache";

    @TempDir Path temp;

    private static Run check(Path app, Path cache, String format, String... more) {
        List<String> args = new ArrayList<>(List.of("check", app.toString(), "--format", format, "--fail-on", "never"));
        if (cache != null) args.addAll(List.of("--cache", cache.toString(), "--timings"));
        args.addAll(List.of(more));
        return wanlint(args.toArray(String[]::new));
    }

    @Test
    void anUnchangedReRunReusesThePatchesAndReportsWhatAnUncachedRunDoes() throws IOException {
        Path app = copy("petstore-1.1", temp.resolve("app"));
        Path cache = temp.resolve("cache");
        Run cold = check(app, cache, "sarif");
        assertThat(cold.err()).doesNotContain(REUSED);
        assertThat(cold.out()).as("the fixture has patches to remember").contains("\"fixes\"");

        Run unchanged = check(app, cache, "sarif");

        assertThat(unchanged.err()).contains(REUSED);
        assertThat(unchanged.out()).isEqualTo(cold.out()).isEqualTo(check(app, null, "sarif").out());
        assertThat(check(app, cache, "json").out()).isEqualTo(check(app, null, "json").out());
    }

    @Test
    void noVerifyIsAnotherPlanning() throws IOException {
        Path app = copy("petstore-1.1", temp.resolve("app"));
        Path cache = temp.resolve("cache");
        check(app, cache, "json");

        Run unverified = check(app, cache, "json", "--no-verify");

        assertThat(unverified.err()).doesNotContain(REUSED);
        assertThat(unverified.out()).isEqualTo(check(app, null, "json", "--no-verify").out());
        assertThat(check(app, cache, "json", "--no-verify").err()).contains(REUSED);
    }
}
