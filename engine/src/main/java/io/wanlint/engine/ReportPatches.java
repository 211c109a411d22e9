package io.wanlint.engine;

import io.wanlint.analyzer.api.Finding;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.Patch;
import io.wanlint.refactorings.api.PatchVerifier;
import io.wanlint.refactorings.api.RefactoringContext;
import io.wanlint.refactorings.api.Refactorings;
import io.wanlint.refactorings.api.SourceText;
import io.wanlint.refactorings.api.TextEdit;
import io.wanlint.refactorings.api.UnifiedDiffs;
import io.wanlint.report.api.PatchIndex;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The patches the refactorings plan for a check's findings, as the reports show them: SARIF
 * {@code fixes} (replacements by line and column), the HTML report's diff previews, and in every
 * format whether a finding has a patch and why not. Planning only reads files; nothing is written.
 */
final class ReportPatches {
    private ReportPatches() {}

    /**
     * The patches of {@code refactorings} for the findings, and why each other finding has none. A
     * patch that cannot be turned into replacements and a diff is that finding's internal error; the
     * other findings keep theirs.
     */
    static PatchIndex of(List<Finding> findings, RefactoringContext context, Refactorings refactorings, PatchVerifier verifier) {
        // The same verification as wanlint fix: a report never previews a patch fix would decline.
        return of(refactorings.planAndVerify(findings, context, verifier, Refactorings.THREADS).verified(), context);
    }

    /** The index of plans already verified (and re-analysed, when they were). */
    static PatchIndex of(List<Refactorings.Planned> plans, RefactoringContext context) {
        Map<Finding, PatchIndex.FindingPatch> byFinding = new LinkedHashMap<>();
        Map<Finding, String> internalErrors = new LinkedHashMap<>();
        Map<Finding, String> withoutPatch = new LinkedHashMap<>();
        Map<Finding, String> unverified = new LinkedHashMap<>();
        Map<Finding, String> corrections = new LinkedHashMap<>();
        for (Refactorings.Planned plan : plans) {
            if (plan.internalError()) internalErrors.put(plan.finding(), plan.reasonWithoutPatch());
            if (plan.patch().isEmpty()) {
                withoutPatch.put(plan.finding(), plan.reasonWithoutPatch());
                continue;
            }
            try {
                byFinding.put(plan.finding(), findingPatch(plan.patch().get(), context));
                if (!plan.unverified().isEmpty()) unverified.put(plan.finding(), plan.unverified());
                if (!plan.correction().isEmpty()) corrections.put(plan.finding(), plan.correction());
            } catch (RuntimeException | StackOverflowError e) {
                internalErrors.put(plan.finding(), plan.failedWhile("rendering the patch", e).reasonWithoutPatch());
            }
        }
        return PatchIndex.of(byFinding, internalErrors, withoutPatch, unverified, corrections);
    }

    private static PatchIndex.FindingPatch findingPatch(Patch patch, RefactoringContext context) {
        List<PatchIndex.FileEdit> edits = new ArrayList<>();
        for (FileChange change : patch.changes()) {
            if (change instanceof FileChange.Create create) {
                edits.add(new PatchIndex.FileEdit(create.file(), List.of(new PatchIndex.Replacement(1, 1, 1, 1, create.text()))));
            } else if (change instanceof FileChange.Edit edit) {
                Optional<SourceText> source = context.read(edit.file());
                if (source.isEmpty()) continue;
                List<PatchIndex.Replacement> replacements = new ArrayList<>();
                for (TextEdit e : edit.edits()) {
                    int[] start = lineAndColumn(source.get().text(), e.start());
                    int[] end = lineAndColumn(source.get().text(), e.end());
                    replacements.add(new PatchIndex.Replacement(start[0], start[1], end[0], end[1], e.replacement()));
                }
                edits.add(new PatchIndex.FileEdit(edit.file(), replacements));
            }
        }
        // Previews are text for people: decoded leniently, whatever each file's encoding.
        String diff = new String(UnifiedDiffs.render(patch, context), StandardCharsets.UTF_8);
        return new PatchIndex.FindingPatch(patch.title(), edits, diff);
    }

    /** 1-based line and column of an offset (columns count characters; a column past the end is exclusive). */
    private static int[] lineAndColumn(String text, int offset) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset && i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || (c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n'))) {
                line++;
                lineStart = i + 1;
            }
        }
        return new int[] {line, offset - lineStart + 1};
    }
}
