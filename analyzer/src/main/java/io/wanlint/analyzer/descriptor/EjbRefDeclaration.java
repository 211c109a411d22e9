package io.wanlint.analyzer.descriptor;

import io.wanlint.analyzer.api.SourceLocation;
import java.util.List;

/**
 * An {@code <ejb-ref>} or {@code <ejb-local-ref>} of a bean or web module.
 *
 * @param refType       {@code Session} or {@code Entity}, as written, or null
 * @param home          home or local-home interface, or null (EJB 3 business references have none)
 * @param component     remote / local (component or business) interface, or null
 * @param ejbLink       {@code Name} or {@code module.jar#Name}, or null
 * @param jndiName      {@code lookup-name} or {@code mapped-name}, or null
 */
public record EjbRefDeclaration(String name, boolean local, String refType, String home, String component,
                                String ejbLink, String jndiName, List<InjectionTarget> injectionTargets,
                                SourceLocation location) {
    public EjbRefDeclaration {
        injectionTargets = List.copyOf(injectionTargets);
    }
}
