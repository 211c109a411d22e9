package io.wanlint.cli;

import java.io.PrintWriter;

/** {@code wanlint predict}: round trips per entry point, now and after patches. Wired by the lead. */
public interface Predictor {
    /** @return the exit code */
    ExitCode predict(Analysis analysis, PrintWriter out, PrintWriter err);
}
