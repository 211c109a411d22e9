package io.wanlint.analyzer.api;

import java.util.List;

/**
 * A rule's metadata, as reports show it (SARIF {@code reportingDescriptor}, {@code wanlint rules}).
 *
 * @param explanation the long Markdown page that {@code wanlint explain ID} prints
 */
public record RuleDescriptor(String id, String name, Severity defaultSeverity, String summary, String since,
                             List<String> tags, String explanation) {
    public RuleDescriptor {
        tags = tags == null ? List.of() : List.copyOf(tags);
    }
}
