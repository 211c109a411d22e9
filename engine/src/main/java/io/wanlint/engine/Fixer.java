package io.wanlint.engine;

import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.report.api.PatchIndex;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/** {@code wanlint fix}: patches per finding, a combined patch, {@code --apply}. Wired by the refactorings module. */
public interface Fixer {
    /**
     * @param outDir  where to write the patches ({@code --out}, or the folder the front door chose)
     * @param ruleIds only findings of these rules; empty for all
     * @param apply   write the changes into a clean git work tree
     * @param reanalyseWith the workbench that analyses each patched copy again (empty with {@code --no-reanalyse})
     * @param reanalysisBudget how long re-analysing may take in all; later patches are then marked unverified
     */
    record FixRequest(Path outDir, List<String> ruleIds, boolean apply, Verification verification,
                      java.util.Optional<Workbench> reanalyseWith, java.time.Duration reanalysisBudget) {
        public FixRequest {
            java.util.Objects.requireNonNull(outDir, "outDir");
            ruleIds = List.copyOf(ruleIds);
            java.util.Objects.requireNonNull(verification, "verification");
            java.util.Objects.requireNonNull(reanalyseWith, "reanalyseWith");
            java.util.Objects.requireNonNull(reanalysisBudget, "reanalysisBudget");
        }

        public FixRequest(Path outDir, List<String> ruleIds, boolean apply, Verification verification,
                          java.util.Optional<Workbench> reanalyseWith) {
            this(outDir, ruleIds, apply, verification, reanalyseWith, PatchReanalysis.DEFAULT_BUDGET);
        }

        public FixRequest(Path outDir, List<String> ruleIds, boolean apply, Verification verification) {
            this(outDir, ruleIds, apply, verification, java.util.Optional.empty());
        }

        public FixRequest(Path outDir, List<String> ruleIds, boolean apply) {
            this(outDir, ruleIds, apply, Verification.DEFAULT);
        }
    }

    /**
     * How patches are compiled before they are shown.
     *
     * @param classPath jars and folders besides the API jars and the application's own ({@code --classpath})
     * @param enabled   false with {@code --no-verify}: patches are then shown marked unverified
     * @param cache     the {@code --cache} folder, where javac's results are kept for the next run; null: none
     */
    record Verification(List<Path> classPath, boolean enabled, Path cache) {
        public static final Verification DEFAULT = new Verification(List.of(), true);

        public Verification {
            classPath = List.copyOf(classPath);
        }

        public Verification(List<Path> classPath, boolean enabled) {
            this(classPath, enabled, null);
        }

        /** The same, keeping javac's results in {@code cacheFolder} (null: nowhere). */
        public Verification withCache(Path cacheFolder) {
            return new Verification(classPath, enabled, cacheFolder);
        }
    }

    /** @return the exit code */
    ExitCode fix(Analysis analysis, FixRequest request, PrintWriter out, PrintWriter err);

    /**
     * The patches {@link #fix} would write for these findings, as {@code check}'s SARIF fixes and
     * HTML previews show them (planned, never applied); a finding whose patch fails inside wanlint is
     * listed with the reason instead. A fixer that plans nothing ahead (a test's) previews nothing.
     */
    default PatchIndex previews(List<Finding> findings, AnalysisResult result) { return PatchIndex.EMPTY; }

    /** {@link #previews(List, AnalysisResult)}, each patch compiled as {@code verification} says before it is shown. */
    default PatchIndex previews(List<Finding> findings, AnalysisResult result, Verification verification) {
        return previews(findings, result);
    }

    /**
     * {@link #previews(List, AnalysisResult, Verification)}, each patch then re-analysed as {@code fix}
     * does when {@code reanalyseWith} is given ({@code check --reanalyse}): declined, corrected or
     * marked unverified as its re-analysis says.
     */
    default PatchIndex previews(List<Finding> findings, Analysis analysis, Verification verification,
                                java.util.Optional<Workbench> reanalyseWith) {
        return previews(findings, analysis.result(), verification);
    }
}
