package io.wanlint.analyzer.descriptor;

import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.vendor.ContainerVendor;
import java.util.List;

/**
 * A vendor descriptor read straight into bindings (WebSphere, GlassFish/Sun, OpenEJB, Oracle): the
 * vendor that owns its root element, its per-bean entries and, for a web module's file, its
 * module-level reference bindings.
 */
public record BindingDescriptor(SourceLocation location, ContainerVendor vendor, boolean web, List<BeanBinding> beans,
                                List<JndiBinding> ejbRefs, List<JndiBinding> resourceRefs) implements VendorBindings {
    public BindingDescriptor {
        beans = List.copyOf(beans);
        ejbRefs = List.copyOf(ejbRefs);
        resourceRefs = List.copyOf(resourceRefs);
    }

    @Override public List<BeanBinding> beanBindings() { return beans; }

    @Override public List<JndiBinding> moduleEjbRefs() { return ejbRefs; }

    @Override public List<JndiBinding> moduleResourceRefs() { return resourceRefs; }
}
