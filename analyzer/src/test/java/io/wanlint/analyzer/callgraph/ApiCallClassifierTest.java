package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.callgraph.ApiCallClassifier.Classification;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class ApiCallClassifierTest {
    private final ApiCallClassifier classifier = ApiCallClassifier.standard();

    private Optional<Classification> c(String type, String method, int args) {
        return classifier.classify(type, method, args);
    }

    private static Optional<Classification> is(EdgeKind kind, CallOp op) {
        return Optional.of(new Classification(kind, op));
    }

    @Test
    void classifiesJdbcConnectionsStatementsResultSetsAndCommits() {
        assertThat(c("java.sql.DriverManager", "getConnection", 3)).isEqualTo(is(EdgeKind.JDBC, CallOp.JDBC_CONNECTION_DRIVER_MANAGER));
        assertThat(c("javax.sql.DataSource", "getConnection", 0)).isEqualTo(is(EdgeKind.JDBC, CallOp.JDBC_CONNECTION_POOL));
        assertThat(c("java.sql.Connection", "prepareStatement", 1)).isEqualTo(is(EdgeKind.JDBC, CallOp.JDBC_PREPARE));
        assertThat(c("java.sql.Connection", "prepareCall", 1)).isEqualTo(is(EdgeKind.JDBC, CallOp.JDBC_PREPARE));
        assertThat(c("java.sql.Statement", "executeUpdate", 1)).isEqualTo(is(EdgeKind.JDBC, CallOp.JDBC_EXECUTE));
        assertThat(c("java.sql.ResultSet", "next", 0)).isEqualTo(is(EdgeKind.JDBC, CallOp.JDBC_RESULT_NEXT));
        assertThat(c("java.sql.Connection", "commit", 0)).isEqualTo(is(EdgeKind.JDBC, CallOp.JDBC_COMMIT));
        assertThat(c("java.sql.Connection", "rollback", 0)).isEqualTo(is(EdgeKind.JDBC, CallOp.JDBC_ROLLBACK));
        assertThat(c("java.sql.Connection", "createStatement", 0)).isEmpty();
        assertThat(c("java.sql.ResultSet", "getString", 1)).isEmpty();
    }

    @Test
    void subtypesClassifyThroughTheirSupertypes() {
        assertThat(classifier.classifyAny(List.of("java.sql.PreparedStatement", "java.sql.Statement"), "executeQuery", 0))
                .isEqualTo(is(EdgeKind.JDBC, CallOp.JDBC_EXECUTE));
        assertThat(classifier.classifyAny(List.of("javax.naming.InitialContext", "java.lang.Object", "javax.naming.Context"),
                "lookup", 1)).isEqualTo(is(EdgeKind.JNDI_LOOKUP, CallOp.LOOKUP));
        assertThat(classifier.classify("javax.naming.InitialContext", "lookup", 1)).isEmpty();
    }

    @Test
    void classifiesJpaAndHibernateOperations() {
        for (String ee : List.of("javax", "jakarta")) {
            assertThat(c(ee + ".persistence.EntityManager", "find", 2)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_FIND));
            assertThat(c(ee + ".persistence.EntityManager", "getReference", 2)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_FIND));
            assertThat(c(ee + ".persistence.EntityManager", "persist", 1)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_PERSIST));
            assertThat(c(ee + ".persistence.EntityManager", "merge", 1)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_MERGE));
            assertThat(c(ee + ".persistence.EntityManager", "remove", 1)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_REMOVE));
            assertThat(c(ee + ".persistence.EntityManager", "flush", 0)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_FLUSH));
            assertThat(c(ee + ".persistence.TypedQuery", "getResultList", 0)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_QUERY));
            assertThat(c(ee + ".persistence.Query", "executeUpdate", 0)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_BULK_UPDATE));
            assertThat(c(ee + ".persistence.EntityManager", "createQuery", 1)).isEmpty();
        }
        assertThat(c("org.hibernate.Session", "load", 2)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_FIND));
        assertThat(c("org.hibernate.Session", "saveOrUpdate", 1)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_PERSIST));
        assertThat(c("org.hibernate.Session", "delete", 1)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_REMOVE));
        assertThat(c("org.hibernate.query.Query", "uniqueResult", 0)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_QUERY));
        assertThat(c("org.hibernate.Query", "list", 0)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_QUERY));
    }

    @Test
    void classifiesMessagingAndMail() {
        assertThat(c("javax.jms.MessageProducer", "send", 1)).isEqualTo(is(EdgeKind.JMS_SEND, CallOp.JMS_SEND));
        assertThat(c("javax.jms.TopicPublisher", "publish", 1)).isEqualTo(is(EdgeKind.JMS_SEND, CallOp.JMS_SEND));
        assertThat(c("jakarta.jms.JMSProducer", "send", 2)).isEqualTo(is(EdgeKind.JMS_SEND, CallOp.JMS_SEND));
        assertThat(c("javax.mail.Transport", "send", 1)).isEqualTo(is(EdgeKind.MAIL, CallOp.MAIL_SEND));
        assertThat(c("jakarta.mail.Transport", "sendMessage", 2)).isEqualTo(is(EdgeKind.MAIL, CallOp.MAIL_SEND));
    }

    @Test
    void classifiesHttpClientsOncePerRequest() {
        assertThat(c("java.net.URL", "openConnection", 0)).isEqualTo(is(EdgeKind.HTTP_EXTERNAL, CallOp.HTTP_REQUEST));
        assertThat(c("java.net.URL", "openStream", 0)).isEqualTo(is(EdgeKind.HTTP_EXTERNAL, CallOp.HTTP_REQUEST));
        assertThat(c("java.net.HttpURLConnection", "getInputStream", 0)).isEmpty();
        assertThat(c("java.net.http.HttpClient", "send", 2)).isEqualTo(is(EdgeKind.HTTP_EXTERNAL, CallOp.HTTP_REQUEST));
        assertThat(c("org.apache.commons.httpclient.HttpClient", "executeMethod", 1)).isEqualTo(is(EdgeKind.HTTP_EXTERNAL, CallOp.HTTP_REQUEST));
        assertThat(c("org.apache.http.impl.client.CloseableHttpClient", "execute", 1)).isEqualTo(is(EdgeKind.HTTP_EXTERNAL, CallOp.HTTP_REQUEST));
        assertThat(c("org.apache.hc.client5.http.classic.HttpClient", "execute", 2)).isEqualTo(is(EdgeKind.HTTP_EXTERNAL, CallOp.HTTP_REQUEST));
        assertThat(c("okhttp3.Call", "enqueue", 1)).isEqualTo(is(EdgeKind.HTTP_EXTERNAL, CallOp.HTTP_REQUEST));
        assertThat(c("javax.ws.rs.client.Invocation.Builder", "post", 1)).isEqualTo(is(EdgeKind.HTTP_EXTERNAL, CallOp.HTTP_REQUEST));
        assertThat(c("jakarta.ws.rs.client.SyncInvoker", "get", 0)).isEqualTo(is(EdgeKind.HTTP_EXTERNAL, CallOp.HTTP_REQUEST));
        assertThat(c("javax.xml.soap.SOAPConnection", "call", 2)).isEqualTo(is(EdgeKind.HTTP_EXTERNAL, CallOp.SOAP_CALL));
        assertThat(classifier.remoteStubCall(true)).isEqualTo(new Classification(EdgeKind.HTTP_EXTERNAL, CallOp.SOAP_CALL));
    }

    @Test
    void classifiesSocketsRmiJndiAndUserTransactions() {
        assertThat(c("java.net.Socket", "<init>", 2)).isEqualTo(is(EdgeKind.SOCKET, CallOp.SOCKET_IO));
        assertThat(c("java.net.Socket", "<init>", 0)).as("an unconnected socket").isEmpty();
        assertThat(c("java.nio.channels.SocketChannel", "open", 1)).isEqualTo(is(EdgeKind.SOCKET, CallOp.SOCKET_IO));
        assertThat(c("java.nio.channels.SocketChannel", "open", 0)).isEmpty();
        assertThat(c("java.rmi.Naming", "lookup", 1)).isEqualTo(is(EdgeKind.RMI, CallOp.RMI_CALL));
        assertThat(classifier.remoteStubCall(false)).isEqualTo(new Classification(EdgeKind.RMI, CallOp.RMI_CALL));
        assertThat(c("javax.naming.Context", "lookup", 1)).isEqualTo(is(EdgeKind.JNDI_LOOKUP, CallOp.LOOKUP));
        assertThat(c("javax.transaction.UserTransaction", "begin", 0)).isEqualTo(is(EdgeKind.LOCAL, CallOp.TX_BEGIN));
        assertThat(c("jakarta.transaction.UserTransaction", "commit", 0)).isEqualTo(is(EdgeKind.LOCAL, CallOp.TX_COMMIT));
        assertThat(c("javax.transaction.UserTransaction", "rollback", 0)).isEqualTo(is(EdgeKind.LOCAL, CallOp.TX_ROLLBACK));
    }

    @Test
    void unknownCallsDoNotClassifyButApiNamesDoByName() {
        assertThat(c("java.lang.StringBuilder", "append", 1)).isEmpty();
        assertThat(c(null, "send", 1)).isEmpty();
        assertThat(classifier.classifyByName("executeQuery")).isEqualTo(is(EdgeKind.JDBC, CallOp.JDBC_EXECUTE));
        assertThat(classifier.typicalDeclaringType("executeQuery")).contains("java.sql.Statement");
        assertThat(classifier.classifyByName("send")).as("too common to mean JMS on its own").isEmpty();
    }

    @Test
    void classifiesHibernate1And2SessionsQueriesAndCommitsAsDataAccess() {
        for (String h : List.of("net.sf.hibernate", "cirrus.hibernate")) {
            assertThat(c(h + ".Session", "load", 2)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_FIND));
            assertThat(c(h + ".Session", "get", 2)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_FIND));
            // find, iterate and filter run HQL in Hibernate 1 and 2: queries, not loads by id
            assertThat(c(h + ".Session", "find", 1)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_QUERY));
            assertThat(c(h + ".Session", "iterate", 3)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_QUERY));
            assertThat(c(h + ".Session", "save", 1)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_PERSIST));
            assertThat(c(h + ".Session", "saveOrUpdate", 1)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_PERSIST));
            assertThat(c(h + ".Session", "update", 1)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_MERGE));
            assertThat(c(h + ".Session", "delete", 1)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_REMOVE));
            assertThat(c(h + ".Session", "flush", 0)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_FLUSH));
            assertThat(c(h + ".Query", "list", 0)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_QUERY));
            assertThat(c(h + ".Transaction", "commit", 0)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_FLUSH));
            assertThat(c(h + ".Session", "createQuery", 1)).isEmpty();
            assertThat(c(h + ".Session", "beginTransaction", 0)).isEmpty();
            assertThat(classifier.knowsType(h + ".Session")).isTrue();
        }
        assertThat(c("net.sf.hibernate.Criteria", "list", 0)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_QUERY));
        assertThat(c("org.hibernate.Transaction", "commit", 0)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_FLUSH));
        // Hibernate 3's classic Session kept 2.x's find(String): HQL, before org.hibernate.Session's find by id
        assertThat(classifier.classifyAny(List.of("org.hibernate.classic.Session", "org.hibernate.Session"), "find", 1))
                .isEqualTo(is(EdgeKind.JPA, CallOp.JPA_QUERY));
        assertThat(c("org.hibernate.Session", "find", 2)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_FIND));
    }

    @Test
    void springTemplatesAreDataAccessForEveryHibernateGenerationJpaJdbcAndIbatis() {
        for (String pkg : List.of("org.springframework.orm.hibernate", "org.springframework.orm.hibernate3",
                "org.springframework.orm.hibernate4", "org.springframework.orm.hibernate5")) {
            for (String t : List.of(pkg + ".HibernateTemplate", pkg + ".HibernateOperations")) {
                assertThat(c(t, "get", 2)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_FIND));
                assertThat(c(t, "find", 1)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_QUERY));
                assertThat(c(t, "findByNamedQuery", 2)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_QUERY));
                assertThat(c(t, "saveOrUpdate", 1)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_PERSIST));
                assertThat(c(t, "update", 1)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_MERGE));
                assertThat(c(t, "deleteAll", 1)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_REMOVE));
                assertThat(c(t, "bulkUpdate", 1)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_BULK_UPDATE));
                // Configuration calls reach nothing.
                assertThat(c(t, "setFlushMode", 1)).isEmpty();
            }
            assertThat(classifier.libraryReturnType(pkg + ".support.HibernateDaoSupport", "getHibernateTemplate", 0))
                    .contains(pkg + ".HibernateTemplate");
        }
        assertThat(c("org.springframework.orm.jpa.JpaTemplate", "find", 2)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_QUERY));
        assertThat(c("org.springframework.orm.jpa.JpaTemplate", "persist", 1)).isEqualTo(is(EdgeKind.JPA, CallOp.JPA_PERSIST));
        for (String t : List.of("org.springframework.jdbc.core.JdbcTemplate", "org.springframework.jdbc.core.JdbcOperations",
                "org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate",
                "org.springframework.jdbc.core.simple.SimpleJdbcTemplate")) {
            assertThat(c(t, "queryForList", 2)).isEqualTo(is(EdgeKind.JDBC, CallOp.JDBC_EXECUTE));
            assertThat(c(t, "update", 2)).isEqualTo(is(EdgeKind.JDBC, CallOp.JDBC_EXECUTE));
            assertThat(c(t, "getDataSource", 0)).isEmpty();
        }
        assertThat(c("org.springframework.orm.ibatis.SqlMapClientTemplate", "queryForObject", 2))
                .isEqualTo(is(EdgeKind.JDBC, CallOp.JDBC_EXECUTE));
        assertThat(c("org.springframework.orm.ibatis.SqlMapClientTemplate", "insert", 2))
                .isEqualTo(is(EdgeKind.JDBC, CallOp.JDBC_EXECUTE));
        assertThat(classifier.libraryReturnType("org.springframework.jdbc.core.support.JdbcDaoSupport", "getJdbcTemplate", 0))
                .contains("org.springframework.jdbc.core.JdbcTemplate");
        assertThat(classifier.libraryReturnType("org.springframework.orm.ibatis.support.SqlMapClientDaoSupport",
                "getSqlMapClientTemplate", 0)).contains("org.springframework.orm.ibatis.SqlMapClientTemplate");
        // Only the parameterless getters of the supports: an application method of the same name is its own.
        assertThat(classifier.libraryReturnType("org.acme.Dao", "getHibernateTemplate", 0)).isEmpty();
        assertThat(classifier.libraryReturnType("org.springframework.jdbc.core.support.JdbcDaoSupport", "getJdbcTemplate", 1)).isEmpty();
    }
}
