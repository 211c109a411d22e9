package io.wanlint.cli.hostile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
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
    /** Someone else's files, next to the analysed tree. */
    @TempDir Path elsewhere;

    private static final String SECRET = "root:$6$s3cr3tSALT$hashhashhashhashhashhashhash:19000:0:99999:7:::";

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

    @Test
    void topologyFileLinkedOutOfTheAnalysedTreeIsNotRead() throws IOException {
        goodServlet(app);
        Path secret = write(elsewhere.resolve("shadow"), SECRET + "\n");
        Files.createSymbolicLink(app.resolve("t.yaml"), secret);
        write(app.resolve("wanlint.yaml"), "topology: t.yaml\n");

        HostileRun.Outcome run = check();

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).contains("t.yaml is a link out of the analysed tree; not read");
        assertThat(run.err()).doesNotContain("s3cr3t").doesNotContain("root:");
        assertThat(HostileRun.wanlint(List.of(app), "check", app.toString(), "--topology", app.resolve("t.yaml").toString()).err())
                .as("named on the command line, the same link is followed (and quoted only in part)")
                .contains("t.yaml:1").doesNotContain(SECRET.substring(0, 41));
    }

    @Test
    void configurationFileLinkedOutOfTheAnalysedTreeIsNotRead() throws IOException {
        goodServlet(app);
        Path secret = write(elsewhere.resolve("shadow"), SECRET + "\n");
        Files.createSymbolicLink(app.resolve("wanlint.yaml"), secret);

        HostileRun.Outcome run = check();

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).contains("wanlint.yaml is a link out of the analysed tree; not read");
        assertThat(run.err()).doesNotContain("s3cr3t");
    }

    @Test
    void topologyNamedOnTheCommandLineMayBeALinkOutOfTheTree() throws IOException {
        goodServlet(app);
        Path topology = write(elsewhere.resolve("wan.yaml"), "extends: edge\nlatencyMs: 80\n");
        Path link = Files.createSymbolicLink(elsewhere.resolve("link.yaml"), topology);

        HostileRun.Outcome run = check("--topology", link.toString());

        assertThat(run.exit()).isZero();
    }

    /** Error messages quote at most a short token of the file, escaped: never a whole line of it. */
    @Test
    void parseErrorsQuoteAtMostAShortEscapedToken() {
        goodServlet(app);
        write(app.resolve("wanlint.yaml"), "\"k" + "x".repeat(100) + "\": 1\n");
        // the JSON escape of ESC: the key holds a real ESC once parsed
        Path topology = write(app.resolve("topology.json"), "{\n  \"sites\": [\"a\"],\n  \"k\\u001b" + "x".repeat(100) + "\": 1\n}\n");
        Path broken = write(app.resolve("broken.json"), "{\n  \"extends\": edge" + "y".repeat(300) + "\n}\n");

        HostileRun.Outcome config = check();
        HostileRun.Outcome topo = HostileRun.wanlint(List.of(app), "check", app.toString(), "--config",
                write(elsewhere.resolve("wanlint.yaml"), "topology: edge\n").toString(), "--topology", topology.toString());
        HostileRun.Outcome malformed = HostileRun.wanlint(List.of(app), "check", app.toString(), "--config",
                elsewhere.resolve("wanlint.yaml").toString(), "--topology", broken.toString());

        for (HostileRun.Outcome run : List.of(config, topo, malformed)) {
            assertThat(run.exit()).isEqualTo(2);
            assertThat(run.err()).doesNotContain("x".repeat(41)).doesNotContain("y".repeat(41)).doesNotContain("\u001b");
            assertThat(run.err().lines()).hasSize(1);
        }
        assertThat(config.err()).contains("unknown key 'k" + "x".repeat(39) + "…'");
        assertThat(topo.err()).contains(topology + ":3: k\\x1b" + "x".repeat(38) + "…: unknown key");
        assertThat(malformed.err()).startsWith("error: " + broken + ":2: malformed JSON");
    }
}
