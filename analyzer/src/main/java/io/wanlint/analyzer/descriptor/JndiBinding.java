package io.wanlint.analyzer.descriptor;

import io.wanlint.analyzer.api.SourceLocation;

/** A vendor binding of a reference name ({@code ejb/Catalog}) to a global JNDI name. */
public record JndiBinding(String refName, String jndiName, SourceLocation location) {}
