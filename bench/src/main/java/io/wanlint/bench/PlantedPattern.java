package io.wanlint.bench;

/**
 * A design fault the generator plants, each with the findings the core rules must report for one
 * instance. Everything else in a generated application is written so that it produces none.
 */
public enum PlantedPattern {
    /** A servlet whose {@code doGet} makes three business calls on one remote session façade: WAN001 once. */
    CHATTY_FACADE_SERVLET,
    /** A servlet whose {@code doGet} calls two different remote session façades once each: WAN001 and WAN002 (use case). */
    TWO_FACADES_SERVLET,
    /**
     * A BMP entity with a remote home and remote interface, read and written by a servlet through
     * {@code findByPrimaryKey} and accessors: WAN001 and WAN002 (use case) on the servlet's
     * {@code doGet}, WAN002 (remote view) on the entity.
     */
    REMOTE_ENTITY_SERVLET,
    /** A web-tier helper whose methods run JDBC for a servlet: WAN003 once per such method. */
    WEB_HELPER_JDBC,
    /** A JSP whose scriptlet runs JDBC: WAN003 once. */
    JSP_SCRIPTLET_JDBC,
    /** A {@code Required} session façade method that posts to a partner over HTTP: one WAN004 for all of them (they share the gateway). */
    HTTP_IN_TRANSACTION,
    /** Reference data (BMP, CMP or JPA entity) that entry points read and never write: WAN005 once. */
    READ_ONLY_ENTITY
}
