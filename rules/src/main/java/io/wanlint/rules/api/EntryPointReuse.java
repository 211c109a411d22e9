package io.wanlint.rules.api;

import io.wanlint.analyzer.api.EntryPoint;
import java.util.Map;
import java.util.Set;

/**
 * What a re-run may skip (issue 22): the entry points a body edit can change ({@link EditedFacts#dirty}),
 * and, per rule that went through {@link RuleContext#forEachEntryPoint} on the analysis before the edit,
 * the entry points (by id) whose step added something to its findings. A rule skips an entry point that
 * is neither: its step walks as before and added nothing before, so it adds nothing now.
 *
 * @param dirty        the entry points (by identity) the edit can change
 * @param contributing per rule id, the ids of the entry points whose step contributed in the run before;
 *                     a rule not listed skips nothing
 */
public record EntryPointReuse(Set<EntryPoint> dirty, Map<String, Set<String>> contributing) {
    /** A full run: nothing is skipped. */
    public static final EntryPointReuse NONE = new EntryPointReuse(Set.of(), Map.of());

    public EntryPointReuse {
        dirty = java.util.Collections.unmodifiableSet(dirty);
        contributing = Map.copyOf(contributing);
    }

    /** Whether {@code rule}'s step may skip {@code ep}. */
    public boolean skips(String ruleId, EntryPoint ep) {
        Set<String> contributed = contributing.get(ruleId);
        return contributed != null && !dirty.contains(ep) && !contributed.contains(ep.id());
    }

    /** Whether {@code rule} skips anything at all (else it runs as in a full run). */
    boolean appliesTo(String ruleId) { return contributing.containsKey(ruleId); }
}
