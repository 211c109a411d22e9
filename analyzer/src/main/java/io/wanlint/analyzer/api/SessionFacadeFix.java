package io.wanlint.analyzer.api;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The session-façade fix of WAN001, WAN002 and WAN007 (docs/rules.md §Refactorings), described once
 * for the two sides that need it: the rules' estimate of a request's round trips after the fix, and
 * the {@code IntroduceSessionFacade} patch that writes the façade. Both decide with this type which
 * calls the façade takes over and where its one call goes, so that the figure a finding promises is
 * the one its patch delivers.
 *
 * <p>The façade takes over the client's calls to the EJB tier: EJB calls and JNDI lookups, except
 * those cached once per instance (nothing per request to save, and the cache stays where it is) and
 * calls to stateful session beans (their conversational state stays with the client). The client
 * then calls the façade once, where it made the first EJB business call the façade took over.
 *
 * @param client    the client method whose code the façade call replaces: the one that makes the
 *                  {@code standIn} call, else the one that makes the first call taken over
 * @param takenOver the calls the façade makes instead of the client, next to the beans, in order
 * @param standIn   the call whose place the façade call takes: the first EJB business call (not a
 *                  lookup) taken over; empty when the façade takes over only lookups, and so adds
 *                  no call of its own
 */
public record SessionFacadeFix(MethodRef client, List<CallEdge> takenOver, Optional<CallEdge> standIn) {
    public SessionFacadeFix {
        Objects.requireNonNull(client, "client");
        takenOver = List.copyOf(takenOver);
        if (takenOver.isEmpty()) throw new IllegalArgumentException("a façade takes over at least one call");
        standIn = standIn == null ? Optional.empty() : standIn;
    }

    /** Whether the façade takes this call over (see the type's description). */
    public static boolean takesOver(CallEdge call, ComponentModel model) {
        return takesOver(call, model::byName);
    }

    /**
     * {@link #takesOver(CallEdge, ComponentModel)} with the model's components looked up by name through
     * {@code componentNamed}, the only look-up the decision makes (a patch planner records what it reads).
     */
    public static boolean takesOver(CallEdge call, Function<String, Optional<Component>> componentNamed) {
        if (call.cachedOnce()) return false;
        if (!call.kind().isEjb() && call.kind() != EdgeKind.JNDI_LOOKUP) return false;
        Optional<Component> target = Optional.ofNullable(call.targetComponent()).flatMap(componentNamed);
        return !target.map(c -> c.kind() == ComponentKind.STATEFUL_SESSION).orElse(false);
    }

    /**
     * The fix for a client's calls, in the order it makes them (those it does not take over are left
     * out), or empty when it takes over none.
     */
    public static Optional<SessionFacadeFix> of(List<CallEdge> calls, ComponentModel model) {
        return of(calls, model::byName);
    }

    /** {@link #of(List, ComponentModel)} with the components looked up by name through {@code componentNamed}. */
    public static Optional<SessionFacadeFix> of(List<CallEdge> calls, Function<String, Optional<Component>> componentNamed) {
        List<CallEdge> taken = calls.stream().filter(c -> takesOver(c, componentNamed)).toList();
        if (taken.isEmpty()) return Optional.empty();
        Optional<CallEdge> standIn = taken.stream().filter(c -> c.kind().isEjb() && c.op() != CallOp.LOOKUP).findFirst();
        return Optional.of(new SessionFacadeFix(standIn.orElse(taken.get(0)).from(), taken, standIn));
    }

    /** Whether the client makes a call of its own to the façade (it does unless only lookups moved). */
    public boolean addsFacadeCall() { return standIn.isPresent(); }
}
