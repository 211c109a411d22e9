package io.wanlint.analyzer.model;

import io.wanlint.analyzer.api.EjbReference;

/**
 * An EJB reference waiting for its target: {@code jndiName} is the global name it is bound to
 * (vendor descriptor, {@code lookup}, {@code mappedName}), or null; {@code inferLocal} when the
 * reference is an injection whose local or remote nature follows from the target's views.
 */
record RefRequest(EjbReference reference, String jndiName, boolean inferLocal) {}
