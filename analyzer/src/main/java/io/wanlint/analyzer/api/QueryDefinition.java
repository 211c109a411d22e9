package io.wanlint.analyzer.api;

import java.util.List;

/** A finder or select method of an entity and its query (EJB-QL, JPQL or vendor SQL), if declared. */
public record QueryDefinition(String method, List<String> parameterTypes, String query) {
    public QueryDefinition {
        parameterTypes = parameterTypes == null ? List.of() : List.copyOf(parameterTypes);
    }
}
