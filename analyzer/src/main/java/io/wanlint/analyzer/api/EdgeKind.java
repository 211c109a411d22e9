package io.wanlint.analyzer.api;

/** Kinds of call-graph edge (docs/architecture.md §Call graph). Part of the JSON contract: add, never rename. */
public enum EdgeKind {
    LOCAL, REMOTE_EJB, LOCAL_EJB, JNDI_LOOKUP, JDBC, JPA, JMS_SEND, HTTP_EXTERNAL, SOCKET, MAIL, RMI;

    /** Whether the edge talks to something outside the application server (external service). */
    public boolean isExternal() { return this == HTTP_EXTERNAL || this == SOCKET || this == MAIL || this == RMI; }

    /** Whether the edge is a call between components, rather than a call into an API. */
    public boolean isEjb() { return this == REMOTE_EJB || this == LOCAL_EJB; }
}
