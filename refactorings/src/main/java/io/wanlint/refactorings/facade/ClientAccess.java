package io.wanlint.refactorings.facade;

import java.util.List;
import java.util.Set;

/**
 * How client code reaches a generated façade, once per client instance: the members to add to the
 * client class and the expression that yields the façade at a call site. EJB 2.x: a field holding
 * the stateless stub and a private accessor that looks the home up and calls {@code create()} only
 * the first time (the analyzer sees both as cached once, so they cost no round trip per request);
 * EJB 3.x: an {@code @EJB} field in managed classes, a cached JNDI lookup elsewhere.
 *
 * @param members     field and method declarations to add to the client class, as Java text
 * @param facade      the expression yielding the façade at a call site, e.g. {@code viewItemFacade()}
 * @param imports     qualified names the members and call sites need
 * @param callThrows  checked exceptions a business-method call throws besides the method's own
 *                    (EJB 2.x remote: {@code java.rmi.RemoteException}); the accessor throws none
 */
public record ClientAccess(List<String> members, String facade, Set<String> imports, List<String> callThrows) {
    public ClientAccess {
        members = List.copyOf(members);
        imports = Set.copyOf(imports);
        callThrows = List.copyOf(callThrows);
    }
}
