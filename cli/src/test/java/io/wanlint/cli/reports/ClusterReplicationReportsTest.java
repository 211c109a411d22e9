package io.wanlint.cli.reports;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wanlint.cli.Main;
import io.wanlint.fixtures.Fixtures;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 24 through the command line: {@code predict} and {@code check} report cluster-shop's
 * replication messages under the {@code cluster} preset and the fixture's per-transaction topology
 * (README, "Replication messages per request"), and nothing about replication under {@code edge}.
 */
class ClusterReplicationReportsTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static FixtureReports.Output run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int exit = Main.mainWithoutExit(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new FixtureReports.Output(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static String shop() { return Fixtures.app("cluster-shop").toString(); }

    private static String perTransaction() {
        return Fixtures.app("cluster-shop").resolve("cluster-per-transaction.yaml").toString();
    }

    @Test
    void predictTextListsTheMessagesOfEachPageAfterTheRoundTrips() {
        FixtureReports.Output r = run("predict", shop(), "--topology", "cluster");
        assertThat(r.exit()).as(r.err()).isZero();
        String out = r.out();
        assertThat(out.indexOf("Replication messages per request (edge ×2, main ×2; stateful beans per-invocation, "
                + "HTTP sessions per-request-when-dirty):")).isGreaterThan(out.indexOf("under topology cluster"));
        assertThat(out).containsPattern("(?m)^  /bundle +7$")
                .contains("CartBean at main: 6 × 1 backup (per-invocation)")
                .containsPattern("(?m)^  /basket +1$").containsPattern("(?m)^  /preferences +1$")
                .contains("9 replication messages for one request to each entry point");
        assertThat(out.substring(out.indexOf("Replication messages"))).as("pages that replicate nothing are not listed")
                .doesNotContain("/checkout").doesNotContain("/hits");
    }

    @Test
    void predictJsonGivesEachEntryPointItsReplicationUnderAPerTransactionFile() throws Exception {
        FixtureReports.Output r = run("predict", shop(), "--topology", perTransaction(), "--format", "json");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode json = MAPPER.readTree(r.out());
        assertThat(json.at("/replication/stateful").asText()).isEqualTo("per-transaction");
        assertThat(json.at("/replication/replicas/main").asInt()).isEqualTo(3);
        JsonNode bundle = null;
        for (JsonNode ep : json.get("entryPoints")) if (ep.get("id").asText().equals("/bundle")) bundle = ep;
        assertThat(bundle).isNotNull();
        assertThat(bundle.at("/replication/messages").asLong()).isEqualTo(6);
        assertThat(bundle.at("/replication/states/0/name").asText()).isEqualTo("CartBean");
        assertThat(bundle.at("/replication/states/0/perBackup").asLong()).isEqualTo(1);
        assertThat(bundle.at("/replication/states/0/backups").asLong()).isEqualTo(2);
        assertThat(bundle.at("/replication/states/1/perBackup").asLong()).as("two setAttribute calls").isEqualTo(2);
    }

    @Test
    void checkJsonUnderClusterStillValidatesAgainstThePublishedSchema() throws Exception {
        FixtureReports.Output r = run("check", shop(), "--topology", "cluster", "--format", "json");
        assertThat(r.exit()).as(r.err()).isIn(0, 1);
        JsonNode json = MAPPER.readTree(r.out());
        assertThat(json.has("replication")).isTrue();
        assertThat(FixtureReports.publishedSchema().validate(json)).isEmpty();
    }

    @Test
    void checkHtmlUnderClusterHasAReplicationTable() {
        FixtureReports.Output r = run("check", shop(), "--topology", "cluster", "--format", "html");
        assertThat(r.exit()).as(r.err()).isIn(0, 1);
        assertThat(r.out()).contains("<section id=\"replication\">").containsPattern("<code>/bundle</code></td><td class=\"num\" data-label=\"Messages per request\" "
                + "title=\"7 replication messages per request to backups, at loop size n = 1: [^\"]+\">7</td>");
    }

    @Test
    void withoutBackupsNoReportMentionsReplication() throws Exception {
        FixtureReports.Output text = run("predict", shop(), "--topology", "edge");
        assertThat(text.out()).doesNotContain("Replication");
        JsonNode json = MAPPER.readTree(run("predict", shop(), "--format", "json").out());
        assertThat(json.has("replication")).isFalse();
        json.get("entryPoints").forEach(ep -> assertThat(ep.has("replication")).isFalse());
    }
}
