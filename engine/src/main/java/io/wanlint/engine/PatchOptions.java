package io.wanlint.engine;

import java.util.Objects;

/**
 * Whether a check plans the patches {@code wanlint fix} would write (for SARIF fixes, HTML previews
 * and the "after patches" figures), and how they are verified.
 *
 * @param planned      false: no patch is planned, and "after patches" counts every finding as fixed
 * @param verification how each patch is compiled before it is shown
 * @param reanalyse    each patch is also re-analysed on a patched copy (slow: one analysis per patch)
 */
public record PatchOptions(boolean planned, Fixer.Verification verification, boolean reanalyse) {
    public static final PatchOptions DEFAULT = new PatchOptions(true, Fixer.Verification.DEFAULT, false);
    public static final PatchOptions NONE = new PatchOptions(false, Fixer.Verification.DEFAULT, false);

    public PatchOptions {
        Objects.requireNonNull(verification, "verification");
    }
}
