package io.wanlint.rules.wan;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Analyzer;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.Placement;
import io.wanlint.analyzer.api.Replication;
import io.wanlint.analyzer.api.Topologies;
import io.wanlint.analyzer.api.Topology;
import io.wanlint.analyzer.api.WanCostModel;
import io.wanlint.rules.api.RoundTripOracle;
import io.wanlint.rules.api.RuleEngine;
import io.wanlint.rules.config.Configuration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24: WAN001 on a stateful bean that the topology replicates counts the replication messages
 * its remote calls send too. A servlet at the edge makes three remote calls on a stateful cart that
 * a topology places at a replicated {@code main}.
 */
class ReplicatedStatefulCallsTest {
    @TempDir Path app;

    private void write(String path, String text) throws IOException {
        Path file = app.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private AnalysisResult shop() throws IOException {
        write("src/shop/Cart.java", """
                package shop;
                import javax.ejb.Remote;
                @Remote
                public interface Cart {
                    void add(long item);
                    int size();
                }
                """);
        write("src/shop/CartBean.java", """
                package shop;
                import javax.ejb.Stateful;
                @Stateful
                public class CartBean implements Cart {
                    private final java.util.List<Long> items = new java.util.ArrayList<>();
                    public void add(long item) { items.add(item); }
                    public int size() { return items.size(); }
                }
                """);
        write("src/shop/web/CartServlet.java", """
                package shop.web;
                import javax.ejb.EJB;
                import javax.servlet.annotation.WebServlet;
                import javax.servlet.http.*;
                import shop.Cart;
                @WebServlet("/cart")
                public class CartServlet extends HttpServlet {
                    @EJB private Cart cart;
                    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws java.io.IOException {
                        cart.add(1L);
                        cart.add(2L);
                        resp.getWriter().print(cart.size());
                    }
                }
                """);
        return Analyzer.analyze(AnalysisRequest.of(app));
    }

    /** {@code cluster} with the stateful beans at {@code main} and {@code main} running {@code replicas} servers. */
    private static Topology statefulAtMain(int replicas, Replication.StatefulPolicy policy) {
        Topology cluster = Topologies.preset("cluster");
        List<Placement> rules = new ArrayList<>();
        rules.add(new Placement("CartBean", "main"));
        rules.addAll(cluster.placements());
        return new Topology("stateful-at-main", rules, cluster.defaultSite(), cluster.clientSite(), cluster.databaseSite(),
                cluster.brokerSite(), cluster.externalSite(), cluster.oneWayLatencyMs(), cluster.linkLatencyMs(),
                cluster.costs(), new Replication(Map.of("main", replicas), policy, Replication.SessionPolicy.PER_REQUEST_WHEN_DIRTY));
    }

    private static Finding wan001(AnalysisResult analysis, Topology topology) {
        RoundTripOracle oracle = RoundTripOracle.of(WanCostModel.of(analysis.model(), analysis.callGraph(), topology,
                analysis.transactions()));
        return RuleEngine.run(analysis, oracle, Configuration.DEFAULTS).stream()
                .filter(f -> f.ruleId().equals("WAN001")).findFirst().orElseThrow();
    }

    @Test
    void perInvocationReplicationAddsOneMessagePerRemoteCallAndBackup() throws IOException {
        Finding f = wan001(shop(), statefulAtMain(3, Replication.StatefulPolicy.PER_INVOCATION));
        assertThat(f.message()).contains("3 remote calls on CartBean")
                .contains("the replicated stateful bean CartBean also goes to its 2 backups 3 times (per-invocation replication: 6 messages)");
    }

    @Test
    void perTransactionReplicationCountsEachCallsOwnTransaction() throws IOException {
        // The servlet has no transaction: each Required call starts and commits its own.
        Finding f = wan001(shop(), statefulAtMain(2, Replication.StatefulPolicy.PER_TRANSACTION));
        assertThat(f.message()).contains("CartBean also goes to its backup 3 times (per-transaction replication: 3 messages)");
    }

    @Test
    void withoutBackupsTheMessageSaysNothingOfReplication() throws IOException {
        Finding f = wan001(shop(), statefulAtMain(1, Replication.StatefulPolicy.PER_INVOCATION));
        assertThat(f.message()).contains("3 remote calls on CartBean").doesNotContain("replicat");
    }
}
