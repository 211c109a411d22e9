package io.wanlint.rules.api;

import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Awaited;
import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.analyzer.api.Suppressions;
import io.wanlint.rules.config.Configuration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * Runs the enabled rules over an analysis and returns their findings in a deterministic order
 * (rule id, file, line, then key): severities overridden, excluded paths and in-code suppressions
 * dropped. Rules run in parallel, one task each (they only read the analysis; the {@link RuleContext}
 * they share caches each entry point's walk), and their findings are then taken in rule order, so
 * the result is the same as one after the other.
 */
public final class RuleEngine {
    private RuleEngine() {}

    /** What the launcher gives the main thread ({@code -Xss8m}), for the rules' threads too. */
    private static final long RULE_STACK_BYTES = 8L << 20;

    public static final Comparator<Finding> ORDER = Comparator.comparing(Finding::ruleId)
            .thenComparing(f -> f.location().file())
            .thenComparingInt(f -> f.location().line())
            .thenComparing(Finding::key)
            .thenComparing(Finding::message);

    public static List<Finding> run(AnalysisResult analysis, RoundTripOracle oracle, Configuration config) {
        return check(analysis, oracle, config, Rules.builtIn()).findings();
    }

    public static RuleRun check(AnalysisResult analysis, RoundTripOracle oracle, Configuration config) {
        return check(analysis, oracle, config, Rules.builtIn());
    }

    /**
     * Runs {@code rules} (tests pass one rule; the CLI passes {@link Rules#builtIn()}); findings the
     * sources suppress ({@link AnalysisResult#suppressions()}) are returned apart.
     */
    public static RuleRun check(AnalysisResult analysis, RoundTripOracle oracle, Configuration config, List<Rule> rules) {
        return check(analysis, oracle, config, rules, EntryPointReuse.NONE);
    }

    /**
     * {@link #check(AnalysisResult, RoundTripOracle, Configuration, List)} on an analysis that differs from
     * one the rules ran on before only as {@code reuse} says: the rules' per-entry-point steps skip what it
     * lets them, and the walks ahead are only of the entry points some rule still visits when every rule
     * that walks from every entry point skips alike. The outcome is the full run's.
     */
    public static RuleRun check(AnalysisResult analysis, RoundTripOracle oracle, Configuration config, List<Rule> rules,
                                EntryPointReuse reuse) {
        Configuration cfg = config == null ? Configuration.DEFAULTS : config;
        Suppressions index = analysis.suppressions();
        List<Rule> enabled = rules.stream().filter(r -> cfg.enabled(r.id())).toList();
        java.util.Set<String> running = new java.util.HashSet<>();
        enabled.forEach(r -> running.add(r.id()));
        RuleContext ctx = new RuleContext(analysis, oracle, cfg.settings(), running::contains,
                reuse == null ? EntryPointReuse.NONE : reuse);
        java.util.Set<String> failed = new java.util.HashSet<>();
        List<Finding> kept = new ArrayList<>();
        List<Finding> suppressed = new ArrayList<>();
        List<Diagnostic> diagnostics = new ArrayList<>();
        Map<Finding, Function<EntryPoint, PatchEffect>> patches = new LinkedHashMap<>();
        List<Future<Map<Finding, Function<EntryPoint, PatchEffect>>>> runs = new ArrayList<>();
        ExecutorService pool = pool(enabled.size());
        try {
            List<Future<?>> prepared = prepare(ctx, oracle, enabled, pool);
            for (Rule rule : enabled) {
                runs.add(pool.submit(() -> {
                    Map<Finding, Function<EntryPoint, PatchEffect>> found = new LinkedHashMap<>();
                    rule.check(ctx, found::put);
                    return found;
                }));
            }
            for (int i = 0; i < enabled.size(); i++) {
                Rule rule = enabled.get(i);
                Severity severity = cfg.severityOf(rule.descriptor());
                Map<Finding, Function<EntryPoint, PatchEffect>> found;
                try {
                    found = Awaited.value(runs.get(i), "the rules ran"); // a RuntimeException as thrown; an Error is not caught here either
                } catch (RuntimeException e) {
                    // One broken rule must not hide the others' findings; the user sees why it is missing.
                    diagnostics.add(Diagnostic.error("", 0, "rule " + rule.id() + " failed and was skipped: " + e));
                    failed.add(rule.id());
                    continue;
                }
                keep(found, rule.descriptor().defaultSeverity(), severity, cfg, index, kept, suppressed, patches);
            }
            kept.sort(ORDER);
            suppressed.sort(ORDER);
            Map<Finding, Function<EntryPoint, PatchEffect>> effects = Map.copyOf(patches);
            Map<String, RoundTrips> afterAll = afterPatches(analysis, oracle, patches, pool);
            // Every rule has finished (each run was awaited above) and the patches' figures are made: the
            // per-entry-point walks can go before the patches are compiled. A façade patch asked again
            // for a re-count walks its entry points again.
            // No walk made ahead may land in the caches after they are released.
            awaitPrepared(prepared);
            ctx.releaseWalks();
            RuleRun.AfterPatching afterPatching = patched -> {
                Map<Finding, Function<EntryPoint, PatchEffect>> only = new LinkedHashMap<>();
                effects.forEach((f, e) -> { if (patched.test(f)) only.put(f, e); });
                // Every finding has its patch (the usual case): the figures are those already made, as a
                // patched estimate is a walk per entry point that nothing caches.
                if (only.size() == effects.size()) return afterAll;
                ExecutorService later = pool(Runtime.getRuntime().availableProcessors());
                try {
                    return afterPatches(analysis, oracle, only, later);
                } finally {
                    later.shutdownNow();
                }
            };
            Map<String, java.util.Set<String>> contributing = new LinkedHashMap<>(ctx.contributing());
            contributing.keySet().removeIf(id -> failed.contains(id) || enabled.stream().noneMatch(r -> r.id().equals(id) && r.perEntryPoint()));
            return new RuleRun(kept, suppressed, diagnostics, afterAll, afterPatching, contributing);
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Keeps the findings not excluded or suppressed. A finding at the rule's default severity gets the
     * configured one; one the rule lowered on purpose (a note that claims no WAN cost) keeps its own.
     */
    private static void keep(Map<Finding, Function<EntryPoint, PatchEffect>> found, Severity ruleDefault, Severity severity,
                             Configuration cfg, Suppressions index, List<Finding> kept, List<Finding> suppressed,
                             Map<Finding, Function<EntryPoint, PatchEffect>> patches) {
        found.forEach((f, patch) -> {
            if (cfg.excludes(f.location().file())) return;
            Finding configured = f.severity() == severity || f.severity() != ruleDefault ? f : f.withSeverity(severity);
            if (index.suppresses(configured)) {
                suppressed.add(configured);
            } else {
                kept.add(configured);
                patches.put(configured, patch);
            }
        });
    }

    /** Entry points per task of {@link #prepare}: small enough that the two threads end together. */
    private static final int PREPARED_PER_TASK = 64;

    /**
     * Queues, ahead of the rules, the work every run does per entry point anyway: each entry point's
     * standard estimate (the report's "after patches" asks for every one), the walks of the scopes the
     * rules take from every entry point (their states laid out first, see {@link WalkStates#compile}),
     * and each rule's own {@link Rule#prepare}. All are cached where the rules look for them,
     * and are pure functions of the entry point, so the findings do not depend on who made them
     * first; made in small tasks, they keep both threads busy, where inside the first rule that asks
     * they were one thread's serial work while the other waited. Failures are left to the rule or
     * figure that asks again (it gets the same exception where it is reported).
     */
    private static List<Future<?>> prepare(RuleContext ctx, RoundTripOracle oracle, List<Rule> enabled, ExecutorService pool) {
        List<Future<?>> tasks = new ArrayList<>();
        List<EntryPoint> all = ctx.entryPoints();
        java.util.EnumSet<ReachScope> scopes = java.util.EnumSet.noneOf(ReachScope.class);
        for (Rule rule : enabled) scopes.addAll(rule.scopesWalkedFromEveryEntryPoint());
        List<EntryPoint> eps = walkedAhead(ctx, enabled, all);
        if (!scopes.isEmpty()) {
            // The walks' states, made on both threads (each a share of the entry points, by chunk), then
            // laid out here while the pool makes the estimates, which need no walk.
            List<Future<?>> making = new ArrayList<>();
            int shares = Math.max(1, Runtime.getRuntime().availableProcessors());
            for (int k = 0; k < shares; k++) {
                List<EntryPoint> share = new ArrayList<>();
                for (int from = k * PREPARED_PER_TASK; from < eps.size(); from += shares * PREPARED_PER_TASK) {
                    share.addAll(eps.subList(from, Math.min(eps.size(), from + PREPARED_PER_TASK)));
                }
                making.add(pool.submit(() -> ctx.makeWalkStates(share)));
            }
            inChunks(all, pool, tasks, chunk -> chunk.forEach(oracle::estimate));
            awaitPrepared(making);
            try {
                ctx.compileWalks(eps);
            } catch (RuntimeException e) {
                // Not laid out: every walk walks the links, and fails where this did for the rule that asks.
            }
        } else {
            inChunks(all, pool, tasks, chunk -> chunk.forEach(oracle::estimate));
        }
        for (ReachScope scope : scopes) inChunks(eps, pool, tasks, chunk -> chunk.forEach(ep -> ctx.reach(ep, scope)));
        // After the walks (each rule's preparation reads them), one task per chunk for every rule.
        inChunks(all, pool, tasks, chunk -> {
            for (EntryPoint ep : chunk) for (Rule rule : enabled) if (!ctx.skips(rule, ep)) rule.prepare(ctx, ep);
        });
        return tasks;
    }

    /**
     * The entry points whose walks are made ahead: every one, unless every rule that walks from every
     * entry point skips some on this analysis ({@link EntryPointReuse}); then those some rule still visits.
     * Only a speed hint: a walk not made ahead is made when asked.
     */
    private static List<EntryPoint> walkedAhead(RuleContext ctx, List<Rule> enabled, List<EntryPoint> all) {
        List<Rule> walking = enabled.stream().filter(r -> !r.scopesWalkedFromEveryEntryPoint().isEmpty()).toList();
        if (walking.isEmpty() || walking.stream().anyMatch(r -> !r.perEntryPoint())) return all;
        List<EntryPoint> visited = new ArrayList<>();
        for (EntryPoint ep : all) if (walking.stream().anyMatch(r -> !ctx.skips(r, ep))) visited.add(ep);
        return visited;
    }

    /** Submits {@code work} once per run of {@link #PREPARED_PER_TASK} entry points, in order, adding each task to {@code tasks}. */
    private static void inChunks(List<EntryPoint> eps, ExecutorService pool, List<Future<?>> tasks,
                                 java.util.function.Consumer<List<EntryPoint>> work) {
        for (int from = 0; from < eps.size(); from += PREPARED_PER_TASK) {
            List<EntryPoint> chunk = eps.subList(from, Math.min(eps.size(), from + PREPARED_PER_TASK));
            tasks.add(pool.submit(() -> work.accept(chunk)));
        }
    }

    /** Waits for the tasks of {@link #prepare}; what they failed at, the rules and figures asked again. */
    private static void awaitPrepared(List<Future<?>> tasks) {
        for (Future<?> task : tasks) {
            try {
                task.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while the rules ran", e);
            } catch (ExecutionException e) {
                // Reported where it matters: the rule or figure that asked for the same walk failed alike.
            }
        }
    }

    /** Threads with deep stacks (the walks recurse along call chains), as many as there are cores and rules. */
    private static ExecutorService pool(int rules) {
        int threads = Math.max(1, Math.min(rules, Runtime.getRuntime().availableProcessors()));
        return Executors.newFixedThreadPool(threads, task -> {
            Thread thread = new Thread(null, task, "wanlint-rule", RULE_STACK_BYTES);
            thread.setDaemon(true);
            return thread;
        });
    }

    /** Each entry point's round trips once the patches of every finding that names it are applied. */
    private static Map<String, RoundTrips> afterPatches(AnalysisResult analysis, RoundTripOracle oracle,
                                                        Map<Finding, Function<EntryPoint, PatchEffect>> patches,
                                                        ExecutorService pool) {
        Map<String, EntryPoint> byId = new LinkedHashMap<>();
        for (EntryPoint ep : analysis.callGraph().entryPoints()) byId.putIfAbsent(ep.id(), ep);
        Map<String, PatchEffect> effects = new LinkedHashMap<>();
        patches.forEach((finding, patch) -> {
            for (String id : finding.entryPoints()) {
                EntryPoint ep = byId.get(id);
                if (ep != null) effects.merge(id, patch.apply(ep), PatchEffect::and);
            }
        });
        // Estimated on the rules' threads (the cost model is thread-safe), collected in entry-point order.
        List<Future<RoundTrips>> estimates = new ArrayList<>(byId.size());
        for (EntryPoint ep : byId.values()) {
            PatchEffect e = effects.get(ep.id());
            estimates.add(pool.submit(() -> e == null ? oracle.estimate(ep).roundTrips()
                    : oracle.estimate(ep, e.adjustment()).roundTrips().plus(e.extra())));
        }
        Map<String, RoundTrips> after = new LinkedHashMap<>();
        int i = 0;
        for (String id : byId.keySet()) after.put(id, Awaited.value(estimates.get(i++), "the rules ran"));
        return after;
    }
}
