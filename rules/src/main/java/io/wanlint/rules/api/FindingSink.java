package io.wanlint.rules.api;

import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.Finding;
import java.util.function.Function;

/** Where a rule reports its findings; the engine orders, configures and suppresses them afterwards. */
@FunctionalInterface
public interface FindingSink {
    /**
     * @param patch what the finding's patch does to each entry point it names, for the report's
     *              "after patches" figures
     */
    void report(Finding finding, Function<EntryPoint, PatchEffect> patch);

    /** A finding whose patch does not change round trips (a structural finding). */
    default void report(Finding finding) { report(finding, ep -> PatchEffect.NONE); }
}
