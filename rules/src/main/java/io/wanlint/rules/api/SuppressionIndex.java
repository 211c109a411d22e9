package io.wanlint.rules.api;

import io.wanlint.analyzer.api.Finding;

/**
 * In-code suppressions: {@code @SuppressWarnings("wanlint:WAN003")} (one rule) or
 * {@code @SuppressWarnings("wanlint")} (every rule) on a class or a method. A class-level
 * suppression covers its methods and nested classes. Built from the parsed sources by
 * {@code io.wanlint.rules.suppress.SourceSuppressions}.
 */
@FunctionalInterface
public interface SuppressionIndex {
    /**
     * @param className fully qualified class name as the call graph spells it
     * @param method    method name, or null for a class-level finding
     */
    boolean suppresses(String className, String method, String ruleId);

    default boolean suppresses(Finding finding) {
        return suppresses(finding.location().className(), finding.location().method(), finding.ruleId());
    }

    SuppressionIndex NONE = (className, method, ruleId) -> false;
}
