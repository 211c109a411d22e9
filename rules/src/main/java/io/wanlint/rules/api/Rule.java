package io.wanlint.rules.api;

import io.wanlint.analyzer.api.RuleDescriptor;

/**
 * One check. Implementations are final, stateless classes named after the problem they find;
 * they read the analysis through the {@link RuleContext}, report through the {@link FindingSink},
 * and never do I/O. Every built-in rule is listed in {@link Rules#builtIn()}.
 */
public interface Rule {
    RuleDescriptor descriptor();

    /** Reports every finding of this rule in {@code ctx.analysis()}; the order does not matter. */
    void check(RuleContext ctx, FindingSink sink);

    default String id() { return descriptor().id(); }

    /**
     * The scopes this rule walks from every entry point of the graph, whatever it finds: the engine
     * walks them ahead, spread evenly over its threads, instead of inside whichever rule asks first
     * (one thread alone walking thousands of requests while the other waits). Only a speed hint: a
     * scope left out is walked when asked, with the same result.
     */
    default java.util.Set<ReachScope> scopesWalkedFromEveryEntryPoint() { return java.util.Set.of(); }

    /**
     * The work of {@link #check} for one entry point that lands in a cache the rule reads (the analysis's
     * transaction scopes, say): the engine runs it for every entry point ahead of the rules, spread over its
     * threads, instead of inside the rule on one thread. Only a speed hint, so it must only fill caches
     * whose answers are pure functions of the entry point: the findings do not depend on who asked first.
     * Called from several threads at once.
     */
    default void prepare(RuleContext ctx, io.wanlint.analyzer.api.EntryPoint ep) {}

    /**
     * Whether a re-run after a body edit may skip the entry points this rule's step left empty before
     * ({@link EntryPointReuse}): {@link #check} reads entry points only through
     * {@link RuleContext#forEachEntryPoint}, each step reads only its entry point's walks and estimates
     * and what no body edit changes (the model, topology, settings), says truly whether it contributed,
     * and what comes after the loop reads only the entry points that did. {@link #prepare} must then
     * prepare only for those entry points' sake.
     */
    default boolean perEntryPoint() { return false; }
}
