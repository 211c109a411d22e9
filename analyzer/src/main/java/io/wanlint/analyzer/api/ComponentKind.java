package io.wanlint.analyzer.api;

/** Kinds of application component (docs/architecture.md §Model). Part of the JSON contract: add, never rename. */
public enum ComponentKind {
    SERVLET(Tier.WEB), JSP(Tier.WEB), FILTER(Tier.WEB), LISTENER(Tier.WEB), TAG_HANDLER(Tier.WEB),
    STATELESS_SESSION(Tier.EJB), STATEFUL_SESSION(Tier.EJB), SINGLETON_SESSION(Tier.EJB),
    MESSAGE_DRIVEN(Tier.EJB), ENTITY_BMP(Tier.EJB), ENTITY_CMP(Tier.EJB), JPA_ENTITY(Tier.DATA),
    DAO(Tier.EJB), PLAIN(Tier.WEB), EXTERNAL(Tier.EXTERNAL),
    /** A JAX-RS resource class ({@code @Path}); added after the original list of docs/architecture.md §Model. */
    JAX_RS_RESOURCE(Tier.WEB),
    /**
     * A Struts 1, WebWork or Struts 2 action class: the framework's front servlet runs it per request
     * (struts-config.xml, xwork.xml, struts.xml, WebWork 1 actions.xml).
     */
    WEB_ACTION(Tier.WEB),
    /** A JSF managed or backing bean (faces-config.xml, {@code @ManagedBean}, {@code @Named} with a scope). */
    MANAGED_BEAN(Tier.WEB);

    private final Tier defaultTier;

    ComponentKind(Tier defaultTier) { this.defaultTier = defaultTier; }

    /** The tier a component of this kind sits in unless reachability says otherwise (DAO/PLAIN). */
    public Tier defaultTier() { return defaultTier; }

    public boolean isEjb() {
        return switch (this) {
            case STATELESS_SESSION, STATEFUL_SESSION, SINGLETON_SESSION, MESSAGE_DRIVEN, ENTITY_BMP, ENTITY_CMP -> true;
            default -> false;
        };
    }

    public boolean isSession() {
        return this == STATELESS_SESSION || this == STATEFUL_SESSION || this == SINGLETON_SESSION;
    }

    public boolean isEntity() { return this == ENTITY_BMP || this == ENTITY_CMP || this == JPA_ENTITY; }

    public boolean isWeb() { return defaultTier == Tier.WEB && this != PLAIN; }
}
