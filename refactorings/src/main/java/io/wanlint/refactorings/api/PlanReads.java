package io.wanlint.refactorings.api;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What planning one finding read from its {@link RefactoringContext}, recorded by the context while
 * the plan is made ({@link RefactoringContext#recording}): a plan is a function of its finding and of
 * these reads, so a later run whose context answers every read the same may take the plan instead of
 * making it again (issue 22: a one-file edit re-planned all 36 findings of HELIUM V). A read the
 * context cannot name — the analysis as a whole — makes the plan {@link #opaque()}: never reused.
 */
public final class PlanReads {
    /** What can be read; each is answered again by {@link RefactoringContext#answer}. */
    public enum Kind {
        /** A file's text, encoding and byte-order mark (argument: the path). */
        TEXT,
        /** Whether a file exists (argument: the path). */
        EXISTS,
        /** {@link RefactoringContext#filesNamed} (argument: the name). */
        FILES_NAMED,
        /** {@link RefactoringContext#javaFilesNamed} (argument: the type name). */
        JAVA_FILES_NAMED,
        /** {@link RefactoringContext#descriptorsWithRoot} (argument: the roots, sorted, space-separated). */
        DESCRIPTORS_WITH_ROOT,
        /** {@link RefactoringContext#methodsOf} (argument: the class). */
        METHODS_OF,
        /** {@link RefactoringContext#apiLevel()}. */
        API_LEVEL,
        /** {@link RefactoringContext#platform()}. */
        PLATFORM,
        /** The component model's components. */
        MODEL,
        /** One component of the model ({@link RefactoringContext#component}; argument: {@code name:}, {@code class:} or {@code interface:} and the name). */
        COMPONENT,
        /** The analysed files (path, kind, encoding, root element). */
        FILES,
        /** Whether there is a call graph. */
        HAS_CALL_GRAPH,
        /** The call graph's edges from the methods of one name of one class, in the graph's order (argument: {@code class#method}). */
        EDGES_FROM,
        /** The source facts' cluster state in methods of one class (argument: the class). */
        CLUSTER_STATE,
        /** The source facts' non-serializable session state. */
        NON_SERIALIZABLE_STATE,
        /** The code the analysis did not see. */
        UNSEEN_CODE
    }

    /** One read: what, and of which file, class or name (empty when the kind needs none). */
    public record Read(Kind kind, String argument) {}

    private final Set<Read> reads = new LinkedHashSet<>();
    private String opaque;

    /** Records a read (once). */
    void add(Kind kind, String argument) {
        synchronized (this) {
            reads.add(new Read(kind, argument == null ? "" : argument));
        }
    }

    /** Records a read the context cannot answer again: the plan is not to be reused. */
    synchronized void opaque(String what) {
        if (opaque == null) opaque = what;
    }

    /** The reads, in the order first made. */
    public synchronized List<Read> reads() { return new ArrayList<>(reads); }

    /** What made the plan not reusable (a read that cannot be answered again), if anything. */
    public synchronized Optional<String> opaque() { return Optional.ofNullable(opaque); }
}
