package io.wanlint.analyzer.api;

/**
 * One exclusive choice a call sits in, inside its method: the {@code if}/{@code else}, {@code switch},
 * {@code ?:} or the catch blocks of one {@code try}, at {@code line}:{@code column}, and which of its
 * arms holds the call. Calls in different arms of one choice never run in the same execution of the
 * method, so the cost model takes the costliest arm instead of their sum.
 *
 * @param line   the choice's first line in the method's file
 * @param column its first column (two choices may start on one line)
 * @param arm    0-based index of the arm (then = 0, else = 1; switch entries in order, cases that
 *               fall through into the next sharing its arm; catch clauses in order)
 */
public record BranchArm(int line, int column, int arm) {
    /** Whether {@code other} is an arm of the same choice. */
    public boolean sameChoice(BranchArm other) { return line == other.line && column == other.column; }
}
