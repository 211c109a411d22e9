package io.wanlint.cli.hostile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static io.wanlint.cli.hostile.HostileApps.goodServlet;
import static io.wanlint.cli.hostile.HostileApps.write;
import static org.assertj.core.api.Assertions.assertThat;

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
}
