package io.wanlint.cli;

import static io.wanlint.cli.AppCopy.copy;
import static io.wanlint.cli.AppCopy.wanlint;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.wanlint.cli.AppCopy.Run;
import io.wanlint.fixtures.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code --cache DIR} through the real CLI: reports are byte for byte those of an uncached run. */
class CacheOptionTest {
    @TempDir Path temp;

    static Stream<String> fixtures() {
        return Fixtures.APPLICATIONS.stream().filter(a -> Files.isDirectory(Fixtures.root().resolve(a)));
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void aCachedCheckWritesTheSameJsonReportAsAnUncachedOne(String fixture) {
        String app = Fixtures.app(fixture).toString();
        String cache = temp.resolve("cache").toString();
        Run fresh = wanlint("check", app, "--format", "json", "--fail-on", "never");

        Run cold = wanlint("check", app, "--format", "json", "--fail-on", "never", "--cache", cache);
        Run warm = wanlint("check", app, "--format", "json", "--fail-on", "never", "--cache", cache, "--timings");

        assertThat(fresh.exit()).isZero();
        assertThat(cold.out()).isEqualTo(fresh.out());
        assertThat(warm.out()).isEqualTo(fresh.out());
        assertThat(warm.err()).contains("timing: cache read").doesNotContain("timing: parse").doesNotContain("warning: " + cache);
    }

    @Test
    void predictAndGraphUseTheCacheToo() {
        String app = Fixtures.app("rubis-facade").toString();
        String cache = temp.resolve("cache").toString();
        for (String command : new String[] {"predict", "graph"}) {
            Run fresh = wanlint(command, app);
            wanlint(command, app, "--cache", cache);
            Run warm = wanlint(command, app, "--cache", cache, "--timings");
            assertThat(warm.out()).as(command).isEqualTo(fresh.out());
            assertThat(warm.err()).as(command).contains("timing: cache read").doesNotContain("timing: parse");
        }
    }

    @Test
    void aNewFindingInAChangedFileIsReportedFromACachedRun() throws IOException {
        Path app = copy("rubis-entity", temp.resolve("rubis-entity"));
        String cache = temp.resolve("cache").toString();
        Run before = wanlint("check", app.toString(), "--format", "json", "--fail-on", "never", "--cache", cache);
        assertThat(ruleIds(before)).doesNotContain("WAN003");

        Path servlet;
        try (Stream<Path> files = Files.walk(app)) {
            servlet = files.filter(p -> p.getFileName().toString().endsWith("Servlet.java")).sorted().findFirst().orElseThrow();
        }
        String text = Files.readString(servlet);
        int lastBrace = text.lastIndexOf('}');
        Files.writeString(servlet, text.substring(0, lastBrace) + """
                    private void audit() throws java.sql.SQLException {
                        java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:db://central/audit");
                        c.createStatement().executeUpdate("insert into audit values (1)");
                    }
                    protected void doPut(javax.servlet.http.HttpServletRequest q, javax.servlet.http.HttpServletResponse r) {
                        try { audit(); } catch (java.sql.SQLException e) { }
                    }
                }
                """);
        Run after = wanlint("check", app.toString(), "--format", "json", "--fail-on", "never", "--cache", cache);

        assertThat(ruleIds(after)).contains("WAN003");
        assertThat(after.out()).isEqualTo(wanlint("check", app.toString(), "--format", "json", "--fail-on", "never").out());
    }

    @Test
    void aBrokenCacheEntryOnlyGivesAWarning() throws IOException {
        String app = Fixtures.app("rubis-facade").toString();
        Path cache = temp.resolve("cache");
        Run fresh = wanlint("check", app, "--format", "json", "--fail-on", "never", "--cache", cache.toString());
        try (Stream<Path> entries = Files.list(cache)) {
            for (Path entry : entries.toList()) Files.writeString(entry, "garbage");
        }

        Run warm = wanlint("check", app, "--format", "json", "--fail-on", "never", "--cache", cache.toString());

        assertThat(warm.exit()).isZero();
        assertThat(warm.out()).isEqualTo(fresh.out());
        assertThat(warm.err()).contains("warning: ").contains("not a wanlint analysis cache entry").doesNotContain("Exception");
    }

    @Test
    void checkHelpDocumentsTheCache() {
        assertThat(wanlint("check", "--help").out()).contains("--cache=DIR").contains("content hashes");
    }

    private static List<String> ruleIds(Run run) throws IOException {
        List<String> ids = new ArrayList<>();
        new ObjectMapper().readTree(run.out()).get("findings").forEach(f -> ids.add(f.get("ruleId").asText()));
        return ids;
    }
}
