package io.wanlint.analyzer.api;

/**
 * What a call does, finer than its {@link EdgeKind}: the cost model and the rules need to tell a
 * home {@code create()} from an entity getter, or a statement execution from a result-set step.
 */
public enum CallOp {
    /** An ordinary method call. */
    INVOKE,
    /** A business method of an EJB component or business interface. */
    BUSINESS_METHOD,
    /** A getter / setter on an entity bean's component interface. */
    ENTITY_GET, ENTITY_SET,
    /**
     * A business method of an entity bean's component interface whose implementation changes the
     * bean's state (assigns its fields or calls its own setters), such as {@code debit(amount)}: a
     * write of the entity, although not named {@code set…}.
     */
    ENTITY_UPDATE,
    /** Home interface operations. */
    HOME_CREATE, HOME_FIND, HOME_REMOVE, HOME_METHOD,
    /** {@code EJBObject.remove()} on a component interface. */
    REMOVE,
    /** JNDI {@code Context.lookup}. */
    LOOKUP,
    /** JDBC. */
    JDBC_CONNECTION_POOL, JDBC_CONNECTION_DRIVER_MANAGER, JDBC_PREPARE, JDBC_EXECUTE, JDBC_RESULT_NEXT, JDBC_COMMIT, JDBC_ROLLBACK,
    /** JPA / Hibernate. */
    JPA_FIND, JPA_QUERY, JPA_PERSIST, JPA_MERGE, JPA_REMOVE, JPA_FLUSH,
    /** A bulk {@code UPDATE}/{@code DELETE} query ({@code executeUpdate}): one round trip, and a write. */
    JPA_BULK_UPDATE,
    /** Messaging, external services. */
    JMS_SEND, HTTP_REQUEST, SOAP_CALL, SOCKET_IO, MAIL_SEND, RMI_CALL,
    /** {@code UserTransaction} demarcation. */
    TX_BEGIN, TX_COMMIT, TX_ROLLBACK,
    /**
     * A call the EJB container makes on a bean around a client's call, with no call site in the
     * application: a BMP entity's {@code ejbLoad} before a business method and {@code ejbStore} at
     * commit. Edges of this op are {@link EdgeKind#LOCAL}, from the business method (or
     * {@code ejbCreate}) to the callback; the cost model counts them once per instance and
     * transaction.
     */
    CONTAINER_CALLBACK
}
