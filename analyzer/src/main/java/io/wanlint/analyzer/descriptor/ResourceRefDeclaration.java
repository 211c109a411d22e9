package io.wanlint.analyzer.descriptor;

import io.wanlint.analyzer.api.SourceLocation;
import java.util.List;

/**
 * A {@code resource-ref}, {@code resource-env-ref} or {@code message-destination-ref}.
 *
 * @param type     res-type / resource-env-ref-type / message-destination-type, or null
 * @param jndiName lookup-name, mapped-name or message-destination-link, or null
 */
public record ResourceRefDeclaration(Kind kind, String name, String type, String jndiName,
                                     List<InjectionTarget> injectionTargets, SourceLocation location) {
    public enum Kind { RESOURCE, RESOURCE_ENV, MESSAGE_DESTINATION }

    public ResourceRefDeclaration {
        injectionTargets = List.copyOf(injectionTargets);
    }
}
