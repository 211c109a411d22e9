package io.wanlint.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wanlint.fixtures.Fixtures;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code wanlint predict --compare} (issue 27) through the entry point, on every fixture. */
class PredictCompareTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private record Run(int exit, String out, String err) {}

    private static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int exit = Main.mainWithoutExit(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static Stream<String> apps() { return Fixtures.all().map(p -> p.getFileName().toString()); }

    /**
     * Every preset is a column, every entry point of the predict report a row, and each row marks the topologies with
     * the fewest round trips; the predict report's own fields stay as they were.
     */
    @ParameterizedTest
    @MethodSource("apps")
    void compareWithoutNamesPutsEveryEntryPointUnderEveryPresetAndMarksTheCheapest(String app) throws Exception {
        Run r = run("predict", "--compare", Fixtures.app(app).toString(), "--format", "json");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode doc = JSON.readTree(r.out());
        assertThat(doc.has("schemaVersion") && doc.has("tool") && doc.has("topology") && doc.has("entryPoints")).isTrue();
        JsonNode d = doc.get("deployments");
        List<String> names = new ArrayList<>();
        d.get("topologies").forEach(t -> names.add(t.get("name").asText()));
        assertThat(names).containsExactlyElementsOf(io.wanlint.analyzer.api.Topologies.PRESETS).contains("edge-cache");
        assertThat(d.get("entryPoints").size()).isEqualTo(doc.get("entryPoints").size()).isPositive();
        List<JsonNode> rows = new ArrayList<>();
        d.get("entryPoints").forEach(rows::add);
        rows.add(d.get("total"));
        rows.add(d.get("medianPage"));
        rows.add(d.get("worstPage"));
        for (JsonNode row : rows) {
            long fewest = Long.MAX_VALUE;
            for (JsonNode c : row.get("costs")) fewest = Math.min(fewest, c.get("wanRoundTrips").asLong());
            List<String> cheapest = new ArrayList<>();
            for (JsonNode c : row.get("costs")) {
                if (c.get("wanRoundTrips").asLong() == fewest) cheapest.add(c.get("topology").asText());
                assertThat(c.get("latencySensitivity").asDouble()).isEqualTo(2.0 * c.get("wanRoundTrips").asLong());
            }
            List<String> best = new ArrayList<>();
            row.get("best").forEach(b -> best.add(b.asText()));
            assertThat(best).as("%s %s", app, row).isNotEmpty().isSubsetOf(cheapest);
        }
        // The column of the predict report's own topology repeats its counts.
        for (int i = 0; i < doc.get("entryPoints").size(); i++) {
            JsonNode own = doc.get("entryPoints").get(i), compared = d.get("entryPoints").get(i);
            assertThat(compared.get("id").asText()).isEqualTo(own.get("id").asText());
            assertThat(compared.get("costs").get(0).get("wanRoundTrips").asLong()).isEqualTo(own.get("wanRoundTrips").asLong());
        }
    }

    /** Table 2's Clients/RAS: with keep-alive a remote browser's page costs 1 round trip, shown in the header. */
    @Test
    void keepAliveMakesTheCentralizedPageOneRoundTripAndSaysSoInTheHeader() {
        Run r = run("predict", Fixtures.app("trade").toString(), "--compare", "centralized,edge-db,edge-cache", "--keep-alive");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("centralized: browser request 1 (keep-alive), one-way delay 100 ms");
        String ejbBuy = r.out().lines().filter(l -> l.startsWith("/ejb/buy") && l.contains("ms/ms") == false)
                .reduce((a, b) -> b).orElseThrow();
        assertThat(ejbBuy.trim().split("\\s+")).containsSubsequence("*1", "2", "200", "8", "16", "1600", "2", "4", "400");
    }

    @Test
    void htmlReportHasADeploymentsSectionWithTheSameColumns() {
        Run r = run("predict", "--compare", "edge,edge-cache", Fixtures.app("trade").toString(), "--format", "html");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("<section id=\"deployments\">", "<h2>Deployments</h2>", "<th colspan=\"3\">edge-cache</th>",
                "browser request 2 (no keep-alive)");
    }

    @Test
    void anUnknownTopologyIsAUsageErrorBeforeTheAnalysis() {
        Run r = run("predict", "--compare", "edge,nowhere.yaml", Fixtures.app("trade").toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("topology file not found: nowhere.yaml");
        assertThat(run("predict", "--keep-alive", Fixtures.app("trade").toString()).exit()).isEqualTo(2);
    }
}
