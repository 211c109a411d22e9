package io.wanlint.analyzer.api;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Predicts the WAN round trips of every entry point under a topology (docs/cost-model.md §What is counted): the sum, over
 * the calls reachable from the entry point, of the cost of each call that crosses sites, times its
 * multiplicity. Each count comes with the crossing calls that make it up. {@link #explanation()}
 * documents the model ({@code wanlint explain cost-model}).
 */
public final class WanCostModel {
    private final io.wanlint.analyzer.cost.CostEngine engine;

    private WanCostModel(io.wanlint.analyzer.cost.CostEngine engine) { this.engine = engine; }

    /**
     * The model without transaction contexts: every call on an entity bean is taken to run in a
     * transaction of its own, so each one loads (and, for a setter, stores) its bean — an upper
     * bound of {@link #of(ComponentModel, CallGraph, Topology, TransactionScopes)}.
     */
    public static WanCostModel of(ComponentModel model, CallGraph graph, Topology topology) {
        return new WanCostModel(new io.wanlint.analyzer.cost.CostEngine(model, graph, topology));
    }

    /**
     * The model with the call graph's transaction contexts ({@link AnalysisResult#transactions()}):
     * inside one transaction an entity bean is loaded and stored once, not once per call
     * ({@code wanlint explain cost-model}, "Entity beans whose database is across the WAN").
     */
    public static WanCostModel of(ComponentModel model, CallGraph graph, Topology topology, TransactionScopes transactions) {
        return new WanCostModel(new io.wanlint.analyzer.cost.CostEngine(model, graph, topology, transactions));
    }

    public Topology topology() { return engine.topology(); }

    /** The site a component runs on under this topology. */
    public String siteOf(Component component) { return engine.siteOf(component); }

    /** The site an entry point's component runs on under this topology. */
    public String siteOf(EntryPoint entryPoint) { return engine.siteOf(entryPoint); }

    /**
     * The standard prediction for one entry point; computed once and cached.
     * Crossings with a zero contribution (cached calls, pooled connections, further result-set
     * batches, JPA writes deferred to the flush) are listed to explain why they cost nothing.
     */
    public EntryPointCost estimate(EntryPoint entryPoint) { return engine.estimate(entryPoint, CostAdjustment.NONE); }

    /**
     * The prediction after a patch: {@code adjustment} maps the standard unit cost of every crossing
     * call to the patched one. The browser request that reaches a page is never adjusted (its edge
     * would be null and no patch changes it).
     */
    public EntryPointCost estimate(EntryPoint entryPoint, CostAdjustment adjustment) {
        return engine.estimate(entryPoint, adjustment);
    }

    /** Every entry point of the graph, in the graph's order. */
    public List<EntryPointCost> estimateAll() {
        return engine.graph().entryPoints().stream().map(this::estimate).toList();
    }

    /** The round-trip latency of a count, in milliseconds: 2 × one-way latency per round trip on each link. */
    public double latencyMs(EntryPointCost cost) { return engine.latencyMs(cost); }

    /** The Markdown text of {@code wanlint explain cost-model}: the cost table, the rules of the walk, the overrides. */
    public static String explanation() {
        try (InputStream in = WanCostModel.class.getResourceAsStream("/io/wanlint/analyzer/cost-model.md")) {
            if (in == null) throw new IllegalStateException("cost-model.md is missing from the analyzer jar");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
