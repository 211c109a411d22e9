package io.wanlint.analyzer.api;

/** Logical tiers of a J2EE application (SPEC §3). */
public enum Tier { WEB, EJB, DATA, EXTERNAL }
