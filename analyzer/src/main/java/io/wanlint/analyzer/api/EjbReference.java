package io.wanlint.analyzer.api;

/**
 * An {@code ejb-ref}, {@code ejb-local-ref} or {@code @EJB}/{@code @Inject} injection declared by a
 * component. {@code target} is the name of the component it resolves to (through {@code ejb-link},
 * a vendor JNDI binding or the interface type), or null when it does not resolve.
 */
public record EjbReference(String name, boolean local, String homeInterface, String componentInterface,
                           String ejbLink, String injectionField, String target) {
    public EjbReference withTarget(String resolved) {
        return new EjbReference(name, local, homeInterface, componentInterface, ejbLink, injectionField, resolved);
    }
}
