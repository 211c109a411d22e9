package io.wanlint.refactorings.facade;

import java.util.Map;
import java.util.Set;

/**
 * Library types whose values are bound to the side that made them, by package: JDBC and JPA objects
 * holding a connection or a persistence context, and the web container's per-request state. None can
 * cross RMI; a façade that moves data access decides by the first group what code must move with it.
 */
public final class ResourceTypes {
    private ResourceTypes() {}

    /** JDBC and JPA types that hold a connection or a persistence context. */
    public static final Map<String, Set<String>> JDBC_AND_JPA = Map.of(
            "java.sql", Set.of("Connection", "Statement", "PreparedStatement", "CallableStatement", "ResultSet", "DatabaseMetaData"),
            "javax.persistence", Set.of("EntityManager", "EntityManagerFactory", "EntityTransaction", "Query", "TypedQuery"),
            "jakarta.persistence", Set.of("EntityManager", "EntityManagerFactory", "EntityTransaction", "Query", "TypedQuery"));

    /** {@link #JDBC_AND_JPA}, data sources and row sets, and the web container's request, response, session and context types. */
    static final Map<String, Set<String>> BOUND_TO_THEIR_SIDE = Map.ofEntries(
            Map.entry("java.sql", JDBC_AND_JPA.get("java.sql")),
            Map.entry("javax.persistence", JDBC_AND_JPA.get("javax.persistence")),
            Map.entry("jakarta.persistence", JDBC_AND_JPA.get("jakarta.persistence")),
            Map.entry("javax.sql", Set.of("DataSource", "RowSet", "PooledConnection", "XAConnection")),
            Map.entry("javax.servlet", Set.of("ServletRequest", "ServletResponse", "ServletContext", "ServletConfig", "RequestDispatcher")),
            Map.entry("jakarta.servlet", Set.of("ServletRequest", "ServletResponse", "ServletContext", "ServletConfig", "RequestDispatcher")),
            Map.entry("javax.servlet.http", Set.of("HttpServletRequest", "HttpServletResponse", "HttpSession")),
            Map.entry("jakarta.servlet.http", Set.of("HttpServletRequest", "HttpServletResponse", "HttpSession")),
            Map.entry("javax.servlet.jsp", Set.of("PageContext", "JspWriter")),
            Map.entry("jakarta.servlet.jsp", Set.of("PageContext", "JspWriter")));
}
