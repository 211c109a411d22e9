package io.wanlint.rules.wan;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Analyzer;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EjbInterfaces;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.Receiver;
import io.wanlint.analyzer.api.SourceFacts;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.api.TransactionType;
import io.wanlint.analyzer.callgraph.FrozenCallGraph;
import io.wanlint.analyzer.api.Topologies;
import io.wanlint.analyzer.api.WanCostModel;
import io.wanlint.fixtures.Fixtures;
import io.wanlint.rules.api.RoundTripOracle;
import io.wanlint.rules.api.RuleContext;
import io.wanlint.rules.config.Configuration;
import io.wanlint.rules.testing.FakeOracle;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * WAN007's N+1 after a call, with what the helpers of each helper call hold collected once per check and
 * shared by every call of the method, is what collecting them into each answer gave (the reference kept
 * here): on every fixture, for every call of the graph, the same per-element calls with the same paths,
 * in the same order; and on random methods looping over finders' elements through helpers.
 */
class NPlusOneHelpersSharedTest {
    @Test
    void theSharedHelpersGiveWhatCollectingForEachCallGave() {
        int found = 0;
        for (String app : Fixtures.APPLICATIONS) {
            AnalysisResult result = Analyzer.analyze(AnalysisRequest.of(Fixtures.app(app)));
            RuleContext ctx = new RuleContext(result, RoundTripOracle.of(WanCostModel.of(result.model(), result.callGraph(),
                    Topologies.preset("edge"), result.transactions())), Configuration.DEFAULTS.settings());
            for (CallEdge e : ctx.graph().edges()) {
                var shared = NPlusOneFinder.after(ctx, e);
                var collected = NPlusOneFinder.afterUnshared(ctx, e, null);
                assertThat(shared).as(app + " " + e).isEqualTo(collected);
                if (shared.isPresent()) {
                    assertThat(shared.get().perElement().entrySet()).as(app + " " + e)
                            .containsExactlyElementsOf(collected.orElseThrow().perElement().entrySet());
                    found++;
                }
            }
        }
        // Some fixture has an N+1: the answers compared are not all empty.
        assertThat(found).isPositive();
    }

    @Test
    void theSharedHelpersGiveWhatCollectingForEachCallGaveOnRandomLoopsOverFinders() {
        int throughHelpers = 0;
        for (long seed = 1; seed <= 400; seed++) {
            RuleContext ctx = randomContext(new Random(seed));
            // Asked in a random order: what one call's answer shares must not depend on which came first.
            List<CallEdge> edges = new ArrayList<>(ctx.graph().edges());
            java.util.Collections.shuffle(edges, new Random(seed));
            for (CallEdge e : edges) {
                var shared = NPlusOneFinder.after(ctx, e);
                var collected = NPlusOneFinder.afterUnshared(ctx, e, null);
                assertThat(shared).as("seed " + seed + " " + e).isEqualTo(collected);
                if (shared.isPresent()) {
                    assertThat(shared.get().perElement().entrySet()).as("seed " + seed + " " + e)
                            .containsExactlyElementsOf(collected.orElseThrow().perElement().entrySet());
                    throughHelpers += (int) shared.get().perElement().values().stream().filter(p -> p.size() > 1).count();
                }
            }
        }
        // Per-element calls found in helpers, some of them several levels down: the shared path is exercised.
        assertThat(throughHelpers).isGreaterThan(100);
    }

    /**
     * Servlet and helper methods calling each other, an entity's finders (by key, for all) and
     * business methods, and a session bean, at random lines and loop depths.
     */
    private static RuleContext randomContext(Random r) {
        List<Component> components = List.of(
                component("Web", ComponentKind.SERVLET, "app.Web"),
                component("Item", ComponentKind.ENTITY_BMP, "app.ItemBean"),
                component("Catalog", ComponentKind.STATELESS_SESSION, "app.CatalogBean"));
        Map<MethodRef, MethodNode> nodes = new LinkedHashMap<>();
        List<MethodRef> callers = new ArrayList<>();
        for (String cls : List.of("app.Web", "app.Helper", "app.Row")) {
            for (int m = 0; m < 3; m++) {
                MethodRef ref = MethodRef.of(cls, "m" + m);
                callers.add(ref);
                nodes.put(ref, new MethodNode(ref, cls.equals("app.Web") ? "Web" : null, SourceLocation.UNKNOWN));
            }
        }
        List<CallEdge> edges = new ArrayList<>();
        int count = 10 + r.nextInt(40);
        for (int i = 0; i < count; i++) {
            MethodRef from = callers.get(r.nextInt(callers.size()));
            int kind = r.nextInt(5);
            MethodRef to = switch (kind) {
                case 0 -> MethodRef.of("app.ItemHome", r.nextBoolean() ? "findAll" : "findByPrimaryKey");
                case 1 -> MethodRef.of("app.Item", "get" + r.nextInt(3));
                case 2 -> MethodRef.of("app.Catalog", "keys");
                default -> callers.get(r.nextInt(callers.size()));
            };
            EdgeKind edgeKind = kind < 3 ? EdgeKind.REMOTE_EJB : EdgeKind.LOCAL;
            CallOp op = kind == 0 ? CallOp.HOME_FIND : kind < 3 ? CallOp.BUSINESS_METHOD : CallOp.INVOKE;
            String target = kind == 2 ? "Catalog" : kind < 2 ? "Item" : null;
            int line = 1 + r.nextInt(8);
            edges.add(new CallEdge(from, to, edgeKind, op, new SourceLocation("src/" + from.className() + ".java", line),
                    r.nextInt(3), target, false, false, List.of(), Receiver.UNKNOWN));
        }
        EntryPoint ep = new EntryPoint("/web", EntryPoint.Kind.SERVLET, MethodRef.of("app.Web", "m0"), "Web");
        AnalysisResult analysis = new AnalysisResult(List.of(), new ComponentModel(components),
                FrozenCallGraph.of(nodes.values(), edges, List.of(ep), SourceFacts.NONE), null, List.of(), List.of());
        return new RuleContext(analysis, FakeOracle.edge(analysis), null);
    }

    private static Component component(String name, ComponentKind kind, String cls) {
        EjbInterfaces views = kind.isEjb()
                ? new EjbInterfaces(name.equals("Item") ? "app.ItemHome" : "app.CatalogHome", name.equals("Item") ? "app.Item" : "app.Catalog",
                        null, null, List.of(), List.of(), false)
                : EjbInterfaces.NONE;
        return new Component(name, kind, kind.defaultTier(), cls, views, null, TransactionType.CONTAINER,
                null, null, null, null, null, null, null, null, null, false, List.of());
    }
}
