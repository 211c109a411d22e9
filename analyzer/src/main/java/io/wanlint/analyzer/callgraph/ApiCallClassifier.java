package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.EdgeKind;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Maps a call on a Java API type to the cross-tier edge it makes (JDBC, JPA, JMS, HTTP, SOAP,
 * socket, mail, RMI, JNDI) or to a {@code UserTransaction} demarcation. Shared by the source and
 * the bytecode front ends so that both classify the same calls the same way.
 *
 * <p>The table is keyed by the type that <em>declares</em> the operation in the API
 * ({@code java.sql.Statement#executeQuery}); callers that know the receiver's supertypes use
 * {@link #classifyAny} so that {@code PreparedStatement.executeQuery} or a user class implementing
 * {@code Statement} classify too. Constructors use the name {@code <init>}. Calls the table does not
 * know produce no edge.
 */
public final class ApiCallClassifier {

    /**
     * The target of a {@code URL.openStream()}/{@code openConnection()} edge whose URL's protocol is no
     * constant: assumed HTTP, and the finding says the protocol is unknown.
     */
    public static final String UNKNOWN_PROTOCOL = "unknown protocol";

    /** The edge a classified API call makes. */
    public record Classification(EdgeKind kind, CallOp op) {}

    /** One way to match a method: by name, or by name prefix. */
    private record Rule(String name, boolean prefix, Classification result) {
        boolean matches(String method) { return prefix ? method.startsWith(name) : method.equals(name); }
    }

    private static final String[] EE = {"javax.", "jakarta."};

    private final Map<String, List<Rule>> byType = new HashMap<>();
    private final Map<String, Classification> byNameOnly = new HashMap<>();
    private final Map<String, String> byNameType = new HashMap<>();
    private final Set<String> methodNames = new HashSet<>();
    /** {@code type#method} of parameterless library getters that hand out an API type the table knows. */
    private final Map<String, String> libraryReturns = new HashMap<>();

    /** Spring's Hibernate templates, for Hibernate 1/2 ({@code orm.hibernate}) to 5; each also has its operations interface. */
    private static final String[] SPRING_HIBERNATE = {"org.springframework.orm.hibernate", "org.springframework.orm.hibernate3",
            "org.springframework.orm.hibernate4", "org.springframework.orm.hibernate5"};
    // After the constants the constructor reads.
    private static final ApiCallClassifier STANDARD = new ApiCallClassifier();

    /** The classifier with the standard table (immutable, thread-safe). */
    public static ApiCallClassifier standard() { return STANDARD; }

    private ApiCallClassifier() {
        // JDBC
        on("java.sql.DriverManager", EdgeKind.JDBC, CallOp.JDBC_CONNECTION_DRIVER_MANAGER, "getConnection");
        on("javax.sql.DataSource", EdgeKind.JDBC, CallOp.JDBC_CONNECTION_POOL, "getConnection");
        on("java.sql.Connection", EdgeKind.JDBC, CallOp.JDBC_PREPARE, "prepareStatement", "prepareCall");
        on("java.sql.Connection", EdgeKind.JDBC, CallOp.JDBC_COMMIT, "commit");
        on("java.sql.Connection", EdgeKind.JDBC, CallOp.JDBC_ROLLBACK, "rollback");
        on("java.sql.Statement", EdgeKind.JDBC, CallOp.JDBC_EXECUTE,
                "execute", "executeQuery", "executeUpdate", "executeBatch", "executeLargeUpdate", "executeLargeBatch");
        on("java.sql.ResultSet", EdgeKind.JDBC, CallOp.JDBC_RESULT_NEXT, "next");
        // JPA
        for (String ee : EE) {
            String em = ee + "persistence.EntityManager";
            on(em, EdgeKind.JPA, CallOp.JPA_FIND, "find", "getReference");
            on(em, EdgeKind.JPA, CallOp.JPA_PERSIST, "persist");
            on(em, EdgeKind.JPA, CallOp.JPA_MERGE, "merge");
            on(em, EdgeKind.JPA, CallOp.JPA_REMOVE, "remove");
            on(em, EdgeKind.JPA, CallOp.JPA_FLUSH, "flush");
            for (String q : new String[] {"persistence.Query", "persistence.TypedQuery", "persistence.StoredProcedureQuery"}) {
                on(ee + q, EdgeKind.JPA, CallOp.JPA_QUERY, "getResultList", "getSingleResult", "getResultStream",
                        "getSingleResultOrNull");
                on(ee + q, EdgeKind.JPA, CallOp.JPA_BULK_UPDATE, "executeUpdate");
            }
        }
        on("org.hibernate.Session", EdgeKind.JPA, CallOp.JPA_FIND, "get", "load", "find", "byId");
        hibernateSessionWrites("org.hibernate.Session");
        // Hibernate 1.x (cirrus.hibernate), 2.x (net.sf.hibernate) and 3's classic Session: find, iterate and
        // filter run HQL (a query); load and get read one row by id.
        for (String s : new String[] {"org.hibernate.classic.Session", "net.sf.hibernate.Session", "cirrus.hibernate.Session"}) {
            on(s, EdgeKind.JPA, CallOp.JPA_FIND, "get", "load");
            on(s, EdgeKind.JPA, CallOp.JPA_QUERY, "find", "iterate", "filter");
            hibernateSessionWrites(s);
        }
        for (String q : new String[] {"org.hibernate.Query", "org.hibernate.query.Query", "org.hibernate.Criteria",
                "org.hibernate.SQLQuery", "org.hibernate.query.NativeQuery", "net.sf.hibernate.Query",
                "net.sf.hibernate.Criteria", "net.sf.hibernate.SQLQuery", "cirrus.hibernate.Query"}) {
            on(q, EdgeKind.JPA, CallOp.JPA_QUERY, "list", "uniqueResult", "scroll", "iterate",
                    "getResultList", "getSingleResult", "stream");
            on(q, EdgeKind.JPA, CallOp.JPA_BULK_UPDATE, "executeUpdate");
        }
        // Committing a Hibernate transaction flushes the session: its pending writes reach the database then.
        for (String t : new String[] {"org.hibernate.Transaction", "net.sf.hibernate.Transaction", "cirrus.hibernate.Transaction"}) {
            on(t, EdgeKind.JPA, CallOp.JPA_FLUSH, "commit");
        }
        springTemplates();
        // JMS
        for (String ee : EE) {
            on(ee + "jms.MessageProducer", EdgeKind.JMS_SEND, CallOp.JMS_SEND, "send");
            on(ee + "jms.QueueSender", EdgeKind.JMS_SEND, CallOp.JMS_SEND, "send");
            on(ee + "jms.TopicPublisher", EdgeKind.JMS_SEND, CallOp.JMS_SEND, "publish", "send");
            on(ee + "jms.JMSProducer", EdgeKind.JMS_SEND, CallOp.JMS_SEND, "send");
        }
        // HTTP: one request per connection, so the connection is what counts, not its streams.
        on("java.net.URL", EdgeKind.HTTP_EXTERNAL, CallOp.HTTP_REQUEST, "openConnection", "openStream", "getContent");
        on("java.net.http.HttpClient", EdgeKind.HTTP_EXTERNAL, CallOp.HTTP_REQUEST, "send", "sendAsync");
        on("org.apache.commons.httpclient.HttpClient", EdgeKind.HTTP_EXTERNAL, CallOp.HTTP_REQUEST, "executeMethod");
        for (String c : new String[] {"org.apache.http.client.HttpClient", "org.apache.http.impl.client.CloseableHttpClient",
                "org.apache.http.impl.client.DefaultHttpClient", "org.apache.http.impl.client.AbstractHttpClient",
                "org.apache.hc.client5.http.classic.HttpClient", "org.apache.hc.client5.http.impl.classic.CloseableHttpClient",
                "org.apache.hc.client5.http.async.HttpAsyncClient",
                "org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient"}) {
            on(c, EdgeKind.HTTP_EXTERNAL, CallOp.HTTP_REQUEST, "execute");
        }
        on("okhttp3.Call", EdgeKind.HTTP_EXTERNAL, CallOp.HTTP_REQUEST, "execute", "enqueue");
        on("com.squareup.okhttp.Call", EdgeKind.HTTP_EXTERNAL, CallOp.HTTP_REQUEST, "execute", "enqueue");
        for (String ee : EE) {
            for (String t : new String[] {"ws.rs.client.SyncInvoker", "ws.rs.client.Invocation.Builder",
                    "ws.rs.client.AsyncInvoker"}) {
                on(ee + t, EdgeKind.HTTP_EXTERNAL, CallOp.HTTP_REQUEST,
                        "get", "post", "put", "delete", "method", "head", "options", "trace");
            }
            on(ee + "ws.rs.client.Invocation", EdgeKind.HTTP_EXTERNAL, CallOp.HTTP_REQUEST, "invoke", "submit");
            on(ee + "xml.soap.SOAPConnection", EdgeKind.HTTP_EXTERNAL, CallOp.SOAP_CALL, "call", "get");
            on(ee + "xml.ws.Dispatch", EdgeKind.HTTP_EXTERNAL, CallOp.SOAP_CALL, "invoke", "invokeAsync", "invokeOneWay");
            on(ee + "xml.rpc.Call", EdgeKind.HTTP_EXTERNAL, CallOp.SOAP_CALL, "invoke", "invokeOneWay");
        }
        on("org.apache.axis.client.Call", EdgeKind.HTTP_EXTERNAL, CallOp.SOAP_CALL, "invoke", "invokeOneWay");
        // Sockets
        on("java.net.Socket", EdgeKind.SOCKET, CallOp.SOCKET_IO, "<init>");
        on("javax.net.SocketFactory", EdgeKind.SOCKET, CallOp.SOCKET_IO, "createSocket");
        on("java.nio.channels.SocketChannel", EdgeKind.SOCKET, CallOp.SOCKET_IO, "connect");
        // Mail
        for (String ee : EE) {
            on(ee + "mail.Transport", EdgeKind.MAIL, CallOp.MAIL_SEND, "send", "sendMessage");
        }
        // RMI naming and JNDI
        on("java.rmi.Naming", EdgeKind.RMI, CallOp.RMI_CALL, "lookup");
        on("java.rmi.registry.Registry", EdgeKind.RMI, CallOp.RMI_CALL, "lookup");
        on("javax.naming.Context", EdgeKind.JNDI_LOOKUP, CallOp.LOOKUP, "lookup", "lookupLink");
        // Bean-managed transaction demarcation: a local call, but it opens and closes a scope.
        for (String ee : EE) {
            on(ee + "transaction.UserTransaction", EdgeKind.LOCAL, CallOp.TX_BEGIN, "begin");
            on(ee + "transaction.UserTransaction", EdgeKind.LOCAL, CallOp.TX_COMMIT, "commit");
            on(ee + "transaction.UserTransaction", EdgeKind.LOCAL, CallOp.TX_ROLLBACK, "rollback");
        }
        // Names that identify an API operation even when the receiver type is unknown.
        byName("java.sql.Statement", EdgeKind.JDBC, CallOp.JDBC_EXECUTE,
                "executeQuery", "executeUpdate", "executeBatch", "executeLargeUpdate");
        byName("java.sql.Connection", EdgeKind.JDBC, CallOp.JDBC_PREPARE, "prepareStatement", "prepareCall");
        byName("javax.persistence.Query", EdgeKind.JPA, CallOp.JPA_QUERY, "getResultList", "getSingleResult");
        byName("org.hibernate.Query", EdgeKind.JPA, CallOp.JPA_QUERY, "uniqueResult");
        byName("org.apache.commons.httpclient.HttpClient", EdgeKind.HTTP_EXTERNAL, CallOp.HTTP_REQUEST, "executeMethod");
        byName("java.net.URL", EdgeKind.HTTP_EXTERNAL, CallOp.HTTP_REQUEST, "openConnection");
        byName("javax.mail.Transport", EdgeKind.MAIL, CallOp.MAIL_SEND, "sendMessage");
    }

    /**
     * Spring's data-access templates run one database operation per call: they open (or join) the
     * session or connection, execute, and release it, so each call is a round trip from whichever tier
     * makes it, as the Hibernate session's or JDBC statement's own call would be. A callback handed to
     * {@code execute} is counted as one query (what it runs is not followed).
     */
    private void springTemplates() {
        for (String pkg : SPRING_HIBERNATE) {
            for (String t : new String[] {pkg + ".HibernateTemplate", pkg + ".HibernateOperations"}) {
                on(t, EdgeKind.JPA, CallOp.JPA_FIND, "get", "load");
                on(t, EdgeKind.JPA, CallOp.JPA_QUERY, "find", "findByNamedParam", "findByValueBean", "findByNamedQuery",
                        "findByNamedQueryAndNamedParam", "findByNamedQueryAndValueBean", "findByCriteria", "findByExample",
                        "iterate", "loadAll", "execute", "executeFind", "executeWithNativeSession", "executeWithNewSession");
                on(t, EdgeKind.JPA, CallOp.JPA_BULK_UPDATE, "bulkUpdate");
                on(t, EdgeKind.JPA, CallOp.JPA_PERSIST, "save", "persist", "saveOrUpdate", "saveOrUpdateAll", "replicate");
                on(t, EdgeKind.JPA, CallOp.JPA_MERGE, "update", "merge", "saveOrUpdateCopy");
                on(t, EdgeKind.JPA, CallOp.JPA_REMOVE, "delete", "deleteAll");
                on(t, EdgeKind.JPA, CallOp.JPA_FLUSH, "flush");
            }
        }
        // JpaTemplate.find(Class, id) and find(jpql, args...) share a name and may share an arity: both are
        // one round trip, counted as a query.
        for (String t : new String[] {"org.springframework.orm.jpa.JpaTemplate", "org.springframework.orm.jpa.JpaOperations"}) {
            on(t, EdgeKind.JPA, CallOp.JPA_FIND, "getReference");
            on(t, EdgeKind.JPA, CallOp.JPA_QUERY, "find", "findByNamedQuery", "findByNamedParams", "findByNamedQueryAndNamedParams",
                    "execute", "executeFind");
            on(t, EdgeKind.JPA, CallOp.JPA_PERSIST, "persist");
            on(t, EdgeKind.JPA, CallOp.JPA_MERGE, "merge");
            on(t, EdgeKind.JPA, CallOp.JPA_REMOVE, "remove");
            on(t, EdgeKind.JPA, CallOp.JPA_FLUSH, "flush");
        }
        for (String t : new String[] {"org.springframework.jdbc.core.JdbcTemplate", "org.springframework.jdbc.core.JdbcOperations",
                "org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate",
                "org.springframework.jdbc.core.namedparam.NamedParameterJdbcOperations",
                "org.springframework.jdbc.core.simple.SimpleJdbcTemplate", "org.springframework.jdbc.core.simple.SimpleJdbcOperations"}) {
            on(t, EdgeKind.JDBC, CallOp.JDBC_EXECUTE, "query", "queryForObject", "queryForList", "queryForMap", "queryForRowSet",
                    "queryForInt", "queryForLong", "queryForStream", "update", "batchUpdate", "execute", "call");
        }
        // iBATIS 2 through Spring: each call runs one mapped statement.
        for (String t : new String[] {"org.springframework.orm.ibatis.SqlMapClientTemplate",
                "org.springframework.orm.ibatis.SqlMapClientOperations"}) {
            on(t, EdgeKind.JDBC, CallOp.JDBC_EXECUTE, "queryForObject", "queryForList", "queryForMap", "queryForPaginatedList",
                    "queryWithRowHandler", "insert", "update", "delete", "execute", "executeWithListResult", "executeWithMapResult");
        }
        // The DAO supports hand their template out through an inherited getter, which the application's classes call
        // unqualified (getHibernateTemplate().find(..)): without Spring on the class path, its return type comes from here.
        for (String pkg : SPRING_HIBERNATE) {
            returns(pkg + ".support.HibernateDaoSupport", "getHibernateTemplate", pkg + ".HibernateTemplate");
        }
        for (String support : new String[] {"org.springframework.jdbc.core.support.JdbcDaoSupport",
                "org.springframework.jdbc.core.namedparam.NamedParameterJdbcDaoSupport",
                "org.springframework.jdbc.core.simple.SimpleJdbcDaoSupport"}) {
            returns(support, "getJdbcTemplate", "org.springframework.jdbc.core.JdbcTemplate");
        }
        returns("org.springframework.jdbc.core.namedparam.NamedParameterJdbcDaoSupport", "getNamedParameterJdbcTemplate",
                "org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate");
        returns("org.springframework.jdbc.core.simple.SimpleJdbcDaoSupport", "getSimpleJdbcTemplate",
                "org.springframework.jdbc.core.simple.SimpleJdbcTemplate");
        returns("org.springframework.orm.jpa.support.JpaDaoSupport", "getJpaTemplate", "org.springframework.orm.jpa.JpaTemplate");
        returns("org.springframework.orm.ibatis.support.SqlMapClientDaoSupport", "getSqlMapClientTemplate",
                "org.springframework.orm.ibatis.SqlMapClientTemplate");
    }

    private void returns(String type, String method, String returned) {
        libraryReturns.put(type + '#' + method, returned);
    }

    private void hibernateSessionWrites(String session) {
        on(session, EdgeKind.JPA, CallOp.JPA_PERSIST, "save", "persist", "saveOrUpdate", "saveOrUpdateCopy");
        on(session, EdgeKind.JPA, CallOp.JPA_MERGE, "update", "merge");
        on(session, EdgeKind.JPA, CallOp.JPA_REMOVE, "delete", "remove");
        on(session, EdgeKind.JPA, CallOp.JPA_FLUSH, "flush");
    }

    private void on(String type, EdgeKind kind, CallOp op, String... methods) {
        Classification c = new Classification(kind, op);
        List<Rule> rules = new java.util.ArrayList<>(byType.getOrDefault(type, List.of()));
        for (String m : methods) {
            rules.add(new Rule(m, false, c));
            methodNames.add(m);
        }
        byType.put(type, List.copyOf(rules));
    }

    private void byName(String canonicalType, EdgeKind kind, CallOp op, String... methods) {
        for (String m : methods) {
            byNameOnly.put(m, new Classification(kind, op));
            byNameType.put(m, canonicalType);
        }
    }

    /**
     * Classifies a call whose declaring (or static receiver) type is exactly {@code declaringTypeFqn}.
     * Nested types use dots ({@code javax.ws.rs.client.Invocation.Builder}).
     */
    public Optional<Classification> classify(String declaringTypeFqn, String methodName, int argCount) {
        if (declaringTypeFqn == null || methodName == null) return Optional.empty();
        List<Rule> rules = byType.get(declaringTypeFqn.replace('$', '.'));
        if (rules == null) return Optional.empty();
        // SocketChannel.open() without an address does not connect; open(address) does.
        if (declaringTypeFqn.equals("java.nio.channels.SocketChannel") && methodName.equals("open")) {
            return argCount > 0 ? Optional.of(new Classification(EdgeKind.SOCKET, CallOp.SOCKET_IO)) : Optional.empty();
        }
        // new Socket() without arguments is unconnected.
        if (methodName.equals("<init>") && argCount == 0) return Optional.empty();
        for (Rule r : rules) if (r.matches(methodName)) return Optional.of(r.result());
        return Optional.empty();
    }

    /** Classifies a call on a receiver whose type and supertypes (nearest first) are {@code types}. */
    public Optional<Classification> classifyAny(Collection<String> types, String methodName, int argCount) {
        for (String t : types) {
            Optional<Classification> c = classify(t, methodName, argCount);
            if (c.isPresent()) return c;
        }
        return Optional.empty();
    }

    /**
     * Best-effort classification when the receiver type could not be determined: only names that
     * identify an API operation on their own ({@code executeQuery}, {@code prepareStatement}).
     */
    public Optional<Classification> classifyByName(String methodName) {
        return Optional.ofNullable(byNameOnly.get(methodName));
    }

    /** The API type that usually declares a method {@link #classifyByName} knows, for the edge's target. */
    public Optional<String> typicalDeclaringType(String methodName) {
        return Optional.ofNullable(byNameType.get(methodName));
    }

    /**
     * A call on a stub interface that extends {@code java.rmi.Remote} and is not an EJB view: SOAP
     * when it is a JAX-RPC/JAX-WS port, otherwise plain RMI.
     */
    public Classification remoteStubCall(boolean webServicePort) {
        return webServicePort ? new Classification(EdgeKind.HTTP_EXTERNAL, CallOp.SOAP_CALL)
                : new Classification(EdgeKind.RMI, CallOp.RMI_CALL);
    }

    /**
     * The type a parameterless library getter returns when the library is not on the class path
     * ({@code HibernateDaoSupport#getHibernateTemplate} gives a {@code HibernateTemplate}), or empty.
     */
    public Optional<String> libraryReturnType(String declaringTypeFqn, String methodName, int argCount) {
        if (declaringTypeFqn == null || argCount != 0) return Optional.empty();
        return Optional.ofNullable(libraryReturns.get(declaringTypeFqn.replace('$', '.') + '#' + methodName));
    }

    /** Whether {@code typeFqn} appears in the table (it is known even when not on the classpath). */
    public boolean knowsType(String typeFqn) { return typeFqn != null && byType.containsKey(typeFqn.replace('$', '.')); }

    /** Whether a method of this name can ever classify; lets callers skip resolving irrelevant calls. */
    public boolean mayClassify(String methodName) {
        return methodNames.contains(methodName) || byNameOnly.containsKey(methodName) || methodName.equals("open");
    }
}
