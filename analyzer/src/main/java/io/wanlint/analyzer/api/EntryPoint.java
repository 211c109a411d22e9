package io.wanlint.analyzer.api;

/**
 * Where a request enters the application (docs/architecture.md §Call graph).
 *
 * @param id        stable identifier: the URL pattern for servlets/JSPs/filters/JAX-RS
 *                  ({@code /viewItem}), otherwise {@code Class#method}
 * @param component the component the entry point belongs to (by name)
 */
public record EntryPoint(String id, Kind kind, MethodRef method, String component) {
    public enum Kind { SERVLET, JSP, FILTER, MESSAGE_DRIVEN, TIMER, JAX_RS, REMOTE_FACADE, LISTENER }
}
