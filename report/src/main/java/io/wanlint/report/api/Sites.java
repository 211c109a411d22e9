package io.wanlint.report.api;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.Topology;

import java.util.Map;

/**
 * Where things run, as graphs and reports show it: the site of each component (by name) and the
 * sites of the database, the JMS broker and external services that API calls reach.
 * Any of them may be null when unknown (the graph is then drawn without site colours).
 */
public record Sites(Map<String, String> byComponent, String databaseSite, String brokerSite, String externalSite) {
    public static final Sites UNKNOWN = new Sites(Map.of(), null, null, null);

    public Sites {
        byComponent = byComponent == null ? Map.of() : Map.copyOf(byComponent);
    }

    public static Sites of(Topology topology, Map<String, String> byComponent) {
        return new Sites(byComponent, topology.databaseSite(), topology.brokerSite(), topology.externalSite());
    }

    /** The site of a component, or null. */
    public String ofComponent(String componentName) {
        return componentName == null ? null : byComponent.get(componentName);
    }

    /** The site an API call (JDBC, JMS, HTTP…) reaches: its target component's, else by kind. */
    public String ofTarget(CallEdge edge) {
        String named = ofComponent(edge.targetComponent());
        if (named != null) return named;
        return switch (edge.kind()) {
            case JDBC, JPA -> databaseSite;
            case JMS_SEND -> brokerSite;
            case HTTP_EXTERNAL, SOCKET, MAIL, RMI -> externalSite;
            default -> null;
        };
    }
}
