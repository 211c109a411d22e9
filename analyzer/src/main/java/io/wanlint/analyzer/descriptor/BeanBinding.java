package io.wanlint.analyzer.descriptor;

import io.wanlint.analyzer.api.SourceLocation;
import java.util.List;

/**
 * What one vendor descriptor says about one bean, whatever the vendor: its global JNDI names, whether
 * the container already serves it read-only, and how its reference names are bound.
 *
 * @param ejbName        the bean's ejb-name, or null when the entry names the bean by XML id only
 * @param xmiId          the {@code id} of the bean's ejb-jar.xml element the entry points at, or null
 * @param readOnly       whether the vendor descriptor declares the bean read-only (or a read-only cache)
 * @param refreshSeconds how stale the read-only copy may get before the container re-reads it, or null
 * @param ejbRefs        bindings of the bean's ejb-ref / ejb-local-ref names
 * @param resourceRefs   bindings of the bean's resource-ref / resource-env-ref names
 */
public record BeanBinding(String ejbName, String xmiId, String jndiName, String localJndiName, boolean readOnly,
                          Integer refreshSeconds, List<JndiBinding> ejbRefs, List<JndiBinding> resourceRefs,
                          SourceLocation location) {
    public BeanBinding {
        ejbRefs = List.copyOf(ejbRefs);
        resourceRefs = List.copyOf(resourceRefs);
    }
}
