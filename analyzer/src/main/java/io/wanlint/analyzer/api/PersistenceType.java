package io.wanlint.analyzer.api;

/** How an entity's state reaches the database. {@code NONE} for everything that is not an entity. */
public enum PersistenceType { NONE, BEAN, CONTAINER, JPA }
