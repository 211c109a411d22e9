package io.wanlint.rules.api;

import io.wanlint.analyzer.api.CallEdge;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.Function;

/**
 * What a rule works out from a call alone, worked out once per distinct call of the check's walks and
 * then found by the walk's number of the call ({@link RequestReach#callId}), where it was worked out
 * again (or looked up in a map hashing the call) at every request reaching the call: on HELIUM V the
 * rules go through 8 million reached calls per scope, most of them the same few hundred thousand
 * calls reached from another façade method (issue 22). Made by {@link RuleContext#callMemo}.
 *
 * <p>The answer must depend on the call alone and never be null. Thread-safe: two threads asking
 * at once about a call not yet answered both work it out (equal answers) and either is kept. A walk
 * numbered apart (made after the check's walks were released) is answered without the memo.
 *
 * @param <T> the answer
 */
public final class CallMemo<T> {
    private final Function<CallEdge, T> answer;
    /** The states whose call numbers index {@link #answers}. */
    private final Object numbering;
    private volatile Object[] answers;

    CallMemo(Function<CallEdge, T> answer, Object numbering, int calls) {
        this.answer = Objects.requireNonNull(answer, "answer");
        this.numbering = numbering;
        this.answers = new Object[Math.max(16, calls)];
    }

    /** The answer for {@code walk.edge(index)}. */
    @SuppressWarnings("unchecked")
    public T of(RequestReach walk, int index) {
        if (walk.numbering() != numbering) return answer.apply(walk.edge(index));
        int id = walk.callId(index);
        Object[] known = answers;
        if (id < known.length) {
            Object a = known[id];
            if (a != null) return (T) a;
        }
        T made = Objects.requireNonNull(answer.apply(walk.edge(index)), "answer");
        keep(id, made);
        return made;
    }

    /** Written under the lock, read without it: an answer lost to a growing array is worked out again. */
    private synchronized void keep(int id, Object a) {
        Object[] known = answers;
        if (id >= known.length) answers = known = Arrays.copyOf(known, Math.max(id + 1, known.length * 2));
        known[id] = a;
    }
}
