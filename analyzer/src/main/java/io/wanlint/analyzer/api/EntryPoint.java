package io.wanlint.analyzer.api;

/**
 * Where a request enters the application (docs/architecture.md §Call graph).
 *
 * @param id        stable identifier: the URL pattern for servlets/JSPs/filters/JAX-RS
 *                  ({@code /viewItem}), otherwise {@code Class#method}
 * @param component the component the entry point belongs to (by name)
 */
public record EntryPoint(String id, Kind kind, MethodRef method, String component) {
    public enum Kind { SERVLET, JSP, FILTER, MESSAGE_DRIVEN, TIMER, JAX_RS, REMOTE_FACADE, LISTENER, JAX_WS,
        /** A Struts 1, WebWork or Struts 2 action method, run by the framework's front servlet. */
        WEB_ACTION,
        /** A JSF managed bean's action method or getter, run by a page's request. */
        JSF }

    /** {@code GET, POST } before the id of handlers of one servlet that run the same code. */
    private static final java.util.regex.Pattern TWIN_VERBS = java.util.regex.Pattern.compile("^[A-Z]+(?:, [A-Z]+)+ ");

    /**
     * The id of one servlet's handlers that run the same code ({@code doGet} only calling
     * {@code doPost}): {@code GET, POST /x}, from their verbs and the first handler's own id.
     */
    public static String twinId(java.util.List<String> verbs, String firstId) {
        return String.join(", ", verbs) + " " + firstId;
    }

    /**
     * The id findings key on: a servlet's twin handlers, {@code GET, POST /x}, keep the key their first
     * handler had alone ({@code /x}), so that baselines made before twins were one still match.
     */
    public String keyId() {
        var m = TWIN_VERBS.matcher(id);
        return m.find() ? id.substring(m.end()) : id;
    }
}
