package io.wanlint.rules.api;

/** How far a walk from an entry point follows calls. */
public enum ReachScope {
    /** Everything the request executes, across local, local-EJB and remote-EJB calls. */
    WHOLE_REQUEST,
    /**
     * Only the code of the caller's tier: EJB calls are recorded but not entered, so what is
     * reached is what the servlet, JSP, filter and their helpers do themselves.
     */
    CALLER_TIER
}
