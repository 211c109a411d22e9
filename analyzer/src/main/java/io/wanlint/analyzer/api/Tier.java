package io.wanlint.analyzer.api;

/** Logical tiers of a J2EE application (docs/architecture.md §Model). */
public enum Tier { WEB, EJB, DATA, EXTERNAL }
