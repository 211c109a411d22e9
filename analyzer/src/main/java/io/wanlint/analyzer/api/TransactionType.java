package io.wanlint.analyzer.api;

/** Who demarcates an EJB's transactions. */
public enum TransactionType { CONTAINER, BEAN }
