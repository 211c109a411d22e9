package io.wanlint.analyzer.descriptor;

import io.wanlint.analyzer.api.SourceLocation;

/**
 * A vendor binding of a reference name ({@code ejb/Catalog}) to a global JNDI name.
 *
 * @param refName the reference name, or null when the binding names the reference by its XML id
 * @param xmiId   the {@code id} of the reference element the binding points at (WebSphere XMI
 *                bindings: {@code href="META-INF/ejb-jar.xml#EjbRef_1"}), or null
 */
public record JndiBinding(String refName, String jndiName, SourceLocation location, String xmiId) {
    public JndiBinding(String refName, String jndiName, SourceLocation location) {
        this(refName, jndiName, location, null);
    }
}
