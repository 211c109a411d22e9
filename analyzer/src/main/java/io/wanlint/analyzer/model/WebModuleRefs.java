package io.wanlint.analyzer.model;

import io.wanlint.analyzer.api.ResourceReference;
import java.util.List;
import java.util.Map;

/**
 * What a web module gives every one of its web components (servlets, filters, pages): its
 * {@code web.xml}'s references, which come after a component's own, and the vendor bindings of the
 * module's reference names, which a component's own bindings override. One instance per module,
 * shared by its components (compared by identity).
 *
 * @param ejbRefs the module's {@code ejb-ref}s and {@code ejb-local-ref}s, in declaration order
 * @param resourceRefs the module's {@code resource-ref}s, in declaration order
 * @param refBindings vendor bindings of reference names to global JNDI names
 * @param resourceBindings vendor bindings of resource reference names to global JNDI names
 */
record WebModuleRefs(List<RefRequest> ejbRefs, List<ResourceReference> resourceRefs,
                     Map<String, String> refBindings, Map<String, String> resourceBindings) {
    /** A component's binding of a reference name: its own when it has one, else the module's. */
    static String binding(Map<String, String> own, Map<String, String> module, String name) {
        String bound = own.get(name);
        return bound != null || module == null ? bound : module.get(name);
    }
}
