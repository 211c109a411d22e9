package io.wanlint.analyzer.descriptor;

import io.wanlint.analyzer.api.SourceLocation;
import java.util.List;
import java.util.Map;

/**
 * A {@code web-app} (Servlet 2.2 to 6.0) or {@code web-fragment} descriptor.
 *
 * @param version the {@code version} attribute or the DTD's version, or null
 * @param xmiIds  the declared name of each reference element with an {@code id} (for WebSphere's XMI bindings)
 */
public record WebAppDescriptor(SourceLocation location, String version, boolean fragment, boolean metadataComplete,
                               List<Servlet> servlets, List<ServletMapping> servletMappings, List<Filter> filters,
                               List<FilterMapping> filterMappings, List<Listener> listeners,
                               List<EjbRefDeclaration> ejbRefs, List<ResourceRefDeclaration> resourceRefs,
                               List<Taglib> taglibs, Map<String, String> xmiIds) implements Descriptor {

    public WebAppDescriptor {
        servlets = List.copyOf(servlets);
        servletMappings = List.copyOf(servletMappings);
        filters = List.copyOf(filters);
        filterMappings = List.copyOf(filterMappings);
        listeners = List.copyOf(listeners);
        ejbRefs = List.copyOf(ejbRefs);
        resourceRefs = List.copyOf(resourceRefs);
        taglibs = List.copyOf(taglibs);
        xmiIds = xmiIds == null ? Map.of() : Map.copyOf(xmiIds);
    }

    /** A servlet: exactly one of {@code servletClass} and {@code jspFile} is normally set. */
    public record Servlet(String name, String servletClass, String jspFile, SourceLocation location) {}

    public record ServletMapping(String servletName, List<String> urlPatterns, SourceLocation location) {
        public ServletMapping {
            urlPatterns = List.copyOf(urlPatterns);
        }
    }

    public record Filter(String name, String filterClass, SourceLocation location) {}

    /** A filter mapping by URL pattern and/or by servlet name. */
    public record FilterMapping(String filterName, List<String> urlPatterns, List<String> servletNames,
                                SourceLocation location) {
        public FilterMapping {
            urlPatterns = List.copyOf(urlPatterns);
            servletNames = List.copyOf(servletNames);
        }
    }

    public record Listener(String listenerClass, SourceLocation location) {}

    /** A {@code taglib} mapping of a URI used by JSPs to the TLD's location in the module. */
    public record Taglib(String uri, String location, SourceLocation declaredAt) {}
}
