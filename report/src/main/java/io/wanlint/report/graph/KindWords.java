package io.wanlint.report.graph;

import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.Tier;

/**
 * The words a reader sees for the analyzer's kinds. Enum names ({@code JNDI_LOOKUP}, {@code PLAIN})
 * stay in JSON, where tools read them; pictures and pages say what the kind means. Every drawing
 * and page that names a kind asks here, so one kind is called one thing everywhere.
 */
public final class KindWords {
    private KindWords() {}

    /** What kind of call an edge is, e.g. "remote EJB call". */
    public static String of(EdgeKind kind) {
        return switch (kind) {
            case LOCAL -> "local call";
            case REMOTE_EJB -> "remote EJB call";
            case LOCAL_EJB -> "local EJB call";
            case JNDI_LOOKUP -> "JNDI lookup";
            case JDBC -> "JDBC call";
            case JPA -> "JPA call";
            case JMS_SEND -> "JMS send";
            case HTTP_EXTERNAL -> "HTTP call";
            case SOCKET -> "socket call";
            case MAIL -> "mail send";
            case RMI -> "RMI call";
        };
    }

    /** What a component is, e.g. "stateless session bean". */
    public static String of(ComponentKind kind) {
        return switch (kind) {
            case SERVLET -> "servlet";
            case JSP -> "JSP";
            case FILTER -> "servlet filter";
            case LISTENER -> "listener";
            case TAG_HANDLER -> "JSP tag handler";
            case STATELESS_SESSION -> "stateless session bean";
            case STATEFUL_SESSION -> "stateful session bean";
            case SINGLETON_SESSION -> "singleton bean";
            case MESSAGE_DRIVEN -> "message-driven bean";
            case ENTITY_BMP -> "entity bean (bean-managed)";
            case ENTITY_CMP -> "entity bean (container-managed)";
            case JPA_ENTITY -> "JPA entity";
            case DAO -> "data access object";
            case PLAIN -> "helper class";
            case EXTERNAL -> "external service";
            case JAX_RS_RESOURCE -> "JAX-RS resource";
            case WEB_ACTION -> "web action";
            case MANAGED_BEAN -> "managed bean";
        };
    }

    /** What kind of entry point a request reaches, e.g. "message-driven bean". */
    public static String of(EntryPoint.Kind kind) {
        return switch (kind) {
            case SERVLET -> "servlet";
            case JSP -> "JSP";
            case FILTER -> "filter";
            case MESSAGE_DRIVEN -> "message-driven bean";
            case TIMER -> "timer";
            case JAX_RS -> "JAX-RS resource";
            case REMOTE_FACADE -> "remote façade";
            case LISTENER -> "listener";
            case JAX_WS -> "JAX-WS endpoint";
            case WEB_ACTION -> "web action";
            case JSF -> "JSF managed bean";
        };
    }

    /** A tier as a column heading, e.g. "web tier". */
    public static String of(Tier tier) {
        return switch (tier) {
            case WEB -> "web tier";
            case EJB -> "EJB tier";
            case DATA -> "data tier";
            case EXTERNAL -> "external services";
        };
    }

    /** A declared EJB reference that no observed call covers. */
    public static String reference(boolean local) {
        return local ? "declared local EJB reference" : "declared remote EJB reference";
    }

    /** "1 call", "3 calls". */
    public static String calls(int n) { return n + (n == 1 ? " call" : " calls"); }

    /** A round-trip count as a reader sees it: "1 round trip", "2 + n round trips". */
    public static String roundTrips(String formula) {
        return formula + ("1".equals(formula) ? " round trip" : " round trips");
    }
}
