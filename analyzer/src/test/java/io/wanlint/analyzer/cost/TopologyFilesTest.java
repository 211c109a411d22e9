package io.wanlint.analyzer.cost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.ConfigurationException;
import io.wanlint.analyzer.api.CostTable;
import io.wanlint.analyzer.api.Placement;
import io.wanlint.analyzer.api.Replication;
import io.wanlint.analyzer.api.Topologies;
import io.wanlint.analyzer.api.Topology;
import io.wanlint.analyzer.api.WanCostModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TopologyFilesTest {
    @TempDir Path dir;

    private Path write(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text);
        return file;
    }

    private AbstractThrowableAssert<?, ? extends Throwable> assertRejected(String name, String text) throws IOException {
        Path file = write(name, text);
        return assertThatThrownBy(() -> Topologies.load(file))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith(file.toString() + ":");
    }

    @Test
    void yamlFileExtendsAPresetPlacesComponentsAndOverridesCosts() throws IOException {
        Path file = write("two-sites.yaml", """
                name: two-sites
                extends: edge            # optional preset to start from
                sites: [edge, main, partner]
                latencyMs: 80
                links: [{between: [partner, edge], latencyMs: 40}]
                database: main
                broker: main
                external: partner
                client: edge
                place:
                  - {match: "com.acme.web.**", site: edge}
                  - {match: "CatalogEJB", site: edge}
                costs: {remoteEjbCall: 2, outboundHttp: 3}
                """);
        Topology t = Topologies.resolve(file.toString());
        assertThat(t.name()).isEqualTo("two-sites");
        assertThat(t.externalSite()).isEqualTo("partner");
        assertThat(t.oneWayLatencyMs()).isEqualTo(80.0);
        assertThat(t.latencyMs("edge", "partner")).isEqualTo(40.0);
        assertThat(t.latencyMs("main", "edge")).isEqualTo(80.0);
        assertThat(t.placements()).startsWith(new Placement("com.acme.web.**", "edge"), new Placement("CatalogEJB", "edge"));
        assertThat(t.placements()).contains(new Placement("kind:STATELESS_SESSION", "main"));
        assertThat(t.costs().remoteEjbCall()).isEqualTo(2);
        assertThat(t.costs().outboundHttp()).isEqualTo(3);
        assertThat(t.costs().jndiLookup()).isEqualTo(CostTable.DEFAULTS.jndiLookup());

        WanCostModel model = WanCostModel.of(ComponentModel.EMPTY, TestCallGraph.builder().build(), t);
        assertThat(model.siteOf(Apps.ejb("CatalogEJB", ComponentKind.STATELESS_SESSION, "com.acme.ejb.CatalogBean"))).isEqualTo("edge");
        assertThat(model.siteOf(Apps.ejb("Helper", ComponentKind.STATELESS_SESSION, "com.acme.web.sub.HelperBean"))).isEqualTo("edge");
        assertThat(model.siteOf(Apps.ejb("Order", ComponentKind.STATELESS_SESSION, "com.acme.ejb.OrderBean"))).isEqualTo("main");
    }

    @Test
    void jsonFileWithoutExtendsStartsFromAnEmptyTopology() throws IOException {
        Path file = write("dc.json", """
                {
                  "sites": ["dc1", "dc2"],
                  "default": "dc1",
                  "database": "dc2",
                  "place": [{"match": "kind:SERVLET", "site": "dc2"}],
                  "costs": {"jdbcStatement": 2, "jdbcFetchSize": 50}
                }
                """);
        Topology t = Topologies.load(file);
        assertThat(t.name()).isEqualTo("dc");
        assertThat(t.defaultSite()).isEqualTo("dc1");
        assertThat(t.databaseSite()).isEqualTo("dc2");
        assertThat(t.clientSite()).isEqualTo("client");
        assertThat(t.placements()).containsExactly(new Placement("kind:SERVLET", "dc2"));
        assertThat(t.costs().jdbcStatement()).isEqualTo(2);
        assertThat(t.costs().jdbcFetchSize()).isEqualTo(50);
        assertThat(t.linkLatencyMs()).isEqualTo(Map.of());
        assertThat(t.oneWayLatencyMs()).isEqualTo(100.0);
    }

    @Test
    void unknownKeyIsReportedWithItsLine() throws IOException {
        assertRejected("bad.yaml", """
                name: x
                extends: edge
                sitez: [edge, main]
                """).hasMessageContaining(":3:").hasMessageContaining("sitez").hasMessageContaining("unknown key");
    }

    @Test
    void unknownSiteIsReportedWithItsKeyAndLine() throws IOException {
        assertRejected("bad.yaml", """
                sites: [edge, main]
                database: main
                place:
                  - {match: "com.acme.**", site: edge}
                  - {match: "Catalog", site: mian}
                """).hasMessageContaining(":5:").hasMessageContaining("place[1].site").hasMessageContaining("unknown site 'mian'");
    }

    @Test
    void wrongTypeIsReportedWithItsKeyAndLine() throws IOException {
        assertRejected("bad.yaml", """
                extends: edge
                latencyMs: fast
                """).hasMessageContaining(":2:").hasMessageContaining("latencyMs").hasMessageContaining("expected a number, found a string");
        assertRejected("bad2.yaml", """
                place: {match: x, site: main}
                """).hasMessageContaining(":1:").hasMessageContaining("place: expected a list, found a mapping");
    }

    @Test
    void unknownCostNameAndKindAndPresetAreReported() throws IOException {
        assertRejected("costs.yaml", """
                extends: edge
                costs:
                  remoteEjbCall: 1
                  rmiPing: 2
                """).hasMessageContaining(":4:").hasMessageContaining("costs.rmiPing").hasMessageContaining("jdbcStatement");
        assertRejected("kind.yaml", """
                place:
                  - match: kind:SERVLETS
                    site: edge
                """).hasMessageContaining(":2:").hasMessageContaining("place[0].match").hasMessageContaining("SERVLETS");
        assertRejected("preset.json", """
                {"extends": "cloud"}
                """).hasMessageContaining(":1:").hasMessageContaining("extends").hasMessageContaining("edge, centralized, edge-db");
    }

    @Test
    void malformedYamlAndJsonAreReportedWithTheLine() throws IOException {
        assertRejected("broken.yaml", """
                name: x
                sites: [edge, main
                database: main
                """).hasMessageContaining("malformed YAML").hasMessageMatching("(?s).*broken\\.yaml:[2-4]:.*");
        assertRejected("broken.json", """
                {
                  "name": "x",
                  "database": main
                }
                """).hasMessageContaining(":3:").hasMessageContaining("malformed JSON");
        assertRejected("empty.yaml", "").hasMessageContaining("empty");
    }

    @Test
    void duplicateKeysAndIncompleteLinksAreReported() throws IOException {
        assertRejected("dup.yaml", """
                database: main
                database: edge
                """).hasMessageContaining(":2:").hasMessageContaining("duplicate key");
        assertRejected("link.yaml", """
                links:
                  - between: [edge, edge]
                    latencyMs: 10
                """).hasMessageContaining(":2:").hasMessageContaining("links[0].between");
    }

    @Test
    void cacheKeyOverridesTheEdgeCachePresetsCostsAndMissProbabilities() throws IOException {
        Path file = write("cached.yaml", """
                extends: edge-cache
                cache:
                  missCost: 2
                  commitCost: 3
                  missProbability: {Account: 0.25, Quote: 0}
                """);
        Topology t = Topologies.load(file);
        assertThat(t.cache()).isEqualTo(new io.wanlint.analyzer.api.EntityCache("main", 2, 1, 3,
                java.util.Map.of("Account", 0.25, "Quote", 0.0)));
        assertThat(Topologies.preset("edge-cache").cache()).isEqualTo(io.wanlint.analyzer.api.EntityCache.at("main"));
        assertThat(Topologies.preset("edge-db").cache()).isNull();
        assertThat(Topologies.load(write("none.yaml", "extends: edge-cache\ncache: false\n")).cache()).isNull();
    }

    @Test
    void cacheWithAProbabilityAboveOneOrAnUnknownKeyIsRejectedWithItsLine() throws IOException {
        assertRejected("p.yaml", "extends: edge-cache\ncache:\n  missProbability: {Account: 1.5}\n")
                .hasMessageContaining(":3: cache.missProbability.Account: a probability is at most 1");
        assertRejected("k.yaml", "extends: edge-cache\ncache: {hitRate: 1}\n")
                .hasMessageContaining("cache.hitRate: unknown key (expected one of: backEnd, missCost, finderCost, commitCost, missProbability)");
        assertRejected("s.yaml", "extends: edge-cache\nsites: [edge, main]\ncache: {backEnd: far}\n")
                .hasMessageContaining("cache.backEnd: unknown site 'far'");
    }

    @Test
    void replicasAndReplicationPoliciesOverrideTheClusterPresets() throws IOException {
        Topology t = Topologies.load(write("c.yaml", """
                extends: cluster
                replicas: {edge: 4}
                replication: {stateful: per-transaction, httpSession: per-setAttribute}
                """));
        assertThat(t.replication().replicasOf("edge")).isEqualTo(4);
        assertThat(t.replication().backupsOf("main")).isEqualTo(1);
        assertThat(t.replication().backupsOf("client")).isZero();
        assertThat(t.replication().stateful()).isEqualTo(Replication.StatefulPolicy.PER_TRANSACTION);
        assertThat(t.replication().httpSession()).isEqualTo(Replication.SessionPolicy.PER_SET_ATTRIBUTE);
    }

    @Test
    void aFileWithoutReplicasRunsOneServerPerSiteAndKeepsThePresetsPolicies() throws IOException {
        Topology t = Topologies.load(write("e.yaml", "extends: edge\n"));
        assertThat(t.replication().replicates()).isFalse();
        Topology c = Topologies.load(write("c.yaml", "extends: cluster\nreplication: {stateful: per-transaction}\n"));
        assertThat(c.replication().replicates()).isTrue();
        assertThat(c.replication().httpSession()).isEqualTo(Replication.SessionPolicy.PER_REQUEST_WHEN_DIRTY);
    }

    @Test
    void badReplicasAndPoliciesAreReportedWithKeyAndLine() throws IOException {
        assertRejected("zero.yaml", """
                name: x
                replicas: {main: 0}
                """).hasMessageContaining(":2:").hasMessageContaining("replicas.main").hasMessageContaining("at least 1");
        assertRejected("site.yaml", """
                sites: [edge, main]
                replicas: {mian: 2}
                """).hasMessageContaining(":2:").hasMessageContaining("unknown site 'mian'");
        assertRejected("policy.yaml", """
                replication:
                  stateful: per-call
                """).hasMessageContaining(":2:").hasMessageContaining("replication.stateful")
                .hasMessageContaining("per-invocation, per-transaction");
        assertRejected("key.yaml", """
                replication: {entity: per-transaction}
                """).hasMessageContaining("replication.entity").hasMessageContaining("unknown key");
        assertRejected("type.yaml", """
                replicas: 2
                """).hasMessageContaining("replicas").hasMessageContaining("expected a mapping");
    }
}
