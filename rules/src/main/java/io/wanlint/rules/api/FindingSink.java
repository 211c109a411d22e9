package io.wanlint.rules.api;

import io.wanlint.analyzer.api.Finding;

/** Where a rule reports its findings; the engine orders, configures and suppresses them afterwards. */
@FunctionalInterface
public interface FindingSink {
    void report(Finding finding);
}
