package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.MethodRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The entry-point ids of a servlet's handler methods, the same for both front ends: the first URL
 * pattern for {@code service}/{@code doGet}, or for the only handler; {@code pattern [POST]} and the
 * like for the other handlers of a servlet that has several; {@code Class#method} when unmapped.
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
                String verb = method.equals("service") ? "SERVICE" : method.substring(2).toUpperCase(Locale.ROOT);
                ids.add(pattern.get() + " [" + verb + "]");
            }
        }
        return ids;
    }
}
