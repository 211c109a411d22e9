package io.wanlint.analyzer.descriptor;

/**
 * A descriptor of a framework that runs inside the container rather than of the container itself:
 * web frameworks that dispatch requests to application classes (Struts 1, WebWork/XWork, Struts 2,
 * JSF), Hibernate mappings that name persistent classes, and Spring bean files that name the
 * classes behind framework-managed actions. Kept apart from the Java EE descriptors
 * so that adding a framework touches one permits list.
 */
public sealed interface FrameworkDescriptor extends Descriptor
        permits StrutsConfigDescriptor, XworkDescriptor, FacesConfigDescriptor, HibernateMappingDescriptor,
        SpringBeansDescriptor {
}
