package io.wanlint.analyzer.model;

/** An {@code @Inject} field or setter that is an EJB reference if its type turns out to be a bean view. */
record InjectCandidate(String refName, String type, String field) {}
