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
}
