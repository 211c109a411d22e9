package io.wanlint.bench;

/**
 * One finding a planted pattern must produce: its rule and where the finding sits.
 *
 * @param method the method the finding names, or {@code null} for findings on a class or JSP page
 */
public record Planted(RuleId rule, PlantedPattern pattern, String file, String className, String method) {}
