package io.wanlint.analyzer.descriptor;

import io.wanlint.analyzer.vendor.ContainerVendor;
import java.util.List;

/**
 * A vendor deployment descriptor seen the same way for every vendor: per-bean bindings and the
 * module-level reference bindings of a web module. The component model reads only this view, so a
 * new vendor needs a reader, not a change to the model builder.
 */
public sealed interface VendorBindings extends Descriptor
        permits JbossDescriptor, JbossCmpDescriptor, WeblogicEjbJarDescriptor, BindingDescriptor {

    ContainerVendor vendor();

    List<BeanBinding> beanBindings();

    /** Module-level ejb-ref bindings (jboss-web.xml, sun-web.xml, ibm-web-bnd): every web component's. */
    default List<JndiBinding> moduleEjbRefs() { return List.of(); }

    /** Module-level resource-ref bindings of a web module. */
    default List<JndiBinding> moduleResourceRefs() { return List.of(); }

    /**
     * A CMP mapping descriptor (jbosscmp-jdbc.xml): it refines beans another descriptor binds, so it
     * is applied after every binding descriptor.
     */
    default boolean cmpMapping() { return false; }
}
