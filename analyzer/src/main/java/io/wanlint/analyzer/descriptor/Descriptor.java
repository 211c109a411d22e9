package io.wanlint.analyzer.descriptor;

import io.wanlint.analyzer.api.SourceLocation;

/**
 * A deployment descriptor recognised by its root element (never by its file name: real
 * applications ship {@code estore_ejb.xml} or {@code supplier.xml.CMP}). Every declaration inside
 * carries the file and line it came from.
 */
public sealed interface Descriptor permits EjbJarDescriptor, WebAppDescriptor, ApplicationDescriptor,
        VendorBindings, TagLibraryDescriptor, FrameworkDescriptor {

    /** The file and the line of the root element. */
    SourceLocation location();

    default String file() { return location().file(); }
}
