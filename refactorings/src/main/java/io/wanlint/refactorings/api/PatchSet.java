package io.wanlint.refactorings.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Patches combined into one change per file, for the combined diff and for applying them together.
 * A patch whose edits collide with an earlier one's is left out (listed in {@link #conflicting()}),
 * so the combined result is always consistent.
 */
public record PatchSet(List<Patch> combined, List<Patch> conflicting, Map<String, FileChange> changes) {
    public PatchSet {
        combined = List.copyOf(combined);
        conflicting = List.copyOf(conflicting);
        changes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(changes));
    }

    public static PatchSet of(List<Patch> patches) {
        List<Patch> kept = new ArrayList<>();
        List<Patch> conflicts = new ArrayList<>();
        Map<String, FileChange> byFile = new LinkedHashMap<>();
        for (Patch p : patches) {
            Map<String, FileChange> next = new LinkedHashMap<>(byFile);
            boolean ok = true;
            for (FileChange c : p.changes()) {
                FileChange merged = merge(next.get(c.file()), c);
                if (merged == null) { ok = false; break; }
                next.put(c.file(), merged);
            }
            if (ok) {
                byFile = next;
                kept.add(p);
            } else {
                conflicts.add(p);
            }
        }
        return new PatchSet(kept, conflicts, byFile);
    }

    /** Null when the two changes cannot both happen. */
    private static FileChange merge(FileChange earlier, FileChange later) {
        if (earlier == null) return later;
        if (earlier instanceof FileChange.Edit a && later instanceof FileChange.Edit b) {
            // Two findings fixed by one patch (WAN001 and WAN002 on one method) bring the same edits:
            // an edit already included is not a second edit.
            List<TextEdit> fresh = b.edits().stream().filter(e -> !a.edits().contains(e)).toList();
            if (fresh.isEmpty()) return a;
            try {
                return a.plus(new FileChange.Edit(b.file(), fresh));
            } catch (IllegalArgumentException overlapping) {
                return null;
            }
        }
        if (earlier instanceof FileChange.Create a && later instanceof FileChange.Create b && a.text().equals(b.text())) {
            return a;
        }
        return null;
    }
}
