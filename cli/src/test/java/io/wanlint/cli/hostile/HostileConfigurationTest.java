package io.wanlint.cli.hostile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static io.wanlint.cli.hostile.HostileApps.goodServlet;
import static io.wanlint.cli.hostile.HostileApps.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/** Broken configuration and topology files: exit 2 with the file, the line and the key. */
class HostileConfigurationTest {
    @TempDir Path app;

    private HostileRun.Outcome check(String... more) {
        String[] args = new String[more.length + 2];
        args[0] = "check";
        args[1] = app.toString();
        System.arraycopy(more, 0, args, 2, more.length);
        return HostileRun.wanlint(List.of(app), args);
    }

    @Test
    void malformedWanlintYamlIsAConfigurationErrorWithItsLine() {
        goodServlet(app);
        Path config = write(app.resolve("wanlint.yaml"), "topology: edge\nrules: [WAN001,\n  WAN002: off\n");

        HostileRun.Outcome run = check();

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).startsWith("error: " + config + ":").contains("not valid YAML");
    }

    @Test
    void unknownRuleIdIsAConfigurationErrorNamingTheKeyAndLine() {
        goodServlet(app);
        Path config = write(app.resolve("wanlint.yaml"), "topology: edge\nrules:\n  WAN001: off\n  WAN999: error\n");

        HostileRun.Outcome run = check();

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).startsWith("error: " + config + ":4: unknown rule id 'WAN999' under 'rules'");
    }

    @Test
    void badTopologyFileIsAConfigurationErrorNamingTheKeyAndLine() {
        goodServlet(app);
        Path topology = write(app.resolve("topology.yaml"), "extends: edge\nlatencyMs:\n  edge-main: 80\nbogus: 1\n");

        HostileRun.Outcome run = check("--topology", topology.toString());

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).startsWith("error: " + topology + ":4: bogus: unknown key");
    }

    @Test
    void topologyFileWithAWrongTypeNamesTheKeyAndLine() {
        goodServlet(app);
        Path topology = write(app.resolve("topology.json"), "{\n  \"extends\": \"edge\",\n  \"sites\": 42\n}\n");

        HostileRun.Outcome run = check("--topology", topology.toString());

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).startsWith("error: " + topology + ":3: sites");
    }

    /**
     * {@code *a*a…*ab} with 25 stars against a long path: a backtracking regex took minutes per name
     * (each star tries every split of the segment); the glob matcher is linear, so the run is quick.
     */
    @Test
    void excludeGlobWithManyStarsDoesNotHangOnALongPath() {
        goodServlet(app);
        Path deep = app;
        for (int i = 0; i < 14; i++) deep = deep.resolve("a".repeat(200) + i); // ~2,900 characters of path
        write(deep.resolve("Deep.java"), HostileApps.servletSource("deep", "Deep"));
        write(app.resolve("wanlint.yaml"), "exclude: [\"" + "*a".repeat(25) + "b\"]\n");

        HostileRun.Outcome run = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> check("--format", "json"));

        assertThat(run.exit()).isZero();
        assertThat(run.componentClasses()).contains("shop.Good", "deep.Deep");
    }
}
