package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodRef;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The entry-point ids of a servlet's handler methods, the same for both front ends: the first URL
 * pattern for {@code service}/{@code doGet}, or for the only handler; {@code pattern [POST]} and the
 * like for the other handlers of a servlet that has several; {@code Class#method} when unmapped.
 * Handlers that run the same code (a {@code doGet} that only calls {@code doPost}, or both only
 * calling one {@code processRequest}) are one entry point, {@code GET, POST /x}: one request, whatever
 * its verb, so that rules do not report it twice.
 */
final class ServletEntryIds {
    private ServletEntryIds() {}

    /** {@code service(ServletRequest, ServletResponse)} and the HTTP variants, not unrelated overloads. */
    static boolean isHandlerSignature(MethodRef m) {
        return m.parameterTypes().stream().allMatch(p -> p.endsWith("Request") || p.endsWith("Response"));
    }

    /** One id per handler name, in the order given. */
    static List<String> of(Optional<String> pattern, String className, List<String> handlers) {
        List<String> ids = new ArrayList<>(handlers.size());
        boolean bareTaken = false;
        for (String method : handlers) {
            if (pattern.isEmpty()) {
                ids.add(className + "#" + method);
            } else if (handlers.size() == 1 || !bareTaken && (method.equals("service") || method.equals("doGet"))) {
                ids.add(pattern.get());
                bareTaken = true;
            } else {
                ids.add(pattern.get() + " [" + verb(method) + "]");
            }
        }
        return ids;
    }

    /** One entry point of a servlet: its id and the handler its walk starts from. */
    record Twins(String id, MethodRef method) {}

    /**
     * The servlet's entry points: one per handler ({@code ids} as {@link #of} gave them), except that
     * handlers running the same code are one, named by their verbs and the first one's id, and
     * walked from the first one (whose walk reaches the shared code).
     */
    static List<Twins> twins(List<MethodRef> handlers, List<String> ids, Map<MethodRef, List<CallEdge>> outgoing) {
        Map<Object, List<Integer>> byCode = new LinkedHashMap<>();
        for (int i = 0; i < handlers.size(); i++) {
            byCode.computeIfAbsent(code(handlers.get(i), handlers, outgoing), k -> new ArrayList<>()).add(i);
        }
        List<Twins> out = new ArrayList<>();
        for (List<Integer> group : byCode.values()) {
            int first = group.get(0);
            if (group.size() == 1) {
                out.add(new Twins(ids.get(first), handlers.get(first)));
                continue;
            }
            List<String> verbs = group.stream().map(i -> verb(handlers.get(i).name())).toList();
            out.add(new Twins(EntryPoint.twinId(verbs, ids.get(first)), handlers.get(first)));
        }
        return out;
    }

    /** The call a handler that only delegates makes: the same call, or a call to the same handler, is the same code. */
    private record Delegation(MethodRef to, io.wanlint.analyzer.api.EdgeKind kind, io.wanlint.analyzer.api.CallOp op,
                              int loopDepth) {}

    /**
     * What a handler runs: the handler it delegates to (following delegations), the one call it
     * only makes, or itself when it does more than one thing.
     */
    private static Object code(MethodRef handler, List<MethodRef> handlers, Map<MethodRef, List<CallEdge>> outgoing) {
        MethodRef current = handler;
        Set<MethodRef> seen = new HashSet<>();
        while (seen.add(current)) {
            List<CallEdge> calls = outgoing.getOrDefault(current, List.of());
            if (calls.size() != 1) return current;
            CallEdge only = calls.get(0);
            Optional<MethodRef> sibling = handlers.stream().filter(h -> h.name().equals(only.to().name())
                    && h.parameterTypes().equals(only.to().parameterTypes())).findFirst();
            if (sibling.isEmpty() || only.loopDepth() > 0) {
                return new Delegation(only.to(), only.kind(), only.op(), only.loopDepth());
            }
            current = sibling.get();
        }
        return current;
    }

    private static String verb(String method) {
        return method.equals("service") ? "SERVICE" : method.substring(2).toUpperCase(Locale.ROOT);
    }
}
