package io.wanlint.analyzer.api;

/**
 * A {@code resource-ref}, {@code resource-env-ref}, {@code message-destination-ref},
 * {@code @Resource} or {@code @PersistenceContext} declared by a component.
 */
public record ResourceReference(String name, String type, String jndiName, String injectionField) {}
