package io.wanlint.analyzer.api;

/**
 * In-code suppressions: {@code @SuppressWarnings("wanlint:WAN003")} (one rule) or
 * {@code @SuppressWarnings("wanlint")} (every rule) on a class or a method. A class-level
 * suppression covers its methods and nested classes. Collected by the analyzer from
 * the parsed sources.
 */
@FunctionalInterface
public interface Suppressions {
    /**
     * @param className fully qualified class name as the call graph spells it
     * @param method    method name, or null for a class-level finding
     */
    boolean suppresses(String className, String method, String ruleId);

    default boolean suppresses(Finding finding) {
        return suppresses(finding.location().className(), finding.location().method(), finding.ruleId());
    }

    Suppressions NONE = (className, method, ruleId) -> false;
}
