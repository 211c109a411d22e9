package io.wanlint.refactorings.api;

import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingSubject;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The findings a refactoring patches, declared on the refactoring: per rule id, the subject types
 * it knows how to fix (WAN002's use cases and remote clients are {@code IntroduceSessionFacade}'s,
 * its entity remote views {@code DropEntityRemoteView}'s). {@link Refactorings} routes each finding
 * by this declaration alone, never by reading the finding's key.
 */
public record Fixes(Map<String, Set<Class<? extends FindingSubject>>> subjectsByRule) {
    public Fixes {
        Map<String, Set<Class<? extends FindingSubject>>> copy = new LinkedHashMap<>();
        subjectsByRule.forEach((rule, subjects) -> {
            if (subjects.isEmpty()) throw new IllegalArgumentException(rule + " is declared with no subject type");
            copy.put(rule, Set.copyOf(subjects));
        });
        subjectsByRule = java.util.Collections.unmodifiableMap(copy);
    }

    /** Findings of {@code ruleId} whose subject is one of {@code subjects}. */
    @SafeVarargs
    public static Fixes of(String ruleId, Class<? extends FindingSubject>... subjects) {
        return new Fixes(Map.of(ruleId, new LinkedHashSet<>(List.of(subjects))));
    }

    /** These findings and those of {@code ruleId} whose subject is one of {@code subjects}. */
    @SafeVarargs
    public final Fixes and(String ruleId, Class<? extends FindingSubject>... subjects) {
        Map<String, Set<Class<? extends FindingSubject>>> more = new LinkedHashMap<>(subjectsByRule);
        more.merge(ruleId, new LinkedHashSet<>(List.of(subjects)), (a, b) -> {
            Set<Class<? extends FindingSubject>> both = new LinkedHashSet<>(a);
            both.addAll(b);
            return both;
        });
        return new Fixes(more);
    }

    /** The rule ids whose findings (some of them) this refactoring fixes. */
    public Set<String> rules() { return subjectsByRule.keySet(); }

    /** Whether the finding's rule and subject type are declared. */
    public boolean covers(Finding finding) {
        Set<Class<? extends FindingSubject>> subjects = subjectsByRule.get(finding.ruleId());
        return subjects != null && subjects.contains(finding.subject().getClass());
    }
}
