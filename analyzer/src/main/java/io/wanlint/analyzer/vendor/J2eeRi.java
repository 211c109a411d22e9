package io.wanlint.analyzer.vendor;

import io.wanlint.analyzer.descriptor.VendorBindings;
import io.wanlint.analyzer.descriptor.XmlElement;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Sun's J2EE reference implementation ({@code sun-j2ee-ri.xml}): a development server with no
 * read-only switch, so an application shipping only its descriptor says nothing about production.
 */
public record J2eeRi() implements ContainerVendor {
    @Override public String displayName() { return "J2EE RI"; }

    @Override public Set<String> ejbRoots() { return Set.of("j2ee-ri-specific-information"); }

    @Override public Optional<VendorBindings> read(XmlElement root, String file) { return Optional.empty(); }

    @Override public List<String> readOnlyStrategies(boolean cmp) {
        return List.of("the J2EE reference implementation (sun-j2ee-ri.xml) has no read-only switch: use your production server's");
    }
}
